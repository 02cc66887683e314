"""MCR fans made of chows (Green Book 2006, section 3.8; fans 13-16, 23, 28-30, 35 parts, 39, 41,
51, 63, 69-72).

Combining fans (two or more chows that together form the fan) list every way of choosing their
chows, overlapping choices included: the engine decides which instances stand under the
account-once principle (Green Book 2006, 3.9.1.5).  Equal chows are distinct sets: choices are
made by position.
"""

from __future__ import annotations

from typing import Final

from ..solver.reading import Group, Reading
from ..tiles import SUITED_TILES, suited_ranks
from .mcr_common import (
    RANK_1,
    RUN_STARTS,
    STANDARD,
    choose,
    chow_pairs,
    chow_runs,
    kept,
    rank,
    run_screen,
    shifted_screen,
)
from .registry import NONE, ONCE, Hits, Needs, Situation, rule

__all__: list[str] = []

_TERMINAL_CHOWS_RANKS = (1, 1, 2, 2, 3, 3, 5, 5, 7, 7, 8, 8, 9, 9)
_TERMINAL_CHOWS_KINDS = sum(1 << rank - 1 for rank in set(_TERMINAL_CHOWS_RANKS))
"""The kinds of those ranks in the first suit's nine bits (every one held, nothing else)."""
_STARTS_1_TO_4 = 0xF * RANK_1  # a chow of 1, 2, 3 or 4 in any suit (one three ranks higher may follow)
_TWO_SUITS_ALIKE = "chows & (chows >> 9 | chows >> 18)"
"""Screen: the same chow in two suits (the first nine bits: a chow of characters alike in dots or
bamboo; the next nine: a chow of dots alike in bamboo)."""
_CHOW_SHAPES: Final = (STANDARD, "knitted_straight")
"""The shapes whose sets are all chows when none is a pung (the knitted group counts as three,
Green Book 2006 fan 35); both have one pair."""
_LATER_SUITS = 1 << 9 | 1 << 18
"""Times a chow's lowest kind: the same rank in each later suit (:func:`chow_pairs`)."""


def _same_suit(*groups: Group) -> bool:
    return len({g.first.suit for g in groups}) == 1


@rule("mcr.pure-double-chow", source="Green Book 2006, fan 69", needs=Needs(chows=2, shared_kind=True, alike_chows=1))
def pure_double_chow(reading: Reading, situation: Situation) -> Hits:
    """一般高 Pure Double Chow: two identical chows of one suit; every such pair is an instance."""
    chows = reading.chows
    last = len(chows) - 1
    if reading.chow_mask.bit_count() > last:  # no two chows alike
        return NONE
    # equal chows stand side by side (a Reading's chows are in the order of their lowest kinds):
    # each chow with those after it while they are equal, in place of a test of every choice of two
    found = []
    for i in range(last):
        a = chows[i]
        j = i + 1
        while j <= last and chows[j].first is a.first:
            found.append((a, chows[j]))
            j += 1
    return kept(found)


@rule("mcr.mixed-double-chow", source="Green Book 2006, fan 70", needs=Needs(chows=2, screen=_TWO_SUITS_ALIKE))
def mixed_double_chow(reading: Reading, situation: Situation) -> Hits:
    """喜相逢 Mixed Double Chow: the same chow in two different suits; every such pair."""
    chows = reading.chow_mask
    return chow_pairs(reading.chows, chows & (chows >> 9 | chows >> 18), _LATER_SUITS)


@rule("mcr.short-straight", source="Green Book 2006, fan 71",
      needs=Needs(chows=2, screen=f"chows & chows >> 3 & {_STARTS_1_TO_4}"))
def short_straight(reading: Reading, situation: Situation) -> Hits:
    """连六 Short Straight: two chows of one suit covering six consecutive ranks (123+456)."""
    chows = reading.chow_mask
    return chow_pairs(reading.chows, chows & chows >> 3 & _STARTS_1_TO_4, 1 << 3)


@rule("mcr.two-terminal-chows", source="Green Book 2006, fan 72",
      needs=Needs(chows=2, screen=f"chows & chows >> 6 & {RANK_1}"))
