"""A fixed, seeded corpus of complete hands of every shape, for the benchmarks.

Shapes (a fixed share each): ordinary concealed hands, ordinary hands with declared melds
(exposed chows, pungs, kongs and concealed kongs), one-suit hands (the most decompositions),
seven pairs, thirteen orphans, knitted straight + set + pair, honours-and-knitted.  Every hand is
valid (no fifth copy) and complete; the same seed gives the same corpus on every machine.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from mahjong_arbiter.hand import Hand, Meld
from mahjong_arbiter.tiles import ALL_PLAYING, TERMINALS_AND_HONOURS, Tile

__all__ = ["CorpusHand", "build_corpus", "SHAPES"]

SHAPES = ("concealed", "melded", "one_suit", "seven_pairs", "thirteen_orphans", "knitted", "honours_knitted")
_KNITS = ((1, 4, 7), (2, 5, 8), (3, 6, 9))


@dataclass(frozen=True)
class CorpusHand:
    shape: str
    hand: Hand
    self_drawn: bool


def _set_tiles(rng: random.Random, suits: str, honours: bool) -> tuple[str, list[Tile]]:
    """A random chow or pung (kind, tiles) from the allowed suits."""
    if rng.random() < 0.5:
        suit = rng.choice(suits)
        low = rng.randint(1, 7)
        return "chow", [Tile.suited(low + i, suit) for i in range(3)]
    pool = [t for t in ALL_PLAYING if (t.is_suited and t.suit in suits) or (honours and t.is_honour)]
    return "pung", [rng.choice(pool)] * 3


def _standard(rng: random.Random, suits: str, honours: bool, melds_wanted: int) -> Hand | None:
    used: Counter[Tile] = Counter()
    melds: list[Meld] = []
    standing: list[Tile] = []
    for i in range(4):
        kind, tiles = _set_tiles(rng, suits, honours)
        if i < melds_wanted:
            roll = rng.random()
            if kind == "pung" and roll < 0.3:
                tiles = tiles + tiles[:1]
                meld = Meld.kong(tiles[0], exposed=rng.random() < 0.6)
            elif kind == "pung":
                meld = Meld.pung(tiles[0], exposed=True)
            else:
                meld = Meld.chow(tiles[0], exposed=True, claimed=rng.choice(tiles))
            melds.append(meld)
        else:
            standing.extend(tiles)
        used.update(tiles)
    pool = [t for t in ALL_PLAYING if (t.is_suited and t.suit in suits) or (honours and t.is_honour)]
    pair = rng.choice(pool)
    used.update([pair, pair])
    standing.extend([pair, pair])
    if max(used.values()) > 4:
        return None
    return Hand(tuple(standing), tuple(melds), rng.choice(standing))


def _seven_pairs(rng: random.Random) -> Hand:
    kinds = rng.sample(ALL_PLAYING, 7)
    tiles = [t for k in kinds for t in (k, k)]
    return Hand(tuple(tiles), (), rng.choice(tiles))


def _orphans(rng: random.Random) -> Hand:
    tiles = list(TERMINALS_AND_HONOURS) + [rng.choice(TERMINALS_AND_HONOURS)]
    return Hand(tuple(tiles), (), rng.choice(tiles))


def _knitted(rng: random.Random) -> Hand | None:
    order = rng.sample("mps", 3)
    tiles = [Tile.suited(r, s) for s, ranks in zip(order, _KNITS, strict=True) for r in ranks]
    _, extra = _set_tiles(rng, "mps", True)
    pair = rng.choice(ALL_PLAYING)
    tiles += extra + [pair, pair]
    if max(Counter(tiles).values()) > 4:
        return None
    return Hand(tuple(tiles), (), rng.choice(tiles))


def _honours_knitted(rng: random.Random) -> Hand:
    order = rng.sample("mps", 3)
    knitted = [Tile.suited(r, s) for s, ranks in zip(order, _KNITS, strict=True) for r in ranks]
    honours = [t for t in ALL_PLAYING if t.is_honour]
    n_honours = rng.randint(5, 7)
    tiles = rng.sample(honours, n_honours) + rng.sample(knitted, 14 - n_honours)
    return Hand(tuple(tiles), (), rng.choice(tiles))


def _one(rng: random.Random, shape: str) -> Hand | None:
    if shape == "concealed":
        return _standard(rng, "mps", True, 0)
    if shape == "melded":
        return _standard(rng, "mps", True, rng.randint(1, 4))
    if shape == "one_suit":
        return _standard(rng, rng.choice("mps"), False, 0)
    if shape == "seven_pairs":
        return _seven_pairs(rng)
    if shape == "thirteen_orphans":
        return _orphans(rng)
    if shape == "knitted":
        return _knitted(rng)
    return _honours_knitted(rng)


def build_corpus(size: int = 3500, seed: int = 20261130) -> list[CorpusHand]:
    """*size* complete hands, the shapes in fixed shares (ordinary hands the most)."""
    rng = random.Random(seed)
    weights = {"concealed": 10, "melded": 8, "one_suit": 6, "seven_pairs": 2, "thirteen_orphans": 1,
               "knitted": 1, "honours_knitted": 1}
    total = sum(weights.values())
    out: list[CorpusHand] = []
    for shape in SHAPES:
        wanted = size * weights[shape] // total
        made = 0
        while made < wanted:
            hand = _one(rng, shape)
            if hand is not None:
                out.append(CorpusHand(shape, hand, rng.random() < 0.4))
                made += 1
    while len(out) < size:
        hand = _one(rng, "concealed")
        if hand is not None:
            out.append(CorpusHand("concealed", hand, False))
    rng.shuffle(out)
    return out
