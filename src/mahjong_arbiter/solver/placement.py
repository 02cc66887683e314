"""Winning-tile placement: from the groups of one decomposition to its Readings.

Every backend finds the ways to split the standing tiles into groups; this module, shared by all of
them, turns one such split into Readings:

1. the declared melds become groups (exposed sets not concealed; a declared concealed kong
   concealed);
2. every distinct standing group holding the winning tile is a placement of that tile;
3. the group a discard completed counts as exposed (``concealed=False``, still ``declared=False``);
   a self-drawn win leaves every standing group concealed (Green Book 2006 fan 66 "Concealed Pung";
   BMJA "a pung completed by a discard is exposed");
4. the placement's wait follows from the completed group (Green Book 2006 fans 77-79): a chow
   completed in the middle is closed, a chow completed at the end away from a terminal is two-sided,
   12 completed by 3 and 89 completed by 7 are edge waits; a completed pung is a dual-pung wait, a
   completed pair a single wait, a knitted or irregular group an irregular wait.

Two placements that give the same groups, the same completed group and the same concealment are one
Reading, so two identical chows give one placement, not two.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from functools import cache

from ..hand import Meld, MeldKind
from ..tiles import Tile
from .reading import Group, GroupKind, Reading, Wait

__all__ = [
    "Decomposer",
    "standing_group",
    "meld_group",
    "wait_of",
    "place_winning_tile",
]

Decomposer = Callable[[Sequence[int], int], list[tuple[Group, ...]]]
"""``decompose(counts, sets)``: every distinct split of the 34 standing counts into exactly *sets*
chows or pungs and one pair, each split a tuple of standing groups sorted by :meth:`Group.sort_key`."""


@cache
def standing_group(kind: GroupKind, index: int) -> Group:
    """The concealed, undeclared group of *kind* (chow, pung or pair) whose lowest tile is *index*."""
    tile = Tile.at(index)
    if kind is GroupKind.CHOW:
        return Group.chow(tile)
    if kind is GroupKind.PUNG:
        return Group.pung(tile)
    if kind is GroupKind.PAIR:
        return Group.pair(tile)
    raise ValueError(f"no standing group of kind {kind.value}")


def meld_group(meld: Meld) -> Group:
    """The group of a declared meld: exposed sets are not concealed, a concealed kong is."""
    if meld.kind is MeldKind.CHOW:
        return Group.chow(meld.first, concealed=not meld.exposed, declared=True)
    if meld.kind is MeldKind.PUNG:
        return Group.pung(meld.first, concealed=not meld.exposed, declared=True)
    return Group.kong(meld.first, concealed=not meld.exposed, declared=True)


def wait_of(group: Group, tile: Tile) -> Wait:
    """The wait implied by *tile* completing *group*.

    >>> from mahjong_arbiter.tiles import Tile
    >>> wait_of(Group.chow(Tile.of("7s")), Tile.of("7s")).value
    'edge'
    >>> wait_of(Group.chow(Tile.of("1s")), Tile.of("1s")).value
    'two-sided'
    >>> wait_of(Group.chow(Tile.of("1s")), Tile.of("2s")).value
    'closed'
    """
    if group.kind is GroupKind.CHOW:
        position = tile.rank - group.first.rank
        if position == 1:
            return Wait.CLOSED
        if position == 0:
            return Wait.EDGE if group.first.rank == 7 else Wait.TWO_SIDED
        return Wait.EDGE if group.first.rank == 1 else Wait.TWO_SIDED
    if group.kind is GroupKind.PUNG:
        return Wait.DUAL_PUNG
    if group.kind is GroupKind.PAIR:
        return Wait.SINGLE
    return Wait.IRREGULAR


def place_winning_tile(
    shape: str,
    standing: Sequence[Group],
    declared: Sequence[Group],
    winning_tile: Tile,
    self_drawn: bool,
) -> list[Reading]:
    """Every Reading of one split: one per distinct standing group that holds *winning_tile*."""
    found: list[Reading] = []
    for group in _distinct(g for g in standing if winning_tile in g.tiles):
        completed = group if self_drawn else _exposed(group)
        groups = list(declared)
        groups.extend(standing)
        groups[groups.index(group, len(declared))] = completed
        found.append(Reading.make(shape, groups, completed, winning_tile, wait_of(group, winning_tile)))
    return found


@cache
def _exposed(group: Group) -> Group:
    """The group completed by a discard: the same tiles, counted as exposed, still undeclared."""
    return replace(group, concealed=False)


def _distinct(groups: Iterable[Group]) -> list[Group]:
    return list(dict.fromkeys(groups))
