"""MCR fans of suits and ranks (Green Book 2006, section 3.8; fans 3, 22, 25-27, 31, 36, 37, 40,
50, 52, 75, 76).  All are whole-hand fans: one instance naming no groups.
"""

from __future__ import annotations

from typing import Final

from ..solver.reading import Reading
from ..tiles import Tile
from .mcr_common import STANDARD
from .registry import Hits, Situation, rule

__all__: list[str] = []

GREEN: Final = frozenset(Tile.of(t) for t in ("2s", "3s", "4s", "6s", "8s", "F"))
"""Green Book 2006 fan 3: 2, 3, 4, 6, 8 bamboo and the green dragon."""

REVERSIBLE: Final = frozenset(
    Tile.of(t) for t in ("1p", "2p", "3p", "4p", "5p", "8p", "9p", "2s", "4s", "5s", "6s", "8s", "9s", "P")
)
"""Green Book 2006 fan 40: tiles whose faces look the same upside down (1234589 dots, 245689
bamboo, white dragon)."""


def _ranks_within(reading: Reading, low: int, high: int) -> bool:
    return all(t.is_suited and low <= t.rank <= high for t in reading.tiles)


@rule("mcr.full-flush", source="Green Book 2006, fan 22")
def full_flush(reading: Reading, situation: Situation) -> Hits:
    """清一色 Full Flush: every tile of one suit, no honours."""
    return Hits.when(len(reading.suits) == 1 and not reading.has_honours)


@rule("mcr.half-flush", source="Green Book 2006, fan 50")
def half_flush(reading: Reading, situation: Situation) -> Hits:
    """混一色 Half Flush: one suit and honours (at least one of each)."""
    return Hits.when(len(reading.suits) == 1 and reading.has_honours)


@rule("mcr.one-voided-suit", source="Green Book 2006, fan 75")
def one_voided_suit(reading: Reading, situation: Situation) -> Hits:
    """缺一门 One Voided Suit: exactly one of the three suits is missing."""
    return Hits.when(len(reading.suits) == 2)


@rule("mcr.no-honors", source="Green Book 2006, fan 76")
def no_honors(reading: Reading, situation: Situation) -> Hits:
    """无字 No Honors: no winds and no dragons."""
    return Hits.when(not reading.has_honours)


@rule("mcr.all-green", source="Green Book 2006, fan 3")
def all_green(reading: Reading, situation: Situation) -> Hits:
    """绿一色 All Green: only 2, 3, 4, 6, 8 bamboo and the green dragon."""
    return Hits.when(all(t in GREEN for t in reading.tiles))


@rule("mcr.reversible-tiles", source="Green Book 2006, fan 40")
def reversible_tiles(reading: Reading, situation: Situation) -> Hits:
    """推不倒 Reversible Tiles: only 1234589 dots, 245689 bamboo and the white dragon."""
    return Hits.when(all(t in REVERSIBLE for t in reading.tiles))


@rule("mcr.upper-tiles", source="Green Book 2006, fan 25")
def upper_tiles(reading: Reading, situation: Situation) -> Hits:
    """全大 Upper Tiles: only suited 7, 8, 9."""
    return Hits.when(_ranks_within(reading, 7, 9))


@rule("mcr.middle-tiles", source="Green Book 2006, fan 26")
def middle_tiles(reading: Reading, situation: Situation) -> Hits:
    """全中 Middle Tiles: only suited 4, 5, 6."""
    return Hits.when(_ranks_within(reading, 4, 6))


@rule("mcr.lower-tiles", source="Green Book 2006, fan 27")
def lower_tiles(reading: Reading, situation: Situation) -> Hits:
    """全小 Lower Tiles: only suited 1, 2, 3."""
    return Hits.when(_ranks_within(reading, 1, 3))


@rule("mcr.upper-four", source="Green Book 2006, fan 36")
def upper_four(reading: Reading, situation: Situation) -> Hits:
    """大于五 Upper Four: only suited 6, 7, 8, 9."""
    return Hits.when(_ranks_within(reading, 6, 9))


@rule("mcr.lower-four", source="Green Book 2006, fan 37")
def lower_four(reading: Reading, situation: Situation) -> Hits:
    """小于五 Lower Four: only suited 1, 2, 3, 4."""
    return Hits.when(_ranks_within(reading, 1, 4))


@rule("mcr.all-fives", source="Green Book 2006, fan 31")
def all_fives(reading: Reading, situation: Situation) -> Hits:
    """全带五 All Fives: every set and the pair of a standard hand hold a suited 5."""
    five = all(any(t.is_suited and t.rank == 5 for t in g.tiles) for g in reading.groups)
    return Hits.when(reading.shape == STANDARD and five)


@rule("mcr.all-types", source="Green Book 2006, fan 52")
def all_types(reading: Reading, situation: Situation) -> Hits:
    """五门齐 All Types: characters, dots, bamboo, winds and dragons all present (any shape; in a
    standard hand each set and the pair is of one type, so presence is the whole test)."""
    return Hits.when({t.suit for t in reading.tiles} >= {"m", "p", "s", "wind", "dragon"})
