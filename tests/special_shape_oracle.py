"""An independent brute-force description of the classical special shapes, for tests only.

For each special shape the Thompson & Maloney and club-rules profiles use, this module says what
hands have it, written straight from the hand's pattern (Thompson & Maloney 1997, the page in each
entry) and without any of the product's shape code:

* ``instances()``: every hand of the shape, as (standing counts, declared melds), generated from
  the pattern's free choices (suit, numbers, which tile is doubled, and for a pung-or-kong place
  whether it stands, is an exposed pung, an exposed kong or a concealed kong) when they are few
  enough to list (``complete = True``), else a seeded sample of them;
* ``member(counts, melds)``: whether a hand has the shape, by trying the pattern's choices one by
  one (brute force) against the hand.

A hand is 34 standing counts (0-8 characters, 9-17 circles, 18-26 bamboo, 27-30 E S W N, 31-33
red, green, white) and a tuple of declared melds; no kind may be held five times.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement, permutations, product
from typing import Final

from mahjong_arbiter.hand import Meld, MeldKind
from mahjong_arbiter.tiles import Tile

__all__ = ["ShapeSpec", "SPECS", "key_of", "legal"]

Counts = tuple[int, ...]
Hand = tuple[Counts, tuple[Meld, ...]]

SUITS: Final = (0, 9, 18)
WINDS: Final = (27, 28, 29, 30)
DRAGONS: Final = (31, 32, 33)
HONOURS: Final = WINDS + DRAGONS
RED, GREEN, WHITE = 31, 32, 33
COLOUR: Final = {0: RED, 9: WHITE, 18: GREEN}
NORTH, SOUTH = 30, 28


def key_of(counts: Sequence[int], melds: Sequence[Meld]) -> tuple[Counts, tuple[tuple[str, int, bool], ...]]:
    """A hand as a hashable value (melds in a fixed order)."""
    return tuple(counts), tuple(sorted((m.kind.value, m.first.index, m.exposed) for m in melds))


def legal(counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    """At most four of a kind, melds included."""
    total = list(counts)
    for m in melds:
        for t in m.tiles:
            total[t.index] += 1
    return max(total) <= 4 and min(total) >= 0


def _counts(tiles: Sequence[int]) -> list[int]:
    c = [0] * 34
    for i in tiles:
        c[i] += 1
    return c


def _with_sets(loose: Sequence[int], places: Sequence[int], *, kongs: bool = True) -> Iterator[Hand]:
    """The loose tiles with a pung-or-kong of each of *places*, each standing, an exposed pung, an
    exposed kong or a concealed kong (pungs only when not *kongs*)."""
    forms = ("standing", "pung", "kong", "concealed_kong") if kongs else ("standing", "pung")
    for chosen in product(forms, repeat=len(places)):
        tiles = list(loose)
        melds = []
        for place, form in zip(places, chosen, strict=True):
            tile = Tile.at(place)
            if form == "standing":
                tiles += [place] * 3
            elif form == "pung":
                melds.append(Meld.pung(tile, exposed=True))
            else:
                melds.append(Meld.kong(tile, exposed=form == "kong"))
        counts = _counts(tiles)
        if legal(counts, melds):
            yield tuple(counts), tuple(melds)


def _plain(tiles: Sequence[int]) -> Iterator[Hand]:
    counts = _counts(tiles)
    if legal(counts, ()):
        yield tuple(counts), ()


def _run(base: int, low: int, high: int) -> list[int]:
    return [base + r - 1 for r in range(low, high + 1)]


def _pairs(indexes: Sequence[int]) -> list[int]:
    return [i for i in indexes for _ in range(2)]


def _multisets(kinds: Sequence[int], size: int, most: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of *size* kinds, no kind more than *most* times."""
    for combo in combinations_with_replacement(kinds, size):
        if all(combo.count(k) <= most for k in set(combo)):
            yield combo


def _mixed_chows() -> list[tuple[int, int, int]]:
    """Every mixed chow: numbers r, r+1, r+2, one in each suit, any order of suits."""
    return [
        (a + r - 1, b + r, c + r + 1)
        for r in range(1, 8)
        for a, b, c in permutations(SUITS)
    ]


