"""``mahjong-arbiter waits``: the tiles a thirteen-tile hand waits for, each with its Readings.

JSON per hand: ``{"id", "waits": [{"tile": "3m", "readings": [...]}, ...], "held_out": [...]}``.
``held_out`` lists the kinds that would complete the shape but whose four copies the hand already
holds: formally waits, never winning tiles (profiles differ on whether they count for wait fans).
A hand that waits for nothing exits 1.  With ``--profile P`` every wait is scored, won by discard
and self-drawn, and ``--discards`` takes fourteen tiles (:mod:`._scored_waits`).
"""

from __future__ import annotations

import argparse
from typing import Any

from ...batch import Outcome
from ...notation.json_hand import HandRecord
from ...notation.render import hand_text, tile_text
from ..common import Handler, add_hand_arguments, add_output_arguments, run_records, text_wanted
from ._scored_waits import add_scoring_arguments, build_scored
from .readings import add_solver_arguments, reading_lines, shape_options

NAME = "waits"
HELP = "the tiles a 13-tile hand waits for, each with its Readings, and the waits it holds itself"
EXAMPLE = """examples:
  mahjong-arbiter waits 1112345678999m
  mahjong-arbiter waits '[1111m,1]23m456p789pEE' --ascii
  mahjong-arbiter waits 19m19p19sESWNCFP --json
  mahjong-arbiter waits --input thirteen.jsonl --backend cpsat
  mahjong-arbiter waits 1112345678999m --profile mcr          # each wait scored: discard, self-drawn
  mahjong-arbiter waits 123m456m789m11pEEE --profile mcr --discards   # which discard keeps the biggest hand?
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # 13 tiles, or 14 with --discards: the solver's waits() rejects a complete hand on its own
    add_hand_arguments(parser)
    add_solver_arguments(parser)
    add_scoring_arguments(parser)
    add_output_arguments(parser)


def build(args: argparse.Namespace) -> Handler:
    from ...answers import waits_answer

    if args.profile is not None or args.discards:
        return build_scored(args)
    shapes = shape_options(args)

    wanted = text_wanted(args)  # JSON lines need no text: it is not built for them

    def handle(rec: HandRecord) -> tuple[int, dict[str, Any], str]:
        answer = waits_answer(rec, backend=args.backend, shapes=shapes)
        found, result = answer.value, answer.data
        tokens = " ".join(t.token for t in found.tiles) or "none"
        if not wanted:
            return answer.status, result, ""
        text = [hand_text(rec.hand, rec.context, args.ascii), f"waits: {tokens}"]
        if found.held_out:
            text.append(f"held out (all four copies held): {' '.join(t.token for t in found.held_out)}")
        for tile in found.tiles:
            text.append(f"on {tile_text(tile, args.ascii)}:")
            for reading in found.by_tile[tile]:
                first, *rest = reading_lines(reading, args.ascii)
                text += [f"  {first}", *(f"  {line}" for line in rest)]
        return answer.status, result, "\n".join(text)

    return handle


def _tally(outcome: Outcome) -> str:
    """What a line of status 1 was: no wait at all, waits that all score below the minimum
    (``--profile``), or no discard leaving a winning wait (``--discards``)."""
    found = outcome.document()
    if "discards" in found:
        return "no discard leaves a win"
    return "waits below minimum" if found.get("waits") else "no waits"


def run(args: argparse.Namespace) -> int:
    return run_records(args, build, words=("done", "no waits"), tally=_tally)
