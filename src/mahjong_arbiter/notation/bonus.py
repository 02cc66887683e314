"""Bonus tiles (flowers and seasons) in hand strings and on the command line.

A bonus tile is written ``f1``..``f4`` (flowers) or ``s1``..``s4`` (seasons), number 1 being
East's own, 2 South's, 3 West's, 4 North's.  Because ``s1`` sits next to the bamboo ``1s`` so
easily, bonus tiles are read only where nothing else can stand:

* in a hand string, inside one pair of braces: ``123m456p789s1122z{f1,s3}``.  Commas or spaces
  between the tokens are optional (``{f1s3}``); the group may stand anywhere in the string and
  is written last by the formatter;
* in ``--flowers``: a count ``--flowers 2`` or a list ``--flowers f1,s3``.

>>> [str(t) for t in parse_bonus("f1, s3", 0)]
['f1', 's3']
>>> format_bonus((Tile.of("s3"), Tile.of("f1")))
'{f1,s3}'
>>> parse_flowers("2"), [str(t) for t in parse_flowers("f2,f4")]
(2, ['f2', 'f4'])
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..errors import HandError
from ..tiles import Tile

__all__ = ["parse_bonus", "format_bonus", "parse_flowers"]

_COUNT = re.compile(r"[+-]?[0-9]+", re.ASCII)
_MAX_FLOWERS_CHARS = 64


def parse_bonus(text: str, offset: int = 0) -> tuple[Tile, ...]:
    """The bonus tiles listed in *text* (the inside of a brace group), sorted.

    *offset* is where *text* starts in the whole string (for 1-based positions in messages).
    Each flower and season exists once, so a repeated one is an error.
    """
    found: list[Tile] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.isspace() or ch == ",":
            i += 1
            continue
        token = text[i : i + 2]
        if len(token) == 2 and token[0] in "fs" and token[1] in "1234":
            tile = Tile.of(token)
            if tile in found:
                raise HandError(
                    "bad_flowers", f"bonus tile {tile} is given twice; each flower and season exists once"
                )
            found.append(tile)
            i += 2
            continue
        raise HandError(
            "unknown_token",
            f"unknown bonus tile {text[i:].split(',')[0].strip()!r} at position {offset + i + 1}: "
            "bonus tiles are f1-f4 (flowers) and s1-s4 (seasons)",
        )
    return tuple(sorted(found))


def format_bonus(tiles: Iterable[Tile]) -> str:
    """The brace group for *tiles* (empty string when there are none)."""
    bonus = sorted(tiles)
    return "{" + ",".join(str(t) for t in bonus) + "}" if bonus else ""


def parse_flowers(text: str) -> int | tuple[Tile, ...]:
    """Read a ``--flowers`` value: a whole number of bonus tiles, or a list such as ``f1,s3``.

    The count is checked here against the eight bonus tiles that exist (a negative count or more
    than eight is an error); a list gives the tiles themselves.
    """
    value = text.strip()
    if len(value) > _MAX_FLOWERS_CHARS:
        raise HandError(
            "bad_flowers", f"--flowers takes a count or up to eight bonus tiles, not {len(value)} characters"
        )
    if _COUNT.fullmatch(value):
        count = int(value)
        if not 0 <= count <= 8:
            raise HandError(
                "bad_flowers", f"a player holds 0 to 8 flowers and seasons, not {count}"
            )
        return count
    if not value:
        raise HandError("bad_flowers", "--flowers needs a count (e.g. 2) or a list (e.g. f1,s3)")
    return parse_bonus(value)
