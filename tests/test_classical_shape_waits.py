"""The classical special shapes' waits are exactly the kinds that complete them.

Each classical shape that names its waits (``SpecialShape.waits``, rules/classical_shapes.py) is
held, on hands one tile short of it (a whole hand of the shape less a tile, a stray tile sometimes
swapped in) and on random thirteen tiles, to the kinds whose one more tile its groupings accept,
tried one by one.  (None of them takes a declared meld: tests/test_special_shape_melds.py.)
"""

from __future__ import annotations

import random

import pytest

from mahjong_arbiter.rules.classical_shapes import CLASSICAL_SHAPES
from mahjong_arbiter.solver.api import decomposer
from mahjong_arbiter.solver.fast import standard_waits
from mahjong_arbiter.solver.shapes import ShapeInput, ShapeOptions, SpecialShape, WaitInput
from mahjong_arbiter.tiles import TERMINALS_AND_HONOURS

DECOMPOSE = decomposer("fast")
ORPHANS = [t.index for t in TERMINALS_AND_HONOURS]
WINDS = [27, 28, 29, 30]
NAMED = [shape for shape in CLASSICAL_SHAPES if shape.waits is not None]


def _whole(rnd: random.Random) -> list[int]:
    """A whole hand of one of the classical shapes, or fourteen random tiles."""
    suit = 9 * rnd.randrange(3)
    choice = rnd.randrange(5)
    if choice == 0:  # nine gates: 1112345678999 and one more of the suit
        gates = [suit + r for r, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)) for _ in range(n)]
        return [*gates, suit + rnd.randrange(9)]
    if choice == 1:  # all pair honours: seven pairs of ones, nines and honours (pairs may repeat)
        return [k for k in rnd.choices(ORPHANS, k=7) for _ in range(2)]
    if choice == 2:  # knitting: seven same-number pairs of two suits
        first, second = rnd.sample((0, 9, 18), 2)
        return [s + r for r in rnd.choices(range(9), k=7) for s in (first, second)]
    if choice == 3:  # wriggling snake: 11 and 2 to 9 of a suit, one of each wind
        return [suit, suit, *(suit + r for r in range(1, 9)), *WINDS]
    return [rnd.randrange(34) for _ in range(14)]


@pytest.mark.parametrize("shape", NAMED, ids=[s.name for s in NAMED])
def test_waits_are_exactly_the_winning_kinds(shape: SpecialShape) -> None:
    assert shape.waits is not None
    options = ShapeOptions(special=frozenset(s.name for s in CLASSICAL_SHAPES))
    rnd = random.Random(f"classical waits {shape.name}")
    completions = 0
    for _ in range(3000):
        kinds = _whole(rnd)
        kinds.remove(rnd.choice(kinds))
        if rnd.random() < 0.2:
            kinds[rnd.randrange(len(kinds))] = rnd.randrange(34)
        counts = [0] * 34
        for k in kinds:
            counts[k] += 1
        if max(counts) > 4:
            continue
        named = set(shape.waits(WaitInput(bytes(counts), (), options, DECOMPOSE, standard_waits)))
        winning = set()
        for kind in range(34):  # a kind held four times too: the waits name it when a fifth would win
            counts[kind] += 1
            if shape.groupings(ShapeInput(tuple(counts), (), options, DECOMPOSE)):
                winning.add(kind)
            counts[kind] -= 1
        assert named == winning, f"{shape.name}: {counts}"
        completions += len(winning)
    assert completions > 100  # the hands drawn reach the shape often enough to test something
