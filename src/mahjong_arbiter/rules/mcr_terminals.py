"""MCR fans of terminals and honours (Green Book 2006, section 3.8; fans 8, 11, 18, 55, 68, 73).

Whole-hand fans name no groups; Pung of Terminals or Honors names its pung.
"""

from __future__ import annotations

from typing import Final

from ..solver.reading import HONOUR_MASK, Group, GroupKind, Reading
from ..tiles import HONOUR_TILES, TERMINALS_AND_HONOURS, kinds_mask, suited_ranks
from .registry import HONOURS_AT, NONE, ONCE, Hits, Needs, Situation, hits_of, rule

__all__: list[str] = []

_TERMINALS: Final = kinds_mask(suited_ranks(1, 9))
_TERMINALS_AND_HONOURS: Final = kinds_mask(TERMINALS_AND_HONOURS)
_TERMINAL_CHOWS: Final = kinds_mask(suited_ranks(1, 7))  # the lowest tiles of chows with a 1 or 9
_SIMPLES: Final = kinds_mask(suited_ranks(2, 3, 4, 5, 6, 7, 8))
_WINDS: Final = 0xF << 27
_TERMINALS_AND_WINDS: Final = _TERMINALS | _WINDS


@rule("mcr.all-terminals", source="Green Book 2006, fan 8", needs=Needs(within=suited_ranks(1, 9), exact=True))
def all_terminals(reading: Reading, situation: Situation) -> Hits:
    """清幺九 All Terminals: only suited 1s and 9s."""
    return ONCE if not reading.mask & ~_TERMINALS else NONE


@rule("mcr.all-honors", source="Green Book 2006, fan 11", needs=Needs(within=HONOUR_TILES, exact=True))
def all_honors(reading: Reading, situation: Situation) -> Hits:
    """字一色 All Honors: only winds and dragons."""
    return ONCE if not reading.mask & ~HONOUR_MASK else NONE


@rule(
    "mcr.all-terminals-and-honors",
    source="Green Book 2006, fan 18",
    needs=Needs(within=frozenset(TERMINALS_AND_HONOURS), exact=True),
)
def all_terminals_and_honors(reading: Reading, situation: Situation) -> Hits:
    """混幺九 All Terminals and Honors: only terminals and honours (any shape)."""
    return ONCE if not reading.mask & ~_TERMINALS_AND_HONOURS else NONE


@rule(
    "mcr.outside-hand",
    source="Green Book 2006, fan 55",
    # a pung of simples holds no terminal, nor does a group holding a simple kind but a chow of
    # 123 or 789 (a chow of 234 to 678, a pair, a knitted group or a special shape's single tile)
    needs=Needs(screen=f"not (suited_pungs & {_SIMPLES} or suited & {_SIMPLES} & ~((chows & {_TERMINAL_CHOWS}) * 7))"),
)
def outside_hand(reading: Reading, situation: Situation) -> Hits:
    """全带幺 Outside Hand: every set and the pair hold a terminal or an honour.

    Read over every group, so Thirteen Orphans and an all-terminal Seven Pairs have it (the
    fans that imply it say so in the profile); a Knitted Straight's nine tiles are not a set
    that can hold a terminal in this sense, so a hand with one never has it.
    """
    for g in reading.groups:
        if not g.mask & _TERMINALS_AND_HONOURS:
            return NONE
    for g in reading.others:  # the groups other than sets and pairs: a knitted group is one
        if g.kind is GroupKind.KNITTED:
            return NONE
    return ONCE


@rule("mcr.all-simples", source="Green Book 2006, fan 68",
      needs=Needs(within=suited_ranks(2, 3, 4, 5, 6, 7, 8), exact=True))
def all_simples(reading: Reading, situation: Situation) -> Hits:
    """断幺 All Simples: only suited 2..8."""
    return ONCE if not reading.mask & ~_SIMPLES else NONE


@rule("mcr.pung-of-terminals-or-honors", source="Green Book 2006, fan 73",
      needs=Needs(pungs=1, screen=f"suited_pungs & {_TERMINALS} or honour_pungs & {_WINDS >> HONOURS_AT}"))
def pung_of_terminals_or_honors(reading: Reading, situation: Situation) -> Hits:
    """幺九刻 Pung of Terminals or Honors: each pung or kong of 1s, 9s or a wind.  A dragon pung
    scores Dragon Pung (fan 59) instead and is not counted here (Green Book 2006 fan 73)."""
    found: tuple[tuple[Group], ...] = ()  # (a tuple grown in place of a list: most hands have one such pung)
    for g in reading.pungs:
        tile = g.first  # (its flags, in place of a mask test with a constant of two CPython digits)
        if tile.is_terminal or tile.is_wind:
            found += ((g,),)
    return hits_of(found) if found else NONE
