"""``mahjong-arbiter verify``: the verdict on a claimed score (a total or the rules counted)."""

from __future__ import annotations

import argparse
from typing import Any

from ...batch import Outcome
from ...errors import ArbiterError
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

NAME = "verify"
HELP = "verify a claimed score: right or wrong, and if wrong the difference item by item (exit 1 when wrong)"
EXAMPLE = """examples:
  mahjong-arbiter verify 123456789p123s55m --profile mcr --claim 22
  mahjong-arbiter verify 123456789p123s55m --profile mcr --claim 32            # exit 1: it scores 22
  mahjong-arbiter verify 123456789p123s55m --profile mcr \\
      --claim-rules "Pure Straight, Half Flush, Single Wait"                    # exit 1: no Half Flush
  mahjong-arbiter verify --input session.jsonl --profile mcr   # exit 1: each hand has a "claim"; one is wrong
  mahjong-arbiter verify 123456789p123s55m --claim 28 --format html -o verdict.html   # exit 1
"""

_CLAIM = frozenset({"claim"})


def _number(text: str) -> int:
    """A claimed total (:func:`~mahjong_arbiter.disputes.verify.claim_total`); a usage error otherwise."""
    from ...disputes.verify import claim_total

    try:
        return claim_total(text)
    except ArbiterError as exc:
        raise argparse.ArgumentTypeError(exc.message) from None


def _rules(text: str) -> str:
    """A claim of rules, checked as a JSON line's ``claim`` is (:func:`~mahjong_arbiter.disputes.verify.parse_claim`:
    no empty name, counts 1 to 2**53 - 1); a usage error otherwise."""
    from ...disputes.verify import parse_claim

    try:
        parse_claim(text)
    except ArbiterError as exc:
        raise argparse.ArgumentTypeError(exc.message) from None
    return text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_profile_arguments(parser)
    claim = parser.add_mutually_exclusive_group()
    claim.add_argument("--claim", metavar="TOTAL", type=_number, help="the claimed total (a whole number, 0 or more)")
    claim.add_argument(
        "--claim-rules", metavar="RULES", type=_rules,
        help="the claimed rules, comma-separated ('Pure Straight, Tile Hog x2'); names or ids",
    )
    add_hand_arguments(parser)
    add_output_arguments(parser, formats=("text", "json", "jsonl", "html"))


def build(args: argparse.Namespace) -> Handler:
    from ...answers import verify_answer
    from ...disputes.html import verify_page
    from ...disputes.style import Style

    refuse_html_batch(args)
    if args.input is None and args.claim is None and args.claim_rules is None:
        raise ArbiterError("bad_arguments", "give the claim: --claim TOTAL or --claim-rules 'Rule, Rule'")
    profile = chosen_profile(args)
    style = Style(colour_of(args))

    wanted = text_wanted(args)  # JSON lines need no text: it is not built for them

    def handle(rec: HandRecord) -> tuple[int, dict[str, Any], str]:
        raw = rec.extra.get("claim")
        if raw is None:
            raw = args.claim if args.claim is not None else args.claim_rules
        answer = verify_answer(rec, profile, raw, backend=args.backend)
        verdict = answer.value
        if not wanted:
            page = ""
        elif args.format == "html":
            page = verify_page(verdict)
        else:
            page = verdict.to_text(style, ascii=args.ascii)
        return answer.status, answer.data, page

    return handle


def _tally(outcome: Outcome) -> str:
    """What a line of status 1 was: a wrong claim, or a right claim on a hand below the minimum."""
    return "right claim below minimum" if outcome.document().get("verdict") == "right" else "wrong claim"


def run(args: argparse.Namespace) -> int:
    return run_records(args, build, extra_fields=_CLAIM, words=("right", "wrong claim"), tally=_tally)
