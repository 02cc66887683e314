"""A Reading: one way to read a complete hand, the value every backend returns.

A Reading holds the hand's groups (four sets and a pair, or the groups of a special shape), the
group the winning tile completed, whether each group counts as concealed, and the wait of that
placement.  Readings are plain frozen values in a canonical form, so two backends agree exactly
when they return equal sets of Readings.

Concealment: a declared meld is concealed only if it is a concealed kong.  A standing group is
concealed, except the group a discard completed (a pung won on a discard counts as exposed,
Green Book 2006 fan 66 "Concealed Pung"; BMJA "a pung completed by a discard is exposed").

>>> from mahjong_arbiter.tiles import Tile
>>> g = Group.chow(Tile.of("1m"))
>>> g.kind.value, [str(t) for t in g.tiles], g.concealed
('chow', ['1m', '2m', '3m'], True)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from ..tiles import Tile

__all__ = ["GroupKind", "Group", "Wait", "Reading", "STANDARD"]

STANDARD = "standard"
"""The shape name of four sets and a pair."""


class GroupKind(StrEnum):
    """What a group of a Reading is."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"
    KNITTED = "knitted"  # 147/258/369 of three suits (nine tiles): the Knitted Straight
    IRREGULAR = "irregular"  # the single-tile group of a special shape (orphans, honours-and-knitted, ...)


_KIND_ORDER = {k: i for i, k in enumerate(GroupKind)}


def _tile_index(tile: Tile) -> int:
    return tile.index


class Wait(StrEnum):
    """The wait a winning-tile placement implies (Green Book 2006 fans 77-79)."""

    TWO_SIDED = "two-sided"  # 23 waiting on 1 or 4
    EDGE = "edge"  # 12 waiting on 3, 89 waiting on 7
    CLOSED = "closed"  # 13 waiting on 2
    SINGLE = "single"  # a lone tile waiting to make the pair
    DUAL_PUNG = "dual-pung"  # two pairs, one of which becomes a pung
    IRREGULAR = "irregular"  # the winning tile completes a special shape's irregular group


@dataclass(frozen=True, slots=True, eq=False)
class Group:
    """One group of a Reading.

    Attributes
    ----------
    kind : GroupKind
    tiles : tuple of Tile, sorted
    concealed : bool
        Counts as concealed for scoring (see the module docstring).
    declared : bool
        Came from a declared meld (exposed set or declared concealed kong).
    """

    kind: GroupKind
    tiles: tuple[Tile, ...]
    concealed: bool = True
    declared: bool = False
    first: Tile = field(init=False, repr=False, compare=False)
    """The lowest tile (the identity of a chow, the tile of a pung, kong or pair)."""
    is_set: bool = field(init=False, repr=False, compare=False)
    """A chow, pung or kong (one of the four sets of a standard hand)."""
    is_pung_or_kong: bool = field(init=False, repr=False, compare=False)
    _key: tuple[int, tuple[int, ...], bool, bool] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # Readings are sorted and hashed, and rules read these, in hot loops: compute them once.
        key = (_KIND_ORDER[self.kind], tuple(t.index for t in self.tiles), self.declared, self.concealed)
        object.__setattr__(self, "_key", key)
        object.__setattr__(self, "first", self.tiles[0])
        pung_or_kong = self.kind is GroupKind.PUNG or self.kind is GroupKind.KONG
        object.__setattr__(self, "is_pung_or_kong", pung_or_kong)
        object.__setattr__(self, "is_set", pung_or_kong or self.kind is GroupKind.CHOW)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Group) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    @classmethod
    def chow(cls, lowest: Tile, *, concealed: bool = True, declared: bool = False) -> Group:
        second, third = lowest.next_in_suit(1), lowest.next_in_suit(2)
        assert second is not None and third is not None, f"no chow starts at {lowest}"
        return cls(GroupKind.CHOW, (lowest, second, third), concealed, declared)

    @classmethod
    def pung(cls, tile: Tile, *, concealed: bool = True, declared: bool = False) -> Group:
        return cls(GroupKind.PUNG, (tile,) * 3, concealed, declared)

    @classmethod
    def kong(cls, tile: Tile, *, concealed: bool = True, declared: bool = True) -> Group:
        return cls(GroupKind.KONG, (tile,) * 4, concealed, declared)

    @classmethod
    def pair(cls, tile: Tile, *, concealed: bool = True) -> Group:
        return cls(GroupKind.PAIR, (tile, tile), concealed, False)

    def sort_key(self) -> tuple[int, tuple[int, ...], bool, bool]:
        return self._key

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "tiles": [t.token for t in self.tiles],
            "concealed": self.concealed,
            "declared": self.declared,
        }

    def __str__(self) -> str:
        text = "".join(t.token for t in self.tiles)
        return f"[{text}]" if self.declared and not self.concealed else text


