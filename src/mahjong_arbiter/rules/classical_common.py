"""Shared views for the Western classical recognisers (BMJA, Buzzard 2000, the Codification).

Nothing here is registered as a rule: these are the small facts several classical families ask
about a Reading (its tiles, its sets, the seat's own bonus tiles, whether the winning tile was a
loose tile).  Tile classes follow BMJA (https://mahjong-britishrules.com/scoring/working-out-the-scores):
minor = suited 2-8, major = suited 1 and 9 plus the winds and dragons.
"""

from __future__ import annotations

from ..hand import Context
from ..solver.reading import Group, Reading
from ..tiles import Tile
from .registry import Situation

__all__ = [
    "is_scoring_pair",
    "suits_of",
    "honours_of",
    "loose_tile_win",
    "own_bonus_number",
    "bonus_tiles",
    "is_standard_complete",
    "LOOSE_TILE_POLICY",
]

LOOSE_TILE_POLICY = "self_draw_points_on_loose_tile"
"""Policy name: does a winning loose tile (kong box) earn the +2 for a tile from the wall?"""


def is_scoring_pair(group: Group, context: Context) -> bool:
    """A pair that scores points: dragons, the seat's own wind, the prevailing wind (BMJA, Buzzard)."""
    tile = group.first
    return tile.is_dragon or tile is context.seat_wind or tile is context.prevailing_wind


def suits_of(tiles: tuple[Tile, ...]) -> set[str]:
    """The suits (m, p, s) present among *tiles*."""
    return {t.suit for t in tiles if t.is_suited}


def honours_of(tiles: tuple[Tile, ...]) -> list[Tile]:
    return [t for t in tiles if t.is_honour]


def loose_tile_win(context: Context) -> bool:
    """Won on a loose tile: the replacement for a kong or for a flower or season (self-drawn).

    BMJA and Buzzard both draw the replacement for a kong and for a bonus tile from the loose tiles
    of the kong box (BMJA https://mahjong-britishrules.com/playing-aid/some-terms, "loose tile").
    """
    return context.self_drawn and (context.kong_related or context.has("flower_replacement"))


def own_bonus_number(context: Context) -> int:
    """The number of the seat's own flower and season: East 1, South 2, West 3, North 4."""
    return context.seat_wind.rank


def bonus_tiles(situation: Situation) -> tuple[Tile, ...]:
    """The bonus tiles held, when the table named them (empty when only a count is known)."""
    return situation.context.bonus_tiles or ()


def is_standard_complete(reading: Reading) -> bool:
    """Four sets and a pair (the ordinary Mah-Jong shape)."""
    # (the chows and the pungs, kongs among them, counted instead of building Reading.sets)
    return reading.shape == "standard" and len(reading.chows) + len(reading.pungs) == 4 and len(reading.pairs) == 1
