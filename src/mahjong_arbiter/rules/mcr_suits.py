"""MCR fans of suits and ranks (Green Book 2006, section 3.8; fans 3, 22, 25-27, 31, 36, 37, 40,
50, 52, 75, 76).  All are whole-hand fans: one instance naming no groups.
"""

from __future__ import annotations

from typing import Final

from ..solver.reading import HONOUR_MASK, Reading
from ..tiles import SUITED_TILES, Tile, kinds_mask, suited_ranks
from .mcr_common import STANDARD, by_suit
from .registry import HONOURS_AT, NONE, ONCE, Hits, Needs, Situation, rule

__all__: list[str] = []

GREEN: Final = frozenset(Tile.of(t) for t in ("2s", "3s", "4s", "6s", "8s", "F"))
"""Green Book 2006 fan 3: 2, 3, 4, 6, 8 bamboo and the green dragon."""

REVERSIBLE: Final = frozenset(
    Tile.of(t) for t in ("1p", "2p", "3p", "4p", "5p", "8p", "9p", "2s", "4s", "5s", "6s", "8s", "9s", "P")
)
"""Green Book 2006 fan 40: tiles whose faces look the same upside down (1234589 dots, 245689
bamboo, white dragon)."""


_GREEN_MASK: Final = kinds_mask(GREEN)
_REVERSIBLE_MASK: Final = kinds_mask(REVERSIBLE)
_UPPER: Final = suited_ranks(7, 8, 9)
_MIDDLE: Final = suited_ranks(4, 5, 6)
_LOWER: Final = suited_ranks(1, 2, 3)
_UPPER_FOUR: Final = suited_ranks(6, 7, 8, 9)
_LOWER_FOUR: Final = suited_ranks(1, 2, 3, 4)
_MASKS: Final = {tiles: kinds_mask(tiles) for tiles in (_UPPER, _MIDDLE, _LOWER, _UPPER_FOUR, _LOWER_FOUR)}
_WINDS: Final = 0xF << 27
_DRAGONS: Final = 0x7 << 31
_FIVES: Final = kinds_mask(suited_ranks(5))


def _only(reading: Reading, tiles: frozenset[Tile]) -> bool:
    """Every tile of the hand is one of *tiles*."""
    return not reading.mask & ~_MASKS[tiles]




def _suits_held(reading: Reading) -> int:
    mask = reading.mask
    return (mask & 0x1FF != 0) + (mask & 0x1FF << 9 != 0) + (mask & 0x1FF << 18 != 0)


@rule(
    "mcr.full-flush",
    source="Green Book 2006, fan 22",
    needs=Needs(within=SUITED_TILES, screen="suits == 1", exact=True),
)
def full_flush(reading: Reading, situation: Situation) -> Hits:
    """清一色 Full Flush: every tile of one suit, no honours."""
    return ONCE if _suits_held(reading) == 1 and not reading.mask & HONOUR_MASK else NONE


@rule("mcr.half-flush", source="Green Book 2006, fan 50", needs=Needs(honours=True, screen="suits == 1", exact=True))
def half_flush(reading: Reading, situation: Situation) -> Hits:
    """混一色 Half Flush: one suit and honours (at least one of each)."""
    return ONCE if _suits_held(reading) == 1 and reading.mask & HONOUR_MASK else NONE


@rule("mcr.one-voided-suit", source="Green Book 2006, fan 75", needs=Needs(screen="suits == 2", exact=True))
def one_voided_suit(reading: Reading, situation: Situation) -> Hits:
    """缺一门 One Voided Suit: exactly one of the three suits is missing."""
    return ONCE if _suits_held(reading) == 2 else NONE


@rule("mcr.no-honors", source="Green Book 2006, fan 76", needs=Needs(within=SUITED_TILES, exact=True))
def no_honors(reading: Reading, situation: Situation) -> Hits:
    """无字 No Honors: no winds and no dragons."""
    return NONE if reading.mask & HONOUR_MASK else ONCE


@rule("mcr.all-green", source="Green Book 2006, fan 3", needs=Needs(within=GREEN, exact=True))
def all_green(reading: Reading, situation: Situation) -> Hits:
    """绿一色 All Green: only 2, 3, 4, 6, 8 bamboo and the green dragon."""
    return ONCE if not reading.mask & ~_GREEN_MASK else NONE


@rule("mcr.reversible-tiles", source="Green Book 2006, fan 40", needs=Needs(within=REVERSIBLE, exact=True))
def reversible_tiles(reading: Reading, situation: Situation) -> Hits:
    """推不倒 Reversible Tiles: only 1234589 dots, 245689 bamboo and the white dragon."""
    return ONCE if not reading.mask & ~_REVERSIBLE_MASK else NONE


@rule("mcr.upper-tiles", source="Green Book 2006, fan 25", needs=Needs(within=_UPPER, exact=True))
def upper_tiles(reading: Reading, situation: Situation) -> Hits:
    """全大 Upper Tiles: only suited 7, 8, 9."""
    return ONCE if _only(reading, _UPPER) else NONE


@rule("mcr.middle-tiles", source="Green Book 2006, fan 26", needs=Needs(within=_MIDDLE, exact=True))
def middle_tiles(reading: Reading, situation: Situation) -> Hits:
    """全中 Middle Tiles: only suited 4, 5, 6."""
    return ONCE if _only(reading, _MIDDLE) else NONE


@rule("mcr.lower-tiles", source="Green Book 2006, fan 27", needs=Needs(within=_LOWER, exact=True))
def lower_tiles(reading: Reading, situation: Situation) -> Hits:
    """全小 Lower Tiles: only suited 1, 2, 3."""
    return ONCE if _only(reading, _LOWER) else NONE


@rule("mcr.upper-four", source="Green Book 2006, fan 36", needs=Needs(within=_UPPER_FOUR, exact=True))
def upper_four(reading: Reading, situation: Situation) -> Hits:
    """大于五 Upper Four: only suited 6, 7, 8, 9."""
    return ONCE if _only(reading, _UPPER_FOUR) else NONE


@rule("mcr.lower-four", source="Green Book 2006, fan 37", needs=Needs(within=_LOWER_FOUR, exact=True))
def lower_four(reading: Reading, situation: Situation) -> Hits:
    """小于五 Lower Four: only suited 1, 2, 3, 4."""
    return ONCE if _only(reading, _LOWER_FOUR) else NONE


@rule(
    "mcr.all-fives",
    source="Green Book 2006, fan 31",
    needs=Needs(shape=STANDARD, within=suited_ranks(3, 4, 5, 6, 7)),
)
def all_fives(reading: Reading, situation: Situation) -> Hits:
    """全带五 All Fives: every set and the pair of a standard hand hold a suited 5."""
    five = all(g.mask & _FIVES for g in reading.groups)
    return ONCE if reading.shape == STANDARD and five else NONE


@rule(
    "mcr.all-types",
    source="Green Book 2006, fan 52",
    needs=Needs(honours=True, exact=True,
                screen=f"suits == 3 and honours & {_WINDS >> HONOURS_AT} and honours & {_DRAGONS >> HONOURS_AT}"),
)
def all_types(reading: Reading, situation: Situation) -> Hits:
    """五门齐 All Types: characters, dots, bamboo, winds and dragons all present (any shape; in a
    standard hand each set and the pair is of one type, so presence is the whole test)."""
    mask = reading.mask
    return ONCE if all(by_suit(mask)) and bool(mask & _WINDS) and bool(mask & _DRAGONS) else NONE
