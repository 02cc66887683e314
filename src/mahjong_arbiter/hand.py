"""Melds, hands and the context of a win: the facts every profile scores.

A :class:`Hand` is the standing tiles (including the winning tile), the declared melds and the
winning tile.  A complete hand has 14 tiles counting each kong as 3; a thirteen-tile hand (for
``waits`` and losers' hands) has 13.  :class:`Context` holds how the hand was won and the facts
the table supplies.  Both validate themselves on construction and raise
:class:`~mahjong_arbiter.errors.HandError` with a precise message.

>>> m = Meld.chow(Tile.of("5m"), exposed=True, claimed=Tile.of("6m"))
>>> [str(t) for t in m.tiles], m.exposed, str(m.claimed)
(['5m', '6m', '7m'], True, '6m')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from .errors import HandError
from .events import EVENT_NAMES, FACTS, implied_events, validate_context
from .tiles import WINDS, Tile

__all__ = ["MeldKind", "CLAIM_SOURCES", "Meld", "Hand", "Context", "KNOWN_EVENTS", "validate_context"]


def _kind(tile: Tile) -> int:
    """Sort key of a tile (its kind number): C-level integer comparisons in the hot paths."""
    return tile.index


class MeldKind(StrEnum):
    """The kinds of declared set."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


CLAIM_SOURCES: Final = ("left", "opposite", "right")
"""Where a claimed set came from, seen from its owner (the helper's offer digits 1, 2, 3)."""


_MELD_SIZES: Final = {MeldKind.CHOW: 3, MeldKind.PUNG: 3, MeldKind.KONG: 4}


