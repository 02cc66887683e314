"""``mahjong-arbiter waits HAND13 --profile P`` and ``waits HAND14 --profile P --discards``: the
scored side of the ``waits`` command (the solver-level listing stays in :mod:`.waits`).

JSON for thirteen tiles: ``{"id", "profile", "waits": [{"tile": "3m", "live": 3, "discard":
{...result}, "self_drawn": {...result}}], "held_out": [...]}``; a completion that does not win
under the profile has ``{"error": {"code", "message"}}`` in place of its result.  With
``--discards`` (fourteen tiles): ``{"id", "profile", "discards": [{"discard": "1m", "best": 30,
"live": 7, "waits": [...], "held_out": [...]}]}``, the discard keeping the biggest hand first.
Exit status 0 when some tile completes the hand into a win (some discard leaves it so), else 1:
a completion below the profile's minimum is no win, and is marked (``below_minimum``).
"""

from __future__ import annotations

import argparse
from typing import Any

from ...errors import ArbiterError
from ...notation.json_hand import HandRecord
from ..common import Handler, colour_of, named_profile, text_wanted

__all__ = ["add_scoring_arguments", "build_scored"]


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


def build_scored(args: argparse.Namespace) -> Handler:
    """The scored waits (or discards) of each hand under ``--profile``."""
    from ...answers import discards_answer, scored_waits_answer
    from ...disputes.style import Style

    if args.profile is None:
        raise ArbiterError("bad_arguments", "--discards needs --profile: the waits it leaves are scored")
    if getattr(args, "special", None) is not None:
        raise ArbiterError("bad_arguments", "--special cannot be used with --profile: the profile's shapes decide")
    profile = named_profile(args, args.profile)
    style = Style(colour_of(args))

    wanted = text_wanted(args)  # JSON lines need no text: it is not built for them

    def handle(rec: HandRecord) -> tuple[int, dict[str, Any], str]:
        if args.discards:
            answer = discards_answer(rec, profile, backend=args.backend)
        else:
            answer = scored_waits_answer(rec, profile, backend=args.backend)
        return answer.status, answer.data, answer.value.to_text(style, ascii=args.ascii) if wanted else ""

    return handle
