"""``mahjong-arbiter targets``: the highest-scoring complete hands within a few new tiles.

From thirteen tiles (or fourteen, the last drawn), every complete hand that keeps all but N of
the standing tiles and adds N new ones (the winning tile included), N up to ``--depth`` (default
2, at most 3), melds fixed, at most four copies of each kind counting the melds and ``--seen``;
each scored by the profile's own engine (the best winning tile among the new ones, on a discard
or self-drawn), ranked by score and then by the unseen copies of the tiles to draw.  JSON per
hand::

    {"id", "profile", "depth": 2, "found": 12, "candidates": 15, "searched": 770, "scored": 48,
     "targets": [{"total", "unit", "draw": ["E", "E"], "give_up": ["W"], "winning_tile": "E",
                  "self_drawn": true, "live": [{"tile": "E", "unseen": 3}], "live_total": 3,
                  "result": {...the full result...}}]}

``found`` counts every target, ``targets`` lists the ``--top`` best; ``candidates`` is the
complete hands the search found, ``searched`` its steps, ``scored`` the scorings.  Exit status 0
when a target is within reach, 1 when none is, 2 for bad input.
"""

from __future__ import annotations

import argparse
from typing import Any

from ...jsonio import MAX_SAFE_INTEGER
from ...notation.json_hand import HandRecord
from ...notation.render import hand_text, tile_text
from ...teaching import DEFAULT_TOP
from ..common import (
    Handler,
    add_hand_arguments,
    add_output_arguments,
    add_profile_arguments,
    chosen_profile,
    plain_number,
    run_records,
)
from ._teaching import SEEN_FIELD, add_seen_argument, seen_tiles

NAME = "targets"
HELP = "the highest-scoring complete hands within a few new tiles, scored under a profile"
EXAMPLE = """examples:
  mahjong-arbiter targets 123m456p789s11pEW --profile mcr
  mahjong-arbiter targets 1112345678999m --profile mcr --depth 1       # the winning tiles, as waits shows them
  mahjong-arbiter targets 19m19p19sESWNCF5p --profile bmja             # a special hand two tiles away
  mahjong-arbiter targets 12345m99mEEESS5p --profile mcr --depth 3 --at-least 24 --seen 6m6m
  mahjong-arbiter targets 123m456p789s11pEW --profile bmja             # exit 1: none within two tiles
"""


def _depth(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number 1 to 3, not {text!r}") from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_profile_arguments(parser)
    parser.add_argument("--depth", type=_depth, default=2, metavar="N",
                        help="at most N new tiles, the winning tile included (1 to 3, default 2)")
    parser.add_argument("--at-least", type=plain_number(0, MAX_SAFE_INTEGER), metavar="S",
                        help="only targets scoring at least S (a number, 0 or more)")
    parser.add_argument("--top", type=int, default=DEFAULT_TOP, metavar="K",
                        help=f"show the K best (default {DEFAULT_TOP})")
    parser.add_argument("--search", choices=("fast", "cpsat"), default="fast",
                        help="how the standard form's candidates are enumerated (the same candidates)")
    add_seen_argument(parser)
    add_hand_arguments(parser)
    add_output_arguments(parser)


def build(args: argparse.Namespace) -> Handler:
    from ...answers import targets_answer
    from ...disputes.breakdown import value_text
    from ...disputes.style import table
    from ...errors import ArbiterError
    from ...teaching.targets import MAX_DEPTH

    if args.top < 1:
        raise ArbiterError("bad_arguments", f"--top must be at least 1, not {args.top}")
    if not 1 <= args.depth <= MAX_DEPTH:
        raise ArbiterError("bad_depth", f"--depth must be 1 to {MAX_DEPTH}, not {args.depth}")
    profile = chosen_profile(args)

    def tiles(found: Any) -> str:
        return " ".join(tile_text(t, args.ascii) for t in found) or "-"

    def handle(rec: HandRecord) -> tuple[int, dict[str, Any], str]:
        answer = targets_answer(rec, profile, depth=args.depth, seen=seen_tiles(rec, args), at_least=args.at_least,
                                top=args.top, backend=args.backend, search=args.search)
        report = answer.value
        lines = [hand_text(rec.hand, rec.context, args.ascii), ""]
        head = (f"targets under {profile.id} within {args.depth} new tile{'s' if args.depth > 1 else ''}: "
                f"{len(report.targets)} ({report.candidates} complete hands found, {report.scored} scorings)")
        lines.append(head)
        if not report.targets:
            lines.append("  none within reach")
        rows = [("#", "score", "draw", "give up", "wins on", "unseen")]
        for number, target in enumerate(report.targets[:args.top], start=1):
            how = "self-drawn" if target.self_drawn else "discard"
            rows.append((str(number), f"{target.total:g} {target.result.unit}", tiles(target.draw),
                         tiles(target.give_up), f"{tile_text(target.winning_tile, args.ascii)} ({how})",
                         str(target.live_total)))
        if report.targets:
            lines.extend("  " + line for line in table(rows, align=">><<<>"))
        for number, target in enumerate(report.targets[:args.top], start=1):
            items = ", ".join(f"{i.name} {value_text(i.value, i.value_key)}" + (f" x{i.count}" if i.count != 1 else "")
                              for i in target.result.items)
            lines.append(f"{number}. {target.result.reading}")
            lines.append(f"   {items}")
        return answer.status, answer.data, "\n".join(lines)

    return handle


def run(args: argparse.Namespace) -> int:
    return run_records(args, build, extra_fields=SEEN_FIELD, words=("with targets", "none within reach"))
