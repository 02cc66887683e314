"""Hong Kong Old Style limit hands (爆棚): hands worth the table's cap whatever else they hold.

Recognition only; a profile gives each a ``limit`` value (a fraction of its cap).  Source: the
HK sheet, Special Hands (thirteen orphans, all terminal pungs, Nine Gates concealed, Hidden
Treasure = all concealed pungs self-drawn, all kongs), and Oocities fan count for small and great
four winds as limit hands (those two live in :mod:`.hk_hands`).

>>> from mahjong_arbiter.tiles import Tile
>>> _is_nine_gates([Tile.of(t) for t in "1p 1p 1p 2p 3p 4p 5p 5p 6p 7p 8p 9p 9p 9p".split()])
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..solver.reading import GroupKind, Reading
from ..tiles import SUITED_TILES, Tile, suited_ranks
from .registry import NONE, Hits, Needs, Situation, rule

__all__ = ["thirteen_orphans", "nine_gates", "all_terminals", "all_kongs", "hidden_treasure"]

_LIMITS = "HK sheet, Special Hands"
_NINE_GATES_COUNTS = (3, 1, 1, 1, 1, 1, 1, 1, 3)


@rule("hk.thirteen-orphans", source=f"{_LIMITS}, '13 orphans'", needs=Needs(shape="thirteen_orphans"))
def thirteen_orphans(reading: Reading, situation: Situation) -> Hits:
    """十三么 Thirteen Orphans: one of each terminal and honour, one of them twice (the special
    shape ``thirteen_orphans``)."""
    return Hits.when(reading.shape == "thirteen_orphans", reading.groups)


def _is_nine_gates(tiles: Sequence[Tile]) -> bool:
    """Whether fourteen tiles of one suit are 1112345678999 and one more tile of that suit."""
    if len(tiles) != 14 or not all(t.is_suited for t in tiles) or len({t.suit for t in tiles}) != 1:
        return False
    counts = Counter(t.rank for t in tiles)
    return all(counts[rank] >= need for rank, need in zip(range(1, 10), _NINE_GATES_COUNTS, strict=True))


@rule(
    "hk.nine-gates",
    source=f"{_LIMITS}, 'Nine/Gates of Heaven (concealed)'",
    needs=Needs(within=SUITED_TILES, situation=("no_melds",)),
)
def nine_gates(reading: Reading, situation: Situation) -> Hits:
    """九子連環 Nine Gates: a concealed hand of one suit, 1112345678999 and one more tile of that
    suit (the scribd sheet: "single suit 1112345678999 plus pair, must all be concealed")."""
    hand = situation.hand
    return NONE if hand.melds else Hits.when(_is_nine_gates(hand.concealed), reading.groups)


@rule("hk.all-terminals", source=f"{_LIMITS}, 'all terminals pungs'", needs=Needs(within=suited_ranks(1, 9)))
def all_terminals(reading: Reading, situation: Situation) -> Hits:
    """清么九 All Terminals: every tile a suited one or nine (pungs of terminals and a pair)."""
    return Hits.when(all(t.is_terminal for t in reading.tiles), reading.groups)


@rule("hk.all-kongs", source=f"{_LIMITS}, 'all kongs'", needs=Needs(kongs=4))
def all_kongs(reading: Reading, situation: Situation) -> Hits:
    """十八羅漢 All Kongs: four kongs and a pair."""
    kongs = [g for g in reading.sets if g.kind is GroupKind.KONG]
    return Hits.when(len(kongs) == 4, kongs)


@rule(
    "hk.hidden-treasure",
    source=f"{_LIMITS}, 'Hidden Treasure (all concealed pungs, self-drawn)'",
    facts=("self_drawn",),
    needs=Needs(pungs=4, situation=("self_drawn",)),
)
def hidden_treasure(reading: Reading, situation: Situation) -> Hits:
    """坎坎糊 Hidden Treasure: four concealed pungs or kongs and a pair, won by self-draw (a
    discard would expose the pung it completes)."""
    pungs = [g for g in reading.sets if g.is_pung_or_kong and g.concealed]
    return Hits.when(situation.context.self_drawn and len(pungs) == 4 and len(reading.sets) == 4, pungs)
