"""The Companion's hands that mix pungs or kongs with loose tiles, registered as special shapes.

Each of these hands has one to three pungs or kongs the player may declare (and so expose, which
the book's red dots value: Thompson & Maloney 1997, p. 4) and loose tiles that are no set: a run
with one number doubled, pairs, the winds or dragons one each, mixed chows.  A pung or kong place
is filled first by a declared meld (an exposed pung or kong, a concealed kong), else by three
standing tiles (:func:`._shape_kit.take_sets`); any other declared meld breaks the shape.  Three
Philosophers is the one hand here whose declared sets are chows.  Groupings: the sets, then PAIR
for the pairs the pattern names, IRREGULAR singles for the rest.

Whether an exposed pung halves the value or voids the hand is the profile's (``params.exposure``);
who may hold the hand (the player's own wind) is the rule's.  Each shape's distance (its shanten)
and the complete hands near a hand come from the list of its complete hands in :mod:`.tm_families`,
declared melds filling its places.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import product
from typing import Final

from ..hand import MeldKind
from ..solver.reading import Group
from ..solver.shapes import SPECIAL_SHAPES, ShapeInput, SpecialShape, register_special_shape
from ..solver.templates import FamilyMeasures
from ..tiles import Tile
from ._shape_kit import (
    DRAGON_INDEXES,
    GREEN,
    MATCHING_DRAGON,
    RED,
    SUIT_BASES,
    WHITE,
    WIND_INDEXES,
    canonical,
    honour_counts,
    mixed_chows_split,
    only_suit,
    pairs_of,
    run_with_double,
    single,
    singles,
    take_sets,
    vector,
)
from .tm_families import FAMILIES, PHILOSOPHERS

__all__ = ["SET_SHAPES"]

_Found = list[tuple[Group, ...]]
_TM = "Thompson & Maloney 1997"
_NORTH, _SOUTH = 30, 28


def _run_with_pair(counts: Sequence[int], low: int, high: int, suits: Iterable[int] = SUIT_BASES) -> list[Group]:
    """The loose tiles as one run *low*..*high* of one of *suits* with one number doubled and
    nothing else (no honours, no other suit): its groups, else []."""
    suit = only_suit(counts)
    if suit is None or suit not in suits or any(counts[27:]):
        return []
    doubled = run_with_double(counts, suit, low, high)
    if doubled is None:
        return []
    index = suit + doubled - 1
    return [Group.pair(Tile.at(index)), *singles(counts, (i for i in range(suit, suit + 9) if i != index))]


def _set_ranks(si: ShapeInput, base: int) -> list[int]:
    """The kinds of one suit that could be its pung-or-kong place: held three times, or declared."""
    declared = {m.first.index for m in si.melds if m.kind is not MeldKind.CHOW}
    return [i for i in range(base, base + 9) if si.counts[i] >= 3 or i in declared]


def _dedupe(found: _Found) -> _Found:
    return list(dict.fromkeys(found))


# --- runs (6a) ------------------------------------------------------------------------------------------
def dragons_teeth(si: ShapeInput) -> _Found:
    """A pung (not a kong) of red and of white dragons and eight loose tiles of characters or
    circles: 1 to 7 or 2 to 8 with one number doubled (pp. 12, 33)."""
    taken = take_sets(si, (RED, WHITE), kongs=False)
    if taken is None:
        return []
    rest, pungs = taken
    found = []
    for low, high in ((1, 7), (2, 8)):
        run = _run_with_pair(rest, low, high, suits=(0, 9))
        if run:
            found.append(canonical([*pungs, *run]))
    return found


def dragons_gates(si: ShapeInput) -> _Found:
    """Eight loose tiles, 2 to 8 of one suit with one doubled, a pung or kong of that suit's one or
    nine and one of the dragon of its colour (pp. 12, 34)."""
    found = []
    for base in SUIT_BASES:
        for end in (base, base + 8):
            taken = take_sets(si, (end, MATCHING_DRAGON[base]))
            if taken is not None:
                rest, pungs = taken
                run = _run_with_pair(rest, 2, 8, suits=(base,))
                if run:
                    found.append(canonical([*pungs, *run]))
    return found


def red_lantern(si: ShapeInput) -> _Found:
    """Eight loose tiles, 1 to 7 of one suit with one doubled, a pung or kong of red dragons and
    one of a wind (pp. 13, 40); that the wind is the player's own is the rule's business."""
    found = []
    for wind in WIND_INDEXES:
        taken = take_sets(si, (RED, wind))
        if taken is not None:
            rest, pungs = taken
            run = _run_with_pair(rest, 1, 7)
            if run:
                found.append(canonical([*pungs, *run]))
    return found


# --- chows (6b) -----------------------------------------------------------------------------------------
def three_philosophers(si: ShapeInput) -> _Found:
    """A chow of each suit (declared or standing), a pair of one suit and a mixed chow of three
    loose tiles (p. 15)."""
    if any(m.kind is not MeldKind.CHOW for m in si.melds):
        return []
    declared: dict[int, int] = {}
    for meld in si.melds:
        base = meld.first.index - meld.first.index % 9
        if base in declared:
            return []
        declared[base] = meld.first.index
    if any(si.counts[27:]):  # a standing honour is left over whatever the chows (no combination tried)
        return []
    choices = [[declared[b]] if b in declared else [b + r for r in range(7)] for b in SUIT_BASES]
    found = []
    for starts in product(*choices):
        rest = list(si.counts)
        standing = []
        for base, start in zip(SUIT_BASES, starts, strict=True):
            if base in declared:
                continue
            if min(rest[start:start + 3]) < 1:
                break
            for i in range(start, start + 3):
                rest[i] -= 1
            standing.append(start)
        else:
            if sum(rest) != 5:
                continue
            chows = None  # the chows' Groups, made for a combination that completes only
            for pair in (i for i in range(27) if rest[i] >= 2):
                rest[pair] -= 2
                if mixed_chows_split(rest, 1):
                    if chows is None:
                        chows = [Group.chow(Tile.at(start)) for start in standing]
                    found.append(canonical([*chows, Group.pair(Tile.at(pair)), *singles(rest, range(27))]))
                rest[pair] += 2
    return _dedupe(found)


def apple_blossom(si: ShapeInput) -> _Found:
    """A pung or kong of white dragons, a pair of green dragons and three mixed chows of nine loose
    tiles (pp. 19, 33)."""
    taken = take_sets(si, (WHITE,))
    if taken is None:
        return []
    rest, pungs = taken
    if rest[GREEN] != 2:
        return []
    suited = [*rest[:27], *(0,) * 7]
    if any(rest[27:32]) or rest[WHITE] or not mixed_chows_split(suited, 3):
        return []
    return [canonical([*pungs, Group.pair(Tile.at(GREEN)), *singles(rest, range(27))])]


# --- pairs (6c) -----------------------------------------------------------------------------------------
def golden_gates(si: ShapeInput) -> _Found:
    """Pairs of 2, 4, 6 and 8 of one suit, a pung or kong of that suit's one or nine and one of the
    dragon of its colour (p. 25)."""
    found = []
    for base in SUIT_BASES:
        for end in (base, base + 8):
            taken = take_sets(si, (end, MATCHING_DRAGON[base]))
            if taken is None:
                continue
            rest, pungs = taken
            if only_suit(rest) == base and not any(rest[27:]) and vector(rest, base) == (0, 2, 0, 2, 0, 2, 0, 2, 0):
                found.append(canonical([*pungs, *pairs_of(rest, range(base, base + 9))]))
    return found


# --- winds (6d) -----------------------------------------------------------------------------------------
def windvane(si: ShapeInput) -> _Found:
    """A pung or kong in each suit, a pair of one wind and the other three winds single (p. 28):
    the family of Windvane (any numbers), Windy Ones, Windy Nines, Three Sisters and Seven
    Brothers (pp. 28-29), which the rules tell apart."""
    winds, dragons = honour_counts(si.counts)
    if any(dragons) or not all(winds) or sum(winds) != 5:
        return []
    found = []
    for kinds in product(*(_set_ranks(si, base) for base in SUIT_BASES)):
        taken = take_sets(si, kinds)
        if taken is None:
            continue
        rest, pungs = taken
        if any(rest[:27]):
            continue
        wind_groups = [*pairs_of(rest, WIND_INDEXES), *(single(i) for i in WIND_INDEXES if rest[i] == 1)]
        found.append(canonical([*pungs, *wind_groups]))
    return _dedupe(found)


def windy_dragons(si: ShapeInput) -> _Found:
    """A pair of each wind and pungs or kongs of two dragons (pp. 25, 46)."""
    found = []
    for kept in ((RED, GREEN), (RED, WHITE), (GREEN, WHITE)):
        taken = take_sets(si, kept)
        if taken is not None:
            rest, pungs = taken
            if all(rest[i] == 2 for i in WIND_INDEXES) and sum(rest) == 8:
                found.append(canonical([*pungs, *pairs_of(rest, WIND_INDEXES)]))
    return found


def civil_war(si: ShapeInput) -> _Found:
    """Pungs or kongs of north and south winds and eight loose tiles: 1 1 6 8 of one suit ("1861")
    and 1 5 6 8 of another ("1865") (p. 30)."""
    taken = take_sets(si, (_NORTH, _SOUTH))
    if taken is None:
        return []
    rest, pungs = taken
    if any(rest[27:]):
        return []
    rows = {base: vector(rest, base) for base in SUIT_BASES if any(rest[base:base + 9])}
    war, peace = (2, 0, 0, 0, 0, 1, 0, 1, 0), (1, 0, 0, 0, 1, 1, 0, 1, 0)
    if sorted(rows.values()) != sorted([war, peace]):
        return []
    first = next(base for base, row in rows.items() if row == war)
    return [canonical([*pungs, Group.pair(Tile.at(first)), *singles(rest, (i for i in range(27) if i != first))])]


# --- dragons (6e) ---------------------------------------------------------------------------------------
def dragonfly(si: ShapeInput) -> _Found:
    """The three dragons single, a pung or kong in each suit and a pair of one suit (p. 31)."""
    winds, dragons = honour_counts(si.counts)
    if any(winds) or dragons != (1, 1, 1):
        return []
    found = []
    for kinds in product(*(_set_ranks(si, base) for base in SUIT_BASES)):
        taken = take_sets(si, kinds)
        if taken is None:
            continue
        rest, pungs = taken
        paired = [i for i in range(27) if rest[i]]
        if len(paired) == 1 and rest[paired[0]] == 2:
            found.append(canonical([*pungs, Group.pair(Tile.at(paired[0])), *singles(rest, DRAGON_INDEXES)]))
    return _dedupe(found)


def _shape(name: str, what: str, pages: str, groupings: Callable[[ShapeInput], _Found], *,
           measures: FamilyMeasures | None = None, kongs: bool = True) -> SpecialShape:
    """A shape whose distance and nearby hands come from its complete hands (:mod:`.tm_families`),
    declared pungs and kongs (pungs only, without *kongs*) filling their places."""
    measures = measures or FamilyMeasures(FAMILIES[name], kongs=kongs)
    return SpecialShape(name, what, f"{_TM}, {pages}", groupings, distance=measures.distance, near=measures.near)


SET_SHAPES: Final = (
    _shape("tm_dragons_teeth", "red and white dragon pungs and 1-7 or 2-8 with one doubled", "pp. 12, 33",
           dragons_teeth, kongs=False),
    _shape("tm_dragons_gates", "2-8 with one doubled, the suit's 1 or 9 and its dragon", "pp. 12, 34",
           dragons_gates),
    _shape("tm_red_lantern", "1-7 with one doubled, red dragons and a wind", "pp. 13, 40", red_lantern),
    _shape("tm_three_philosophers", "a chow of each suit, a pair and a mixed chow", "p. 15", three_philosophers,
           measures=PHILOSOPHERS),
    _shape("tm_apple_blossom", "white dragons, a green dragon pair and three mixed chows", "pp. 19, 33",
           apple_blossom),
    _shape("tm_golden_gates", "pairs of 2 4 6 8, the suit's 1 or 9 and its dragon", "p. 25", golden_gates),
    _shape("tm_windvane", "a pung or kong of each suit and E S W N with one doubled", "pp. 28-29", windvane),
    _shape("tm_windy_dragons", "a pair of each wind and two dragon pungs or kongs", "pp. 25, 46", windy_dragons),
    _shape("tm_civil_war", "north and south pungs, 1168 of one suit and 1568 of another", "p. 30", civil_war),
    _shape("tm_dragonfly", "the three dragons single, a pung or kong of each suit and a pair", "p. 31",
           dragonfly),
)
"""The Companion's hands of sets and loose tiles, registered on import."""

for _hybrid in SET_SHAPES:
    if _hybrid.name not in SPECIAL_SHAPES:
        register_special_shape(_hybrid)