def two_terminal_chows(reading: Reading, situation: Situation) -> Hits:
    """老少副 Two Terminal Chows: 123 and 789 of one suit; every such pair."""
    chows = reading.chow_mask
    return chow_pairs(reading.chows, chows & chows >> 6 & RANK_1, 1 << 6)


@rule("mcr.pure-straight", source="Green Book 2006, fan 28",
      needs=Needs(chows=3, screen=f"chows & chows >> 3 & chows >> 6 & {RANK_1}"))
def pure_straight(reading: Reading, situation: Situation) -> Hits:
    """清龙 Pure Straight: 123, 456 and 789 of one suit; every such triple."""
    chows = reading.chow_mask
    return chow_runs(reading.chows, ((chows & chows >> 3 & chows >> 6 & RANK_1, 3),))


@rule("mcr.mixed-straight", source="Green Book 2006, fan 39",
      needs=Needs(chows=3, screen=f"chows & {RANK_1} and chows >> 3 & {RANK_1} and chows >> 6 & {RANK_1}"))
def mixed_straight(reading: Reading, situation: Situation) -> Hits:
    """花龙 Mixed Straight: 123, 456 and 789, each in a different suit; every such triple."""
    found = []
    for t in choose(reading.chows, 3):
        a, b, c = t[0].first, t[1].first, t[2].first
        if len({a.suit, b.suit, c.suit}) == 3 and {a.rank, b.rank, c.rank} == {1, 4, 7}:
            found.append(t)
    return kept(found)


@rule("mcr.pure-triple-chow", source="Green Book 2006, fan 23", needs=Needs(chows=3, shared_kind=True, alike_chows=2))
def pure_triple_chow(reading: Reading, situation: Situation) -> Hits:
    """一色三同顺 Pure Triple Chow: three identical chows; every such triple."""
    if reading.chow_mask.bit_count() > len(reading.chows) - 2:  # three alike leave at most n - 2 kinds
        return NONE
    found = []
    for t in choose(reading.chows, 3):
        a, b, c = t
        if a.first is b.first is c.first:
            found.append(t)
    return kept(found)


@rule("mcr.mixed-triple-chow", source="Green Book 2006, fan 41",
      needs=Needs(chows=3, screen="chows & chows >> 9 & chows >> 18"))
def mixed_triple_chow(reading: Reading, situation: Situation) -> Hits:
    """三色三同顺 Mixed Triple Chow: the same chow in each of the three suits; every such triple."""
    chows = reading.chow_mask
    return chow_runs(reading.chows, ((chows & chows >> 9 & chows >> 18, 9),))


def _uniform_steps(ranks: list[int], steps: tuple[int, ...]) -> bool:
    ranks = sorted(ranks)
    gaps = {b - a for a, b in zip(ranks, ranks[1:], strict=False)}
    return len(gaps) == 1 and gaps.pop() in steps


def _steps_by(a: int, b: int, c: int, steps: tuple[int, ...]) -> bool:
    """Whether three ranks, in any order, step uniformly by one of *steps*."""
    low, middle, high = sorted((a, b, c))
    return middle - low == high - middle and middle - low in steps


@rule("mcr.pure-shifted-chows", source="Green Book 2006, fan 30",
      # (both runs hold two chows two ranks apart, asked first: most Readings have none)
      needs=Needs(chows=3, screen=f"chows & chows >> 2 and ({run_screen('chows', 3, (1, 2))})"))
def pure_shifted_chows(reading: Reading, situation: Situation) -> Hits:
    """一色三步高 Pure Shifted Chows: three chows of one suit stepping by 1 or by 2 (123 234 345,
    135 357 579 starts); every such triple."""
    chows = reading.chow_mask
    by_one = chows & chows >> 1 & chows >> 2 & RUN_STARTS[3, 1]
    by_two = chows & chows >> 2 & chows >> 4 & RUN_STARTS[3, 2]
    return chow_runs(reading.chows, ((by_one, 1), (by_two, 2)))


@rule("mcr.mixed-shifted-chows", source="Green Book 2006, fan 51", needs=Needs(chows=3, screen=shifted_screen("chows")))
def mixed_shifted_chows(reading: Reading, situation: Situation) -> Hits:
    """三色三步高 Mixed Shifted Chows: one chow in each suit, starts stepping by 1; every triple."""
    found = []
    for t in choose(reading.chows, 3):
        a, b, c = t[0].first, t[1].first, t[2].first
        if len({a.suit, b.suit, c.suit}) == 3 and _steps_by(a.rank, b.rank, c.rank, (1,)):
            found.append(t)
    return kept(found)


