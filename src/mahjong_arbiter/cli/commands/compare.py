"""``mahjong-arbiter compare``: one hand under several profiles, side by side."""

from __future__ import annotations

import argparse
from typing import Any

from ...errors import ArbiterError
from ...notation.json_hand import HandRecord
from ..common import (
    Handler,
    add_backend_argument,
    add_hand_arguments,
    add_output_arguments,
    colour_of,
    named_profile,
    refuse_html_batch,
    run_records,
    text_wanted,
)

NAME = "compare"
HELP = "compare one hand under several profiles: a column per profile, rows the rules that differ"
EXAMPLE = """examples:
  mahjong-arbiter compare 111m222p333sEEECC --profiles mcr,mcr-mil,bmja,buzzard-2000,hk-old-style
  mahjong-arbiter compare 123456789p123s55m --profiles mcr,mcr-mil --json
  mahjong-arbiter compare 123m345p678s234s55m --profiles mcr,hk-old-style --format html -o compare.html
  (exit 0 when the hand wins, at or above the minimum, under at least one of the profiles; else 1)
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--profiles", default="mcr,mcr-mil", metavar="P,P,...",
        help="comma-separated profile ids or .toml files (default mcr,mcr-mil)",
    )
    # every other command takes --profile: here it is a usage error that points to --profiles
    parser.add_argument("--profile", action=_SayProfiles, help=argparse.SUPPRESS)
    add_backend_argument(parser)
    add_hand_arguments(parser)
    add_output_arguments(parser, formats=("text", "json", "jsonl", "html"))


class _SayProfiles(argparse.Action):
    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        parser.error(f"compare takes --profiles P,P,... (the profiles to compare, {values} among them), "
                     "not --profile")


def build(args: argparse.Namespace) -> Handler:
    from ...answers import compare_answer
    from ...disputes.html import compare_page
    from ...disputes.style import Style

    refuse_html_batch(args)
    names = [p.strip() for p in args.profiles.split(",") if p.strip()]
    if not names:
        raise ArbiterError("bad_arguments", "--profiles needs at least one profile")
    profiles = [named_profile(args, name) for name in names]
    style = Style(colour_of(args))

    wanted = text_wanted(args)  # JSON lines need no text: it is not built for them

    def handle(rec: HandRecord) -> tuple[int, dict[str, Any], str]:
        answer = compare_answer(rec, profiles, backend=args.backend)
        comparison = answer.value
        if not wanted:
            page = ""
        elif args.format == "html":
            page = compare_page(comparison)
        else:
            page = comparison.to_text(style, ascii=args.ascii)
        return answer.status, answer.data, page

    return handle


def run(args: argparse.Namespace) -> int:
    return run_records(args, build, words=("compared", "no win under any profile"))
