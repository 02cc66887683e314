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
from operator import attrgetter
from typing import Any, Final

from ..tiles import Tile

__all__ = ["GroupKind", "Group", "Wait", "Reading", "STANDARD", "HONOUR_MASK"]

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
_MAX_TILES: Final = 18  # no group holds more tiles than a hand
_KIND_SPAN: Final = 35**_MAX_TILES  # above every group's tile number


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


_WAIT_VALUE: Final = {w: w.value for w in Wait}  # read as a dict: an enum's .value is a descriptor call


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
    mask: int = field(init=False, repr=False, compare=False)
    """The kinds the group holds, one bit per kind (bit *i* for the tile of index *i*)."""
    low: int = field(init=False, repr=False, compare=False)
    """The bit of the group's lowest kind in :attr:`mask` (a chow's identity, in a Reading's
    :attr:`~Reading.chow_mask`)."""
    copies: int = field(init=False, repr=False, compare=False)
    """How many tiles of each of its kinds the group holds (a pung 3, a chow 1)."""
    _key: tuple[int, tuple[int, ...], bool, bool] = field(init=False, repr=False)
    order: int = field(init=False, repr=False, compare=False)
    """:meth:`sort_key` as one integer (equal for equal groups, ordered as the keys are): sorts
    compare integers instead of nested tuples."""
    _hash: int = field(init=False, repr=False, compare=False)
    _kind_value: str = field(init=False, repr=False, compare=False)
    _tokens: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _text: str | None = field(init=False, repr=False, compare=False)
    """The group written compactly (``123m``), filled on first use by ``result.group_text``."""

    def __post_init__(self) -> None:
        # Readings are sorted and hashed, and rules read these, in hot loops: compute them once.
        key = (_KIND_ORDER[self.kind], tuple(t.index for t in self.tiles), self.declared, self.concealed)
        object.__setattr__(self, "_key", key)
        # the kind first, then the tile indexes as the digits of a base-35 number of _MAX_TILES
        # places (index + 1, and 0 after the last tile, so a group sorts before a longer one it
        # begins), then declared, then concealed: the integers order as the keys do
        tiles_number = 0
        for index in key[1]:
            tiles_number = tiles_number * 35 + index + 1
        tiles_number *= 35 ** (_MAX_TILES - len(key[1]))
        order = ((key[0] * _KIND_SPAN + tiles_number) * 2 + self.declared) * 2 + self.concealed
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "_hash", hash(key))
        object.__setattr__(self, "first", self.tiles[0])
        pung_or_kong = self.kind is GroupKind.PUNG or self.kind is GroupKind.KONG
        object.__setattr__(self, "is_pung_or_kong", pung_or_kong)
        object.__setattr__(self, "is_set", pung_or_kong or self.kind is GroupKind.CHOW)
        mask = 0
        for t in self.tiles:
            mask |= 1 << t.index
        object.__setattr__(self, "mask", mask)
        object.__setattr__(self, "low", mask & -mask)
        object.__setattr__(self, "copies", len(self.tiles) // mask.bit_count())
        object.__setattr__(self, "_kind_value", self.kind.value)
        object.__setattr__(self, "_tokens", tuple(t.token for t in self.tiles))
        object.__setattr__(self, "_text", None)

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Group) and self._key == other._key)

    def __hash__(self) -> int:
        return self._hash

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
            "kind": self._kind_value,
            "tiles": list(self._tokens),
            "concealed": self.concealed,
            "declared": self.declared,
        }

    def __str__(self) -> str:
        text = "".join(t.token for t in self.tiles)
        return f"[{text}]" if self.declared and not self.concealed else text


_GROUP_KEY = attrgetter("_key")
_GROUP_ORDER = attrgetter("order")


_SUIT_MASKS: Final = tuple((suit, 0x1FF << (9 * i)) for i, suit in enumerate(("m", "p", "s")))
HONOUR_MASK: Final = 0x7F << 27
"""The kinds mask of the seven honours (see :attr:`Group.mask`)."""