MIXED: Final = _mixed_chows()
MIXED_PAIRS: Final = [(a + r - 1, b + r - 1) for r in range(1, 10) for a, b in combinations(SUITS, 2)]


# --- brute-force membership helpers (no product code) --------------------------------------------
def _standing_sets(counts: Sequence[int], melds: Sequence[Meld], places: Sequence[int], kongs: bool = True
                   ) -> list[int] | None:
    """The loose tiles left when *places* are filled by the melds (each meld one place) and by
    standing pungs, else None; tried over every order of the melds."""
    if any(m.kind is MeldKind.CHOW for m in melds) or (not kongs and any(m.is_kong for m in melds)):
        return None
    wanted = list(places)
    for m in melds:
        if m.first.index not in wanted:
            return None
        wanted.remove(m.first.index)
    rest = list(counts)
    for place in wanted:
        rest[place] -= 3
        if rest[place] < 0:
            return None
    return rest


def _is(counts: Sequence[int], tiles: Sequence[int]) -> bool:
    return list(counts) == _counts(tiles)


def _splits_mixed(counts: Sequence[int], chows: int, pair: bool) -> bool:
    """Brute force: do the suited counts split into *chows* mixed chows (and a mixed pair)?"""
    if sum(counts) != 3 * chows + 2 * pair or any(counts[27:]):
        return False
    if chows == 0 and not pair:
        return True
    if pair:
        for a, b in MIXED_PAIRS:
            if counts[a] and counts[b]:
                rest = list(counts)
                rest[a] -= 1
                rest[b] -= 1
                if _splits_mixed(rest, chows, False):
                    return True
        return False
    first = next(i for i in range(27) if counts[i])
    for chow in MIXED:
        if first in chow and all(counts[i] >= chow.count(i) for i in chow):
            rest = list(counts)
            for i in chow:
                rest[i] -= 1
            if _splits_mixed(rest, chows - 1, False):
                return True
    return False


@dataclass(frozen=True)
class ShapeSpec:
    """One shape: its hands listed (all, or a sample) and a brute-force membership test."""

    name: str
    pages: str
    instances: Callable[[random.Random], Iterator[Hand]]
    member: Callable[[Counts, tuple[Meld, ...]], bool]
    complete: bool


def _listed(name: str, pages: str, generate: Callable[[], Iterator[Hand]]) -> ShapeSpec:
    """A shape small enough to list: membership is being in the list."""
    cache: dict[str, frozenset[object]] = {}

    def members() -> frozenset[object]:
        if "all" not in cache:
            cache["all"] = frozenset(key_of(c, m) for c, m in generate())
        return cache["all"]

    return ShapeSpec(name, pages, lambda rng: generate(), lambda c, m: key_of(c, m) in members(), True)


def _sampled(name: str, pages: str, generate: Callable[[random.Random], Iterator[Hand]],
             member: Callable[[Counts, tuple[Meld, ...]], bool]) -> ShapeSpec:
    return ShapeSpec(name, pages, generate, member, False)


# --- the loose shapes -------------------------------------------------------------------------------------
def _confused_gates() -> Iterator[Hand]:
    for run, low, high in permutations(SUITS):
        for doubled in range(2, 9):
            yield from _plain([*_run(run, 2, 8), run + doubled - 1, low, low, low, high + 8, high + 8, high + 8])


def _wriggly_snake() -> Iterator[Hand]:
    for s in SUITS:
        base = [*_run(s, 1, 9), *WINDS]
        for extra in base:
            yield from _plain([*base, extra])


def _hachi_ban() -> Iterator[Hand]:
    for s in SUITS:
        for low, high in ((1, 8), (2, 9)):
            for trio in [*combinations(WINDS, 3), DRAGONS]:
                yield from _plain([*_run(s, low, high), *_pairs(trio)])


def _wriggly_dragon() -> Iterator[Hand]:
    for s in SUITS:
        for three in DRAGONS:
            yield from _plain([*_run(s, 1, 9), *DRAGONS, three, three])


def _five_odd_honours() -> Iterator[Hand]:
    for s in SUITS:
        for five in combinations(HONOURS, 5):
            yield from _plain([*_run(s, 1, 9), *five])


