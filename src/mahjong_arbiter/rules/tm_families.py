"""The complete hands of each of the Companion's special shapes, for their distances (shanten).

Each entry of :data:`FAMILIES` lists every complete standing hand (no declared meld) of one shape
of :mod:`.tm_shapes_loose` and :mod:`.tm_shapes_sets`, as a
:class:`~mahjong_arbiter.solver.templates.Family`: a union of products of independent blocks (a
suit's run, the winds, the dragons; pairs of one suit; mixed chows across the suits), so that a
shape with thousands or millions of complete hands still gets its exact distance from a few
dozen partial hands (:mod:`mahjong_arbiter.solver.templates`).  A pung or kong the book lets the
player declare is a *place* of its block; the declared melds fill places when the hand has them.
Each family says, in data, the pattern its shape's recogniser checks (the page is the shape's
``source``); a test lists every family's hands and checks them against the recognisers and
against an independent description of the catalogue.

Kinds: 0-8 characters, 9-17 circles, 18-26 bamboo, 27-30 E S W N, 31-33 red, green, white.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import combinations, permutations
from typing import Final

from ..hand import Meld, MeldKind
from ..solver.suited_groups import SuitedGroups
from ..solver.templates import Block, Choice, Family, FamilyMeasures, PairSlots, Product
from ._shape_kit import DRAGON_INDEXES, GREEN, HONOUR_INDEXES, MATCHING_DRAGON, RED, SUIT_BASES, WHITE, WIND_INDEXES

__all__ = ["FAMILIES", "PHILOSOPHERS"]

Hand = dict[int, int]
_NORTH, _SOUTH = 30, 28


def _run(base: int, low: int, high: int) -> Hand:
    """One each of ranks *low*..*high* of the suit at *base*."""
    return {base + r - 1: 1 for r in range(low, high + 1)}


def _each(kinds: Iterable[int], n: int = 1) -> Hand:
    return dict.fromkeys(kinds, n)


def _plus(hand: Mapping[int, int], kind: int, n: int = 1) -> Hand:
    """*hand* with *n* more of *kind*."""
    return {**hand, kind: hand.get(kind, 0) + n}


def _fixed(hand: Hand) -> Choice:
    return Choice.of([hand])


def _doubled(hand: Hand) -> Choice:
    """*hand* with one of its kinds twice (the one doubled tile of a run or of the honours)."""
    return Choice.of([_plus(hand, k) for k in hand])


def _pungs(kinds: Iterable[int]) -> Choice:
    """A pung or kong place of one of *kinds*."""
    listed = list(kinds)
    return Choice.of([{k: 3} for k in listed], places=[(k,) for k in listed])


def _family(*products: Sequence[Block]) -> Family:
    return Family(tuple(Product(tuple(blocks)) for blocks in products))


_WINDS: Final = _each(WIND_INDEXES)
_DRAGONS: Final = _each(DRAGON_INDEXES)


# --- loose layouts (no declared meld) ------------------------------------------------------------------------
def confused_gates() -> Family:
    """2-8 of one suit with one doubled, 111 of a second suit and 999 of the third (pp. 9, 51)."""
    return _family(*((Choice.of([_plus(_run(run, 2, 8), run + d - 1) for d in range(2, 9)]),
                      _fixed({low: 3}), _fixed({high + 8: 3})) for run, low, high in permutations(SUIT_BASES)))


def wriggly_snake() -> Family:
    """1-9 of one suit and E S W N, one of the thirteen twice (p. 10)."""
    return _family(*(blocks for s in SUIT_BASES
                     for blocks in ((_doubled(_run(s, 1, 9)), _fixed(_WINDS)),
                                    (_fixed(_run(s, 1, 9)), _doubled(_WINDS)))))


def hachi_ban() -> Family:
    """1-8 or 2-9 of one suit and three pairs, all winds or all dragons (p. 10)."""
    honours = [_each(trio, 2) for trio in combinations(WIND_INDEXES, 3)] + [_each(DRAGON_INDEXES, 2)]
    return _family(*((Choice.of([_run(s, 1, 8), _run(s, 2, 9)]), Choice.of(honours)) for s in SUIT_BASES))


def wriggly_dragon() -> Family:
    """1-9 of one suit and the dragons, one of them three times (p. 11)."""
    return _family(*((_fixed(_run(s, 1, 9)), Choice.of([_plus(_DRAGONS, d, 2) for d in DRAGON_INDEXES]))
                     for s in SUIT_BASES))


def five_odd_honours() -> Family:
    """1-9 of one suit and five different honours (p. 11)."""
    return _family(*((_fixed(_run(s, 1, 9)), Choice.of([_each(five) for five in combinations(HONOUR_INDEXES, 5)]))
                     for s in SUIT_BASES))


def dragons_run() -> Family:
    """1-9 of one suit, the three dragons and a pair of one wind (synopsis p. 59)."""
    return _family(*((_fixed(_run(s, 1, 9)), Choice.of([_plus(_DRAGONS, w, 2) for w in WIND_INDEXES]))
                     for s in SUIT_BASES))


def gretas_garden() -> Family:
    """1-7 of one suit, E S W N and the three dragons (p. 13)."""
    return _family(*((_fixed(_run(s, 1, 7)), _fixed(_each(HONOUR_INDEXES))) for s in SUIT_BASES))


def gretas_dragon() -> Family:
    """1-7 of one suit, E S W N and three of one dragon (p. 13)."""
    return _family(*((_fixed(_run(s, 1, 7)), Choice.of([_plus(_WINDS, d, 3) for d in DRAGON_INDEXES]))
                     for s in SUIT_BASES))


def yin_yang() -> Family:
    """1 1 2 3 4 5 5 of one suit, 5 5 6 7 8 9 9 of another (p. 14)."""
    return _family(*((_fixed({a: 2, a + 1: 1, a + 2: 1, a + 3: 1, a + 4: 2}),
                      _fixed({b + 4: 2, b + 5: 1, b + 6: 1, b + 7: 1, b + 8: 2}))
                     for a, b in permutations(SUIT_BASES, 2)))


def big_robert() -> Family:
    """Four consecutive numbers of each suit and a pair of one wind or dragon (p. 14)."""
    runs = [Choice.of([_run(s, low, low + 3) for low in range(1, 7)]) for s in SUIT_BASES]
    return _family((*runs, Choice.of([{h: 2} for h in HONOUR_INDEXES])))


def crazy_chows() -> Family:
    """Four mixed chows and a mixed pair (p. 16)."""
    return _family((SuitedGroups(mixed_chows=4, mixed_pair=True),))


def windy_chow() -> Family:
    """E S W N with one doubled and a run of three numbers in each suit (p. 18)."""
    runs = [Choice.of([_run(s, low, low + 2) for low in range(1, 8)]) for s in SUIT_BASES]
    return _family((*runs, _doubled(_WINDS)))


def professors() -> Family:
    """Three mixed chows, the three dragons and a pair of one wind (p. 19)."""
    return _family((SuitedGroups(mixed_chows=3), Choice.of([_plus(_DRAGONS, w, 2) for w in WIND_INDEXES])))


def all_pair() -> Family:
    """Seven pairs of one suit and the honours (or honours alone), a four of a kind two pairs
    (pp. 21-23)."""
    return _family(*((PairSlots((*range(s, s + 9), *HONOUR_INDEXES), 7),) for s in SUIT_BASES))


def dragonette() -> Family:
    """E S W N, the dragons with one doubled and three pairs of 2-8 of one suit (p. 24)."""
    return _family(*((_fixed(_WINDS), _doubled(_DRAGONS), PairSlots(tuple(range(s + 1, s + 8)), 3))
                     for s in SUIT_BASES))


def windfall() -> Family:
    """E S W N and five pairs of one suit (p. 24)."""
    return _family(*((_fixed(_WINDS), PairSlots(tuple(range(s, s + 9)), 5)) for s in SUIT_BASES))


def dragons_breath() -> Family:
    """The dragons with one doubled and five pairs of one suit (p. 24)."""
    return _family(*((_doubled(_DRAGONS), PairSlots(tuple(range(s, s + 9)), 5)) for s in SUIT_BASES))


def _winds_and(counts: Sequence[int]) -> Callable[[], Family]:
    """E S W N and the even numbers of one suit held *counts* (of 2, 4, 6, 8) times."""
    def family() -> Family:
        return _family(*((_fixed(_WINDS), _fixed({s + 2 * i + 1: n for i, n in enumerate(counts)}))
                         for s in SUIT_BASES))
    family.__doc__ = f"E S W N and {' '.join(f'{2 * i + 2}x{n}' for i, n in enumerate(counts))} of one suit " \
                     "(synopsis p. 57)."
    return family


def odds_and_evens() -> Family:
    """1 3 5 7 9 of two suits and 2 4 6 8 of the third (synopsis p. 60)."""
    def odd(s: int) -> Hand:
        return _each(range(s, s + 9, 2))

    return _family(*((_fixed(odd(a)), _fixed(odd(b)), _fixed(_each(range(e + 1, e + 8, 2))))
                     for e in SUIT_BASES for a, b in [tuple(s for s in SUIT_BASES if s != e)]))


# --- sets and loose tiles (pung-or-kong places a declared meld may fill) -------------------------------------
def _run_doubled(base: int, low: int, high: int) -> list[Hand]:
    return [_plus(_run(base, low, high), base + d - 1) for d in range(low, high + 1)]


def dragons_teeth() -> Family:
    """Pungs of red and white dragons and 1-7 or 2-8 of characters or circles with one doubled
    (pp. 12, 33); declared kongs do not count (see ``kongs`` in :data:`FAMILIES`)."""
    return _family(*((Choice.of(_run_doubled(s, 1, 7) + _run_doubled(s, 2, 8)), _pungs([RED]), _pungs([WHITE]))
                     for s in SUIT_BASES[:2]))


def dragons_gates() -> Family:
    """2-8 of one suit with one doubled, a pung or kong of its one or nine and of the dragon of its
    colour (pp. 12, 34)."""
    def suit(s: int) -> Choice:
        ends = [(hand, end) for end in (s, s + 8) for hand in _run_doubled(s, 2, 8)]
        return Choice.of([{**hand, end: 3} for hand, end in ends], places=[(end,) for _, end in ends])

    return _family(*((suit(s), _pungs([MATCHING_DRAGON[s]])) for s in SUIT_BASES))


def red_lantern() -> Family:
    """1-7 of one suit with one doubled, a pung or kong of red dragons and of one wind (pp. 13, 40)."""
    return _family(*((Choice.of(_run_doubled(s, 1, 7)), _pungs([RED]), _pungs(WIND_INDEXES)) for s in SUIT_BASES))


def apple_blossom() -> Family:
    """A pung or kong of white dragons, a pair of green dragons and three mixed chows (pp. 19, 33)."""
    return _family((SuitedGroups(mixed_chows=3), Choice.of([{WHITE: 3, GREEN: 2}], places=[(WHITE,)])))


def golden_gates() -> Family:
    """Pairs of 2 4 6 8 of one suit, a pung or kong of its one or nine and of the dragon of its
    colour (p. 25)."""
    def suit(s: int) -> Choice:
        evens = _each(range(s + 1, s + 8, 2), 2)
        return Choice.of([{**evens, end: 3} for end in (s, s + 8)], places=[(s,), (s + 8,)])

    return _family(*((suit(s), _pungs([MATCHING_DRAGON[s]])) for s in SUIT_BASES))


def windvane() -> Family:
    """A pung or kong of each suit and E S W N with one doubled (pp. 28-29)."""
    return _family((*(_pungs(range(s, s + 9)) for s in SUIT_BASES), _doubled(_WINDS)))


def windy_dragons() -> Family:
    """A pair of each wind and pungs or kongs of two dragons (pp. 25, 46)."""
    two = list(combinations(DRAGON_INDEXES, 2))
    return _family((_fixed(_each(WIND_INDEXES, 2)), Choice.of([_each(d, 3) for d in two], places=two)))


def civil_war() -> Family:
    """Pungs or kongs of north and south, 1 1 6 8 of one suit and 1 5 6 8 of another (p. 30)."""
    winds = Choice.of([{_NORTH: 3, _SOUTH: 3}], places=[(_NORTH, _SOUTH)])
    return _family(*((winds, _fixed({a: 2, a + 5: 1, a + 7: 1}), _fixed({b: 1, b + 4: 1, b + 5: 1, b + 7: 1}))
                     for a, b in permutations(SUIT_BASES, 2)))


def dragonfly() -> Family:
    """The three dragons single, a pung or kong of each suit and a pair of one suit (p. 31)."""
    def with_pair(s: int) -> Choice:
        ranks = [(r, q) for r in range(9) for q in range(9) if q != r]
        return Choice.of([{s + r: 3, s + q: 2} for r, q in ranks], places=[(s + r,) for r, _ in ranks])

    return _family(*((*(with_pair(s) if s == paired else _pungs(range(s, s + 9)) for s in SUIT_BASES),
                      _fixed(_DRAGONS)) for paired in SUIT_BASES))


def three_philosophers(declared_suits: frozenset[int] = frozenset()) -> Family:
    """A chow of each suit (those of *declared_suits* declared), a pair of one suit and a mixed
    chow (p. 15)."""
    return _family((SuitedGroups(mixed_chows=1, chow_suits=frozenset(range(3)) - declared_suits, pair=True),))


class _PhilosophersMeasures(FamilyMeasures):
    """Three Philosophers' declared melds are chows, one suit each: its family depends on their
    suits (no places to fill)."""

    def __init__(self) -> None:
        super().__init__(three_philosophers)

    def family(self, melds: tuple[Meld, ...]) -> Family:
        suits = [m.first.index // 9 for m in melds if m.kind is MeldKind.CHOW]
        if len(suits) != len(melds) or len(set(suits)) != len(suits):
            return Family(())
        return three_philosophers(frozenset(suits))


PHILOSOPHERS: Final = _PhilosophersMeasures()
"""Three Philosophers' distance and nearby hands."""


