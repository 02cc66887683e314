"""The built-in special shapes keep their promises to the solver.

A shape that says ``beside_standard=False``: every hand of the shape is listed here, from its
pattern, and none splits into four sets and a pair, nor do its thirteen tiles (any one tile taken
off) wait on four sets and a pair.  A shape's ``kinds``: every listed hand holds that many
different kinds (seven pairs, too many to list, is sampled, its extremes included).  The solver
leaves a shape untried when a promise rules it out, so a broken promise would lose Readings and
waits."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

import pytest

from mahjong_arbiter.hand import Meld
from mahjong_arbiter.rules.classical_shapes import CLASSICAL_SHAPES
from mahjong_arbiter.solver.fast import decompose, standard_waits
from mahjong_arbiter.solver.shapes import SPECIAL_SHAPES, ShapeInput, ShapeOptions
from mahjong_arbiter.solver.special import KNITTED_PATTERNS
from mahjong_arbiter.tiles import NUM_KINDS, Tile

ORPHANS = (0, 8, 9, 17, 18, 26, *range(27, NUM_KINDS))
HONOURS = tuple(range(27, NUM_KINDS))
PATTERNS = tuple(tuple(t.index for t in pattern) for pattern in KNITTED_PATTERNS)
SETS = [(i, i + 1, i + 2) for suit in (0, 9, 18) for i in range(suit, suit + 7)] + [(i, i, i) for i in range(NUM_KINDS)]


def _counts(kinds: tuple[int, ...]) -> tuple[int, ...] | None:
    counts = [0] * NUM_KINDS
    for i in kinds:
        counts[i] += 1
    return tuple(counts) if max(counts) <= 4 else None


def _thirteen_orphans() -> Iterator[tuple[tuple[int, ...], int]]:
    for doubled in ORPHANS:
        counts = _counts((*ORPHANS, doubled))
        assert counts is not None
        yield counts, 0


def _knitted_straight() -> Iterator[tuple[tuple[int, ...], int]]:
    for pattern in PATTERNS:
        for pair in range(NUM_KINDS):
            with_meld = _counts((*pattern, pair, pair))  # the set declared
            if with_meld is not None:
                yield with_meld, 1
            for standing_set in SETS:
                counts = _counts((*pattern, *standing_set, pair, pair))
                if counts is not None:
                    yield counts, 0


def _honours_knitted() -> Iterator[tuple[tuple[int, ...], int]]:
    found = set()
    for pattern in PATTERNS:
        for kinds in combinations(pattern + HONOURS, 14):
            counts = _counts(kinds)
            assert counts is not None
            found.add(counts)
    for counts in sorted(found):
        yield counts, 0


HANDS = {
    "thirteen_orphans": _thirteen_orphans,
    "knitted_straight": _knitted_straight,
    "honours_knitted": _honours_knitted,
}


def test_the_shapes_listed_are_those_that_promise() -> None:
    promising = {shape.name for shape in SPECIAL_SHAPES.values() if not shape.beside_standard}
    assert promising == HANDS.keys()
    assert all(shape.beside_standard for shape in CLASSICAL_SHAPES)
    options = ShapeOptions()
    assert [s.name for s in options.special_shapes(0, True)] == ["seven_pairs"]
    assert options.special_shapes(1, True) == ()


@pytest.mark.parametrize("name", sorted(HANDS))
def test_no_hand_of_the_shape_is_standard_or_waits_on_standard(name: str) -> None:
    shape = SPECIAL_SHAPES[name]
    options = ShapeOptions()
    listed = 0
    for counts, melds in HANDS[name]():
        sets = 4 - melds
        # the listing is the shape's: its groupings find every hand (with a declared pung for a meld)
        declared = (Meld.pung(Tile.at(33 if counts[33] < 2 else 32)),) * melds
        assert shape.groupings(ShapeInput(counts, declared, options, decompose)), counts
        assert decompose(counts, sets) == [], counts
        for kind in range(NUM_KINDS):
            if counts[kind]:
                thirteen = list(counts)
                thirteen[kind] -= 1
                assert list(standard_waits(thirteen, sets)) == [], thirteen
        listed += 1
    assert listed > 0


@pytest.mark.parametrize("name", sorted(HANDS))
def test_every_hand_of_the_shape_holds_the_kinds_it_promises(name: str) -> None:
    bound = SPECIAL_SHAPES[name].kinds
    assert bound is not None
    held = {NUM_KINDS - counts.count(0) for counts, _ in HANDS[name]()}
    assert held == set(bound)  # each number of kinds promised is met by some hand: the bound is tight


def test_seven_pairs_holds_four_to_seven_kinds() -> None:
    shape = SPECIAL_SHAPES["seven_pairs"]
    assert shape.kinds == range(4, 8)
    options = ShapeOptions()
    rng = random.Random(19)
    hands = [(0, 0, 1, 1, 2, 2, 3), (0, 1, 2, 3, 4, 5, 6)]  # the kinds of the pairs: four kinds, seven
    hands += [tuple(rng.choice(range(NUM_KINDS)) for _ in range(7)) for _ in range(3000)]
    held = set()
    for pairs in hands:
        counts = _counts(pairs * 2)
        if counts is None:
            continue
        assert shape.groupings(ShapeInput(counts, (), options, decompose)), counts
        held.add(NUM_KINDS - counts.count(0))
    assert held == {4, 5, 6, 7}