def _dragons_run() -> Iterator[Hand]:
    for s in SUITS:
        for w in WINDS:
            yield from _plain([*_run(s, 1, 9), *DRAGONS, w, w])


def _gretas_garden() -> Iterator[Hand]:
    for s in SUITS:
        yield from _plain([*_run(s, 1, 7), *HONOURS])


def _gretas_dragon() -> Iterator[Hand]:
    for s in SUITS:
        for d in DRAGONS:
            yield from _plain([*_run(s, 1, 7), *WINDS, d, d, d])


def _yin_yang() -> Iterator[Hand]:
    for a, b in permutations(SUITS, 2):
        yield from _plain([a, a, a + 1, a + 2, a + 3, a + 4, a + 4, b + 4, b + 4, b + 5, b + 6, b + 7, b + 8, b + 8])


def _big_robert() -> Iterator[Hand]:
    for starts in product(range(1, 7), repeat=3):
        for h in HONOURS:
            tiles = [i for s, r in zip(SUITS, starts, strict=True) for i in _run(s, r, r + 3)]
            yield from _plain([*tiles, h, h])


def _windy_chow() -> Iterator[Hand]:
    for starts in product(range(1, 8), repeat=3):
        for w in WINDS:
            tiles = [i for s, r in zip(SUITS, starts, strict=True) for i in _run(s, r, r + 2)]
            yield from _plain([*tiles, *WINDS, w])


def _winds_with(multiplicities: dict[int, int]) -> Callable[[], Iterator[Hand]]:
    def generate() -> Iterator[Hand]:
        for s in SUITS:
            yield from _plain([*WINDS, *(s + r - 1 for r, n in multiplicities.items() for _ in range(n))])
    return generate


def _odds_and_evens() -> Iterator[Hand]:
    for even in SUITS:
        odd = [s for s in SUITS if s != even]
        yield from _plain([*(s + r - 1 for s in odd for r in (1, 3, 5, 7, 9)), *(even + r - 1 for r in (2, 4, 6, 8))])


def _dragonette() -> Iterator[Hand]:
    for s in SUITS:
        for d in DRAGONS:
            for ranks in _multisets(range(2, 9), 3, 2):
                yield from _plain([*WINDS, *DRAGONS, d, *_pairs([s + r - 1 for r in ranks])])


def _windfall() -> Iterator[Hand]:
    for s in SUITS:
        for ranks in _multisets(range(1, 10), 5, 2):
            yield from _plain([*WINDS, *_pairs([s + r - 1 for r in ranks])])


def _dragons_breath() -> Iterator[Hand]:
    for s in SUITS:
        for d in DRAGONS:
            for ranks in _multisets(range(1, 10), 5, 2):
                yield from _plain([*DRAGONS, d, *_pairs([s + r - 1 for r in ranks])])


def _thirteen_orphans() -> Iterator[Hand]:
    orphans = [s + r for s in SUITS for r in (0, 8)] + list(HONOURS)
    for extra in orphans:
        yield from _plain([*orphans, extra])


def _nine_gates() -> Iterator[Hand]:
    for s in SUITS:
        for extra in range(9):
            yield from _plain([s, s, s, *_run(s, 2, 8), s + 8, s + 8, s + 8, s + extra])


def _wriggling_snake() -> Iterator[Hand]:
    for s in SUITS:
        yield from _plain([s, s, *_run(s, 2, 9), *WINDS])


# the sampled loose shapes: a generator of random members and a brute-force test
def _pairs_hand(rng: random.Random, kinds: Sequence[int], size: int = 7, most: int = 2) -> list[int]:
    chosen: list[int] = []
    while len(chosen) < size:
        k = rng.choice(kinds)
        if chosen.count(k) < most:
            chosen.append(k)
    return _pairs(chosen)


def _all_pair_sample(rng: random.Random) -> Iterator[Hand]:
    for _ in range(60):
        suit = rng.choice([*SUITS, None])
        kinds = list(HONOURS) + ([] if suit is None else _run(suit, 1, 9))
        yield from _plain(_pairs_hand(rng, kinds))


