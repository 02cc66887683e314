"""``mahjong-arbiter waits HAND13 --profile P`` and ``waits HAND14 --profile P --discards``: the
scored side of the ``waits`` command (the solver-level listing stays in :mod:`.waits`).

JSON for thirteen tiles: ``{"id", "profile", "waits": [{"tile": "3m", "live": 3, "discard":
{...result}, "self_drawn": {...result}}], "held_out": [...]}``; a completion that does not win
under the profile has ``{"error": {"code", "message"}}`` in place of its result.  With
``--discards`` (fourteen tiles): ``{"id", "profile", "discards": [{"discard": "1m", "best": 30,
"live": 7, "waits": [...], "held_out": [...]}]}``, the discard keeping the biggest hand first.
Exit status 0 when some tile completes the hand (some discard leaves it ready), else 1.
"""

from __future__ import annotations

import argparse
from typing import Any

from ...errors import ArbiterError, HandError
from ...notation.json_hand import HandRecord
from ..common import run_records

__all__ = ["add_scoring_arguments", "run_scored"]


def add_scoring_arguments(parser: argparse.ArgumentParser) -> None:
    """``--profile`` and ``--discards``."""
    group = parser.add_argument_group("scores")
    group.add_argument(
        "--profile", metavar="P", help="score every wait under profile P, won by discard and self-drawn"
    )
    group.add_argument(
        "--discards", action="store_true",
        help="a 14-tile hand: for each discard, the waits it leaves and their scores (needs --profile)",
    )


def run_scored(args: argparse.Namespace) -> int:
    """The scored waits (or discards) of each hand under ``--profile``."""
    from ...disputes.style import Style, colour_wanted
    from ...disputes.waits import discard_options, scored_waits
    from ...scoring import resolve_profile

    if args.profile is None:
        raise ArbiterError("bad_arguments", "--discards needs --profile: the waits it leaves are scored")
    if getattr(args, "special", None) is not None:
        raise ArbiterError("bad_arguments", "--special cannot be used with --profile: the profile's shapes decide")
    profile = resolve_profile(args.profile)
    style = Style(colour_wanted(args.output, args.format))

    def handle(rec: HandRecord) -> tuple[int, dict[str, Any], str]:
        if args.discards:
            if rec.hand.winning_tile is None:
                raise HandError("tile_count", "--discards takes a hand of 14 tiles (the one just drawn last)")
            report = discard_options(rec.hand, rec.context, profile, backend=args.backend)
            ready = any(o.report.waits for o in report.options)
            out, text = report.to_dict(), report.to_text(style, ascii=args.ascii)
        else:
            waits = scored_waits(rec.hand, rec.context, profile, backend=args.backend)
            ready = bool(waits.waits)
            out, text = waits.to_dict(), waits.to_text(style, ascii=args.ascii)
        out["id"] = rec.id
        return (0 if ready else 1), out, text

    return run_records(args, handle)
