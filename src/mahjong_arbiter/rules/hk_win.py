"""Hong Kong faan of the way a hand was won and of its bonus tiles (flowers and seasons).

Recognition only; values are profile data.  Sources: the scoped table of
Gameweave rules ("Scoring (faan)") and the HK sheet with the Hong Kong pages of docs/sources.md.  Bonus tiles
are numbered as in :mod:`mahjong_arbiter.tiles`: flower and season 1 belong to East, 2 to South,
3 to West, 4 to North.

>>> from mahjong_arbiter.hand import Context
>>> from mahjong_arbiter.tiles import Tile
>>> _own_bonus(Context(seat_wind="S", bonus_tiles=(Tile.of("f2"), Tile.of("s3"))), flowers=True)
1
"""

from __future__ import annotations

from ..hand import Context
from ..solver.reading import Reading
from .registry import Hits, Needs, Situation, rule

__all__ = [
    "self_drawn",
    "concealed_hand",
    "robbing_kong",
    "kong_replacement",
    "last_tile",
    "bonus_tile",
    "no_flowers",
    "own_flower",
    "own_season",
    "full_bonus_set",
]

_SEED = "Gameweave rules, Scoring (faan)"
_HK = "HK sheet (with the other Hong Kong tables of docs/sources.md)"


@rule(
    "hk.self-drawn",
    source=f"{_SEED}, row 'Self-drawn win'; {_HK}, 'Self-drawn'",
    facts=("self_drawn",),
    needs=Needs(situation=("self_drawn",)),
)
def self_drawn(reading: Reading, situation: Situation) -> Hits:
    """自摸 Self-drawn: the winning tile came from the wall."""
    return Hits.when(situation.context.self_drawn)


@rule(
    "hk.concealed",
    source=f"{_HK}, 'Concealed hand (may win on discard)'",
    needs=Needs(situation=("no_exposed_meld",)),
)
def concealed_hand(reading: Reading, situation: Situation) -> Hits:
    """門前清 Concealed Hand: no set was claimed before the win (concealed kongs allowed); the
    winning tile itself may be a discard."""
    return Hits.when(situation.hand.is_fully_concealed)


@rule(
    "hk.robbing-kong",
    source=f"{_HK}, 'Robbing a kong'",
    facts=("robbing_kong",),
    needs=Needs(situation=("robbing_kong",)),
)
def robbing_kong(reading: Reading, situation: Situation) -> Hits:
    """搶槓 Robbing a Kong: won on the tile another player added to an exposed pung."""
    return Hits.when(situation.context.robbing_kong)


@rule(
    "hk.kong-replacement",
    source=f"{_HK}, 'Win on kong replacement'",
    facts=("kong_replacement",),
    needs=Needs(situation=("kong_replacement",)),
)
def kong_replacement(reading: Reading, situation: Situation) -> Hits:
    """槓上開花 Win on a Kong's Replacement: won on the loose tile drawn after a kong (scored
    beside Self-drawn)."""
    return Hits.when(situation.context.kong_replacement)


@rule(
    "hk.last-tile",
    source="Zaiferspot 2008: 海底撈月 'Hoi Dai Lao Yuet'",
    facts=("last_tile",),
    needs=Needs(situation=("last_tile",)),
)
def last_tile(reading: Reading, situation: Situation) -> Hits:
    """海底撈月 Last Tile: won on the last tile of the wall or the discard that follows it."""
    return Hits.when(situation.context.last_tile)


@rule(
    "hk.bonus-tile",
    source=f"{_SEED}, row 'Each bonus tile (Flower/Season)'",
    facts=("flowers",),
    needs=Needs(situation=("flowers",)),
)
def bonus_tile(reading: Reading, situation: Situation) -> Hits:
    """花 Bonus Tile: each flower or season the player holds, once each."""
    return Hits.times(situation.context.flowers)


@rule("hk.no-flowers", source=f"{_HK}, 'No flowers'", needs=Needs(situation=("no_flowers",)))
def no_flowers(reading: Reading, situation: Situation) -> Hits:
    """無花 No Flowers: the player holds no flower and no season."""
    return Hits.when(situation.context.flowers == 0)


def _own_bonus(context: Context, *, flowers: bool) -> int:
    """How many of the player's own flowers (or seasons) it holds: 0 or 1."""
    seat = context.seat_wind.rank
    held = context.bonus_tiles or ()
    return sum(1 for t in held if t.rank == seat and (t.is_flower if flowers else t.is_season))


@rule(
    "hk.own-flower",
    source=f"{_HK}, 'Own flower / own season'",
    facts=("flowers",),
    needs=Needs(situation=("bonus_tiles",)),
)
def own_flower(reading: Reading, situation: Situation) -> Hits:
    """正花 Own Flower: the flower numbered like the player's seat (East 1 ... North 4).

    Needs the bonus tiles themselves (``Context.bonus_tiles``); a bare count cannot show it."""
    return Hits.times(_own_bonus(situation.context, flowers=True))


@rule(
    "hk.own-season",
    source=f"{_HK}, 'Own flower / own season'",
    facts=("flowers",),
    needs=Needs(situation=("bonus_tiles",)),
)
def own_season(reading: Reading, situation: Situation) -> Hits:
    """正季 Own Season: the season numbered like the player's seat (East 1 ... North 4)."""
    return Hits.times(_own_bonus(situation.context, flowers=False))


@rule(
    "hk.full-bonus-set",
    source=f"{_HK}, 'All 4 flowers or all 4 seasons'",
    facts=("flowers",),
    needs=Needs(situation=("bonus_tiles",)),
)
def full_bonus_set(reading: Reading, situation: Situation) -> Hits:
    """一台花 Full Set: all four flowers, or all four seasons; once for each complete set."""
    held = situation.context.bonus_tiles or ()
    flowers = sum(1 for t in held if t.is_flower)
    seasons = sum(1 for t in held if t.is_season)
    return Hits.times((flowers == 4) + (seasons == 4))