def _all_pair_member(counts: Counts, melds: tuple[Meld, ...]) -> bool:
    if melds or sum(counts) != 14 or any(n % 2 for n in counts):
        return False
    return sum(1 for s in SUITS if any(counts[s:s + 9])) <= 1


def _seven_pairs_sample(rng: random.Random) -> Iterator[Hand]:
    for _ in range(60):
        yield from _plain(_pairs(rng.sample(range(34), 7)))


def _seven_pairs_member(counts: Counts, melds: tuple[Meld, ...]) -> bool:
    return not melds and sorted(counts) == [0] * 27 + [2] * 7


def _aph_sample(rng: random.Random) -> Iterator[Hand]:
    orphans = [s + r for s in SUITS for r in (0, 8)] + list(HONOURS)
    for _ in range(60):
        yield from _plain(_pairs_hand(rng, orphans))


def _aph_member(counts: Counts, melds: tuple[Meld, ...]) -> bool:
    orphans = {s + r for s in SUITS for r in (0, 8)} | set(HONOURS)
    return (not melds and sum(counts) == 14 and all(n % 2 == 0 for n in counts)
            and all(counts[i] == 0 for i in range(34) if i not in orphans))


def _knitting_sample(rng: random.Random) -> Iterator[Hand]:
    for _ in range(60):
        a, b = rng.sample(SUITS, 2)
        ranks = [rng.randrange(9) for _ in range(7)]
        yield from _plain([t for r in ranks for t in (a + r, b + r)])


def _knitting_member(counts: Counts, melds: tuple[Meld, ...]) -> bool:
    if melds or sum(counts) != 14 or any(counts[27:]):
        return False
    for a, b in combinations(SUITS, 2):
        c = next(s for s in SUITS if s not in (a, b))
        if not any(counts[c:c + 9]) and all(counts[a + r] == counts[b + r] for r in range(9)):
            return True
    return False


def _triple_sample(rng: random.Random) -> Iterator[Hand]:
    for _ in range(60):
        ranks = [rng.randrange(9) for _ in range(4)]
        r = rng.randrange(9)
        a, b = rng.sample(SUITS, 2)
        yield from _plain([*(s + q for q in ranks for s in SUITS), a + r, b + r])


def _triple_member(counts: Counts, melds: tuple[Meld, ...]) -> bool:
    if melds or sum(counts) != 14 or any(counts[27:]):
        return False
    for r in range(9):
        for a, b in combinations(SUITS, 2):
            rest = list(counts)
            rest[a + r] -= 1
            rest[b + r] -= 1
            if min(rest) >= 0 and all(rest[q] == rest[9 + q] == rest[18 + q] for q in range(9)):
                return True
    return False


def _crazy_sample(rng: random.Random) -> Iterator[Hand]:
    for _ in range(60):
        tiles = [t for chow in rng.choices(MIXED, k=4) for t in chow] + list(rng.choice(MIXED_PAIRS))
        yield from _plain(tiles)


def _crazy_member(counts: Counts, melds: tuple[Meld, ...]) -> bool:
    return not melds and _splits_mixed(counts, 4, True)


def _professors_sample(rng: random.Random) -> Iterator[Hand]:
    for _ in range(60):
        w = rng.choice(WINDS)
        yield from _plain([*(t for chow in rng.choices(MIXED, k=3) for t in chow), *DRAGONS, w, w])


def _professors_member(counts: Counts, melds: tuple[Meld, ...]) -> bool:
    if melds or list(counts[31:34]) != [1, 1, 1] or sorted(counts[27:31]) != [0, 0, 0, 2]:
        return False
    return _splits_mixed([*counts[:27], *([0] * 7)], 3, False)


# --- the shapes of sets and loose tiles -------------------------------------------------------------------
def _run_double(base: int, low: int, high: int, doubled: int) -> list[int]:
    return [*_run(base, low, high), base + doubled - 1]


def _dragons_teeth() -> Iterator[Hand]:
    for s in (0, 9):
        for low, high in ((1, 7), (2, 8)):
            for d in range(low, high + 1):
                yield from _with_sets(_run_double(s, low, high, d), (RED, WHITE), kongs=False)


