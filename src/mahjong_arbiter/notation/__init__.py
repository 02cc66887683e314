"""Notations: hand strings (MPSZ and the MCR helper's), bonus tiles, the JSON hand format, text.

* :func:`parse_hand` / :func:`format_hand` — one string per hand (:mod:`.hand_string`);
  honour order of ``5z 6z 7z``: Tenhou (white green red) by default, ``chinese`` (red green
  white, as the MCR helper) on request (:mod:`.mpsz`); melds in brackets (:mod:`.helper`);
  bonus tiles in braces ``{f1,s3}`` (:mod:`.bonus`).
* :mod:`.json_hand` — the JSON hand format of issue 2.
* :mod:`.render` — tiles drawn as Unicode glyphs beside their tokens, or plain with ``ascii``.
"""

from .bonus import format_bonus, parse_bonus, parse_flowers
from .hand_string import STYLES, ParsedHand, format_hand, parse_hand, parse_meld, parse_tile
from .mpsz import HONOUR_ORDERS

__all__ = [
    "ParsedHand",
    "parse_hand",
    "parse_meld",
    "format_hand",
    "parse_tile",
    "parse_bonus",
    "format_bonus",
    "parse_flowers",
    "HONOUR_ORDERS",
    "STYLES",
]