_CHOW: Final = GroupKind.CHOW
_PUNG: Final = GroupKind.PUNG
_KONG: Final = GroupKind.KONG
_PAIR: Final = GroupKind.PAIR


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
    # What the rules read off the groups, filled when the Reading is built (:func:`_fill_facts`).
    # (No ``__getattr__`` fills them lazily: a class with one gets no specialised attribute reads
    # in CPython 3.11, and every read of a Reading's attribute cost four times as much.)
    chows: tuple[Group, ...] = field(init=False, repr=False, compare=False)
    """The chows, in canonical order."""
    pungs: tuple[Group, ...] = field(init=False, repr=False, compare=False)
    """The pungs and kongs (a kong counts as a pung for pung rules in every rulebook)."""
    kongs: tuple[Group, ...] = field(init=False, repr=False, compare=False)
    """The kongs, declared or concealed."""
    pairs: tuple[Group, ...] = field(init=False, repr=False, compare=False)
    """The pairs (one in a standard hand, seven in seven pairs)."""
    mask: int = field(init=False, repr=False, compare=False)
    """The kinds the hand holds, one bit per kind (bit *i* for the tile of index *i*): rules
    about which tiles a hand may hold test it against a mask of their own."""
    shared_mask: int = field(init=False, repr=False, compare=False)
    """The kinds two groups hold (equal chows, a pung beside a chow of its tile), one bit per kind."""
    chow_mask: int = field(init=False, repr=False, compare=False)
    """The chows' lowest kinds, one bit per kind (equal chows share a bit): chow patterns as
    integer tests (123 456 789 of one suit: bits 0, 3 and 6 of that suit's nine)."""
    pung_mask: int = field(init=False, repr=False, compare=False)
    """The kinds of the pungs and kongs, one bit per kind."""
    others: tuple[Group, ...] = field(init=False, repr=False, compare=False)
    """The groups that are neither sets nor pairs: a knitted group, a special shape's single tiles."""
    _tiles: tuple[Tile, ...] | None = field(default=None, init=False, repr=False, compare=False)
    _counts: tuple[int, ...] | None = field(default=None, init=False, repr=False, compare=False)
    _suits: frozenset[str] | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _SET_CLASS(self, _Unfrozen)
        _fill_facts(self)
        _SET_CLASS(self, Reading)

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
    def pair(self) -> Group | None:
        """The pair of a standard hand (None for shapes without exactly one pair)."""
        pairs = self.pairs
        return pairs[0] if len(pairs) == 1 else None

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile of the hand (kongs with four), sorted."""
        found = self._tiles
        if found is None:
            found = tuple(sorted((t for g in self.groups for t in g.tiles), key=_tile_index))
            object.__setattr__(self, "_tiles", found)
        return found

    @property
    def counts(self) -> tuple[int, ...]:
        """How many tiles of each of the 34 kinds the hand holds (kongs count four)."""
        found = self._counts
        if found is None:
            counts = [0] * 34
            for g in self.groups:
                for t in g.tiles:
                    counts[t.index] += 1
            found = tuple(counts)
            object.__setattr__(self, "_counts", found)
        return found

    @property
    def suits(self) -> frozenset[str]:
        """The suits (``m``, ``p``, ``s``) the hand holds at least one tile of."""
        found = self._suits
        if found is None:
            found = frozenset(suit for suit, bits in _SUIT_MASKS if self.mask & bits)
            object.__setattr__(self, "_suits", found)
        return found

    @property
    def has_honours(self) -> bool:
        """Whether the hand holds a wind or a dragon."""
        return bool(self.mask & HONOUR_MASK)

    @property
    def shares_kind(self) -> bool:
        """Whether two groups hold the same kind (two equal chows, a pung beside a chow of its tile)."""
        return bool(self.shared_mask)

    def sort_key(self) -> tuple[Any, ...]:
        return (self.shape != STANDARD, self.shape, tuple(map(_GROUP_KEY, self.groups)), self.winning._key, self.wait)

    def order_key(self) -> tuple[Any, ...]:
        """:meth:`sort_key` with each group's key as its :attr:`Group.order`: the same order,
        compared faster."""
        groups = tuple(map(_GROUP_ORDER, self.groups))
        return (self.shape != STANDARD, self.shape, groups, self.winning.order, self.wait)

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
            "wait": _WAIT_VALUE[self.wait],
        }

    def __str__(self) -> str:
        parts = []
        marked = False  # two equal groups (1m2m3m 1m2m3m): the winning tile is in one of them
        for g in self.groups:
            text = str(g)
            won = not marked and g == self.winning
            marked = marked or won
            parts.append(f"{text}*" if won else text)
        return f"{' '.join(parts)}  ({self.shape}, {self.wait.value} wait on {self.winning_tile})"


class _Unfrozen(Reading):
    """A Reading's very layout without the frozen dataclass's ``__setattr__`` and ``__delattr__``:
    the solver writes a Reading's slots while it is one of these, then gives it back its class.

    With both hooks the generic ones, a slot store is a plain ``STORE_ATTR`` the interpreter
    specialises (a few dozen instructions), where a frozen Reading's slot is written through its
    member descriptor's ``__set__`` (about 350 each, an argument tuple built per call): building a
    Reading stores eight slots, filling its facts nine.  No instance stays of this class."""

    __slots__ = ()
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__


_NEW: Final = object.__new__
_SET_CLASS: Final = object.__dict__["__class__"].__set__  # a frozen Reading refuses ``r.__class__ = ...``


def _fill_facts(reading: Any) -> None:
    """Set the fact slots of *reading*, still an ``_Unfrozen`` (plain slot stores), from its groups."""
    chows: list[Group] = []
    pungs: list[Group] = []
    pairs: list[Group] = []
    kongs: tuple[Group, ...] = ()  # kongs and other groups are rare: no list is made for them
    others: tuple[Group, ...] = ()
    mask = shared = chow_mask = pung_mask = 0
    for g in reading.groups:
        bits = g.mask
        common = mask & bits
        if common:  # (most groups share no kind: no |= on the shared mask for them)
            shared |= common
        mask |= bits
        kind = g.kind
        if kind is _CHOW:
            chows.append(g)
            chow_mask |= g.low  # the chow's lowest kind
        elif kind is _PUNG:
            pungs.append(g)
            pung_mask |= bits
        elif kind is _PAIR:
            pairs.append(g)
        elif kind is _KONG:
            pungs.append(g)
            kongs += (g,)
            pung_mask |= bits
        else:
            others += (g,)
    reading.chows = tuple(chows)
    reading.pungs = tuple(pungs)
    reading.kongs = kongs
    reading.pairs = tuple(pairs)
    reading.mask = mask
    reading.shared_mask = shared
    reading.chow_mask = chow_mask
    reading.pung_mask = pung_mask
    reading.others = others


def canonical_reading(shape: str, groups: tuple[Group, ...], winning: Group, winning_tile: Tile, wait: Wait) -> Reading:
    """``Reading(shape, groups, winning, winning_tile, wait)`` for *groups* already in canonical
    order, built without the frozen dataclass's per-field ``object.__setattr__`` calls (as an
    ``_Unfrozen``, see there; the solver makes one per placement of the winning tile): the same
    value, its facts filled, equal and hashed alike.

    >>> from mahjong_arbiter.tiles import Tile
    >>> g = Group.pair(Tile.of("E"))
    >>> canonical_reading("seven_pairs", (g,), g, Tile.of("E"), Wait.SINGLE) == Reading(
    ...     "seven_pairs", (g,), g, Tile.of("E"), Wait.SINGLE)
    True
    """
    reading: Any = _NEW(_Unfrozen)  # plain slot stores, then the class a Reading has
    reading.shape = shape
    reading.groups = groups
    reading.winning = winning
    reading.winning_tile = winning_tile
    reading.wait = wait
    reading._tiles = reading._counts = reading._suits = None
    _fill_facts(reading)
    reading.__class__ = Reading
    found: Reading = reading
    return found
