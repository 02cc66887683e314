"""The loose layouts of the Companion's special hands, registered with the solver as special shapes.

A loose layout is fourteen standing tiles that are not four sets and a pair: runs of one suit with
honours, pairs, mixed chows.  No declared meld may be part of one (the book lays these hands out
loose; Thompson & Maloney 1997, p. 4 and each hand's page).  Each shape recognises exactly the tile
patterns of its hand (or of a family of hands, the rules telling them apart), so the solver's
waits list only tiles that complete a catalogue hand.  Groupings: a tile the pattern pairs is a
PAIR (four of a kind two PAIRs), three of a kind the pattern names is a PUNG, a run of one suit
the pattern calls a chow a CHOW; every other tile is a single IRREGULAR group.

Sources: Thompson & Maloney 1997 (the page of each hand in the shape's ``source``); the pattern
details the pages leave open are resolved as the Mahjong Reference app resolves them, each said in
the shape's docstring.  The rules that value these shapes are in ``rules/tm_*.py``.  Each shape's
distance (its shanten) and the complete hands near a hand come from the list of its complete hands
in :mod:`.tm_families`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Final

from ..hand import Meld
from ..solver.reading import Group
from ..solver.shapes import SPECIAL_SHAPES, ShapeInput, SpecialShape, register_special_shape
from ..solver.templates import FamilyMeasures
from ..tiles import Tile
from ._shape_kit import (
    HONOUR_INDEXES,
    SUIT_BASES,
    canonical,
    even_counts,
    exact_run,
    held_suits,
    honour_counts,
    mixed_chows_split,
    only_suit,
    pairs_of,
    plain,
    run_with_double,
    single,
    singles,
    vector,
)
from .tm_families import FAMILIES

__all__ = ["LOOSE_SHAPES"]

_Found = list[tuple[Group, ...]]
_TM = "Thompson & Maloney 1997"


def _run_groups(counts: Sequence[int], base: int) -> list[Group]:
    """A run of one suit: each tile single, a doubled number a PAIR."""
    groups: list[Group] = []
    for i in range(base, base + 9):
        groups += [Group.pair(Tile.at(i))] if counts[i] == 2 else singles(counts, (i,))
    return groups


def _honour_groups(counts: Sequence[int]) -> list[Group]:
    """Honours: singles, a doubled one a PAIR, three of a kind a PUNG."""
    groups: list[Group] = []
    for i in HONOUR_INDEXES:
        n = counts[i]
        if n == 3:
            groups.append(Group.pung(Tile.at(i)))
        elif n == 2:
            groups.append(Group.pair(Tile.at(i)))
        else:
            groups += singles(counts, (i,))
    return groups


def _run_and_honours(counts: Sequence[int], base: int) -> _Found:
    return [canonical([*_run_groups(counts, base), *_honour_groups(counts)])]


def _pairs_layout(counts: Sequence[int]) -> _Found:
    """Every tile in pairs except the honours held once (singles)."""
    return [canonical([*pairs_of(counts, range(34)), *(single(i) for i in range(34) if counts[i] == 1)])]


# --- runs with honours (6a) ------------------------------------------------------------------------
def confused_gates(si: ShapeInput) -> _Found:
    """No honours: 2 to 8 of one suit with one of them twice (no one or nine of it), three ones of
    a second suit and three nines of the third (p. 9, 51)."""
    c = si.counts
    if not plain(si) or any(c[27:]):
        return []
    found = []
    ones, nines = (3, 0, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0, 3)
    for run in SUIT_BASES:
        if run_with_double(c, run, 2, 8) is None:
            continue
        a, b = (base for base in SUIT_BASES if base != run)
        for low, high in ((a, b), (b, a)):
            if vector(c, low) == ones and vector(c, high) == nines:
                found.append(canonical([*_run_groups(c, run), Group.pung(Tile.at(low)), Group.pung(Tile.at(high + 8))]))
    return found


def wriggly_snake(si: ShapeInput) -> _Found:
    """1 to 9 of one suit and E S W N, any one of those thirteen tiles twice (p. 10)."""
    c = si.counts
    suit = only_suit(c)
    if not plain(si) or suit is None or any(c[31:34]):
        return []
    base = [*vector(c, suit), *c[27:31]]
    if sorted(base) != [1] * 12 + [2]:
        return []
    return _run_and_honours(c, suit)


def hachi_ban(si: ShapeInput) -> _Found:
    """1 to 8 or 2 to 9 of one suit and three different pairs, all winds or all dragons (p. 10)."""
    c = si.counts
    suit = only_suit(c)
    if not plain(si) or suit is None:
        return []
    if not (exact_run(c, suit, 1, 8) or exact_run(c, suit, 2, 9)):
        return []
    winds, dragons = honour_counts(c)
    if not ((sorted(winds) == [0, 2, 2, 2] and not any(dragons)) or (dragons == (2, 2, 2) and not any(winds))):
        return []
    return _run_and_honours(c, suit)


def wriggly_dragon(si: ShapeInput) -> _Found:
    """1 to 9 of one suit and the three dragons, one of them three times (five dragons; the app's
    reading of p. 11)."""
    c = si.counts
    suit = only_suit(c)
    winds, dragons = honour_counts(c)
    if not plain(si) or suit is None or any(winds) or sorted(dragons) != [1, 1, 3]:
        return []
    return _run_and_honours(c, suit) if exact_run(c, suit, 1, 9) else []


def five_odd_honours(si: ShapeInput) -> _Found:
    """1 to 9 of one suit and five different honours, winds and dragons mixed as they come (p. 11)."""
    c = si.counts
    suit = only_suit(c)
    if not plain(si) or suit is None or sorted(c[27:34]) != [0, 0, 1, 1, 1, 1, 1]:
        return []
    return _run_and_honours(c, suit) if exact_run(c, suit, 1, 9) else []


def dragons_run(si: ShapeInput) -> _Found:
    """1 to 9 of one suit, the three dragons and a pair of one wind (synopsis p. 59)."""
    c = si.counts
    suit = only_suit(c)
    winds, dragons = honour_counts(c)
    if not plain(si) or suit is None or dragons != (1, 1, 1) or sorted(winds) != [0, 0, 0, 2]:
        return []
    return _run_and_honours(c, suit) if exact_run(c, suit, 1, 9) else []


def gretas_garden(si: ShapeInput) -> _Found:
    """1 to 7 of one suit, E S W N and the three dragons (p. 13)."""
    c = si.counts
    suit = only_suit(c)
    if not plain(si) or suit is None or tuple(c[27:34]) != (1,) * 7:
        return []
    return _run_and_honours(c, suit) if exact_run(c, suit, 1, 7) else []


def gretas_dragon(si: ShapeInput) -> _Found:
    """1 to 7 of one suit, E S W N and three of one dragon (p. 13)."""
    c = si.counts
    suit = only_suit(c)
    winds, dragons = honour_counts(c)
    if not plain(si) or suit is None or winds != (1, 1, 1, 1) or sorted(dragons) != [0, 0, 3]:
        return []
    return _run_and_honours(c, suit) if exact_run(c, suit, 1, 7) else []


def yin_yang(si: ShapeInput) -> _Found:
    """Two suits, no honours: 1 1 2 3 4 5 5 of one, 5 5 6 7 8 9 9 of the other (p. 14)."""
    c = si.counts
    held = held_suits(c)
    if not plain(si) or any(c[27:]) or len(held) != 2:
        return []
    yin, yang = (2, 1, 1, 1, 2, 0, 0, 0, 0), (0, 0, 0, 0, 2, 1, 1, 1, 2)
    halves = {vector(c, b) for b in held}
    if halves != {yin, yang}:
        return []
    return [canonical([*_run_groups(c, held[0]), *_run_groups(c, held[1])])]


def big_robert(si: ShapeInput) -> _Found:
    """Four consecutive numbers of each suit and a pair of one wind or dragon (p. 14); whether the
    three runs start on the same number is the rules' business."""
    c = si.counts
    if not plain(si) or sorted(c[27:34]) != [0, 0, 0, 0, 0, 0, 2]:
        return []
    for base in SUIT_BASES:
        held = [r for r in range(9) if c[base + r]]
        if len(held) != 4 or held[3] - held[0] != 3 or any(c[base + r] != 1 for r in held):
            return []
    return [canonical([*singles(c, range(27)), *_honour_groups(c)])]


