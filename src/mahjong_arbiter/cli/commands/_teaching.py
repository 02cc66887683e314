"""What the teaching commands (``shanten``, ``targets``) share: ``--seen`` and its JSON field.

``--seen TILES`` names tiles visible on the table (discards, other players' melds), written like a
hand (``1m1m5pE``); a JSON hand gives them as ``"seen": ["1m", "1m", "5p", "E"]``
(:mod:`mahjong_arbiter.teaching.seen`).
"""

from __future__ import annotations

import argparse
from typing import Final

from ...notation.json_hand import HandRecord
from ...teaching.seen import check_seen, seen_from_json, seen_from_text
from ...tiles import Tile

__all__ = ["SEEN_FIELD", "add_seen_argument", "seen_tiles"]

SEEN_FIELD: Final = frozenset({"seen"})


def add_seen_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seen", metavar="TILES",
                        help="tiles visible on the table, e.g. 1m1m5pE (JSON hands: \"seen\": [\"1m\", ...])")


def seen_tiles(rec: HandRecord, args: argparse.Namespace) -> tuple[Tile, ...]:
    """The seen tiles of one hand (``--seen`` for a HAND, the ``"seen"`` field of a JSON hand;
    ``--seen`` beside ``--input`` is refused before any line is read, as a context flag is)."""
    given = rec.extra.get("seen")
    if args.input is None:
        tiles = () if given is None else seen_from_text(str(given), args.honour_order or "tenhou")
    else:
        tiles = seen_from_json(given)
    return check_seen(rec.hand, tiles)
