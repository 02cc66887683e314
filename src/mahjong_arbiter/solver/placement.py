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

from collections.abc import Callable, Sequence
from dataclasses import replace
from operator import attrgetter
from typing import Final

from ..hand import Meld, MeldKind
from ..tiles import NUM_KINDS, Tile
from .reading import STANDARD, Group, GroupKind, Reading, Wait, canonical_reading

__all__ = [
    "Decomposer",
    "standing_group",
    "meld_group",
    "wait_of",
    "place_winning_tile",
    "exposed",
]

Decomposer = Callable[[Sequence[int], int], list[tuple[Group, ...]]]
"""``decompose(counts, sets)``: every distinct split of the 34 standing counts into exactly *sets*
chows or pungs and one pair, each split a tuple of standing groups, in any order (``fast`` gives the
honours first, then each suit's groups; ``cpsat`` and ``csp`` sort them by :meth:`Group.sort_key`):
:func:`place_winning_tile` puts each split in canonical order with the declared melds."""


def _standing_groups() -> dict[tuple[GroupKind, int], Group]:
    """Every concealed, undeclared group a split can use: 21 chows, 34 pungs, 34 pairs."""
    found: dict[tuple[GroupKind, int], Group] = {}
    for index in range(NUM_KINDS):
        tile = Tile.at(index)
        if tile.is_suited and tile.rank <= 7:
            found[GroupKind.CHOW, index] = Group.chow(tile)
        found[GroupKind.PUNG, index] = Group.pung(tile)
        found[GroupKind.PAIR, index] = Group.pair(tile)
    return found


_STANDING: Final = _standing_groups()
"""The finite set of standing groups, built once at import so every split shares the same objects."""


def standing_group(kind: GroupKind, index: int) -> Group:
    """The concealed, undeclared group of *kind* (chow, pung or pair) whose lowest tile is *index*."""
    try:
        return _STANDING[kind, index]
    except KeyError:
        raise ValueError(f"no standing {kind.value} starts at tile index {index}") from None


def _declared_groups(kind: MeldKind) -> tuple[Group | None, ...]:
    """Every group a declared meld of *kind* can be, at ``2 * index + exposed`` (its lowest tile's
    index; None where no such meld starts): exposed or concealed."""
    make = {MeldKind.CHOW: Group.chow, MeldKind.PUNG: Group.pung, MeldKind.KONG: Group.kong}[kind]
    found: list[Group | None] = []
    for index in range(NUM_KINDS):
        tile = Tile.at(index)
        for exposed in (False, True):
            starts = kind is not MeldKind.CHOW or tile.is_suited and tile.rank <= 7
            found.append(make(tile, concealed=not exposed, declared=True) if starts else None)
    return tuple(found)


_CHOWS, _PUNGS, _KONGS = (_declared_groups(kind) for kind in (MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG))
_MELD_CHOW, _MELD_PUNG = MeldKind.CHOW, MeldKind.PUNG


def meld_group(meld: Meld) -> Group:
    """The group of a declared meld: exposed sets are not concealed, a concealed kong is (read from
    a tuple by position: no key is built or hashed)."""
    kind = meld.kind
    groups = _CHOWS if kind is _MELD_CHOW else _PUNGS if kind is _MELD_PUNG else _KONGS
    found = groups[2 * meld.tiles[0].index + meld.exposed]
    assert found is not None  # a Meld is checked when made: a chow starts on a suited rank 1..7
    return found


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
    kind = group.kind
    if kind is _CHOW:
        first = group.first.rank
        position = tile.rank - first
        if position == 1:
            return _CLOSED
        if position == 0:
            return _EDGE if first == 7 else _TWO_SIDED
        return _EDGE if first == 1 else _TWO_SIDED
    if kind is _PUNG:
        return _DUAL_PUNG
    if kind is _PAIR:
        return _SINGLE
    return _IRREGULAR


_CHOW, _PUNG, _PAIR = GroupKind.CHOW, GroupKind.PUNG, GroupKind.PAIR
_CLOSED, _EDGE, _TWO_SIDED, _DUAL_PUNG, _SINGLE, _IRREGULAR = (
    Wait.CLOSED, Wait.EDGE, Wait.TWO_SIDED, Wait.DUAL_PUNG, Wait.SINGLE, Wait.IRREGULAR
)


def place_winning_tile(
    shape: str,
    standing: Sequence[Group],
    declared: Sequence[Group],
    winning_tile: Tile,
    self_drawn: bool,
) -> list[Reading]:
    """Every Reading of one split: one per distinct standing group that holds *winning_tile*.

    A special shape's groupings come in canonical order already (:class:`~mahjong_arbiter.solver.
    shapes.SpecialShape`): without declared melds they are not sorted again."""
    index = winning_tile.index
    bit = 1 << index
    waits = _WAITS_AT[index]  # the standing groups holding the tile: their waits, by order
    # Sorted once: a completed group's exposed twin sorts just before its concealed equals, so it
    # can take the place of the first of them and the order stays canonical.  Equal groups stand
    # side by side, so the first of each run of equals is the one placement they give.
    if declared:
        ordered = tuple(sorted((*declared, *standing), key=_ORDER))
    elif shape == STANDARD:
        ordered = tuple(sorted(standing, key=_ORDER))
    else:
        ordered = tuple(standing)
    found: list[Reading] = []
    last = -1  # the order of the group last placed: equal groups have equal orders
    for i, group in enumerate(ordered):
        if not group.mask & bit or group.declared or group.order == last:
            continue
        last = group.order
        wait = waits.get(last) or wait_of(group, winning_tile)  # read for a standing group, else worked out
        if self_drawn:
            found.append(canonical_reading(shape, ordered, group, winning_tile, wait))
            continue
        completed = _EXPOSED_GET(last) or exposed(group)  # no call for a standing group
        groups = list(ordered)  # the completed group in the place of its concealed twin
        groups[i] = completed
        found.append(canonical_reading(shape, tuple(groups), completed, winning_tile, wait))
    return found


_ORDER: Final = attrgetter("order")  # Group.sort_key as one integer, read as an attribute (C level)

_EXPOSED: Final = {g.order: replace(g, concealed=False) for g in _STANDING.values()}
"""Each standing group's exposed twin, by :attr:`Group.order` (an integer that names the group:
a lookup without calling the group's hash)."""
_EXPOSED_GET: Final = _EXPOSED.get

_WAITS_AT: Final = tuple(
    {g.order: wait_of(g, Tile.at(index)) for g in _STANDING.values() if g.mask >> index & 1}
    for index in range(NUM_KINDS)
)
"""For each kind, the wait of each standing group holding it, by :attr:`Group.order`: what
:func:`wait_of` says, read from a table built once at import (no call per placement)."""


def exposed(group: Group) -> Group:
    """The group completed by a discard: the same tiles, counted as exposed, still undeclared."""
    twin = _EXPOSED.get(group.order)
    if twin is None:  # a special shape's group (knitted, single tile): a finite set, kept once made
        twin = _EXPOSED[group.order] = replace(group, concealed=False)
    return twin
