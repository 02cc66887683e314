"""MCR special shapes and the fans read off them (Green Book 2006, section 3.8; fans 4, 6, 7, 19,
20, 34, 35).

The solver names a Reading's shape (``seven_pairs``, ``thirteen_orphans``, ``knitted_straight``,
``honours_knitted``; see :mod:`mahjong_arbiter.solver.special`); these predicates add what the
fans require beyond the shape.  Nine Gates is a standard hand recognised by its thirteen standing
tiles.
"""

from __future__ import annotations

from typing import Final

from ..solver.reading import HONOUR_MASK, STANDARD, GroupKind, Reading
from ..solver.special import KNITTED_PATTERNS
from ..tiles import SUITED_TILES, kinds_mask
from .mcr_common import SUIT_MASKS
from .registry import NONE, ONCE, Hits, Needs, Situation, hits_of, rule

__all__: list[str] = []

NINE_GATES_RANKS: Final = (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)
"""The thirteen standing tiles of Nine Gates, one suit (Green Book 2006 fan 4)."""

_NINE_GATES_COUNTS: Final = tuple(NINE_GATES_RANKS.count(rank) for rank in range(1, 10))
"""The same thirteen tiles as counts of ranks 1 to 9."""

KNITTED_MASKS: Final = tuple(kinds_mask(pattern) for pattern in KNITTED_PATTERNS)
"""The kinds mask of each knitted 147/258/369 pattern."""


@rule("mcr.seven-pairs", source="Green Book 2006, fan 19", needs=Needs(shape="seven_pairs", exact=True))
def seven_pairs(reading: Reading, situation: Situation) -> Hits:
    """七对 Seven Pairs: seven pairs (two equal pairs allowed: four of a kind, fan 64)."""
    return ONCE if reading.shape == "seven_pairs" else NONE


_SEVEN_RANKS_IN_A_SUIT: Final = tuple(0x7F << 9 * suit + start for suit in range(3) for start in range(3))
"""The kinds masks of seven consecutive ranks of one suit (1-7, 2-8, 3-9 of each)."""


@rule(
    "mcr.seven-shifted-pairs",
    source="Green Book 2006, fan 6",
    # seven pairs holding seven kinds of consecutive ranks in one suit: the rule itself (exact)
    needs=Needs(shape="seven_pairs", within=SUITED_TILES, screen=f"kinds in {_SEVEN_RANKS_IN_A_SUIT}", exact=True),
)
def seven_shifted_pairs(reading: Reading, situation: Situation) -> Hits:
    """连七对 Seven Shifted Pairs: seven pairs of one suit with seven consecutive ranks."""
    if reading.shape != "seven_pairs":
        return NONE
    firsts = [g.first for g in reading.groups]
    suited = all(t.is_suited for t in firsts) and len({t.suit for t in firsts}) == 1
    ranks = sorted(t.rank for t in firsts)
    return ONCE if suited and ranks == list(range(ranks[0], ranks[0] + 7)) else NONE


@rule("mcr.thirteen-orphans", source="Green Book 2006, fan 7", needs=Needs(shape="thirteen_orphans", exact=True))
def thirteen_orphans(reading: Reading, situation: Situation) -> Hits:
    """十三幺 Thirteen Orphans: one of each terminal and honour, and a second of one of them."""
    return ONCE if reading.shape == "thirteen_orphans" else NONE


@rule("mcr.lesser-honors-and-knitted-tiles", source="Green Book 2006, fan 34",
      needs=Needs(shape="honours_knitted", exact=True))
def lesser_honors_and_knitted_tiles(reading: Reading, situation: Situation) -> Hits:
    """全不靠 Lesser Honors and Knitted Tiles: fourteen different tiles, honours and suited tiles
    of one knitted 147/258/369 pattern, no pair."""
    return ONCE if reading.shape == "honours_knitted" else NONE


@rule(
    "mcr.greater-honors-and-knitted-tiles",
    source="Green Book 2006, fan 20",
    # (all seven honours held: the rule itself, exact)
    needs=Needs(shape="honours_knitted", honours=True, screen="honours == 127", exact=True),
)
def greater_honors_and_knitted_tiles(reading: Reading, situation: Situation) -> Hits:
    """七星不靠 Greater Honors and Knitted Tiles: the honours-and-knitted shape with all seven
    honours."""
    # the shape holds fourteen different kinds: its honours are its honour kinds
    return ONCE if reading.shape == "honours_knitted" and reading.mask & HONOUR_MASK == HONOUR_MASK else NONE


@rule(
    "mcr.knitted-straight",
    source="Green Book 2006, fan 35",
    # both ways to hold it have groups other than sets and pairs (the knitted group, the single
    # tiles of honours-and-knitted) and hold every kind of one knitted pattern
    needs=Needs(others=True, screen=" or ".join(f"suited & {mask} == {mask}" for mask in KNITTED_MASKS)),
)
def knitted_straight(reading: Reading, situation: Situation) -> Hits:
    """组合龙 Knitted Straight: 147, 258 and 369 each in a different suit, as three special chows
    with a set and a pair, or all nine inside Lesser Honors and Knitted Tiles (fan 35's
    definition; the MIL reading, scores both)."""
    knitted = []
    for g in reading.others:
        if g.kind is _KNITTED:
            knitted.append(g)
    if knitted:
        return hits_of((tuple(knitted),))
    # the honours-and-knitted shape holds fourteen different kinds: its suited tiles are its suited kinds
    return ONCE if reading.shape == "honours_knitted" and (reading.mask & _SUITED).bit_count() == 9 else NONE


_SUITED: Final = kinds_mask(SUITED_TILES)
_KNITTED: Final = GroupKind.KNITTED  # (a module name: no attribute look-up on the enum per call)


@rule(
    "mcr.nine-gates",
    source="Green Book 2006, fan 4",
    needs=Needs(
        shape=STANDARD, within=SUITED_TILES, situation=("no_melds",),
        screen=" or ".join(f"kinds == {mask}" for mask in SUIT_MASKS),  # every rank of one suit, nothing else
    ),
)
def nine_gates(reading: Reading, situation: Situation) -> Hits:
    """九莲宝灯 Nine Gates: no declared meld, the thirteen standing tiles 1112345678999 of one
    suit, won on any tile of that suit.

    Policy ``nine_gates_terminal_pungs``: ``"all"`` (Green Book 2006: the fan excludes Pung of
    Terminals or Honors; the instance names no group, i.e. the whole hand) or ``"one"`` (the
    MIL reading, removes one terminal pung only; the instance names the lowest terminal pung, so
    an exclusion reaches that pung's fan alone).
    """
    hand = situation.hand
    tile = hand.winning_tile
    if hand.melds or tile is None or not tile.is_suited or reading.shape != "standard":
        return NONE
    start = tile.index - tile.rank + 1  # the suit's 1
    standing = list(hand.standing_counts[start:start + 9])
    standing[tile.rank - 1] -= 1
    if tuple(standing) != _NINE_GATES_COUNTS:  # with no meld, the other tiles are the winning tile
        return NONE
    if situation.policies.get("nine_gates_terminal_pungs", "all") == "one":
        terminal = [g for g in reading.pungs if g.first.is_terminal]
        return Hits.once(terminal[:1])
    return ONCE


