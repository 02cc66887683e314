"""A seeded generator of random MCR winning hands of every shape, and their translation for PyMahjongGB.

Used by the differential test (tests/test_mcr_differential.py), the floor property and the
benchmark (benchmarks/mcr_scoring.py).  Every hand is built complete: four sets and a pair
(chows, pungs and kongs, some declared: exposed chows and pungs, melded and concealed kongs) or a
special shape (seven pairs, thirteen orphans, knitted straight with a set and a pair,
honours-and-knitted, nine gates).  Families narrow the tiles (one suit, one suit with honours,
terminals and honours, green tiles, few ranks) so that flushes and the rare fans turn up often.
Contexts are consistent with the hand (a kong replacement needs a kong, robbing a kong needs the
winning tile's other copies to be elsewhere, Last Tile needs no other copy standing), so that the
peer's own flag corrections never come into play.

>>> import random
>>> hands = [random_hand(random.Random(seed)) for seed in range(50)]
>>> all(h.hand.is_complete for h in hands)
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from mahjong_arbiter.hand import Context, Hand, Meld, MeldKind
from mahjong_arbiter.solver.special import KNITTED_PATTERNS
from mahjong_arbiter.tiles import ALL_PLAYING, DRAGONS, SUITS, TERMINALS_AND_HONOURS, WINDS, Tile

__all__ = ["GeneratedHand", "random_hand", "corpus", "peer_arguments", "peer_packs", "PEER_TOKENS"]

HONOURS = (*WINDS, *DRAGONS)
GREEN = tuple(Tile.of(t) for t in ("2s", "3s", "4s", "6s", "8s", "F"))


@dataclass(frozen=True)
class GeneratedHand:
    """A complete hand, its context and the family that made it."""

    hand: Hand
    context: Context
    family: str


# --- ordinary hands (four sets and a pair) --------------------------------------------------------------------
@dataclass(frozen=True)
class _Style:
    """What an ordinary hand may use."""

    kinds: tuple[Tile, ...]
    chow: float = 0.5
    kong: float = 0.08
    declared: float = 0.3


def _following(first: Tile) -> list[Tile]:
    """The two tiles after *first* in a chow."""
    second, third = first.next_in_suit(1), first.next_in_suit(2)
    assert second is not None and third is not None
    return [second, third]


def _chow_starts(kinds: Sequence[Tile]) -> list[Tile]:
    allowed = set(kinds)
    out = []
    for t in kinds:
        second, third = t.next_in_suit(1), t.next_in_suit(2)
        if second in allowed and third in allowed:
            out.append(t)
    return out


def _ordinary(rng: random.Random, style: _Style) -> tuple[list[Meld], list[Tile]] | None:
    """Four sets and a pair from *style*: the declared melds and the standing tiles."""
    used: Counter[Tile] = Counter()
    melds: list[Meld] = []
    standing: list[Tile] = []
    starts = _chow_starts(style.kinds)
    for _ in range(4):
        roll = rng.random()
        if starts and roll < style.chow:
            first = rng.choice(starts)
            tiles = [first, *_following(first)]
            kind = MeldKind.CHOW
        else:
            tile = rng.choice(style.kinds)
            kind = MeldKind.KONG if rng.random() < style.kong else MeldKind.PUNG
            tiles = [tile] * (4 if kind is MeldKind.KONG else 3)
        used.update(tiles)
        if any(n > 4 for n in used.values()):
            return None
        if kind is MeldKind.KONG:
            melds.append(Meld(kind, tuple(tiles), exposed=rng.random() < 0.5))
        elif rng.random() < style.declared:
            melds.append(Meld(kind, tuple(tiles), exposed=True))
        else:
            standing.extend(tiles)
    pair = rng.choice(style.kinds)
    used[pair] += 2
    if used[pair] > 4:
        return None
    standing.extend([pair, pair])
    return melds, standing


def _styles() -> dict[str, tuple[float, Callable[[random.Random], _Style]]]:
    """Families of ordinary hands: weight and a style maker."""

    def anything(rng: random.Random) -> _Style:
        return _Style(ALL_PLAYING, chow=rng.choice((0.3, 0.6, 0.8)))

    def one_suit(rng: random.Random) -> _Style:
        suit = rng.choice(SUITS)
        honours = HONOURS if rng.random() < 0.4 else ()
        return _Style(tuple(t for t in ALL_PLAYING if t.suit == suit) + honours, chow=0.6)

    def few_ranks(rng: random.Random) -> _Style:
        ranks = set(rng.sample(range(1, 10), rng.randint(3, 6)))
        suits = rng.sample(SUITS, rng.randint(1, 3))
        return _Style(tuple(t for t in ALL_PLAYING if t.is_suited and t.rank in ranks and t.suit in suits), chow=0.7)

    def chows(rng: random.Random) -> _Style:
        suits = rng.sample(SUITS, rng.randint(1, 3))
        return _Style(tuple(t for t in ALL_PLAYING if t.is_suited and t.suit in suits), chow=0.95, declared=0.35)

    def pungs(rng: random.Random) -> _Style:
        pool = rng.choice([ALL_PLAYING, HONOURS + tuple(rng.sample(ALL_PLAYING[:27], 6)), TERMINALS_AND_HONOURS])
        return _Style(pool, chow=0.1, kong=0.15)

    def kongs(rng: random.Random) -> _Style:
        return _Style(ALL_PLAYING, chow=0.3, kong=0.6)

    def green(rng: random.Random) -> _Style:
        return _Style(GREEN, chow=0.5)

    def honours_and_terminals(rng: random.Random) -> _Style:
        return _Style(TERMINALS_AND_HONOURS, chow=0.0, kong=0.1)

    return {
        "ordinary": (24, anything),
        "one-suit": (14, one_suit),
        "few-ranks": (12, few_ranks),
        "chows": (14, chows),
        "pungs": (10, pungs),
        "kongs": (6, kongs),
        "green": (2, green),
        "terminals-honours": (3, honours_and_terminals),
    }


# --- special shapes -----------------------------------------------------------------------------------------------
def _seven_pairs(rng: random.Random) -> tuple[list[Meld], list[Tile]] | None:
    roll = rng.random()
    if roll < 0.15:
        suit = rng.choice(SUITS)
        start = rng.randint(1, 3)
        kinds = [Tile.suited(r, suit) for r in range(start, start + 7)]
    else:
        pool = [t for t in ALL_PLAYING if t.suit == rng.choice(SUITS) or t.is_honour] if roll < 0.5 else ALL_PLAYING
        kinds = rng.sample(list(pool), 7)
        if rng.random() < 0.2:
            kinds[-1] = kinds[0]  # four of a kind as two pairs
    return [], [t for t in kinds for _ in range(2)]


def _thirteen_orphans(rng: random.Random) -> tuple[list[Meld], list[Tile]] | None:
    return [], [*TERMINALS_AND_HONOURS, rng.choice(TERMINALS_AND_HONOURS)]


def _knitted_straight(rng: random.Random) -> tuple[list[Meld], list[Tile]] | None:
    pattern = list(rng.choice(KNITTED_PATTERNS))
    tile = rng.choice(ALL_PLAYING)
    if tile.is_suited and tile.rank <= 7 and rng.random() < 0.6:
        kind, tiles = MeldKind.CHOW, [tile, *_following(tile)]
    elif rng.random() < 0.15:
        kind, tiles = MeldKind.KONG, [tile] * 4
    else:
        kind, tiles = MeldKind.PUNG, [tile] * 3
    pair = [rng.choice(ALL_PLAYING)] * 2
    if kind is MeldKind.KONG or rng.random() < 0.3:
        return [Meld(kind, tuple(tiles), exposed=kind is not MeldKind.KONG or rng.random() < 0.5)], pattern + pair
    return [], pattern + tiles + pair


def _honours_knitted(rng: random.Random) -> tuple[list[Meld], list[Tile]] | None:
    pattern = list(rng.choice(KNITTED_PATTERNS))
    honours = rng.randint(5, 7)
    return [], rng.sample(list(HONOURS), honours) + rng.sample(pattern, 14 - honours)


def _nine_gates(rng: random.Random) -> tuple[list[Meld], list[Tile]] | None:
    suit = rng.choice(SUITS)
    ranks = [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, rng.randint(1, 9)]
    return [], [Tile.suited(r, suit) for r in ranks]


_SPECIAL: dict[str, tuple[float, Callable[[random.Random], tuple[list[Meld], list[Tile]] | None]]] = {
    "seven-pairs": (7, _seven_pairs),
    "thirteen-orphans": (2, _thirteen_orphans),
    "knitted-straight": (4, _knitted_straight),
    "honours-knitted": (3, _honours_knitted),
    "nine-gates": (2, _nine_gates),
}


# --- the hand and its context ----------------------------------------------------------------------------------------
def _context(rng: random.Random, hand: Hand, winning: Tile) -> Context:
    self_drawn = rng.random() < 0.45
    standing_copies = hand.concealed.count(winning) - 1
    all_copies = sum(1 for t in hand.all_tiles if t is winning)
    kong_related = False
    if self_drawn and hand.kongs and rng.random() < 0.25:
        kong_related = True
    elif not self_drawn and all_copies == 1 and rng.random() < 0.1:
        kong_related = True  # robbing a kong: the other three copies are the robbed kong's
    last_of_kind = standing_copies == 0 and not kong_related and rng.random() < 0.12
    flowers = rng.choice((0, 0, 0, 0, 1, 2, 3))
    events = frozenset()
    if self_drawn and flowers and not kong_related and rng.random() < 0.15:
        events = frozenset({"flower_replacement"})
    return Context(
        self_drawn=self_drawn,
        kong_related=kong_related,
        last_of_kind=last_of_kind,
        last_tile=rng.random() < 0.06,
        seat_wind=rng.choice(WINDS),
        prevailing_wind=rng.choice(WINDS),
        flowers=flowers,
        events=events,
    )


def random_hand(rng: random.Random) -> GeneratedHand:
    """One random winning hand with a consistent context."""
    families: dict[str, tuple[float, Callable[[random.Random], tuple[list[Meld], list[Tile]] | None]]] = {
        name: (weight, lambda r, make=make: _ordinary(r, make(r))) for name, (weight, make) in _styles().items()
    }
    families.update(_SPECIAL)
    names = list(families)
    weights = [families[n][0] for n in names]
    while True:
        family = rng.choices(names, weights)[0]
        made = families[family][1](rng)
        if made is None:
            continue
        melds, standing = made
        counts = Counter(standing + [t for m in melds for t in m.tiles])
        if any(n > 4 for n in counts.values()):
            continue
        winning = rng.choice(standing)
        hand = Hand(tuple(standing), tuple(melds), winning)
        return GeneratedHand(hand, _context(rng, hand, winning), family)


def corpus(seed: int, n: int) -> list[GeneratedHand]:
    """*n* random hands from *seed* (the same list every time)."""
    rng = random.Random(seed)
    return [random_hand(rng) for _ in range(n)]


# --- PyMahjongGB ------------------------------------------------------------------------------------------------------
PEER_TOKENS: dict[Tile, str] = {
    **{Tile.suited(r, "m"): f"W{r}" for r in range(1, 10)},
    **{Tile.suited(r, "p"): f"B{r}" for r in range(1, 10)},
    **{Tile.suited(r, "s"): f"T{r}" for r in range(1, 10)},
    **{w: f"F{i + 1}" for i, w in enumerate(WINDS)},
    **{d: f"J{i + 1}" for i, d in enumerate(DRAGONS)},
}
"""Our tiles in PyMahjongGB's codes: W characters, B dots, T bamboo, F winds E S W N, J red green white
(checked by running it)."""


def peer_packs(hand: Hand) -> tuple[tuple[str, str, int], ...]:
    """The declared melds as PyMahjongGB packs (a chow by its middle tile; offer 0 for a concealed kong)."""
    packs = []
    for meld in hand.melds:
        if meld.kind is MeldKind.CHOW:
            packs.append(("CHI", PEER_TOKENS[meld.tiles[1]], 1))
        elif meld.kind is MeldKind.PUNG:
            packs.append(("PENG", PEER_TOKENS[meld.first], 1))
        else:
            packs.append(("GANG", PEER_TOKENS[meld.first], 1 if meld.exposed else 0))
    return tuple(packs)


def peer_arguments(hand: Hand, context: Context) -> dict[str, Any]:
    """Keyword arguments of ``MahjongGB.MahjongFanCalculator`` for *hand* and *context*.

    The peer does not validate its input (found by running it), so this refuses what it cannot mean:
    a hand without its winning tile.
    """
    if hand.winning_tile is None:
        raise ValueError("the peer scores complete hands only")
    standing = list(hand.concealed)
    standing.remove(hand.winning_tile)
    return {
        "pack": peer_packs(hand),
        "hand": tuple(PEER_TOKENS[t] for t in standing),
        "winTile": PEER_TOKENS[hand.winning_tile],
        "flowerCount": context.flowers,
        "isSelfDrawn": context.self_drawn,
        "is4thTile": context.last_of_kind,
        "isAboutKong": context.kong_related,
        "isWallLast": context.last_tile,
        "seatWind": WINDS.index(context.seat_wind),
        "prevalentWind": WINDS.index(context.prevailing_wind),
        "verbose": True,
    }
