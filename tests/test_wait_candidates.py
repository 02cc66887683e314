"""The built-in special shapes' wait candidates never leave out a winning kind.

A shape's ``candidates(counts13, melds)`` names a superset of the kinds that complete thirteen
standing tiles into it, so that the waits try only those (solver/shapes.py, ``SpecialShape``).
Here every kind of the 34 is tried by the shape's own recogniser on seeded hands drawn near each
shape (a knitted pattern with honours or a set and a pair, six pairs and a lone tile, twelve
orphans and a pair) and on random hands: a kind that completes the shape and is not a candidate
is a wait the scorer would miss.
"""

from __future__ import annotations

import random

import pytest

from mahjong_arbiter.solver.api import decomposer, sole_wait_before, winning_kinds_before
from mahjong_arbiter.solver.shapes import DEFAULT_SHAPES, SPECIAL_SHAPES, ShapeInput
from mahjong_arbiter.solver.special import KNITTED_PATTERNS
from mahjong_arbiter.tiles import TERMINALS_AND_HONOURS
from mcr_hand_generator import corpus

DECOMPOSE = decomposer("fast")
HONOURS = list(range(27, 34))


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


def _near(rnd: random.Random) -> list[int]:
    """Thirteen tiles one short of one of the four built-in special shapes (a whole hand of it
    less one tile, a stray tile sometimes swapped in), or random ones."""
    pattern = [t.index for t in rnd.choice(KNITTED_PATTERNS)]
    orphans = [t.index for t in TERMINALS_AND_HONOURS]
    choice = rnd.randrange(5)
    if choice == 0:  # honours and knitted: fourteen different tiles of a pattern and the honours
        whole = rnd.sample(pattern + HONOURS, 14)
    elif choice == 1:  # knitted straight: the pattern, a set and a pair
        whole = pattern + _set(rnd) + [rnd.randrange(34)] * 2
    elif choice == 2:  # seven pairs
        whole = [k for k in rnd.sample(range(34), 7) for _ in range(2)]
    elif choice == 3:  # thirteen orphans
        whole = orphans + [rnd.choice(orphans)]
    else:
        return [rnd.randrange(34) for _ in range(13)]
    whole.remove(rnd.choice(whole))
    if rnd.random() < 0.2:
        whole[rnd.randrange(13)] = rnd.randrange(34)
    return whole


@pytest.mark.parametrize("name", sorted(n for n in DEFAULT_SHAPES.special if SPECIAL_SHAPES[n].candidates))
def test_candidates_hold_every_winning_kind(name: str) -> None:
    shape = SPECIAL_SHAPES[name]
    assert shape.candidates is not None
    rnd = random.Random(f"wait candidates {name}")
    completions = 0
    for _ in range(600):
        counts = _counts(_near(rnd))
        if counts is None:
            continue
        offered = set(shape.candidates(counts, ()))
        for kind in range(34):
            if counts[kind] == 4:
                continue
            counts[kind] += 1
            if shape.groupings(ShapeInput(tuple(counts), (), DEFAULT_SHAPES, DECOMPOSE)):
                completions += 1
                assert kind in offered, f"{name}: {counts} with one more of kind {kind} wins; not a candidate"
            counts[kind] -= 1
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