# --- chow hands (6b) -------------------------------------------------------------------------------
def crazy_chows(si: ShapeInput) -> _Found:
    """Four mixed chows and a mixed pair, every tile suited (p. 16)."""
    c = si.counts
    if not plain(si) or not mixed_chows_split(c, 4, pair=True):
        return []
    return [canonical(singles(c, range(27)))]


def windy_chow(si: ShapeInput) -> _Found:
    """E S W N, one of them twice, and a run of three numbers in each suit (p. 18): the family of
    Windy Chow, Chop Suey (1 2 3 in each suit) and Chow Mein (7 8 9)."""
    c = si.counts
    winds, dragons = honour_counts(c)
    if not plain(si) or any(dragons) or sorted(winds) != [1, 1, 1, 2]:
        return []
    chows = []
    for base in SUIT_BASES:
        held = [r for r in range(9) if c[base + r]]
        if len(held) != 3 or held[2] - held[0] != 2 or any(c[base + r] != 1 for r in held):
            return []
        chows.append(Group.chow(Tile.at(base + held[0])))
    return [canonical([*chows, *_honour_groups(c)])]


def professors(si: ShapeInput) -> _Found:
    """Three mixed chows, the three dragons and a pair of one wind (p. 19); that the pair is the
    player's own wind is the rule's business."""
    c = si.counts
    winds, dragons = honour_counts(c)
    if not plain(si) or dragons != (1, 1, 1) or sorted(winds) != [0, 0, 0, 2]:
        return []
    suited = [*c[:27], *(0,) * 7]
    if not mixed_chows_split(suited, 3):
        return []
    return [canonical([*singles(c, range(27)), *_honour_groups(c)])]


