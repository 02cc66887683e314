"""``mahjong-arbiter score``: the score of a hand under a profile, item by item."""

from __future__ import annotations

import argparse
from typing import Any

from ...errors import ArbiterError
from ...notation.json_hand import HandRecord
from ...notation.render import hand_text
from ..common import (
    Handler,
    add_hand_arguments,
    add_output_arguments,
    add_profile_arguments,
    chosen_profile,
    lines_wanted,
    run_records,
    text_wanted,
)

NAME = "score"
# Exit status: 0 scored, 1 not a winning hand or below the profile's minimum (the result is still
# printed, with "minimum_met": false), 2 bad input.


def _profiles_help() -> str:
    """The built-in profiles, read from the profile list (never a list of its own): each family
    once, its variants counted (``hk-old-style (+6 variants)``)."""
    from ...profiles.loader import builtin_profile_ids

    ids = builtin_profile_ids()
    heads = [p for p in ids if not any(p.startswith(q + "-") for q in ids)]
    shown = []
    for head in heads:
        n = sum(1 for p in ids if p.startswith(head + "-"))
        shown.append(head + (f" (+{n} variant{'s' if n != 1 else ''})" if n else ""))
    return ", ".join(shown)


HELP = f"score a hand under a rule profile ({_profiles_help()})"
EXAMPLE = """examples:
  mahjong-arbiter score '[789p,1][789s,2][999s,3]789m6m6m' --profile mcr --seat S
  mahjong-arbiter score 111m222p333sEEECC --profile buzzard-2000 --self-drawn --explain
  mahjong-arbiter score 1112223334455m --loser --profile bmja     # a loser's thirteen tiles
  mahjong-arbiter score --input hands.jsonl --profile mcr-mil     # one JSON result per line
  mahjong-arbiter score 111m222p333sEEECC --profile ./club.toml   # a house-rules profile file
  mahjong-arbiter score 234m456p678s22sCCC --profile mcr          # exit 1: 4 points, below the 8 to win
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_profile_arguments(parser)
    parser.add_argument("--explain", action="store_true", help="also show suppressed rules and other readings")
    parser.add_argument("--loser", action="store_true", help="score a loser's hand of 13 tiles (classical)")
    parser.add_argument("--partial", action="store_true", help="with --loser: the hand may hold fewer tiles")
    add_hand_arguments(parser)
    add_output_arguments(parser)


def build(args: argparse.Namespace) -> Handler:
    from ...answers import score_answer, scored
    from ...result_json import result_line

    profile = chosen_profile(args)

    text = text_wanted(args)  # JSON lines need no text: it is not built for them
    if lines_wanted(args):  # nor a dict: the line is joined from the result's parts
        loser, backend = args.loser, args.backend

        def write(rec: HandRecord) -> tuple[int, dict[str, Any] | str, str]:
            status, result = scored(rec, profile, loser=loser, backend=backend, with_id=False)
            return status, result_line(result, rec.id), ""

        return write

    def handle(rec: HandRecord) -> tuple[int, dict[str, Any] | str, str]:
        answer = score_answer(rec, profile, loser=args.loser, backend=args.backend)
        if not text:
            return answer.status, answer.data, ""
        words = hand_text(rec.hand, rec.context, ascii=args.ascii) + "\n" + answer.value.to_text(explain=args.explain)
        return answer.status, answer.data, words

    return handle


def run(args: argparse.Namespace) -> int:
    if args.partial and not args.loser:
        raise ArbiterError("bad_arguments", "--partial needs --loser: only a loser's hand may hold fewer tiles")
    return run_records(args, build, words=("scored", "below minimum"))
