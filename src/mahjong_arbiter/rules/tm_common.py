"""Shared views for the Companion's and the club guide's hand recognisers (nothing registered here).

The hands of Thompson & Maloney's *The Mah Jong Player's Companion* (1997) that are four sets and a
pair are read off a standard Reading; these helpers name what they ask: the sets of one suit, the
chows and where they start, whether a pung or kong is of a given tile class.  Colour classes are
the book's: green bamboo 2 3 4 6 8, red bamboo 1 5 7 9 (p. 4); the blue circles follow the
Mahjong Reference app (2 3 4 5 8 9), as the profile notes say.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ..solver.reading import Group, GroupKind, Reading
from ..tiles import Tile
from .classical_common import is_standard_complete

__all__ = [
    "TM", "CLUB", "GREEN_BAMBOO", "RED_BAMBOO", "BLUE_CIRCLES", "suit_base", "one_to_nine", "sets_in",
    "is_tile", "all_of", "standard_sets", "chow_suits", "of_ranks",
]

TM: Final = "Thompson & Maloney 1997"
CLUB: Final = "Club guide 2026"

GREEN_BAMBOO: Final = frozenset(Tile.of(f"{r}s") for r in (2, 3, 4, 6, 8))
RED_BAMBOO: Final = frozenset(Tile.of(f"{r}s") for r in (1, 5, 7, 9))
BLUE_CIRCLES: Final = frozenset(Tile.of(f"{r}p") for r in (2, 3, 4, 5, 8, 9))


def suit_base(tile: Tile) -> int:
    """The index of the one of the tile's suit (0, 9 or 18); honours have none (-1)."""
    return tile.index - tile.index % 9 if tile.is_suited else -1


def standard_sets(reading: Reading) -> tuple[Group, ...] | None:
    """The four sets of a standard Reading, or None when it is not four sets and a pair."""
    return reading.sets if is_standard_complete(reading) else None


def one_to_nine(reading: Reading) -> tuple[int, Group, Group] | None:
    """Three chows 123, 456 and 789 of one suit with a fourth set and a pair: (the suit's base,
    the fourth set, the pair), or None."""
    sets = standard_sets(reading)
    chows = reading.chows
    if sets is None or len(chows) != 3 or reading.pair is None:
        return None
    base = suit_base(chows[0].first)
    if sorted(g.first.index - base for g in chows) != [0, 3, 6] or any(suit_base(g.first) != base for g in chows):
        return None
    fourth = next(g for g in sets if g.kind is not GroupKind.CHOW)
    return base, fourth, reading.pair


def sets_in(groups: Iterable[Group], tiles: frozenset[Tile]) -> list[Group]:
    """The groups whose tiles are all in *tiles*."""
    return [g for g in groups if all(t in tiles for t in g.tiles)]


def is_tile(group: Group | None, token: str) -> bool:
    """Whether *group* is made of the tile *token* (``C``, ``5p``)."""
    return group is not None and group.first is Tile.of(token) and group.kind is not GroupKind.CHOW


def all_of(groups: Iterable[Group], tiles: frozenset[Tile]) -> bool:
    """Every tile of every group is in *tiles*."""
    return all(t in tiles for g in groups for t in g.tiles)


def chow_suits(reading: Reading) -> list[int]:
    """The suit of each chow, as bases."""
    return [suit_base(g.first) for g in reading.chows]


def of_ranks(base: int, ranks: Iterable[int]) -> frozenset[Tile]:
    """The tiles of *ranks* in the suit at *base*."""
    return frozenset(Tile.at(base + r - 1) for r in ranks)