def _dragons_gates() -> Iterator[Hand]:
    for s in SUITS:
        for end in (s, s + 8):
            for d in range(2, 9):
                yield from _with_sets(_run_double(s, 2, 8, d), (end, COLOUR[s]))


def _red_lantern() -> Iterator[Hand]:
    for s in SUITS:
        for d in range(1, 8):
            for w in WINDS:
                yield from _with_sets(_run_double(s, 1, 7, d), (RED, w))


def _golden_gates() -> Iterator[Hand]:
    for s in SUITS:
        for end in (s, s + 8):
            yield from _with_sets(_pairs([s + 1, s + 3, s + 5, s + 7]), (end, COLOUR[s]))


def _windy_dragons() -> Iterator[Hand]:
    for two in combinations(DRAGONS, 2):
        yield from _with_sets(_pairs(WINDS), two)


def _civil_war() -> Iterator[Hand]:
    for a, b in permutations(SUITS, 2):
        yield from _with_sets([a, a, a + 5, a + 7, b, b + 4, b + 5, b + 7], (NORTH, SOUTH))


def _random_sets(rng: random.Random, loose: list[int], places: Sequence[int]) -> Iterator[Hand]:
    options = list(_with_sets(loose, places))
    if options:
        yield rng.choice(options)


def _windvane_sample(rng: random.Random) -> Iterator[Hand]:
    for _ in range(80):
        places = [s + rng.randrange(9) for s in SUITS]
        yield from _random_sets(rng, [*WINDS, rng.choice(WINDS)], places)


def _places(counts: Counts, melds: tuple[Meld, ...]) -> Iterator[tuple[int, ...]]:
    """One pung-or-kong place per suit, among the kinds held three times or declared (the others
    cannot be one: a shortcut of the brute force, not a reading of the hand)."""
    declared = {m.first.index for m in melds}
    yield from product(*([i for i in range(s, s + 9) if counts[i] >= 3 or i in declared] for s in SUITS))


def _windvane_member(counts: Counts, melds: tuple[Meld, ...]) -> bool:
    for places in _places(counts, melds):
        rest = _standing_sets(counts, melds, places)
        if rest is not None and any(_is(rest, [*WINDS, w]) for w in WINDS):
            return True
    return False


def _dragonfly_sample(rng: random.Random) -> Iterator[Hand]:
    for _ in range(80):
        places = [s + rng.randrange(9) for s in SUITS]
        p = rng.randrange(27)
        yield from _random_sets(rng, [*DRAGONS, p, p], places)


def _dragonfly_member(counts: Counts, melds: tuple[Meld, ...]) -> bool:
    for places in _places(counts, melds):
        rest = _standing_sets(counts, melds, places)
        if rest is not None and any(_is(rest, [*DRAGONS, p, p]) for p in range(27)):
            return True
    return False


def _philosophers_sample(rng: random.Random) -> Iterator[Hand]:
    for _ in range(80):
        starts = [s + rng.randrange(7) for s in SUITS]
        p = rng.randrange(27)
        tiles = [*(i for st in starts for i in (st, st + 1, st + 2)), p, p, *rng.choice(MIXED)]
        melds = tuple(Meld.chow(Tile.at(st)) for st in starts if rng.random() < 0.3)
        for m in melds:
            for t in m.tiles:
                tiles.remove(t.index)
        counts = _counts(tiles)
        if legal(counts, melds):
            yield tuple(counts), melds


def _philosophers_member(counts: Counts, melds: tuple[Meld, ...]) -> bool:
    if any(m.kind is not MeldKind.CHOW for m in melds):
        return False
    declared = {m.first.index for m in melds}
    held = [[i for i in range(s, s + 7) if i in declared or min(counts[i:i + 3]) >= 1] for s in SUITS]
    for starts in product(*held):
        pool = [m.first.index for m in melds]
        if sorted(pool) != sorted(st for st in starts if st in pool) or len(set(pool)) != len(pool):
            continue
        rest = list(counts)
        for st in starts:
            if st in pool:
                continue
            for i in (st, st + 1, st + 2):
                rest[i] -= 1
        if min(rest) < 0:
            continue
        for p in range(27):
            if rest[p] >= 2:
                left = list(rest)
                left[p] -= 2
                if _splits_mixed(left, 1, False):
                    return True
    return False


