"""Classical doubles and points for combinations of sets that BMJA does not score but house rules do.

Little and Big Three Dragons, Little and Big Four Joys, three concealed pungs, and the winning tile
completing the pair ("fishing the eyes"). The club guide of 2026 adds each of them to BMJA's
ordinary scoring (its ordinary-scoring section); Millington 1977 has the same set (docs/sources.md).
How many doubles or points each is worth, and whether the combination doubles stack on the doubles
of the sets themselves, is the profile's business; here the sets are only found.
"""

from __future__ import annotations

from ..solver.reading import Group, GroupKind, Reading
from .classical_common import is_standard_complete
from .registry import Hits, Situation, rule

__all__: list[str] = []

_CLUB = "Club guide 2026, ordinary scoring"


def _honour_sets(reading: Reading, wind: bool) -> tuple[list[Group], list[Group]]:
    sets = [g for g in reading.pungs if (g.first.is_wind if wind else g.first.is_dragon)]
    pairs = [g for g in reading.pairs if (g.first.is_wind if wind else g.first.is_dragon)]
    return sets, pairs


@rule("score.double.little-three-dragons", source=f"{_CLUB}: Little Three Dragons")
def little_three_dragons(reading: Reading, situation: Situation) -> Hits:
    """Pungs or kongs of two dragons and a pair of the third."""
    sets, pairs = _honour_sets(reading, wind=False)
    return Hits.when(len(sets) == 2 and len(pairs) == 1, [*sets, *pairs])


@rule("score.double.big-three-dragons", source=f"{_CLUB}: Big Three Dragons")
def big_three_dragons(reading: Reading, situation: Situation) -> Hits:
    """Pungs or kongs of the three dragons."""
    sets, _ = _honour_sets(reading, wind=False)
    return Hits.when(len(sets) == 3, sets)


@rule("score.double.little-four-joys", source=f"{_CLUB}: Little Four Joys")
def little_four_joys(reading: Reading, situation: Situation) -> Hits:
    """Pungs or kongs of three winds and a pair of the fourth."""
    sets, pairs = _honour_sets(reading, wind=True)
    return Hits.when(len(sets) == 3 and len(pairs) == 1, [*sets, *pairs])


@rule("score.double.big-four-joys", source=f"{_CLUB}: Big Four Joys")
def big_four_joys(reading: Reading, situation: Situation) -> Hits:
    """Pungs or kongs of the four winds."""
    sets, _ = _honour_sets(reading, wind=True)
    return Hits.when(len(sets) == 4, sets)


@rule("score.double.three-concealed-pungs", source=f"{_CLUB}: three concealed pungs or kongs")
def three_concealed_pungs(reading: Reading, situation: Situation) -> Hits:
    """At least three concealed pungs or kongs, once; any kong counts, an exposed kong too (the
    club guide counts an exposed kong as a concealed pung).  A pung completed by a discard is
    exposed."""
    held = [g for g in reading.pungs if g.concealed or g.kind is GroupKind.KONG]
    return Hits.when(len(held) >= 3, held)


def _pair_completed(reading: Reading, major: bool) -> Hits:
    won = reading.winning
    return Hits.when(
        is_standard_complete(reading) and won.kind is GroupKind.PAIR and won.first.is_terminal_or_honour == major,
        (won,),
    )


@rule("score.bonus.pair-completion.minor", source=f"{_CLUB}: the winning tile completing a pair of 2 to 8")
def pair_completion_minor(reading: Reading, situation: Situation) -> Hits:
    """The winning tile completed the pair, a pair of simples (2 to 8)."""
    return _pair_completed(reading, major=False)


@rule("score.bonus.pair-completion.major", source=f"{_CLUB}: the winning tile completing a pair of 1s, 9s or honours")
def pair_completion_major(reading: Reading, situation: Situation) -> Hits:
    """The winning tile completed the pair, a pair of ones, nines, winds or dragons."""
    return _pair_completed(reading, major=True)
