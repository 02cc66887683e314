"""The built-in special shapes' waits are exactly the kinds that complete them.

A shape's ``waits(wait_input)`` names the kinds that complete thirteen standing tiles into it,
read from its pattern, so that the waits need not try kinds one by one (solver/shapes.py,
``SpecialShape``).  Here every kind of the 34 is tried by the shape's own recogniser on seeded
hands drawn near each shape (a knitted pattern with honours or a set and a pair, the knitted
straight with a declared set, six pairs and a lone tile, twelve orphans and a pair) and on random
hands: a kind that completes the shape and is not named is a wait the scorer would miss, a kind
named that does not complete it one it would invent.
"""

from __future__ import annotations

import random

import pytest

from mahjong_arbiter.hand import Meld
from mahjong_arbiter.solver.api import decomposer, sole_wait_before, winning_kinds_before
from mahjong_arbiter.solver.fast import standard_waits
from mahjong_arbiter.solver.shapes import DEFAULT_SHAPES, SPECIAL_SHAPES, ShapeInput, ShapeOptions, WaitInput
from mahjong_arbiter.solver.special import KNITTED_PATTERNS
from mahjong_arbiter.tiles import TERMINALS_AND_HONOURS, Tile
from mcr_hand_generator import corpus

DECOMPOSE = decomposer("fast")
HONOURS = list(range(27, 34))
MELD = (Meld.pung(Tile.of("5m")),)  # the declared set of a knitted straight that declares one


def _counts(kinds: list[int]) -> list[int] | None:
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    return counts if max(counts) <= 4 else None


def _set(rnd: random.Random) -> list[int]:
    """A random chow or pung."""
    if rnd.random() < 0.5:
        start = rnd.randrange(3) * 9 + rnd.randrange(7)
        return [start, start + 1, start + 2]
    return [rnd.randrange(34)] * 3


def _near(rnd: random.Random) -> tuple[list[int], tuple[Meld, ...]]:
    """Standing tiles one short of one of the four built-in special shapes (a whole hand of it
    less one tile, a stray tile sometimes swapped in), or thirteen random ones, and the melds."""
    pattern = [t.index for t in rnd.choice(KNITTED_PATTERNS)]
    orphans = [t.index for t in TERMINALS_AND_HONOURS]
    melds: tuple[Meld, ...] = ()
    choice = rnd.randrange(6)
    if choice == 0:  # honours and knitted: fourteen different tiles of a pattern and the honours
        whole = rnd.sample(pattern + HONOURS, 14)
    elif choice == 1:  # knitted straight: the pattern, a set and a pair
        whole = pattern + _set(rnd) + [rnd.randrange(34)] * 2
    elif choice == 2:  # knitted straight with a declared set: the pattern and a pair stand
        whole, melds = pattern + [rnd.randrange(34)] * 2, MELD
    elif choice == 3:  # seven pairs
        whole = [k for k in rnd.sample(range(34), 7) for _ in range(2)]
    elif choice == 4:  # thirteen orphans
        whole = orphans + [rnd.choice(orphans)]
    else:
        return [rnd.randrange(34) for _ in range(13)], melds
    whole.remove(rnd.choice(whole))
    if rnd.random() < 0.2:
        whole[rnd.randrange(len(whole))] = rnd.randrange(34)
    return whole, melds


@pytest.mark.parametrize("four_as_pairs", [True, False])
@pytest.mark.parametrize("name", sorted(DEFAULT_SHAPES.special))
def test_waits_are_exactly_the_winning_kinds(name: str, four_as_pairs: bool) -> None:
    shape = SPECIAL_SHAPES[name]
    assert shape.waits is not None
    options = ShapeOptions(seven_pairs_four_of_a_kind=four_as_pairs)
    rnd = random.Random(f"wait candidates {name}")
    completions = 0
    for _ in range(600):
        kinds, melds = _near(rnd)
        counts = _counts(kinds)
        if counts is None:
            continue
        named = set(shape.waits(WaitInput(bytes(counts), melds, options, DECOMPOSE, standard_waits)))
        winning = set()
        for kind in range(34):  # a kind held four times too: the waits name it when a fifth would win
            counts[kind] += 1
            if shape.groupings(ShapeInput(tuple(counts), melds, options, DECOMPOSE)):
                winning.add(kind)
            counts[kind] -= 1
        assert named == winning, f"{name}: {counts} {melds}"
        completions += len(winning)
    assert completions > 20  # the hands drawn reach the shape often enough to test something


def test_sole_wait_counts_the_winning_kinds() -> None:
    """``sole_wait_before`` (what a wait fan asks, found by a search that stops at the second kind)
    answers what counting ``winning_kinds_before``'s kinds does, held-out kinds counted or not."""
    seen = {True: 0, False: 0}
    for generated in corpus(1405, 1500):
        live, held_out = winning_kinds_before(generated.hand)
        for held_out_counts in (False, True):
            kinds = set(live) | (set(held_out) if held_out_counts else set())
            answer = sole_wait_before(generated.hand, held_out_counts=held_out_counts)
            assert answer == (len(kinds) == 1), (generated.hand, held_out_counts)
            seen[answer] += 1
    assert min(seen.values()) > 100  # both answers are tested often
