"""Views of a Reading that the MCR fan recognisers share (no rules are registered here).

The Mahjong Competition Rules (Green Book 2006, section 3.8) describe most fans by the sets of a
hand: chows, pungs (a kong counts as a pung), the pair, and by which tiles the hand holds.  These
helpers read those views off a :class:`~mahjong_arbiter.solver.reading.Reading` so that each fan
module stays a list of small predicates.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..solver.reading import STANDARD, Group, Reading

__all__ = ["STANDARD", "suited_pungs", "choose", "rank"]

def suited_pungs(reading: Reading) -> tuple[Group, ...]:
    """The pungs and kongs of suited tiles (a kong counts as a pung, Green Book 2006 3.8)."""
    return tuple(g for g in reading.pungs if g.first.is_suited)


def rank(group: Group) -> int:
    """The rank of a group's lowest tile (the start of a chow, the rank of a pung)."""
    return group.first.rank


def choose(groups: tuple[Group, ...], k: int) -> Iterator[tuple[Group, ...]]:
    """Every choice of *k* of *groups* (by position, so two equal chows are two choices)."""
    return combinations(groups, k)
