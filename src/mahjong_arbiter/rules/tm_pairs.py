"""The Companion's pair hands (Thompson & Maloney 1997, pp. 20-25, synopsis p. 57).

Knitting, Triple Knitting and All Pair Honours are the BMJA rules of the same names (their shapes
in :mod:`.classical_shapes` already read Knitting as exactly two suits, pp. 20, 50).  The seven-pair
hands of one suit (All Pair and the hands inside it) share the shape ``tm_all_pair``; Seven Twins
is the solver's ``seven_pairs`` (seven different pairs).
"""

from __future__ import annotations

from typing import Final

from ..solver.reading import Reading
from ..tiles import Tile
from .registry import Hits, Situation, rule
from .tm_common import GREEN_BAMBOO, TM

__all__: list[str] = []

_SPARROW: Final = {Tile.of("1s"): 4, **{Tile.of(f"{r}s"): 2 for r in (2, 3, 4, 6, 8)}}
_GREEN: Final = frozenset({*GREEN_BAMBOO, Tile.of("F")})


def _counted(reading: Reading) -> dict[Tile, int]:
    return {Tile.at(i): n for i, n in enumerate(reading.counts) if n}


@rule("score.limit.sparrows-sanctuary", source=f"{TM}, pp. 21, 48, 53")
def sparrows_sanctuary(reading: Reading, situation: Situation) -> Hits:
    """Sparrow's Sanctuary: four ones of bamboo and pairs of bamboo 2, 3, 4, 6 and 8."""
    return Hits.when(reading.shape == "tm_all_pair" and _counted(reading) == _SPARROW)


@rule("score.limit.seven-pairs-one-suit", source=f"{TM}, pp. 21, 48 (Heavenly Twins)")
def heavenly_twins(reading: Reading, situation: Situation) -> Hits:
    """Heavenly Twins: seven pairs of one suit, no honours (a four of a kind is two pairs)."""
    return Hits.when(reading.shape == "tm_all_pair" and not reading.has_honours and len(reading.suits) == 1)


@rule("score.limit.seven-twins", source=f"{TM}, p. 22", facts=("self_drawn",))
def seven_twins(reading: Reading, situation: Situation) -> Hits:
    """Seven Twins: seven pairs of seven different tiles, the winning tile from the wall."""
    return Hits.when(reading.shape == "seven_pairs" and situation.context.self_drawn)


@rule("score.limit.all-pair", source=f"{TM}, p. 22")
def all_pair(reading: Reading, situation: Situation) -> Hits:
    """All Pair: seven pairs of at most one suit, winds and dragons allowed."""
    return Hits.when(reading.shape == "tm_all_pair")


@rule("score.limit.all-pair-jade", source=f"{TM}, pp. 23, 32, 52")
def all_pair_jade(reading: Reading, situation: Situation) -> Hits:
    """All Pair Jade: seven pairs of green bamboo (2 3 4 6 8) and green dragons, the green dragon
    one or two of the pairs."""
    counted = _counted(reading)
    return Hits.when(reading.shape == "tm_all_pair" and set(counted) <= _GREEN and Tile.of("F") in counted)


@rule("score.limit.all-pair-ruby-jade", source=f"{TM}, pp. 23, 32, 53")
def all_pair_ruby_jade(reading: Reading, situation: Situation) -> Hits:
    """All Pair Ruby Jade: a pair of green dragons, a pair of red dragons and five pairs of bamboo
    (any numbers)."""
    counted = _counted(reading)
    honours = {t: n for t, n in counted.items() if t.is_honour}
    return Hits.when(
        reading.shape == "tm_all_pair" and honours == {Tile.of("C"): 2, Tile.of("F"): 2} and reading.suits == {"s"}
    )


@rule("score.limit.golden-gates", source=f"{TM}, p. 25 (also p. 34)")
def golden_gates(reading: Reading, situation: Situation) -> Hits:
    """Golden Gates: pairs of 2, 4, 6, 8 of one suit, a pung or kong of its one or nine and one of
    the dragon of its colour."""
    return Hits.when(reading.shape == "tm_golden_gates")


@rule("score.limit.dragonette", source=f"{TM}, pp. 24, 39")
def dragonette(reading: Reading, situation: Situation) -> Hits:
    """Dragonette: E S W N, the three dragons with one doubled and three pairs of 2 to 8 of one
    suit."""
    return Hits.when(reading.shape == "tm_dragonette")


@rule("score.limit.windfall", source=f"{TM}, pp. 24, 27")
def windfall(reading: Reading, situation: Situation) -> Hits:
    """Windfall: E S W N and five pairs of one suit."""
    return Hits.when(reading.shape == "tm_windfall")


@rule("score.limit.dragons-breath", source=f"{TM}, pp. 24, 31")
def dragons_breath(reading: Reading, situation: Situation) -> Hits:
    """Dragon's Breath: the three dragons with exactly one doubled and five pairs of one suit."""
    return Hits.when(reading.shape == "tm_dragons_breath")
