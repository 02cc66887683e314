"""The Companion's wind hands (Thompson & Maloney 1997, pp. 25-30, synopsis p. 57).

The "Windy" hands share one shape, ``tm_windvane``: a pung or kong in each suit, a pair of one wind
and the other three winds single; the rules below tell them apart by the numbers of the sets.  Four
Blessings is the BMJA rule ``score.limit.four-blessings`` (the same hand, p. 30).
"""

from __future__ import annotations

from ..solver.reading import Reading
from .registry import Hits, Situation, rule
from .tm_common import TM

__all__: list[str] = []


def _windy(reading: Reading, rank: int | None) -> Hits:
    if reading.shape != "tm_windvane":
        return Hits()
    sets = [g for g in reading.pungs if g.first.is_suited]
    return Hits.when(rank is None or all(g.first.rank == rank for g in sets), sets)


@rule("score.limit.windy-ones", source=f"{TM}, pp. 28, 45")
def windy_ones(reading: Reading, situation: Situation) -> Hits:
    """Windy Ones: a pung or kong of ones in each suit, E S W N with one of them doubled."""
    return _windy(reading, 1)


@rule("score.limit.windy-nines", source=f"{TM}, pp. 28, 45")
def windy_nines(reading: Reading, situation: Situation) -> Hits:
    """Windy Nines: a pung or kong of nines in each suit, E S W N with one of them doubled."""
    return _windy(reading, 9)


@rule("score.limit.three-sisters", source=f"{TM}, p. 29")
def three_sisters(reading: Reading, situation: Situation) -> Hits:
    """Three Sisters: a pung or kong of threes in each suit, E S W N with one of them doubled."""
    return _windy(reading, 3)


@rule("score.limit.seven-brothers", source=f"{TM}, p. 29")
def seven_brothers(reading: Reading, situation: Situation) -> Hits:
    """Seven Brothers: a pung or kong of sevens in each suit, E S W N with one of them doubled."""
    return _windy(reading, 7)


@rule("score.limit.windvane", source=f"{TM}, p. 28")
def windvane(reading: Reading, situation: Situation) -> Hits:
    """Windvane: a pung or kong of any number in each suit, E S W N with one of them doubled."""
    return _windy(reading, None)


@rule("score.limit.windy-dragons", source=f"{TM}, pp. 25, 46")
def windy_dragons(reading: Reading, situation: Situation) -> Hits:
    """Windy Dragons: a pair of each wind and pungs or kongs of two dragons."""
    return Hits.when(reading.shape == "tm_windy_dragons")


@rule("score.limit.civil-war", source=f"{TM}, p. 30")
def civil_war(reading: Reading, situation: Situation) -> Hits:
    """Civil War: pungs or kongs of north and south, 1 1 6 8 of one suit and 1 5 6 8 of another."""
    return Hits.when(reading.shape == "tm_civil_war")


@rule("score.limit.up-you-go", source=f"{TM}, synopsis p. 57 (not illustrated)")
def up_you_go(reading: Reading, situation: Situation) -> Hits:
    """Up You Go: E S W N and, of one suit, one 2, two 4s, three 6s and four 8s."""
    return Hits.when(reading.shape == "tm_up_you_go")


@rule("score.limit.down-you-go", source=f"{TM}, synopsis p. 57 (not illustrated)")
def down_you_go(reading: Reading, situation: Situation) -> Hits:
    """Down You Go: E S W N and, of one suit, four 2s, three 4s, two 6s and one 8."""
    return Hits.when(reading.shape == "tm_down_you_go")
