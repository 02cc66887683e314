"""``mahjong-arbiter settle``: settle one hand's facts (JSON) into payments and nets.

The facts may carry the players' hands instead of (or beside) their scores: ``hands``,
``context``, ``partial``, ``prevailing_wind``, ``honour_order``, read and scored by
:mod:`mahjong_arbiter.table.evidence` under the facts' profile at the facts' limit (else the
profile's).  The output then also gives every seat's score and what each hand scored.
"""

from __future__ import annotations

import argparse

from ...batch import read_document
from ...errors import ArbiterError
from ...jsonio import dumps
from ...schema import document

NAME = "settle"
HELP = "settle one hand from its facts (JSON): who pays whom, how much, why, and each seat's net"
EXAMPLE = """examples:
  echo '{"profile": "buzzard-2000", "limit": 600, "winner": "S", "self_drawn": false,
         "discarder": "W", "scores": {"E": 20, "S": 56, "W": 8, "N": 0},
         "incidents": [{"kind": "liability", "player": "W", "trigger": "three exposed pungs"}]}' \\
    | mahjong-arbiter settle
  mahjong-arbiter settle --input hand.json --json

  echo '{"profile": "buzzard-2000", "winner": "S", "discarder": "W",
         "hands": {"S": "[555m,1][777p,1]333s444mSS", "W": "[CCC,1][FFF,1]PPP2m3m5pE"},
         "context": {"last_of_kind": true}, "scores": {"E": 20}}' | mahjong-arbiter settle

Seats are E S W N (East deals); winner null is a draw; a missing score is 0; a missing limit
is the profile's. Scores are points (classical, MCR) or faan (Hong Kong): a hand's whole score,
bonus tiles included, as it is paid. The MCR and Hong Kong minimum counts no bonus tiles, so a
typed winner's score below it is refused (exit 1, below_minimum) and one at or above it is taken
on the table's word; give the winner's hand ("hands") to have the minimum checked without its
bonus tiles (a hand below it is refused the same way). MCR and Hong Kong read the winner's score
alone: a loser's typed score there is refused (loser_score_not_used). Everything that decides
a payment is the profile's data ([settlement], [payments], [progression] in its file; a house-rules
file that extends a profile changes it): mahjong-arbiter profiles show PROFILE lists its
incident kinds and what each does (for example liability; false_mahjong, with exposed: false when
withdrawn; wrong_tile_count, with count: too_many | too_few; non_winner_limit).
Hands: "hands" {seat: hand string, bonus tiles in braces}; the winner's 14 tiles, a loser's 13
(fewer for a seat in "partial"; losers only under classical profiles); "context" the winner's
last_of_kind, kong_related, last_tile, events; "prevailing_wind" (default E); a seat's typed
score must agree with its hand. A Buzzard loser's incomplete Three-Dragon or Four-Wind-family
hand adds the non_winner_limit incident.
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--input", metavar="FILE", help="the facts as JSON (default: standard input)")
    parser.add_argument("--json", action="store_true", help='print {"payments": [...], "net": {...}}')


def run(args: argparse.Namespace) -> int:
    from ...profiles.loader import load_profile
    from ...table.evidence import score_hands, split_evidence
    from ...table.facts import parse_facts
    from ...table.render import settlement_text
    from ...table.settlement import check_entered, settle, settlement_rules

    raw = read_document(args.input, "the facts")
    if not isinstance(raw, dict):
        raise ArbiterError("bad_facts", "the hand's facts must be a JSON object")
    evidence, rest = split_evidence(raw)
    facts = parse_facts(rest)
    profile = load_profile(facts.profile)
    rules = settlement_rules(profile)
    check_entered(facts, rules)
    scored = None
    if evidence:
        limit = facts.limit if facts.limit is not None else profile.limit
        prevailing = evidence.prevailing_wind or "E"
        scored = score_hands(facts, evidence, profile, limit=limit, prevailing=prevailing)
        facts = scored.facts
    settlement = settle(facts, rules)
    if args.json:
        out = settlement.to_dict()
        if scored is not None:
            out.update(scored.to_dict())
        print(dumps(document(out), pretty=True))
    else:
        if scored is not None:
            print("\n".join(["hands scored:", *("  " + line for line in scored.lines())]))
        print(settlement_text(settlement))
    return 0
