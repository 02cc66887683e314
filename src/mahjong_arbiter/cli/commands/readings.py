"""``mahjong-arbiter readings``: every Reading of a complete hand, drawn with its tiles.

Each Reading shows its shape, the wait of its winning-tile placement and its groups (kind, tiles,
declared or standing, concealed or exposed), the group the winning tile completed marked.  JSON
per hand: ``{"id", "decompositions": N, "readings": [...]}`` where N counts the distinct standard
decompositions (four sets and a pair, the winning tile's place ignored; special shapes are listed
but not counted).  A hand with no Reading exits 1 and says why (``"why_not"`` in JSON).
"""

from __future__ import annotations

import argparse
from typing import Any

from ...notation.json_hand import HandRecord
from ...notation.render import hand_text, tiles_text
from ...solver.reading import Reading
from ...solver.shapes import ShapeOptions
from ..common import (
    BACKEND_CHOICES,
    Handler,
    add_hand_arguments,
    add_output_arguments,
    lines_wanted,
    run_records,
    text_wanted,
)

NAME = "readings"
HELP = "every Reading of a complete hand: its sets and pair or special shape, winning set, wait"
EXAMPLE = """examples:
  mahjong-arbiter readings 111222333m456p77s --win 2m
  mahjong-arbiter readings '[SSSS][234p,1]567s789m11m' --self-drawn --ascii
  mahjong-arbiter readings 19m19p19sESWNCFP1m --backend cpsat --json
  mahjong-arbiter readings --input hands.jsonl --special seven_pairs
"""


def add_solver_arguments(parser: argparse.ArgumentParser) -> None:
    """``--backend`` and ``--special`` (shared with ``waits``)."""
    solver = parser.add_argument_group("solver")
    solver.add_argument("--backend", choices=BACKEND_CHOICES, default="fast",
                        help="how the tiles are split: fast tables (default), OR-Tools CP-SAT, python-constraint")
    solver.add_argument("--special", metavar="NAMES",
                        help="special shapes allowed, comma-separated, or 'none' (default: seven_pairs, "
                        "thirteen_orphans, knitted_straight, honours_knitted)")


def shape_options(args: argparse.Namespace) -> ShapeOptions:
    """The ShapeOptions the ``--special`` argument asks for (an unknown name is a usage error now, not per hand)."""
    from ...answers import special_shapes

    options: ShapeOptions = special_shapes(args.special)
    return options


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_hand_arguments(parser)
    add_solver_arguments(parser)
    add_output_arguments(parser)


def reading_lines(reading: Reading, ascii: bool) -> list[str]:
    """A Reading on a few lines: the header, then one line per group."""
    lines = [f"{reading.shape}, {reading.wait.value} wait on {reading.winning_tile}"]
    marked = False
    for group in reading.groups:
        origin = "declared" if group.declared else "standing"
        state = "concealed" if group.concealed else "exposed"
        won = ""
        if group == reading.winning and not marked:
            won, marked = f"  <- completed by {reading.winning_tile}", True
        lines.append(f"  {group.kind.value:<9} {origin:<8} {state:<9}  {tiles_text(group.tiles, ascii)}{won}")
    return lines


def build(args: argparse.Namespace) -> Handler:
    from ...answers import readings_answer
    from ...result_json import readings_line

    shapes = shape_options(args)

    wanted = text_wanted(args)  # JSON lines need no text: it is not built for them
    if lines_wanted(args):  # nor dicts: the line is joined from the Readings' parts

        def write(rec: HandRecord) -> tuple[int, dict[str, Any] | str, str]:
            answer = readings_answer(rec, backend=args.backend, shapes=shapes, dicts=False)
            return answer.status, readings_line(rec.id, answer.data), ""

        return write

    def handle(rec: HandRecord) -> tuple[int, dict[str, Any] | str, str]:
        answer = readings_answer(rec, backend=args.backend, shapes=shapes)
        result = answer.data
        if not wanted:
            return answer.status, result, ""
        text = [hand_text(rec.hand, rec.context, args.ascii), f"decompositions: {result['decompositions']}"]
        if answer.status:
            return answer.status, result, "\n".join([*text, result["why_not"]])
        text.append(f"readings: {len(answer.value)}")
        for number, reading in enumerate(answer.value, start=1):
            first, *rest = reading_lines(reading, args.ascii)
            text += [f"{number}. {first}", *rest]
        return 0, result, "\n".join(text)

    return handle


def run(args: argparse.Namespace) -> int:
    return run_records(args, build, words=("read", "not complete"))