# --- pairs and knitting (6c) -----------------------------------------------------------------------
def all_pair(si: ShapeInput) -> _Found:
    """Seven pairs of at most one suit, honours allowed, not required; a four of a kind is two
    pairs (p. 22).  The family of All Pair and the hands inside it, which the rules tell apart:
    Heavenly Twins (one suit, no honours, p. 21), Sparrow's Sanctuary (p. 21), All Pair Jade and
    All Pair Ruby Jade (p. 23)."""
    c = si.counts
    if not plain(si) or not even_counts(c, range(34)) or len(held_suits(c)) > 1:
        return []
    return _pairs_layout(c)


def dragonette(si: ShapeInput) -> _Found:
    """E S W N, the three dragons with one of them twice, and three pairs of one suit numbered
    2 to 8 (p. 24)."""
    c = si.counts
    winds, dragons = honour_counts(c)
    suit = only_suit(c)
    if not plain(si) or winds != (1, 1, 1, 1) or sorted(dragons) != [1, 1, 2] or suit is None:
        return []
    if c[suit] or c[suit + 8] or not even_counts(c, range(suit, suit + 9)):
        return []
    return _pairs_layout(c)


def windfall(si: ShapeInput) -> _Found:
    """E S W N and five pairs of one suit (p. 24)."""
    c = si.counts
    winds, dragons = honour_counts(c)
    suit = only_suit(c)
    if not plain(si) or winds != (1, 1, 1, 1) or any(dragons) or suit is None:
        return []
    return _pairs_layout(c) if even_counts(c, range(suit, suit + 9)) else []


def dragons_breath(si: ShapeInput) -> _Found:
    """The three dragons with exactly one of them twice, and five pairs of one suit (p. 24)."""
    c = si.counts
    winds, dragons = honour_counts(c)
    suit = only_suit(c)
    if not plain(si) or any(winds) or sorted(dragons) != [1, 1, 2] or suit is None:
        return []
    return _pairs_layout(c) if even_counts(c, range(suit, suit + 9)) else []


# --- winds (6d) ---------------------------------------------------------------------------------------
def _winds_and_counts(si: ShapeInput, wanted: tuple[int, ...]) -> _Found:
    c = si.counts
    winds, dragons = honour_counts(c)
    suit = only_suit(c)
    if not plain(si) or winds != (1, 1, 1, 1) or any(dragons) or suit is None or vector(c, suit) != wanted:
        return []
    return [canonical(singles(c, range(34)))]


def up_you_go(si: ShapeInput) -> _Found:
    """E S W N and, of one suit, one 2, two 4s, three 6s and four 8s, all loose (synopsis p. 57)."""
    return _winds_and_counts(si, (0, 1, 0, 2, 0, 3, 0, 4, 0))