FAMILIES: Final[dict[str, Callable[[], Family]]] = {
    "tm_confused_gates": confused_gates,
    "tm_wriggly_snake": wriggly_snake,
    "tm_hachi_ban": hachi_ban,
    "tm_wriggly_dragon": wriggly_dragon,
    "tm_five_odd_honours": five_odd_honours,
    "tm_dragons_run": dragons_run,
    "tm_gretas_garden": gretas_garden,
    "tm_gretas_dragon": gretas_dragon,
    "tm_yin_yang": yin_yang,
    "tm_big_robert": big_robert,
    "tm_crazy_chows": crazy_chows,
    "tm_windy_chow": windy_chow,
    "tm_professors": professors,
    "tm_all_pair": all_pair,
    "tm_dragonette": dragonette,
    "tm_windfall": windfall,
    "tm_dragons_breath": dragons_breath,
    "tm_up_you_go": _winds_and((1, 2, 3, 4)),
    "tm_down_you_go": _winds_and((4, 3, 2, 1)),
    "tm_odds_and_evens": odds_and_evens,
    "tm_dragons_teeth": dragons_teeth,
    "tm_dragons_gates": dragons_gates,
    "tm_red_lantern": red_lantern,
    "tm_three_philosophers": three_philosophers,
    "tm_apple_blossom": apple_blossom,
    "tm_golden_gates": golden_gates,
    "tm_windvane": windvane,
    "tm_windy_dragons": windy_dragons,
    "tm_civil_war": civil_war,
    "tm_dragonfly": dragonfly,
}
"""Each shape's complete hands without declared melds, by shape name (built on call)."""