def _apple_sample(rng: random.Random) -> Iterator[Hand]:
    for _ in range(80):
        loose = [*(t for chow in rng.choices(MIXED, k=3) for t in chow), GREEN, GREEN]
        yield from _random_sets(rng, loose, (WHITE,))


def _apple_member(counts: Counts, melds: tuple[Meld, ...]) -> bool:
    rest = _standing_sets(counts, melds, (WHITE,))
    if rest is None or rest[GREEN] != 2:
        return False
    rest[GREEN] = 0
    return _splits_mixed(rest, 3, False)


SPECS: Final[dict[str, ShapeSpec]] = {
    spec.name: spec
    for spec in (
        _listed("tm_confused_gates", "pp. 9, 51", _confused_gates),
        _listed("tm_wriggly_snake", "p. 10", _wriggly_snake),
        _listed("tm_hachi_ban", "p. 10", _hachi_ban),
        _listed("tm_wriggly_dragon", "p. 11", _wriggly_dragon),
        _listed("tm_five_odd_honours", "p. 11", _five_odd_honours),
        _listed("tm_dragons_run", "synopsis p. 59", _dragons_run),
        _listed("tm_gretas_garden", "p. 13", _gretas_garden),
        _listed("tm_gretas_dragon", "p. 13", _gretas_dragon),
        _listed("tm_yin_yang", "p. 14", _yin_yang),
        _listed("tm_big_robert", "p. 14", _big_robert),
        _listed("tm_windy_chow", "p. 18", _windy_chow),
        _listed("tm_up_you_go", "synopsis p. 57", _winds_with({2: 1, 4: 2, 6: 3, 8: 4})),
        _listed("tm_down_you_go", "synopsis p. 57", _winds_with({2: 4, 4: 3, 6: 2, 8: 1})),
        _listed("tm_odds_and_evens", "synopsis p. 60", _odds_and_evens),
        _listed("tm_dragonette", "p. 24", _dragonette),
        _listed("tm_windfall", "p. 24", _windfall),
        _listed("tm_dragons_breath", "p. 24", _dragons_breath),
        _listed("thirteen_orphans", "p. 44", _thirteen_orphans),
        _listed("classical_nine_gates", "pp. 9, 47", _nine_gates),
        _listed("classical_wriggling_snake", "BMJA rules, special hands", _wriggling_snake),
        _listed("tm_dragons_teeth", "pp. 12, 33", _dragons_teeth),
        _listed("tm_dragons_gates", "pp. 12, 34", _dragons_gates),
        _listed("tm_red_lantern", "pp. 13, 40", _red_lantern),
        _listed("tm_golden_gates", "p. 25", _golden_gates),
        _listed("tm_windy_dragons", "pp. 25, 46", _windy_dragons),
        _listed("tm_civil_war", "p. 30", _civil_war),
        _sampled("tm_all_pair", "pp. 21-23", _all_pair_sample, _all_pair_member),
        _sampled("seven_pairs", "p. 22", _seven_pairs_sample, _seven_pairs_member),
        _sampled("classical_all_pair_honours", "p. 22", _aph_sample, _aph_member),
        _sampled("classical_knitting", "p. 20", _knitting_sample, _knitting_member),
        _sampled("classical_triple_knitting", "p. 20", _triple_sample, _triple_member),
        _sampled("tm_crazy_chows", "p. 16", _crazy_sample, _crazy_member),
        _sampled("tm_professors", "p. 19", _professors_sample, _professors_member),
        _sampled("tm_windvane", "pp. 28-29", _windvane_sample, _windvane_member),
        _sampled("tm_dragonfly", "p. 31", _dragonfly_sample, _dragonfly_member),
        _sampled("tm_three_philosophers", "p. 15", _philosophers_sample, _philosophers_member),
        _sampled("tm_apple_blossom", "pp. 19, 33", _apple_sample, _apple_member),
    )
}
"""Every special shape of thompson-maloney and club-rules, described independently."""