def _shown(tiles: tuple[Tile, ...]) -> str:
    """A meld's tiles as given, for its error messages (written only when one is raised)."""
    return " ".join(str(t) for t in tiles)


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set: a chow, pung or kong, exposed or concealed, with the claimed tile if known.

    Only kongs may be concealed declared melds (a concealed chow or pung is simply part of the
    standing tiles).  ``claimed`` names the tile taken from a discard, for an exposed set;
    ``claimed_from`` the player it came from, seen from the owner (``"left"``, ``"opposite"``,
    ``"right"``; a chow is always claimed from the left), when known: who discarded it can decide
    liability.  ``added`` marks a kong made by adding the fourth tile to a claimed pung.
    """

    kind: MeldKind
    tiles: tuple[Tile, ...]
    exposed: bool = True
    claimed: Tile | None = None
    claimed_from: str | None = None
    added: bool = False

    def __post_init__(self) -> None:
        given = self.tiles
        if any(t.is_bonus for t in given):
            raise HandError("bad_meld", f"a {self.kind.value} cannot hold a bonus tile: {_shown(given)}")
        tiles = tuple(sorted(given, key=_kind))
        object.__setattr__(self, "tiles", tiles)
        size = _MELD_SIZES[self.kind]
        if len(tiles) != size:
            raise HandError(
                "bad_meld", f"a {self.kind.value} has {size} tiles, not {len(tiles)}: {_shown(given)}"
            )
        first = tiles[0]
        if self.kind is MeldKind.CHOW:
            if not first.is_suited:
                raise HandError("bad_meld", f"honours cannot form a chow: {_shown(given)}")
            if tiles[1] is not first.next_in_suit(1) or tiles[2] is not first.next_in_suit(2):
                raise HandError("bad_meld", f"not three consecutive tiles of one suit: {_shown(given)}")
        elif any(t is not first for t in tiles):
            raise HandError("bad_meld", f"a {self.kind.value} needs {size} identical tiles: {_shown(given)}")
        if not self.exposed and self.kind is not MeldKind.KONG:
            raise HandError(
                "bad_meld", f"only a kong is declared concealed; a concealed {self.kind.value} "
                f"belongs in the standing tiles: {_shown(given)}"
            )
        if self.claimed is not None:
            if not self.exposed:
                raise HandError("bad_claim", f"a concealed kong has no claimed tile: {_shown(given)}")
            if self.claimed not in tiles:
                raise HandError(
                    "bad_claim", f"claimed tile {self.claimed} is not in the {self.kind.value} {_shown(given)}"
                )
        if self.claimed_from is not None or self.added:
            self._check_origin(_shown(given))

    def _check_origin(self, shown: str) -> None:
        """Who the set came from and whether a kong was added must fit the set (*shown*: its tiles
        as given, for the messages)."""
        if self.claimed_from is not None:
            if self.claimed_from not in CLAIM_SOURCES:
                raise HandError(
                    "bad_claim",
                    f"a set is claimed from {', '.join(CLAIM_SOURCES)}, not {self.claimed_from!r}: {shown}",
                )
            if self.claimed is None:
                raise HandError("bad_claim", f"a set claimed from a player names its claimed tile: {shown}")
            if self.kind is MeldKind.CHOW and self.claimed_from != "left":
                raise HandError(
                    "bad_claim", f"a chow is claimed only from the player on the left, not {self.claimed_from}: {shown}"
                )
        if self.added and (self.kind is not MeldKind.KONG or not self.exposed):
            raise HandError("bad_meld", f"only an exposed kong can be an added kong: {shown}")

    # --- constructors ---------------------------------------------------------------------------
    @classmethod
    def chow(cls, lowest: Tile, *, exposed: bool = True, claimed: Tile | None = None) -> Meld:
        second, third = lowest.next_in_suit(1), lowest.next_in_suit(2)
        if second is None or third is None:
            raise HandError("bad_meld", f"no chow starts at {lowest}")
        return cls(MeldKind.CHOW, (lowest, second, third), exposed, claimed)

    @classmethod
    def pung(cls, tile: Tile, *, exposed: bool = True, claimed: Tile | None = None) -> Meld:
        return cls(MeldKind.PUNG, (tile,) * 3, exposed, claimed)

    @classmethod
    def kong(cls, tile: Tile, *, exposed: bool = True, claimed: Tile | None = None) -> Meld:
        return cls(MeldKind.KONG, (tile,) * 4, exposed, claimed)

    @property
    def first(self) -> Tile:
        """The lowest tile (the identity of a chow, the tile of a pung or kong)."""
        return self.tiles[0]

    @property
    def is_kong(self) -> bool:
        return self.kind is MeldKind.KONG

    def __str__(self) -> str:
        return "".join(str(t) for t in self.tiles)


KNOWN_EVENTS: Final[dict[str, str]] = {name: FACTS[name].meaning for name in EVENT_NAMES}
"""The names ``--event`` accepts and what each means (read from the event registry,
:mod:`mahjong_arbiter.events`)."""


@dataclass(frozen=True, slots=True)
class Hand:
    """A player's hand: standing tiles (with the winning tile), declared melds, winning tile.

    Parameters
    ----------
    concealed : sequence of Tile
        The standing (not declared) tiles, including the winning tile when there is one.  Kept
        sorted.
    melds : sequence of Meld
        The declared melds, exposed sets and concealed kongs.
    winning_tile : Tile or None
        The tile that completed the hand; None for a thirteen-tile (or partial) hand.
    partial : bool
        Allow fewer than 13 tiles (a loser's partial hand where a command takes one).

    A complete hand has 14 tiles counting each kong as 3; a hand without a winning tile has 13
    (or fewer with ``partial``).  No kind appears more than four times, melds included.
    """

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    winning_tile: Tile | None = None
    partial: bool = field(default=False, compare=False)
    standing_counts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """How many of each of the 34 kinds stand (the winning tile included): what the solver reads."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "concealed", tuple(sorted(self.concealed, key=_kind)))
        object.__setattr__(self, "melds", tuple(self.melds))
        bonus = [t for t in self.concealed if t.is_bonus]
        if bonus:
            raise HandError(
                "bad_flowers",
                f"bonus tile {bonus[0]} among the standing tiles; give bonus tiles as flowers",
            )
        standing = [0] * 34
        for t in self.concealed:
            standing[t.index] += 1
        object.__setattr__(self, "standing_counts", tuple(standing))
        for meld in self.melds:
            for t in meld.tiles:
                standing[t.index] += 1
        for index, n in enumerate(standing):
            if n > 4:
                raise HandError("fifth_copy", f"{n} copies of {Tile.at(index)} (melds included); there are only 4")
        size = self.size
        if self.winning_tile is not None:
            if self.winning_tile.is_bonus:
                raise HandError("winning_tile_missing", f"a bonus tile ({self.winning_tile}) cannot win")
            if self.winning_tile not in self.concealed:
                raise HandError(
                    "winning_tile_missing",
                    f"winning tile {self.winning_tile} is not among the standing tiles",
                )
            if size != 14:
                raise HandError(
                    "tile_count",
                    f"a complete hand has 14 tiles counting each kong as 3; this one has {size}",
                )
        elif size != 13 and not (self.partial and size < 13):
            expected = "at most 13" if self.partial else "13"
            raise HandError(
                "tile_count",
                f"a hand without a winning tile has {expected} tiles counting each kong as 3; "
                f"this one has {size}",
            )

    @property
    def size(self) -> int:
        """Tiles counting each kong as 3 (14 for a complete hand)."""
        return len(self.concealed) + 3 * len(self.melds)

    @property
    def is_complete(self) -> bool:
        return self.winning_tile is not None

    @property
    def all_tiles(self) -> tuple[Tile, ...]:
        """Every tile, kongs with all four, sorted."""
        return tuple(sorted(self.concealed + tuple(t for m in self.melds for t in m.tiles), key=_kind))

    @property
    def kongs(self) -> tuple[Meld, ...]:
        return tuple(m for m in self.melds if m.is_kong)

    @property
    def is_fully_concealed(self) -> bool:
        """No exposed (claimed) melds; concealed kongs are allowed."""
        return not self.melds or all(not meld.exposed for meld in self.melds)

    def without_winning_tile(self) -> Hand:
        """The thirteen tiles the hand stood on before the winning tile."""
        if self.winning_tile is None:
            raise HandError("winning_tile_missing", "this hand has no winning tile")
        rest = list(self.concealed)
        rest.remove(self.winning_tile)
        return Hand(tuple(rest), self.melds, None)

    def with_tile(self, tile: Tile) -> Hand:
        """This thirteen-tile hand completed by *tile*."""
        if self.winning_tile is not None:
            raise HandError("tile_count", "the hand already has a winning tile")
        return Hand(self.concealed + (tile,), self.melds, tile)


def _wind(value: Tile | str, what: str) -> Tile:
    tile = value if isinstance(value, Tile) else None
    if tile is None:
        try:
            tile = Tile.of(str(value).strip().upper())
        except HandError:
            tile = None
    if tile is None or tile not in WINDS:
        raise HandError("bad_wind", f"{what} must be one of E S W N, not {value!r}")
    return tile


@dataclass(frozen=True, slots=True)
class Context:
    """How a hand was won and what the table says about it.

    Parameters
    ----------
    self_drawn : bool
        Won on a tile from the wall (default False: won on a discard).
    last_of_kind : bool
        The winning tile was the last unseen copy of its kind.
    kong_related : bool
        On a discard: robbing a kong.  Self-drawn: the replacement tile after a kong.
    last_tile : bool
        The last tile of the wall (self-drawn) or the discard after it.
    seat_wind, prevailing_wind : Tile
        Winds (default East, East).
    flowers : int
        How many bonus tiles the player holds (0..8).
    bonus_tiles : tuple of Tile or None
        Which bonus tiles, when known (then ``flowers == len(bonus_tiles)``).
    events : frozenset of str
        Named facts the table supplies; see :data:`KNOWN_EVENTS`.  :meth:`has` also answers for
        the events these imply (Earth's Blessing implies a first-turn win).

    Whether the facts fit the hand (a robbed kong's copies, the seat of Heaven's Blessing, ...) is
    checked by :func:`validate_context`, which the parsers and the scorer call.
    """

    self_drawn: bool = False
    last_of_kind: bool = False
    kong_related: bool = False
    last_tile: bool = False
    seat_wind: Tile = WINDS[0]
    prevailing_wind: Tile = WINDS[0]
    flowers: int = 0
    bonus_tiles: tuple[Tile, ...] | None = None
    events: frozenset[str] = frozenset()
    _holding: frozenset[str] = field(default=frozenset(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat_wind", _wind(self.seat_wind, "seat wind"))
        object.__setattr__(self, "prevailing_wind", _wind(self.prevailing_wind, "prevailing wind"))
        if self.bonus_tiles is not None:
            bonus = tuple(sorted(self.bonus_tiles))
            object.__setattr__(self, "bonus_tiles", bonus)
            for t in bonus:
                if not t.is_bonus:
                    raise HandError("bad_flowers", f"{t} is not a flower or season")
            if len(set(bonus)) != len(bonus):
                raise HandError("bad_flowers", "each flower and season exists once; one is given twice")
            if self.flowers not in (0, len(bonus)):
                raise HandError(
                    "bad_flowers", f"flower count {self.flowers} disagrees with {len(bonus)} bonus tiles"
                )
            object.__setattr__(self, "flowers", len(bonus))
        if isinstance(self.flowers, bool) or not isinstance(self.flowers, int):
            raise HandError("bad_flowers", f"the flower count must be a whole number, not {self.flowers!r}")
        if not 0 <= self.flowers <= 8:
            raise HandError("bad_flowers", f"a player holds 0 to 8 bonus tiles, not {self.flowers}")
        events = frozenset(self.events)
        for e in sorted(events):
            if e not in KNOWN_EVENTS:
                raise HandError("bad_event", f"unknown event {e!r}; known: {', '.join(KNOWN_EVENTS)}")
        object.__setattr__(self, "events", events)
        object.__setattr__(self, "_holding", implied_events(events))

    @property
    def robbing_kong(self) -> bool:
        """Won on a tile robbed from another player's added kong."""
        return self.kong_related and not self.self_drawn

    @property
    def kong_replacement(self) -> bool:
        """Won on the replacement tile drawn after declaring a kong."""
        return self.kong_related and self.self_drawn

    def has(self, event: str) -> bool:
        """Whether *event* was given or is implied by an event that was."""
        return event in self._holding
