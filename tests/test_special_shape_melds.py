"""A special shape's ``most_melds`` is what its groupings accept: a hand of the shape is found with
that many declared melds at most, and the solver leaves the shape out for a hand declaring more."""

from __future__ import annotations

import pytest

from mahjong_arbiter.hand import Meld
from mahjong_arbiter.rules.classical_shapes import CLASSICAL_SHAPES
from mahjong_arbiter.solver.api import decomposer
from mahjong_arbiter.solver.shapes import SPECIAL_SHAPES, ShapeInput, ShapeOptions
from mahjong_arbiter.tiles import Tile, counts_of

# a hand of each built-in shape (its standing tiles) and the most melds it may declare
HANDS = {
    "seven_pairs": ("1m 1m 2m 2m 3p 3p 5p 5p 7s 7s E E C C", 0),
    "thirteen_orphans": ("1m 9m 1p 9p 1s 9s E S W N C F P P", 0),
    "knitted_straight": ("1m 4m 7m 2p 5p 8p 3s 6s 9s E E", 1),  # with one declared set
    "honours_knitted": ("1m 4m 7m 2p 5p 8p 3s 6s E S W N C F", 0),
}
# the classical shapes (rules/classical_shapes.py): none takes a declared meld
CLASSICAL_HANDS = {
    "classical_all_pair_honours": ("1m 1m 9m 9m 1p 1p 9s 9s E E C C F F", 0),
    "classical_knitting": ("1m 1p 2m 2p 3m 3p 4m 4p 5m 5p 6m 6p 7m 7p", 0),
    "classical_triple_knitting": ("1m 1p 1s 2m 2p 2s 3m 3p 3s 4m 4p 4s 5m 5p", 0),
    "classical_nine_gates": ("1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m 5m", 0),
    "classical_wriggling_snake": ("1s 1s 2s 3s 4s 5s 6s 7s 8s 9s E S W N", 0),
}
MELDS = (Meld.pung(Tile.of("5m")), Meld.pung(Tile.of("6m")), Meld.pung(Tile.of("7p")), Meld.pung(Tile.of("8s")))
OPTIONS = ShapeOptions()
CLASSICAL_OPTIONS = ShapeOptions(special=frozenset(CLASSICAL_HANDS))


@pytest.mark.parametrize("name", sorted(HANDS) + sorted(CLASSICAL_HANDS))
def test_a_shape_is_found_with_its_most_melds_and_no_more(name: str) -> None:
    shape = SPECIAL_SHAPES[name]
    tiles, most = HANDS[name] if name in HANDS else CLASSICAL_HANDS[name]
    options = OPTIONS if name in HANDS else CLASSICAL_OPTIONS
    assert shape.most_melds == most
    counts = tuple(counts_of([Tile.of(t) for t in tiles.split()]))
    found = shape.groupings(ShapeInput(counts, MELDS[:most], options, decomposer("fast")))
    assert found
    assert shape in options.special_shapes(most)
    assert not shape.groupings(ShapeInput(counts, MELDS[:most + 1], options, decomposer("fast")))
    assert shape not in options.special_shapes(most + 1)


def test_every_built_in_shape_is_checked_and_no_meld_count_drops_a_shape_without_a_limit() -> None:
    assert sorted(HANDS) == sorted(OPTIONS.special)
    assert sorted(CLASSICAL_HANDS) == sorted(shape.name for shape in CLASSICAL_SHAPES)
    assert OPTIONS.special_shapes() == OPTIONS.special_shapes(0)
    checked = HANDS.keys() | CLASSICAL_HANDS.keys()
    assert all(shape.most_melds == 4 for shape in SPECIAL_SHAPES.values() if shape.name not in checked)
