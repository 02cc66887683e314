"""The Companion's chow hands (Thompson & Maloney 1997, pp. 15-19, synopsis pp. 56, 60).

A mixed chow is three consecutive numbers, one in each suit; a mixed pair two tiles of one number
in two suits (the loose shapes that hold them are in :mod:`.tm_shapes_loose` and
:mod:`.tm_shapes_sets`).  "Own wind" is the player's seat wind, never the prevailing wind.
"""

from __future__ import annotations

from collections import Counter

from ..solver.reading import Reading
from .registry import Hits, Situation, rule
from .tm_common import TM, chow_suits, standard_sets, suit_base

__all__: list[str] = []


@rule("score.limit.moon-at-bottom-of-well", source=f"{TM}, pp. 15, 47 (also p. 60)")
def moon_at_bottom_of_well(reading: Reading, situation: Situation) -> Hits:
    """Moon at the Bottom of the Well: four chows of circles, among them 123, 456 and 789, and a
    pair of circles."""
    chows = reading.chows
    if standard_sets(reading) is None or len(chows) != 4 or reading.pair is None:
        return Hits()
    starts = {g.first.rank for g in chows}
    return Hits.when(set(chow_suits(reading)) == {9} and {1, 4, 7} <= starts and reading.pair.first.suit == "p")


@rule("score.limit.chow-chow", source=f"{TM}, p. 15", facts=("self_drawn",))
def chow_chow(reading: Reading, situation: Situation) -> Hits:
    """Chow Chow: four chows and a pair of one suit, every set concealed, the winning tile from the
    wall."""
    pair = reading.pair
    if standard_sets(reading) is None or len(reading.chows) != 4 or pair is None:
        return Hits()
    return Hits.when(
        len(set(chow_suits(reading))) == 1
        and suit_base(pair.first) == suit_base(reading.chows[0].first)
        and all(g.concealed for g in reading.groups)
        and situation.context.self_drawn
    )


@rule("score.limit.three-philosophers", source=f"{TM}, p. 15")
def three_philosophers(reading: Reading, situation: Situation) -> Hits:
    """Three Philosophers: a chow of each suit, a pair of one suit and a mixed chow."""
    return Hits.when(reading.shape == "tm_three_philosophers")


@rule("score.limit.crazy-chows", source=f"{TM}, p. 16")
def crazy_chows(reading: Reading, situation: Situation) -> Hits:
    """Crazy Chows: four mixed chows and a mixed pair."""
    return Hits.when(reading.shape == "tm_crazy_chows")


@rule("score.limit.little-robert", source=f"{TM}, p. 16")
def little_robert(reading: Reading, situation: Situation) -> Hits:
    """Little Robert: a chow of each suit, a pung or kong of any suit and a pair of any suit."""
    sets = standard_sets(reading)
    pair = reading.pair
    if sets is None or len(reading.chows) != 3 or pair is None:
        return Hits()
    fourth = next(g for g in sets if g.is_pung_or_kong)
    return Hits.when(len(set(chow_suits(reading))) == 3 and fourth.first.is_suited and pair.first.is_suited)


@rule("score.limit.little-brother", source=f"{TM}, p. 17")
def little_brother(reading: Reading, situation: Situation) -> Hits:
    """Little Brother: four chows covering the three suits and a pair of the player's own wind."""
    pair = reading.pair
    if standard_sets(reading) is None or len(reading.chows) != 4 or pair is None:
        return Hits()
    return Hits.when(len(set(chow_suits(reading))) == 3 and pair.first is situation.context.seat_wind)


@rule("score.limit.hovering-angel", source=f"{TM}, pp. 17, 41")
def hovering_angel(reading: Reading, situation: Situation) -> Hits:
    """Hovering Angel: a chow of each suit, a pung or kong of the player's own wind and a dragon
    pair."""
    sets = standard_sets(reading)
    pair = reading.pair
    if sets is None or len(reading.chows) != 3 or pair is None:
        return Hits()
    fourth = next(g for g in sets if g.is_pung_or_kong)
    return Hits.when(
        len(set(chow_suits(reading))) == 3 and fourth.first is situation.context.seat_wind and pair.first.is_dragon
    )


def _windy_chow_starts(reading: Reading) -> set[int]:
    return {g.first.rank for g in reading.chows} if reading.shape == "tm_windy_chow" else set()


@rule("score.limit.windy-chow", source=f"{TM}, pp. 18, 26")
def windy_chow(reading: Reading, situation: Situation) -> Hits:
    """Windy Chow: E S W N with one of them doubled and a run of three numbers in each suit."""
    return Hits.when(reading.shape == "tm_windy_chow")


@rule("score.limit.chop-suey", source=f"{TM}, pp. 18, 26")
def chop_suey(reading: Reading, situation: Situation) -> Hits:
    """Chop Suey: Windy Chow with 1 2 3 in each suit."""
    return Hits.when(_windy_chow_starts(reading) == {1})


@rule("score.limit.chow-mein", source=f"{TM}, pp. 18, 26 (the book spells it Chow Mien)")
def chow_mein(reading: Reading, situation: Situation) -> Hits:
    """Chow Mein: Windy Chow with 7 8 9 in each suit."""
    return Hits.when(_windy_chow_starts(reading) == {7})


@rule("score.limit.robin", source=f"{TM}, synopsis p. 60 (not illustrated)")
def robin(reading: Reading, situation: Situation) -> Hits:
    """Robin: four chows, two of one suit and one of each other, and a pair of a suit that has one
    chow."""
    pair = reading.pair
    if standard_sets(reading) is None or len(reading.chows) != 4 or pair is None:
        return Hits()
    per_suit = Counter(chow_suits(reading))
    return Hits.when(sorted(per_suit.values()) == [1, 1, 2] and per_suit.get(suit_base(pair.first)) == 1)


@rule("score.limit.apple-blossom", source=f"{TM}, p. 19 (also p. 33)")
def apple_blossom(reading: Reading, situation: Situation) -> Hits:
    """Apple Blossom: a pung or kong of white dragons, a green dragon pair and three mixed chows."""
    return Hits.when(reading.shape == "tm_apple_blossom")


@rule("score.limit.professors", source=f"{TM}, p. 19")
def professors(reading: Reading, situation: Situation) -> Hits:
    """The Professors: three mixed chows, one of each dragon and a pair of the player's own wind."""
    own = situation.context.seat_wind
    return Hits.when(reading.shape == "tm_professors" and any(g.first is own for g in reading.pairs))