@rule("mcr.quadruple-chow", source="Green Book 2006, fan 14",
      needs=Needs(chows=4, shared_kind=True, alike_chows=2, screen="not chows & chows - 1"))
def quadruple_chow(reading: Reading, situation: Situation) -> Hits:
    """一色四同顺 Quadruple Chow: four identical chows."""
    found = reading.chows
    return Hits.when(len(found) == 4 and len({g.first for g in found}) == 1, found)


@rule("mcr.four-pure-shifted-chows", source="Green Book 2006, fan 16",
      needs=Needs(chows=4, screen=run_screen("chows", 4, (1, 2))))
def four_pure_shifted_chows(reading: Reading, situation: Situation) -> Hits:
    """一色四步高 Four Pure Shifted Chows: four chows of one suit stepping uniformly by 1 or by 2."""
    found = reading.chows
    return Hits.when(
        len(found) == 4 and _same_suit(*found) and _uniform_steps([rank(g) for g in found], (1, 2)), found
    )


@rule(
    "mcr.pure-terminal-chows",
    source="Green Book 2006, fan 13",
    needs=Needs(pairs=1, within=suited_ranks(1, 2, 3, 5, 7, 8, 9),
                screen=" or ".join(f"kinds == {_TERMINAL_CHOWS_KINDS << 9 * suit}" for suit in range(3))),
)
def pure_terminal_chows(reading: Reading, situation: Situation) -> Hits:
    """一色双龙会 Pure Terminal Chows: 123 123 789 789 of one suit with a pair of 5 of that suit.

    Recognised by its tiles (11223355778899 of one suit), so it also holds on the Seven Pairs
    reading of the same tiles (which the fan excludes, Green Book 2006 fan 13).  One instance
    using every group.
    """
    tiles = reading.tiles
    suit = tiles[0].suit
    ranks = tuple(t.rank for t in tiles)
    same_suit = tiles[0].is_suited and all(t.suit == suit for t in tiles)
    return Hits.when(same_suit and ranks == _TERMINAL_CHOWS_RANKS, reading.groups)


@rule(
    "mcr.three-suited-terminal-chows",
    source="Green Book 2006, fan 29",
    needs=Needs(chows=4, pairs=1, shape=STANDARD, within=suited_ranks(1, 2, 3, 5, 7, 8, 9)),
)
def three_suited_terminal_chows(reading: Reading, situation: Situation) -> Hits:
    """三色双龙会 Three-Suited Terminal Chows: 123 and 789 in each of two suits, a pair of 5 in
    the third suit.  One instance using every group."""
    found = reading.chows
    pair = reading.pair
    if reading.shape != STANDARD or len(found) != 4 or pair is None or not pair.first.is_suited:
        return NONE
    by_suit: dict[str, list[int]] = {}
    for g in found:
        by_suit.setdefault(g.first.suit, []).append(rank(g))
    terminal = all(sorted(r) == [1, 7] for r in by_suit.values()) and len(by_suit) == 2
    return Hits.when(terminal and pair.first.rank == 5 and pair.first.suit not in by_suit, reading.groups)


@rule("mcr.all-chows", source="Green Book 2006, fan 63",
      needs=Needs(chows=1, pairs=1, within=SUITED_TILES, shapes=_CHOW_SHAPES, screen="not pungs", exact=True))
def all_chows(reading: Reading, situation: Situation) -> Hits:
    """平和 All Chows: four chows and a suited pair.  The Knitted Straight's nine tiles count as
    three chows (Green Book 2006 fan 35 "special chows"; the MIL reading, scores All Chows for a
    Knitted Straight with a chow and a suited pair)."""
    # the sets of these two shapes are chows, pungs, kongs and the knitted group: all chows (or
    # knitted) when none is a pung or kong (asked first: it refuses most hands)
    if reading.pungs:
        return NONE
    pairs = reading.pairs  # (Reading.pair, without the property's call)
    if len(pairs) != 1 or reading.shape not in _CHOW_SHAPES or not pairs[0].first.is_suited:
        return NONE
    return ONCE
