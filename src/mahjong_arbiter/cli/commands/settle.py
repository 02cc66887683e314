"""``mahjong-arbiter settle``: settle one hand's facts (JSON) into payments and nets."""

from __future__ import annotations

import argparse
import json
import sys

from ...errors import ArbiterError

NAME = "settle"
HELP = "settle one hand from its facts (JSON): who pays whom, how much, why, and each seat's net"
EXAMPLE = """examples:
  echo '{"profile": "buzzard-2000", "limit": 600, "winner": "S", "self_drawn": false,
         "discarder": "W", "scores": {"E": 20, "S": 56, "W": 8, "N": 0},
         "incidents": [{"kind": "liability", "player": "W", "trigger": "three exposed pungs"}]}' \\
    | mahjong-arbiter settle
  mahjong-arbiter settle --input hand.json --json

Seats are E S W N (East deals); winner null is a draw; a missing score is 0; a missing limit
is the policy's (buzzard-2000 600, bmja 1000, codification 500). Scores are points (classical,
MCR) or faan (Hong Kong). Incident kinds: liability, false_mahjong (exposed: false when
withdrawn), wrong_tile_count (count: too_many | too_few), non_winner_limit.
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--input", metavar="FILE", help="the facts as JSON (default: standard input)")
    parser.add_argument("--json", action="store_true", help='print {"payments": [...], "net": {...}}')


def _read(path: str | None) -> str:
    if path is None or path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError as exc:
        raise ArbiterError("bad_input", f"cannot read {path}: {exc.strerror}") from exc


def run(args: argparse.Namespace) -> int:
    from ...table.binding import bind_profile, bound_policy
    from ...table.facts import facts_from_json
    from ...table.render import settlement_text
    from ...table.settlement import settle

    facts = facts_from_json(_read(args.input))
    binding = bind_profile(facts.profile, facts.policy)
    settlement = settle(facts, bound_policy(binding.policy, binding.payments), binding.limit)
    if args.json:
        print(json.dumps(settlement.to_dict(), ensure_ascii=False, indent=2))
    else:
        print(settlement_text(settlement))
    return 0
