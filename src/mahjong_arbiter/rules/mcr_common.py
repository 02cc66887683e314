"""Views of a Reading that the MCR fan recognisers share (no rules are registered here).

The Mahjong Competition Rules (Green Book 2006, section 3.8) describe most fans by the sets of a
hand: chows, pungs (a kong counts as a pung), the pair, and by which tiles the hand holds.  These
helpers read those views off a :class:`~mahjong_arbiter.solver.reading.Reading` so that each fan
module stays a list of small predicates.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from ..solver.reading import STANDARD, Group, Reading
from .registry import NONE, Hits, hits_of

__all__ = [
    "STANDARD", "suited_pungs", "choose", "kept", "rank", "by_suit", "RANK_1", "run_screen", "SUIT_MASKS", "chow_pairs",
    "chow_runs", "RUN_STARTS",
    "shifted_screen",
]

SUIT_MASKS: Final = (0x1FF, 0x1FF << 9, 0x1FF << 18)
"""The nine bits of characters, dots and bamboo in a kinds mask."""

RANK_1: Final = 1 | 1 << 9 | 1 << 18
"""Bit of the 1 of each suit in a kinds mask: ``mask >> (r - 1) & RANK_1`` asks about rank *r*."""


def by_suit(mask: int) -> tuple[int, int, int]:
    """A kinds mask's nine bits of characters, dots and bamboo (bit 0 = rank 1).

    >>> by_suit(0b101 | 1 << 20)
    (5, 0, 4)
    """
    return mask & 0x1FF, mask >> 9 & 0x1FF, mask >> 18 & 0x1FF


def run_screen(name: str, length: int, steps: tuple[int, ...]) -> str:
    """A :attr:`Needs.screen <mahjong_arbiter.rules.registry.Needs.screen>`: the kinds mask
    *name* holds, in one suit, *length* ranks stepping by one of *steps* (1 2 3, or 1 3 5).  Each
    run's first rank is masked to the ranks that leave the run inside its suit, so no run joins
    two suits.

    >>> run_screen("chows", 3, (1,)) == f"chows & chows >> 1 & chows >> 2 & {RUN_STARTS[3, 1]}"
    True
    >>> chows = 0b111 << 9; eval(run_screen("chows", 3, (1,))) != 0
    True
    >>> chows = 0b11 << 7 | 1 << 9; eval(run_screen("chows", 3, (1,)))  # 8m 9m 1p
    0
    """
    runs = []
    for step in steps:
        shifted = " & ".join([name] + [f"{name} >> {i * step}" for i in range(1, length)])
        runs.append(f"{shifted} & {RUN_STARTS[length, step]}")
    return " or ".join(runs)


def shifted_screen(name: str) -> str:
    """A :attr:`Needs.screen <mahjong_arbiter.rules.registry.Needs.screen>`: the kinds mask
    *name* (chows' lowest kinds, or pungs) holds one kind in each suit, their ranks three in a
    row in any order (Mixed Shifted Chows or Pungs): for some order of the suits' ranks, the
    first suit's kind at rank r, the others' at r + 1 and r + 2 as the order says.

    >>> chows = 1 << 2 | 1 << 9 | 1 << 19  # 3m 1p 2s
    >>> eval(shifted_screen("chows")) != 0
    True
    >>> chows = 1 << 2 | 1 << 9 | 1 << 21  # 3m 1p 4s
    >>> eval(shifted_screen("chows"))
    0
    """
    orders = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
    # (a kind in each suit asked first, three tests: most Readings have none; r at most 7 - 1: the
    # ranks above it stay in their suit)
    every_suit = " and ".join(f"{name} & {mask}" for mask in SUIT_MASKS)
    shifted = " or ".join(f"{name} >> {m} & {name} >> {9 + p} & {name} >> {18 + s} & 127" for m, p, s in orders)
    return f"{every_suit} and ({shifted})"


def _run_starts(length: int, step: int) -> int:
    """The bits of every rank that can start such a run inside its suit (its last rank at most 9),
    so the shifted masks never join two suits."""
    last = 8 - step * (length - 1)
    return sum(1 << (9 * suit + r) for suit in range(3) for r in range(last + 1)) if last >= 0 else 0


RUN_STARTS: Final = {(length, step): _run_starts(length, step) for length in range(1, 10) for step in range(1, 9)}
"""The first ranks of runs inside their suit (:func:`run_screen`), by the runs' length and step."""


def suited_pungs(reading: Reading) -> list[Group]:
    """The pungs and kongs of suited tiles (a kong counts as a pung, Green Book 2006 3.8)."""
    return [g for g in reading.pungs if g.first.is_suited]


def rank(group: Group) -> int:
    """The rank of a group's lowest tile (the start of a chow, the rank of a pung)."""
    return group.first.rank


def kept(found: Sequence[tuple[Group, ...]]) -> Hits:
    """The instances *found* (each the groups it uses), or none.  (The fans collect them with a
    loop rather than a list comprehension: on Python 3.11 the comprehension is a function call of
    its own, which costs more than the loop over a Reading's few groups.)"""
    return hits_of(tuple(found)) if found else NONE


def chow_pairs(chows: Sequence[Group], starts: int, times: int) -> Hits:
    """The pairs of *chows* (by position, in the order :func:`choose` gives them) of a chow whose
    lowest kind is one of *starts* (a mask of kinds) and a chow whose lowest kind is that kind
    times *times* (``8``: three ranks higher; ``1 << 9 | 1 << 18``: the same rank in a later
    suit), or none.

    A Reading's chows come in the order of their lowest kinds, so the second chow of such a pair
    follows the first: one pass over the chows for each chow of *starts*, in place of a test of
    every choice of two.

    >>> from mahjong_arbiter.solver.reading import Group
    >>> from mahjong_arbiter.tiles import Tile
    >>> c1, c4 = Group.chow(Tile.of("1m")), Group.chow(Tile.of("4m"))
    >>> chow_pairs((c1, c1, c4), starts=1, times=8).count
    2
    """
    found = []
    for a in chows:
        low = a.low
        if low & starts:
            low *= times
            for b in chows:
                if b.low & low:
                    found.append((a, b))
    return hits_of(tuple(found)) if found else NONE


def chow_runs(chows: Sequence[Group], runs: tuple[tuple[int, int], ...]) -> Hits:
    """The triples of *chows* (by position, in the order :func:`choose` gives them) of three
    chows whose lowest kinds step by the same number of kinds, for each ``(starts, step)`` of
    *runs*: the first chow's lowest kind one of *starts* (a mask of kinds), the next *step*
    kinds higher, the last *step* kinds higher again; or none.  For each first chow its runs
    come in the order of *runs*, which must be that of their steps (the order of the second
    chows).

    As :func:`chow_pairs`: the later chows of a triple follow the first, so one pass over the
    chows per chow found, in place of a test of every choice of three.

    >>> from mahjong_arbiter.solver.reading import Group
    >>> from mahjong_arbiter.tiles import Tile
    >>> c1, c2, c3 = (Group.chow(Tile.of(t)) for t in ("1m", "2m", "3m"))
    >>> chow_runs((c1, c2, c3), ((1, 1),)).count
    1
    """
    found = []
    for a in chows:
        low = a.low
        for starts, step in runs:
            if low & starts:
                second = low << step
                third = second << step
                for b in chows:
                    if b.low == second:
                        for c in chows:
                            if c.low == third:
                                found.append((a, b, c))
    return hits_of(tuple(found)) if found else NONE


choose: Final = combinations
"""``choose(groups, k)``: every choice of *k* of *groups* (by position, so two equal chows are two
choices), in the order of *groups*; :func:`itertools.combinations` itself, so the fans that choose
sets pay no call of their own for it."""