def down_you_go(si: ShapeInput) -> _Found:
    """E S W N and, of one suit, four 2s, three 4s, two 6s and one 8, all loose (synopsis p. 57)."""
    return _winds_and_counts(si, (0, 4, 0, 3, 0, 2, 0, 1, 0))


# --- odds and evens (6f) -------------------------------------------------------------------------------
def odds_and_evens(si: ShapeInput) -> _Found:
    """1 3 5 7 9 of two suits and 2 4 6 8 of the third, one of each (synopsis p. 60)."""
    c = si.counts
    if not plain(si) or any(c[27:]):
        return []
    odd, even = (1, 0, 1, 0, 1, 0, 1, 0, 1), (0, 1, 0, 1, 0, 1, 0, 1, 0)
    rows = sorted(vector(c, b) for b in SUIT_BASES)
    return [canonical(singles(c, range(27)))] if rows == sorted([odd, odd, even]) else []


# --- which kinds could complete thirteen tiles (a superset; see SpecialShape.candidates) ------------
_EVERY: Final = range(34)


def _no_melds(counts: Sequence[int], melds: Sequence[Meld]) -> Iterable[int]:
    """A loose layout takes no declared meld: with one, no kind completes it."""
    return () if melds else _EVERY


def _shape(name: str, what: str, pages: str, groupings: Callable[[ShapeInput], _Found]) -> SpecialShape:
    measures = FamilyMeasures(FAMILIES[name])
    return SpecialShape(name, what, f"{_TM}, {pages}", groupings, _no_melds, measures.distance, measures.near)


LOOSE_SHAPES: Final = (
    _shape("tm_confused_gates", "2-8 of a suit with one doubled, 111 and 999 of the others", "pp. 9, 51",
           confused_gates),
    _shape("tm_wriggly_snake", "1-9 of a suit and E S W N, one doubled", "p. 10", wriggly_snake),
    _shape("tm_hachi_ban", "1-8 or 2-9 of a suit and three wind or three dragon pairs", "pp. 10, 25", hachi_ban),
    _shape("tm_wriggly_dragon", "1-9 of a suit and the dragons, one of them three times", "p. 11", wriggly_dragon),
    _shape("tm_five_odd_honours", "1-9 of a suit and five different honours", "p. 11", five_odd_honours),
    _shape("tm_dragons_run", "1-9 of a suit, the three dragons and a wind pair", "synopsis p. 59", dragons_run),
    _shape("tm_gretas_garden", "1-7 of a suit, E S W N and the three dragons", "p. 13", gretas_garden),
    _shape("tm_gretas_dragon", "1-7 of a suit, E S W N and three of one dragon", "p. 13", gretas_dragon),
    _shape("tm_yin_yang", "1123455 of a suit and 5567899 of another", "p. 14", yin_yang),
    _shape("tm_big_robert", "four consecutive numbers of each suit and an honour pair", "p. 14", big_robert),
    _shape("tm_crazy_chows", "four mixed chows and a mixed pair", "p. 16", crazy_chows),
    _shape("tm_windy_chow", "E S W N with one doubled and a run of three in each suit", "p. 18", windy_chow),
    _shape("tm_professors", "three mixed chows, the three dragons and a wind pair", "p. 19", professors),
    _shape("tm_all_pair", "seven pairs of at most one suit and honours", "pp. 21-23", all_pair),
    _shape("tm_dragonette", "E S W N, the dragons with one doubled, three pairs of 2-8", "p. 24", dragonette),
    _shape("tm_windfall", "E S W N and five pairs of one suit", "p. 24", windfall),
    _shape("tm_dragons_breath", "the dragons with one doubled and five pairs of one suit", "p. 24", dragons_breath),
    _shape("tm_up_you_go", "E S W N with one 2, two 4s, three 6s, four 8s of a suit", "synopsis p. 57", up_you_go),
    _shape("tm_down_you_go", "E S W N with four 2s, three 4s, two 6s, one 8 of a suit", "synopsis p. 57",
           down_you_go),
    _shape("tm_odds_and_evens", "13579 of two suits and 2468 of the third", "synopsis p. 60", odds_and_evens),
)
"""The Companion's loose layouts, registered on import."""

for _loose in LOOSE_SHAPES:
    if _loose.name not in SPECIAL_SHAPES:
        register_special_shape(_loose)
