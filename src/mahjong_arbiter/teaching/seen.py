"""Tiles seen on the table, as the teaching tools take them: read, and checked against the hand.

A JSON hand gives them as ``"seen": ["1m", "1m", "5p", "E"]`` (canonical tokens, as the JSON hand
format writes tiles); a face that reads a hand string reads them the same way
(``1m1m5pE``, :func:`mahjong_arbiter.notation.mpsz.scan_run`).  With the hand's own tiles (melds
included) they must leave at most four copies of each kind.
"""

from __future__ import annotations

from collections import Counter

from ..errors import HandError
from ..hand import Hand
from ..notation.mpsz import check_order, scan_run
from ..tiles import Tile

__all__ = ["seen_from_json", "seen_from_text", "check_seen"]


def seen_from_json(value: object) -> tuple[Tile, ...]:
    """The ``"seen"`` field of a JSON hand (absent: none)."""
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise HandError("bad_seen", 'the "seen" field must be a list of tiles such as ["1m", "E"]')
    return tuple(Tile.of(t) for t in value)


def seen_from_text(text: str, honour_order: str = "tenhou") -> tuple[Tile, ...]:
    """Seen tiles written like a hand: ``1m1m5pE``."""
    return tuple(scan_run(text, 0, check_order(honour_order)))


def check_seen(hand: Hand, seen: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """*seen*, once it is known to be playing tiles leaving at most four copies with the hand."""
    if any(t.is_bonus for t in seen):
        raise HandError("bad_seen", "seen tiles are playing tiles; bonus tiles never limit a hand")
    copies = Counter(hand.all_tiles) + Counter(seen)
    for tile, n in sorted(copies.items()):
        if n > 4:
            raise HandError(
                "fifth_copy", f"{n} copies of {tile} counting the hand and the seen tiles; there are only 4"
            )
    return seen
