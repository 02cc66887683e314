"""Views of a Reading that the MCR fan recognisers share (no rules are registered here).

The Mahjong Competition Rules (Green Book 2006, section 3.8) describe most fans by the sets of a
hand: chows, pungs (a kong counts as a pung), the pair, and by which tiles the hand holds.  These
helpers read those views off a :class:`~mahjong_arbiter.solver.reading.Reading` so that each fan
module stays a list of small predicates.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..solver.reading import STANDARD, Group, GroupKind, Reading
from ..tiles import SUITS

__all__ = [
    "STANDARD",
    "chows",
    "pungs",
    "suited_pungs",
    "kongs",
    "suits_present",
    "has_honour",
    "choose",
    "rank",
]

def chows(reading: Reading) -> tuple[Group, ...]:
    """The chows of the Reading, in canonical order."""
    return tuple(g for g in reading.groups if g.kind is GroupKind.CHOW)


def pungs(reading: Reading) -> tuple[Group, ...]:
    """The pungs and kongs (a kong counts as a pung for every pung fan, Green Book 2006 3.8)."""
    return tuple(g for g in reading.groups if g.is_pung_or_kong)


def suited_pungs(reading: Reading) -> tuple[Group, ...]:
    """The pungs and kongs of suited tiles."""
    return tuple(g for g in pungs(reading) if g.first.is_suited)


def kongs(reading: Reading) -> tuple[Group, ...]:
    """The kongs."""
    return tuple(g for g in reading.groups if g.kind is GroupKind.KONG)


def suits_present(reading: Reading) -> frozenset[str]:
    """The suits (``m``, ``p``, ``s``) the hand holds at least one tile of."""
    return frozenset(t.suit for t in reading.tiles if t.suit in SUITS)


def has_honour(reading: Reading) -> bool:
    """Whether the hand holds a wind or a dragon."""
    return any(t.is_honour for t in reading.tiles)


def rank(group: Group) -> int:
    """The rank of a group's lowest tile (the start of a chow, the rank of a pung)."""
    return group.first.rank


def choose(groups: tuple[Group, ...], k: int) -> Iterator[tuple[Group, ...]]:
    """Every choice of *k* of *groups* (by position, so two equal chows are two choices)."""
    return combinations(groups, k)