@dataclass(frozen=True, slots=True)
class _Facts:
    """What the rules read off a Reading's groups, computed once per Reading."""

    tiles: tuple[Tile, ...]
    chows: tuple[Group, ...]
    pungs: tuple[Group, ...]
    kongs: tuple[Group, ...]
    pairs: tuple[Group, ...]
    suits: frozenset[str]
    counts: tuple[int, ...]

    @classmethod
    def of(cls, groups: tuple[Group, ...]) -> _Facts:
        tiles = tuple(sorted((t for g in groups for t in g.tiles), key=_tile_index))
        counts = [0] * 34
        for t in tiles:
            counts[t.index] += 1
        return cls(
            tiles,
            tuple(g for g in groups if g.kind is GroupKind.CHOW),
            tuple(g for g in groups if g.kind is GroupKind.PUNG or g.kind is GroupKind.KONG),
            tuple(g for g in groups if g.kind is GroupKind.KONG),
            tuple(g for g in groups if g.kind is GroupKind.PAIR),
            frozenset(t.suit for t in tiles if t.index < 27),
            tuple(counts),
        )


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read a complete hand.

    Attributes
    ----------
    shape : str
        ``"standard"`` for four sets and a pair, or a special shape's name (``"seven_pairs"``,
        ``"thirteen_orphans"``, ``"knitted_straight"``, ``"honours_knitted"``, or a profile's
        own).
    groups : tuple of Group
        In canonical order (:meth:`Group.sort_key`).  Always built through :meth:`make`.
    winning : Group
        The group the winning tile completed (equal to one member of ``groups``).
    winning_tile : Tile
    wait : Wait
        The wait this placement implies.
    """

    shape: str
    groups: tuple[Group, ...]
    winning: Group
    winning_tile: Tile
    wait: Wait
    _facts: _Facts | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def _known(self) -> _Facts:
        # Every rule of every profile reads these views, many times per Reading: build them once,
        # on first use (the solver's hot loops never need them).
        facts = self._facts
        if facts is None:
            facts = _Facts.of(self.groups)
            object.__setattr__(self, "_facts", facts)
        return facts

    @classmethod
    def make(
        cls, shape: str, groups: list[Group] | tuple[Group, ...], winning: Group, winning_tile: Tile, wait: Wait
    ) -> Reading:
        """Build a Reading with its groups in canonical order."""
        ordered = tuple(sorted(groups, key=Group.sort_key))
        if winning not in ordered:
            raise ValueError(f"winning group {winning} is not one of the groups")
        return cls(shape, ordered, winning, winning_tile, wait)

    # --- views the rules use ----------------------------------------------------------------------
    @property
    def sets(self) -> tuple[Group, ...]:
        """The chows, pungs and kongs."""
        return tuple(g for g in self.groups if g.is_set)

    @property
    def chows(self) -> tuple[Group, ...]:
        """The chows, in canonical order."""
        return self._known.chows

    @property
    def pungs(self) -> tuple[Group, ...]:
        """The pungs and kongs (a kong counts as a pung for pung rules in every rulebook)."""
        return self._known.pungs

    @property
    def kongs(self) -> tuple[Group, ...]:
        """The kongs, declared or concealed."""
        return self._known.kongs

    @property
    def pairs(self) -> tuple[Group, ...]:
        """The pairs (one in a standard hand, seven in seven pairs)."""
        return self._known.pairs

    @property
    def pair(self) -> Group | None:
        """The pair of a standard hand (None for shapes without exactly one pair)."""
        pairs = self._known.pairs
        return pairs[0] if len(pairs) == 1 else None

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile of the hand (kongs with four), sorted."""
        return self._known.tiles

    @property
    def counts(self) -> tuple[int, ...]:
        """How many tiles of each of the 34 kinds the hand holds (kongs count four)."""
        return self._known.counts

    @property
    def suits(self) -> frozenset[str]:
        """The suits (``m``, ``p``, ``s``) the hand holds at least one tile of."""
        return self._known.suits

    @property
    def has_honours(self) -> bool:
        """Whether the hand holds a wind or a dragon."""
        return self._known.tiles[-1].index >= 27

    def sort_key(self) -> tuple[Any, ...]:
        return (
            self.shape != "standard",
            self.shape,
            tuple(g.sort_key() for g in self.groups),
            self.winning.sort_key(),
            self.wait.value,
        )

    def decomposition_key(self) -> tuple[Any, ...]:
        """The groups with the winning placement forgotten: equal for readings of one decomposition."""
        standing = (replace(g, concealed=g.concealed if g.declared else True) for g in self.groups)
        return (self.shape, tuple(sorted(g.sort_key() for g in standing)))

    def to_dict(self) -> dict[str, Any]:
        return {
            "shape": self.shape,
            "groups": [g.to_dict() for g in self.groups],
            "winning": self.winning.to_dict(),
            "winning_tile": self.winning_tile.token,
            "wait": self.wait.value,
        }

    def __str__(self) -> str:
        parts = []
        for g in self.groups:
            text = str(g)
            parts.append(f"{text}*" if g == self.winning else text)
        return f"{' '.join(parts)}  ({self.shape}, {self.wait.value} wait on {self.winning_tile})"
