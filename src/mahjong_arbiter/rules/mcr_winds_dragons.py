"""MCR fans of winds and dragons (Green Book 2006, section 3.8; fans 1, 2, 9, 10, 38, 54, 59-61).

Each instance names the pungs (and, for the "little" fans, the pair) it is made of, so that a
fan that implies another removes only the instances inside it (the non-repeat principle as the
MIL reading, explains it: Big Three Dragons cancels its three Dragon Pungs, a fourth pung stays).
"""

from __future__ import annotations

from ..solver.reading import Group, Reading
from .mcr_common import kept
from .registry import NONE, Hits, Needs, Situation, rule

__all__: list[str] = []

_WIND_PUNGS = "honour_pungs & 15"
"""Screen expression: the four wind bits of the honours' pung mask (East lowest)."""
_DRAGON_PUNGS = "honour_pungs >> 4"
"""Screen expression: the three dragon bits of the honours' pung mask."""


def _held(n: int, width: int, exactly: bool = False) -> tuple[int, ...]:
    """The values of *width* bits with at least (or *exactly*) *n* bits set, for a screen.

    >>> _held(2, 3)
    (3, 5, 6, 7)
    """
    return tuple(v for v in range(1 << width) if v.bit_count() == n or not exactly and v.bit_count() > n)


def _wind_pungs(reading: Reading) -> tuple[Group, ...]:
    return tuple(g for g in reading.pungs if g.first.is_wind)


def _dragon_pungs(reading: Reading) -> tuple[Group, ...]:
    return tuple(g for g in reading.pungs if g.first.is_dragon)


@rule("mcr.big-four-winds", source="Green Book 2006, fan 1",
      needs=Needs(pungs=4, honours=True, screen=f"{_WIND_PUNGS} == 15"))
def big_four_winds(reading: Reading, situation: Situation) -> Hits:
    """大四喜 Big Four Winds: pungs or kongs of all four winds."""
    found = _wind_pungs(reading)
    return Hits.when(len(found) == 4, found)


@rule("mcr.big-three-winds", source="Green Book 2006, fan 38",
      needs=Needs(pungs=3, honours=True, screen=f"{_WIND_PUNGS} in {_held(3, 4)}"))
def big_three_winds(reading: Reading, situation: Situation) -> Hits:
    """三风刻 Big Three Winds: pungs or kongs of (at least) three winds."""
    found = _wind_pungs(reading)
    return Hits.when(len(found) >= 3, found)


@rule("mcr.little-four-winds", source="Green Book 2006, fan 9",
      needs=Needs(pungs=3, pairs=1, honours=True,
                  screen=f"{_WIND_PUNGS} in {_held(3, 4, exactly=True)} and honours & 15 == 15"))
def little_four_winds(reading: Reading, situation: Situation) -> Hits:
    """小四喜 Little Four Winds: pungs of three winds and a pair of the fourth."""
    found = _wind_pungs(reading)
    pair = reading.pair
    if len(found) != 3 or pair is None or not pair.first.is_wind:
        return NONE
    return Hits.once((*found, pair))


@rule("mcr.big-three-dragons", source="Green Book 2006, fan 2",
      needs=Needs(pungs=3, honours=True, screen=f"{_DRAGON_PUNGS} == 7"))
def big_three_dragons(reading: Reading, situation: Situation) -> Hits:
    """大三元 Big Three Dragons: pungs or kongs of all three dragons."""
    found = _dragon_pungs(reading)
    return Hits.when(len(found) == 3, found)


@rule("mcr.little-three-dragons", source="Green Book 2006, fan 10",
      needs=Needs(pungs=2, pairs=1, honours=True,
                  screen=f"{_DRAGON_PUNGS} in {_held(2, 3, exactly=True)} and honours >> 4 == 7"))
def little_three_dragons(reading: Reading, situation: Situation) -> Hits:
    """小三元 Little Three Dragons: pungs of two dragons and a pair of the third."""
    found = _dragon_pungs(reading)
    pair = reading.pair
    if len(found) != 2 or pair is None or not pair.first.is_dragon:
        return NONE
    return Hits.once((*found, pair))


@rule("mcr.two-dragon-pungs", source="Green Book 2006, fan 54",
      needs=Needs(pungs=2, honours=True, screen=f"{_DRAGON_PUNGS} in {_held(2, 3)}"))
def two_dragon_pungs(reading: Reading, situation: Situation) -> Hits:
    """双箭刻 Two Dragon Pungs: pungs or kongs of (at least) two dragons."""
    found = _dragon_pungs(reading)
    return Hits.when(len(found) >= 2, found)


@rule("mcr.dragon-pung", source="Green Book 2006, fan 59", needs=Needs(pungs=1, honours=True, screen=_DRAGON_PUNGS))
def dragon_pung(reading: Reading, situation: Situation) -> Hits:
    """箭刻 Dragon Pung: each pung or kong of a dragon."""
    found = []
    for g in reading.pungs:
        if g.first.is_dragon:
            found.append((g,))
    return kept(found)


@rule(
    "mcr.prevalent-wind",
    source="Green Book 2006, fan 60",
    facts=("prevailing_wind",),
    needs=Needs(pungs=1, honours=True, screen=_WIND_PUNGS),
)
def prevalent_wind(reading: Reading, situation: Situation) -> Hits:
    """圈风刻 Prevalent Wind: a pung or kong of the round's wind."""
    if not reading.pung_mask >> situation.context.prevailing_wind.index & 1:
        return NONE
    wind = situation.context.prevailing_wind
    found = []
    for g in reading.pungs:
        if g.first is wind:
            found.append((g,))
    return kept(found)


@rule("mcr.seat-wind", source="Green Book 2006, fan 61", facts=("seat_wind",),
      needs=Needs(pungs=1, honours=True, screen=_WIND_PUNGS))
def seat_wind(reading: Reading, situation: Situation) -> Hits:
    """门风刻 Seat Wind: a pung or kong of the player's own seat wind."""
    if not reading.pung_mask >> situation.context.seat_wind.index & 1:
        return NONE
    wind = situation.context.seat_wind
    found = []
    for g in reading.pungs:
        if g.first is wind:
            found.append((g,))
    return kept(found)
