"""Classical special hands: the irregular shapes and Purity.

The shapes themselves are registered with the solver in :mod:`.classical_shapes`; these rules say
which hand a Reading is.  Sources: BMJA rules, Special hands (the values of the 1,000-point hands
as Kajongg's BMJA ruleset gives them); Buzzard 2000 p. 11 (ledger section D: Thirteen Odd Majors,
Calling Nine Tile Hand); the Codification, "Special hands" 3 to 5.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from ..solver.reading import STANDARD, GroupKind, Reading
from ..tiles import DRAGONS, SUITED_TILES, WINDS
from .classical_common import honours_of, is_standard_complete, suits_of
from .registry import Hits, Needs, Situation, rule

__all__ = ["nine_gates_extra"]

_BMJA = "BMJA rules, Special hands (1,000-point values as Kajongg's BMJA ruleset gives them)"
_HONOURS = frozenset((*WINDS, *DRAGONS))
_ALL_NINE: Final = " or ".join(f"kinds & {0x1FF << 9 * i} == {0x1FF << 9 * i}" for i in range(3))
"""A screen: the nine kinds of a suit held (1112345678999 and one more tile of a suit holds them)."""


def nine_gates_extra(reading: Reading, situation: Situation) -> int | None:
    """The rank of the tile added to 1112345678999 of one suit, or None when the hand's tiles are
    not that (declared melds included, so an exposed chow can be part of it)."""
    tiles = reading.tiles
    if suits_of(tiles) != {tiles[0].suit} or honours_of(tiles) or len(tiles) != 14:
        return None
    counts = Counter(t.rank for t in tiles)
    base = {1: 3, 9: 3, **{r: 1 for r in range(2, 9)}}
    extra = [r for r in range(1, 10) if counts[r] - base[r] == 1]
    if len(extra) != 1 or any(counts[r] < base[r] for r in base):
        return None
    return extra[0]


@rule(
    "score.limit.thirteen-orphans",
    source=f"{_BMJA}: Thirteen Unique Wonders; Buzzard 2000 p. 11 (ledger D 8); Codification 3",
    needs=Needs(shape="thirteen_orphans"),
)
def thirteen_orphans(reading: Reading, situation: Situation) -> Hits:
    """One of each one, nine, wind and dragon, and one more of any of them."""
    return Hits.when(reading.shape == "thirteen_orphans")


@rule(
    "score.limit.all-pair-honours",
    source=f"{_BMJA}: All Pair Honours",
    needs=Needs(shape="classical_all_pair_honours"),
)
def all_pair_honours(reading: Reading, situation: Situation) -> Hits:
    """Seven pairs of ones, nines, winds and dragons (pairs may repeat)."""
    return Hits.when(reading.shape == "classical_all_pair_honours")


@rule(
    "score.limit.heavenly-twins",
    source="Codification, special hands 4: Heavenly Twins",
    needs=Needs(pairs=4, within=_HONOURS),
)
def heavenly_twins(reading: Reading, situation: Situation) -> Hits:
    """Seven pairs of honours only: a pair of each wind and of each dragon."""
    pairs = [g.first for g in reading.groups if g.kind is GroupKind.PAIR]
    return Hits.when(len(pairs) == 7 and set(pairs) == _HONOURS)


@rule("score.limit.knitting", source=f"{_BMJA}: Knitting", needs=Needs(shape="classical_knitting"))
def knitting(reading: Reading, situation: Situation) -> Hits:
    """Seven same-number pairs across two suits."""
    return Hits.when(reading.shape == "classical_knitting")


@rule("score.limit.triple-knitting", source=f"{_BMJA}: Triple Knitting", needs=Needs(shape="classical_triple_knitting"))
def triple_knitting(reading: Reading, situation: Situation) -> Hits:
    """Four same-number triplets across the three suits and a same-number pair."""
    return Hits.when(reading.shape == "classical_triple_knitting")


@rule(
    "score.limit.gates-of-heaven",
    source=f"{_BMJA}: Gates of Heaven (the extra tile 2 to 8, kajongg BMJA)",
    needs=Needs(within=SUITED_TILES, situation=("no_melds",), screen=_ALL_NINE),
)
def gates_of_heaven(reading: Reading, situation: Situation) -> Hits:
    """Concealed 1112345678999 of one suit and one more tile of 2 to 8 of that suit."""
    extra = nine_gates_extra(reading, situation)
    return Hits.when(not situation.hand.melds and extra is not None and 2 <= extra <= 8)


@rule(
    "score.limit.calling-nine",
    source="Buzzard 2000 p. 11 (ledger D 9, clarification of 20 September 2026)",
    needs=Needs(within=SUITED_TILES, situation=("no_melds",), screen=_ALL_NINE),
)
def calling_nine(reading: Reading, situation: Situation) -> Hits:
    """Calling Nine Tile Hand: concealed 1112345678999 of one suit and any tile of that suit, 1 to 9."""
    return Hits.when(not situation.hand.melds and nine_gates_extra(reading, situation) is not None)


@rule(
    "score.limit.nine-united-sons",
    source="Codification, special hands 5: Nine United Sons",
    needs=Needs(within=SUITED_TILES, screen=_ALL_NINE),
)
def nine_united_sons(reading: Reading, situation: Situation) -> Hits:
    """A pung of each terminal of one suit with 2 to 8 of it, one of 2 to 8 paired; the paired
    number may not be one of a grounded (declared) chow."""
    extra = nine_gates_extra(reading, situation)
    if extra is None or not 2 <= extra <= 8:
        return Hits()
    grounded = {t.rank for g in reading.chows if g.declared for t in g.tiles}
    return Hits.when(extra not in grounded)


@rule("score.limit.wriggling-snake", source=f"{_BMJA}: Wriggling Snake", needs=Needs(shape="classical_wriggling_snake"))
def wriggling_snake(reading: Reading, situation: Situation) -> Hits:
    """A pair of ones, 2 to 9 of the same suit and one of each wind."""
    return Hits.when(reading.shape == "classical_wriggling_snake")


@rule(
    "score.special.purity",
    source="BMJA rules, Special hands: Purity",
    needs=Needs(pungs=4, shape=STANDARD, within=SUITED_TILES),
)
def purity(reading: Reading, situation: Situation) -> Hits:
    """Pungs or kongs of one suit and a pair of it: no honours, no chows (a calculated special
    hand: its basic score is doubled three times, bonus tiles apart)."""
    tiles = reading.tiles
    return Hits.when(
        is_standard_complete(reading)
        and not reading.chows
        and len(suits_of(tiles)) == 1
        and not honours_of(tiles)
    )
