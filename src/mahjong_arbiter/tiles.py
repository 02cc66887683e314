"""The tiles: 34 playing kinds and 8 bonus tiles, as small immutable values.

Every tile is one interned :class:`Tile`; ``Tile.of("3m") is Tile.of("3m")``.  Kinds are
numbered 0..33 for the playing tiles, in this fixed order, and 34..41 for the bonus tiles:

====== ================= ================================================
index  token             meaning
====== ================= ================================================
0-8    ``1m`` .. ``9m``  characters 萬
9-17   ``1p`` .. ``9p``  dots 筒
18-26  ``1s`` .. ``9s``  bamboo 條
27-30  ``E S W N``       winds 東 南 西 北
31-33  ``C F P``         dragons: C = red 中, F = green 發, P = white 白
34-37  ``f1`` .. ``f4``  flowers 花 (1 is East's own, 2 South's, 3 West's, 4 North's)
38-41  ``s1`` .. ``s4``  seasons 季 (numbered like the flowers)
====== ================= ================================================

The canonical token of a tile (``str(tile)``) is the one in the middle column.  A bonus token
such as ``s1`` is only read where a bonus tile is expected (a flower list, the bonus part of a
hand string), so it can never be mistaken for the suited ``1s``.

>>> Tile.of("5p").suit, Tile.of("5p").rank
('p', 5)
>>> Tile.of("C").name
'red dragon'
>>> [str(t) for t in sorted([Tile.of("E"), Tile.of("9s"), Tile.of("1m")])]
['1m', '9s', 'E']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Final

from .errors import HandError

__all__ = [
    "Tile",
    "SUITS",
    "WINDS",
    "DRAGONS",
    "ALL_PLAYING",
    "ALL_BONUS",
    "TERMINALS_AND_HONOURS",
    "NUM_KINDS",
    "counts_of",
    "kinds_mask",
    "SUITED_TILES",
    "HONOUR_TILES",
    "suited_ranks",
]

SUITS: Final = ("m", "p", "s")
WIND_LETTERS: Final = ("E", "S", "W", "N")
DRAGON_LETTERS: Final = ("C", "F", "P")
NUM_KINDS: Final = 34

_SUIT_NAMES = {"m": "characters", "p": "dots", "s": "bamboo"}
_WIND_NAMES = {"E": "east", "S": "south", "W": "west", "N": "north"}
_DRAGON_NAMES = {"C": "red", "F": "green", "P": "white"}
_WIND_GLYPHS = {"E": "\U0001f000", "S": "\U0001f001", "W": "\U0001f002", "N": "\U0001f003"}
_DRAGON_GLYPHS = {"C": "\U0001f004", "F": "\U0001f005", "P": "\U0001f006"}
_SUIT_GLYPH_BASE = {"m": 0x1F007, "s": 0x1F010, "p": 0x1F019}
_FLOWER_GLYPH_BASE = 0x1F022  # plum, orchid, bamboo, chrysanthemum
_SEASON_GLYPH_BASE = 0x1F026  # spring, summer, autumn, winter


class Tile:
    """One tile kind.  Compare, hash and sort by :attr:`index`.

    Attributes
    ----------
    index : int
        0..33 for playing tiles, 34..41 for bonus tiles (see the module table).
    token : str
        The canonical token: ``"3m"``, ``"E"``, ``"C"``, ``"f1"``, ``"s4"``.
    suit : str
        ``"m"``, ``"p"``, ``"s"`` for suited tiles, ``"wind"``, ``"dragon"``, ``"flower"``,
        ``"season"`` otherwise.
    rank : int
        1..9 for suited tiles and 1..4 for bonus tiles; for honours the position in
        ``E S W N`` (1..4) or ``C F P`` (1..3).
    """

    __slots__ = (
        "index", "token", "suit", "rank",
        "is_suited", "is_honour", "is_wind", "is_dragon", "is_bonus", "is_flower", "is_season",
        "is_terminal", "is_terminal_or_honour", "is_simple",
    )
    _by_index: ClassVar[list[Tile]] = []
    _by_token: ClassVar[dict[str, Tile]] = {}

    index: int
    token: str
    suit: str
    rank: int
    # Classification, fixed at construction (plain slots: the rules read them in hot loops).
    is_suited: bool  # 1-9 of characters, dots or bamboo
    is_honour: bool  # a wind or a dragon
    is_wind: bool
    is_dragon: bool
    is_bonus: bool  # a flower or a season
    is_flower: bool
    is_season: bool
    is_terminal: bool  # a suited 1 or 9
    is_terminal_or_honour: bool
    is_simple: bool  # a suited 2..8

    def __init__(self, index: int, token: str, suit: str, rank: int) -> None:
        suited = index < 27
        terminal = suited and rank in (1, 9)
        honour = 27 <= index < 34
        fields = {
            "index": index, "token": token, "suit": suit, "rank": rank,
            "is_suited": suited, "is_honour": honour, "is_wind": 27 <= index < 31, "is_dragon": 31 <= index < 34,
            "is_bonus": index >= 34, "is_flower": 34 <= index < 38, "is_season": index >= 38,
            "is_terminal": terminal, "is_terminal_or_honour": terminal or honour,
            "is_simple": suited and 2 <= rank <= 8,
        }
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Tile.at, (self.index,))

    # --- construction -------------------------------------------------------------------------
    @classmethod
    def of(cls, token: str) -> Tile:
        """The tile with canonical token *token* (``"3m"``, ``"E"``, ``"C"``, ``"f1"``, ``"s4"``).

        Raises :class:`~mahjong_arbiter.errors.HandError` (code ``unknown_tile``) otherwise.
        """
        try:
            return cls._by_token[token]
        except KeyError:
            raise HandError("unknown_tile", f"unknown tile {token!r}") from None

    @classmethod
    def at(cls, index: int) -> Tile:
        """The tile with kind number *index* (0..41)."""
        if not 0 <= index < len(cls._by_index):
            raise HandError("unknown_tile", f"no tile has index {index}")
        return cls._by_index[index]

    @classmethod
    def suited(cls, rank: int, suit: str) -> Tile:
        """The suited tile of *rank* 1..9 in *suit* ``m``, ``p`` or ``s``."""
        if suit not in SUITS or not 1 <= rank <= 9:
            raise HandError("unknown_tile", f"no suited tile {rank}{suit}")
        return cls._by_index[SUITS.index(suit) * 9 + rank - 1]

    @property
    def name(self) -> str:
        """An English name: ``"3 dots"``, ``"east wind"``, ``"red dragon"``, ``"flower 1"``."""
        if self.is_suited:
            return f"{self.rank} {_SUIT_NAMES[self.suit]}"
        if self.is_wind:
            return f"{_WIND_NAMES[self.token]} wind"
        if self.is_dragon:
            return f"{_DRAGON_NAMES[self.token]} dragon"
        return f"{self.suit} {self.rank}"

    @property
    def glyph(self) -> str:
        """The Unicode mahjong tile (U+1F000 block)."""
        if self.is_suited:
            return chr(_SUIT_GLYPH_BASE[self.suit] + self.rank - 1)
        if self.is_wind:
            return _WIND_GLYPHS[self.token]
        if self.is_dragon:
            return _DRAGON_GLYPHS[self.token]
        base = _FLOWER_GLYPH_BASE if self.is_flower else _SEASON_GLYPH_BASE
        return chr(base + self.rank - 1)

    def next_in_suit(self, step: int = 1) -> Tile | None:
        """The suited tile *step* ranks higher in the same suit, or None past 9 (or for honours)."""
        if not self.is_suited or not 1 <= self.rank + step <= 9:
            return None
        return Tile._by_index[self.index + step]

    # --- value protocol -----------------------------------------------------------------------
    def __str__(self) -> str:
        return self.token

    def __repr__(self) -> str:
        return f"Tile({self.token!r})"

    def __lt__(self, other: Tile) -> bool:
        return self.index < other.index

    def __le__(self, other: Tile) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Tile) -> bool:
        return self.index > other.index

    def __ge__(self, other: Tile) -> bool:
        return self.index >= other.index

    # Equality is identity (object's, in C: tiles are interned); the hash is the kind number so
    # that sets and dicts of tiles iterate the same way on every run.
    def __hash__(self) -> int:
        return self.index


def _build() -> None:
    tiles: list[Tile] = []
    for s in SUITS:
        for r in range(1, 10):
            tiles.append(Tile(len(tiles), f"{r}{s}", s, r))
    for i, w in enumerate(WIND_LETTERS):
        tiles.append(Tile(len(tiles), w, "wind", i + 1))
    for i, d in enumerate(DRAGON_LETTERS):
        tiles.append(Tile(len(tiles), d, "dragon", i + 1))
    for r in range(1, 5):
        tiles.append(Tile(len(tiles), f"f{r}", "flower", r))
    for r in range(1, 5):
        tiles.append(Tile(len(tiles), f"s{r}", "season", r))
    Tile._by_index.extend(tiles)
    Tile._by_token.update({t.token: t for t in tiles})


_build()

ALL_PLAYING: Final[tuple[Tile, ...]] = tuple(Tile._by_index[:34])
ALL_BONUS: Final[tuple[Tile, ...]] = tuple(Tile._by_index[34:])
WINDS: Final[tuple[Tile, ...]] = tuple(Tile.of(w) for w in WIND_LETTERS)
DRAGONS: Final[tuple[Tile, ...]] = tuple(Tile.of(d) for d in DRAGON_LETTERS)
TERMINALS_AND_HONOURS: Final[tuple[Tile, ...]] = tuple(t for t in ALL_PLAYING if t.is_terminal_or_honour)
SUITED_TILES: Final[frozenset[Tile]] = frozenset(t for t in ALL_PLAYING if t.is_suited)
HONOUR_TILES: Final[frozenset[Tile]] = frozenset(t for t in ALL_PLAYING if t.is_honour)


def suited_ranks(*ranks: int) -> frozenset[Tile]:
    """The suited tiles of *ranks*, in all three suits.

    >>> sorted(str(t) for t in suited_ranks(1, 9))
    ['1m', '1p', '1s', '9m', '9p', '9s']
    """
    return frozenset(t for t in ALL_PLAYING if t.is_suited and t.rank in ranks)


def counts_of(tiles: Iterable[Tile]) -> list[int]:
    """A list of 34 counts, one per playing kind.

    >>> counts_of([Tile.of("1m"), Tile.of("1m"), Tile.of("C")])[0]
    2
    """
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t.index] += 1
    return counts


def kinds_mask(tiles: Iterable[Tile]) -> int:
    """The kinds among *tiles* as a bit mask (bit *i* for the tile of index *i*): set algebra on
    kinds in one integer operation.

    >>> kinds_mask([Tile.of("1m"), Tile.of("3m"), Tile.of("1m")])
    5
    """
    mask = 0
    for t in tiles:
        mask |= 1 << t.index
    return mask
