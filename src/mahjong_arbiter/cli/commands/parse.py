"""``mahjong-arbiter parse``: read a hand in any notation and show it normalised.

Text output draws the tiles (Unicode glyphs beside the tokens, or ``--ascii``), lists the
melds, the winning tile and the context, and writes the hand again in the helper and MPSZ
notations.  ``--json`` prints the JSON hand format; ``--input FILE`` reads JSON hands and echoes
them back in the same format, one line per hand.  Imports no solver library.
"""

from __future__ import annotations

import argparse
from typing import Any

from ...notation import format_hand
from ...notation.json_hand import HandRecord
from ...notation.render import hand_text
from ..common import Handler, add_hand_arguments, add_output_arguments, run_records, text_wanted

NAME = "parse"
HELP = "read a hand (MPSZ, the MIL reading, string or JSON) and print it normalised"
EXAMPLE = """examples:
  mahjong-arbiter parse '[123p,1][345s,2][999s,3]6m6pEW1m'
  mahjong-arbiter parse 123m456p789s11222z --win 2z --self-drawn --seat S --flowers f1,s3
  mahjong-arbiter parse '[555z]123m456p789s1m1m' --honour-order chinese --json
  mahjong-arbiter parse --input hands.jsonl
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_hand_arguments(parser)
    add_output_arguments(parser)


def _describe(rec: HandRecord, ascii: bool) -> str:
    bonus = rec.context.bonus_tiles or ()
    return "\n".join(
        [
            hand_text(rec.hand, rec.context, ascii),
            f"helper:   {format_hand(rec.hand, bonus)}",
            f"mpsz:     {format_hand(rec.hand, bonus, style='mpsz')}  (5z 6z 7z = P F C, Tenhou order)",
        ]
    )


def build(args: argparse.Namespace) -> Handler:
    from ...answers import parse_answer

    wanted = text_wanted(args)  # JSON lines need no text: it is not built for them

    def handle(rec: HandRecord) -> tuple[int, dict[str, Any], str]:
        return 0, parse_answer(rec).data, _describe(rec, args.ascii) if wanted else ""

    return handle


def run(args: argparse.Namespace) -> int:
    return run_records(args, build, words=("parsed", "status 1"))
