"""What the teaching commands (``shanten``, ``targets``) share: ``--seen`` and its JSON field.

``--seen TILES`` names tiles visible on the table (discards, other players' melds), written like a
hand (``1m1m5pE``); a JSON hand gives them as ``"seen": ["1m", "1m", "5p", "E"]``.  They lower the
unseen counts and, for ``targets``, the copies a target may use; with the hand's own tiles they
must leave at most four copies of each kind.
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Final

from ...errors import HandError
from ...hand import Hand
from ...notation.json_hand import HandRecord
from ...notation.mpsz import check_order, scan_run
from ...tiles import Tile

__all__ = ["SEEN_FIELD", "add_seen_argument", "seen_tiles"]

SEEN_FIELD: Final = frozenset({"seen"})


def add_seen_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seen", metavar="TILES",
                        help="tiles visible on the table, e.g. 1m1m5pE (JSON hands: \"seen\": [\"1m\", ...])")


def seen_tiles(rec: HandRecord, args: argparse.Namespace) -> tuple[Tile, ...]:
    """The seen tiles of one hand, checked against its own copies."""
    given = rec.extra.get("seen")
    if given is None:
        tiles: tuple[Tile, ...] = ()
    elif isinstance(given, str) and args.input is None:
        tiles = tuple(scan_run(given, 0, check_order(args.honour_order or "tenhou")))
    elif isinstance(given, list) and all(isinstance(t, str) for t in given):
        tiles = tuple(Tile.of(t) for t in given)
    else:
        raise HandError("bad_seen", "\"seen\" must be a list of tiles such as [\"1m\", \"E\"]")
    if any(t.is_bonus for t in tiles):
        raise HandError("bad_seen", "seen tiles are playing tiles; bonus tiles never limit a hand")
    _check_copies(rec.hand, tiles)
    return tiles


def _check_copies(hand: Hand, seen: tuple[Tile, ...]) -> None:
    copies = Counter(hand.all_tiles) + Counter(seen)
    for tile, n in sorted(copies.items()):
        if n > 4:
            raise HandError(
                "fifth_copy", f"{n} copies of {tile} counting the hand and the seen tiles; there are only 4"
            )
