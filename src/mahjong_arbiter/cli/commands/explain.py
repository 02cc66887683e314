"""``mahjong-arbiter explain``: every Reading ranked, the best one rule by rule, suppressed rules with
their sources, and ``--why RULE``."""

from __future__ import annotations

import argparse
from typing import Any

from ...notation.json_hand import HandRecord
from ..common import (
    Handler,
    add_hand_arguments,
    add_output_arguments,
    add_profile_arguments,
    chosen_profile,
    colour_of,
    refuse_html_batch,
    run_records,
    text_wanted,
)

NAME = "explain"
HELP = "explain a hand's score: every reading ranked, each rule with its sets, what was suppressed and why"
EXAMPLE = """examples:
  mahjong-arbiter explain '[789p,1][789s,2][999s,3]789m6m6m' --profile mcr
  mahjong-arbiter explain 123456789p123s55m --profile mcr --why 'Mixed Straight'
  mahjong-arbiter explain 123456789p123s55m --profile mcr --json
  mahjong-arbiter explain 111m222p333sEEECC --profile mcr-mil --format html -o ruling.html
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_profile_arguments(parser)
    parser.add_argument("--why", metavar="RULE", help="why did (or didn't) RULE count? a name or id")
    add_hand_arguments(parser)
    add_output_arguments(parser, formats=("text", "json", "jsonl", "html"))


def build(args: argparse.Namespace) -> Handler:
    from ...answers import explain_answer
    from ...disputes.html import explain_page
    from ...disputes.style import Style

    refuse_html_batch(args)
    profile = chosen_profile(args)
    style = Style(colour_of(args))

    wanted = text_wanted(args)  # JSON lines need no text: it is not built for them

    def handle(rec: HandRecord) -> tuple[int, dict[str, Any], str]:
        answer = explain_answer(rec, profile, why=args.why, backend=args.backend)
        expl = answer.value
        if not wanted:
            page = ""
        elif args.format == "html":
            page = explain_page(expl)
        else:
            page = expl.to_text(style, ascii=args.ascii)
        return answer.status, answer.data, page

    return handle


def run(args: argparse.Namespace) -> int:
    return run_records(args, build, words=("explained", "below minimum"))
