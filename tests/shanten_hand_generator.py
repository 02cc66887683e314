"""A seeded generator of thirteen-tile hands with declared melds, for the shanten differentials.

Melds are drawn first (chows, pungs, exposed and concealed kongs), then the standing tiles from
what is left of the 136 tiles, from a pool that makes the interesting cases common: the whole
wall, a few kinds (so four of a kind and held-out waits turn up), terminals and honours (near
thirteen orphans), one knitted pattern with the honours (near the knitted shapes), pairs (near
seven pairs) and one suit.  Every hand is legal: at most four copies of a kind, melds included.

>>> hands = thirteen_tile_hands(1, 200)
>>> all(h.size == 13 and h.winning_tile is None for h in hands)
True
>>> sum(bool(h.melds) for h in hands) > 50
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from mahjong_arbiter.hand import Hand, Meld, MeldKind
from mahjong_arbiter.solver.special import KNITTED_PATTERNS
from mahjong_arbiter.tiles import ALL_PLAYING, TERMINALS_AND_HONOURS, Tile
from mcr_hand_generator import PEER_TOKENS, peer_packs

__all__ = ["thirteen_tile_hands", "peer_packs", "peer_hand"]

HONOURS = tuple(t for t in ALL_PLAYING if t.is_honour)


def _pool_whole(rng: random.Random) -> list[Tile]:
    return list(ALL_PLAYING)


def _pool_few(rng: random.Random) -> list[Tile]:
    return rng.sample(ALL_PLAYING, rng.randint(4, 8))


def _pool_orphans(rng: random.Random) -> list[Tile]:
    return list(TERMINALS_AND_HONOURS) + rng.sample(ALL_PLAYING, 2)


def _pool_knitted(rng: random.Random) -> list[Tile]:
    return list(rng.choice(KNITTED_PATTERNS)) + list(HONOURS) + rng.sample(ALL_PLAYING, 2)


def _pool_pairs(rng: random.Random) -> list[Tile]:
    return rng.sample(ALL_PLAYING, rng.randint(6, 9))


def _pool_suit(rng: random.Random) -> list[Tile]:
    suit = rng.choice("mps")
    extra = list(HONOURS) if rng.random() < 0.4 else []
    return [t for t in ALL_PLAYING if t.suit == suit] + extra


_POOLS: dict[str, tuple[float, Callable[[random.Random], list[Tile]], float]] = {
    # name: (weight, pool, chance of declared melds)
    "whole": (30, _pool_whole, 0.5),
    "few-kinds": (20, _pool_few, 0.4),
    "orphans": (12, _pool_orphans, 0.1),
    "knitted": (12, _pool_knitted, 0.2),
    "pairs": (12, _pool_pairs, 0.1),
    "one-suit": (14, _pool_suit, 0.4),
}


def _meld(rng: random.Random, wall: Counter[Tile], pool: list[Tile]) -> Meld | None:
    tile = rng.choice(pool if rng.random() < 0.7 else list(ALL_PLAYING))
    roll = rng.random()
    if roll < 0.45 and tile.is_suited and tile.rank <= 7:
        tiles = [tile, tile.next_in_suit(1), tile.next_in_suit(2)]
        kind = MeldKind.CHOW
    elif roll < 0.85:
        tiles, kind = [tile] * 3, MeldKind.PUNG
    else:
        tiles, kind = [tile] * 4, MeldKind.KONG
    need = Counter(t for t in tiles if t is not None)
    if any(wall[t] < n for t, n in need.items()):
        return None
    wall.subtract(need)
    exposed = kind is not MeldKind.KONG or rng.random() < 0.5
    return Meld(kind, tuple(need.elements()), exposed=exposed)


def random_thirteen(rng: random.Random) -> Hand:
    """One random legal hand of thirteen tiles (kongs counted as three)."""
    names = list(_POOLS)
    name = rng.choices(names, [_POOLS[n][0] for n in names])[0]
    _, make_pool, meld_chance = _POOLS[name]
    pool = sorted(set(make_pool(rng)))
    wall: Counter[Tile] = Counter({t: 4 for t in ALL_PLAYING})
    melds: list[Meld] = []
    if rng.random() < meld_chance:
        for _ in range(rng.choice((1, 1, 2, 2, 3, 4))):
            meld = _meld(rng, wall, pool)
            if meld is not None:
                melds.append(meld)
    size = 13 - 3 * len(melds)
    drawn = [t for t in pool for _ in range(wall[t])]
    if len(drawn) < size:
        drawn = [t for t in ALL_PLAYING for _ in range(wall[t])]
    rng.shuffle(drawn)
    return Hand(tuple(drawn[:size]), tuple(melds), None)


def thirteen_tile_hands(seed: int, n: int) -> list[Hand]:
    """*n* random thirteen-tile hands from *seed* (the same list every time)."""
    rng = random.Random(seed)
    return [random_thirteen(rng) for _ in range(n)]


def peer_hand(hand: Hand) -> tuple[str, ...]:
    """The standing tiles in PyMahjongGB's codes."""
    return tuple(PEER_TOKENS[t] for t in hand.concealed)


