"""The Companion's dragon, honour and colour hands (Thompson & Maloney 1997, pp. 31-46, synopsis
pp. 58-60), and the club guide's own reading of Three Great Scholars.

Most are four sets and a pair: one dragon set with three sets of one suit or colour.  Where the
book says Pung the hand takes a pung and not a kong (Green Jade, Red Coral, White Opal, Lillypilly,
Red Waratah, Blue Mountains, Driven Snow, Dragon's Scales); where it says P/K either.  Colour
classes: green bamboo 2 3 4 6 8, red bamboo 1 5 7 9, blue circles 2 3 4 5 8 9 (see
:mod:`.tm_common`).  Three Great Scholars, Unique Wonder (Thirteen Unique Wonders), All Winds and
Dragons and Heads and Tails are the BMJA rules of those hands.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..solver.reading import Group, GroupKind, Reading
from ..tiles import Tile
from .registry import Hits, Situation, rule
from .tm_common import BLUE_CIRCLES, CLUB, GREEN_BAMBOO, RED_BAMBOO, TM, of_ranks, standard_sets, suit_base

__all__: list[str] = []

_CHARACTERS = of_ranks(0, range(1, 10))
_CIRCLES = of_ranks(9, range(1, 10))
_BAMBOO = of_ranks(18, range(1, 10))
_EVEN = (2, 4, 6, 8)
_ODD = (1, 3, 5, 7, 9)


def _pungs_and_pair(reading: Reading) -> tuple[list[Group], Group] | None:
    """Four pungs or kongs and a pair, or None."""
    if reading.chows:  # (tested first: most Readings have a chow, and the sets are not built for them)
        return None
    sets = standard_sets(reading)
    if sets is None or reading.pair is None:
        return None
    return list(sets), reading.pair


def _in(group: Group, tiles: frozenset[Tile]) -> bool:
    return group.first in tiles


def _dragon_hand(
    reading: Reading, dragons: Iterable[str], others: frozenset[Tile], *, pung: bool = False,
    pair: frozenset[Tile] | None = None,
) -> bool:
    """Sets of each of *dragons* (pungs only when *pung*), every other set of *others*, and the pair
    of *pair* (default: of *others*)."""
    found = _pungs_and_pair(reading)
    if found is None:
        return False
    sets, the_pair = found
    wanted = [Tile.of(d) for d in dragons]
    held = [g for g in sets if g.first in wanted]
    rest = [g for g in sets if g.first not in wanted]
    return (
        sorted(g.first.index for g in held) == sorted(t.index for t in wanted)
        and (not pung or all(g.kind is GroupKind.PUNG for g in held))
        and all(_in(g, others) for g in rest)
        and _in(the_pair, others if pair is None else pair)
    )


@rule("score.limit.three-great-scholars-suited", source=f"{CLUB}, special hands p. 12 (Three Great Scholars)")
def three_great_scholars_suited(reading: Reading, situation: Situation) -> Hits:
    """Three Great Scholars as the club guide has it: pungs or kongs of the three dragons, a fourth
    set of one suit (a pung, a kong or a chow) and a pair of that same suit."""
    sets = standard_sets(reading)
    pair = reading.pair
    if sets is None or pair is None:
        return Hits()
    dragons = [g for g in sets if g.first.is_dragon]
    fourth = [g for g in sets if not g.first.is_dragon]
    return Hits.when(
        len(dragons) == 3 and len(fourth) == 1 and fourth[0].first.is_suited
        and suit_base(pair.first) == suit_base(fourth[0].first),
        dragons,
    )


@rule("score.limit.dragonfly", source=f"{TM}, p. 31")
def dragonfly(reading: Reading, situation: Situation) -> Hits:
    """Dragonfly: one of each dragon loose, a pung or kong of each suit and a pair of one suit."""
    return Hits.when(reading.shape == "tm_dragonfly")


@rule("score.limit.green-jade", source=f"{TM}, pp. 35, 53")
def green_jade(reading: Reading, situation: Situation) -> Hits:
    """Green Jade: a pung of green dragons, three pungs or kongs of bamboo and a bamboo pair."""
    return Hits.when(_dragon_hand(reading, "F", _BAMBOO, pung=True))


@rule("score.limit.red-coral", source=f"{TM}, pp. 35, 60")
def red_coral(reading: Reading, situation: Situation) -> Hits:
    """Red Coral: a pung of red dragons, three pungs or kongs of characters and a character pair."""
    return Hits.when(_dragon_hand(reading, "C", _CHARACTERS, pung=True))


@rule("score.limit.white-opal", source=f"{TM}, pp. 35, 60")
def white_opal(reading: Reading, situation: Situation) -> Hits:
    """White Opal: a pung of white dragons, three pungs or kongs of circles and a circle pair."""
    return Hits.when(_dragon_hand(reading, "P", _CIRCLES, pung=True))


@rule("score.limit.imperial-jade-with-chow", source=f"{TM}, p. 36 (also p. 52)")
def imperial_jade_with_chow(reading: Reading, situation: Situation) -> Hits:
    """Imperial Jade as the Companion has it: a pung or kong of green dragons, three sets of green
    bamboo (pungs or kongs of 2 3 4 6 8, or at most one chow, 2 3 4) and a pair of green bamboo."""
    sets = standard_sets(reading)
    pair = reading.pair
    if sets is None or pair is None:
        return Hits()
    green = [g for g in sets if g.first is Tile.of("F") and g.is_pung_or_kong]
    rest = [g for g in sets if g not in green]
    chows = [g for g in rest if g.kind is GroupKind.CHOW]
    return Hits.when(
        len(green) == 1 and len(chows) <= 1 and all(g.first is Tile.of("2s") for g in chows)
        and all(g.first in GREEN_BAMBOO for g in rest) and pair.first in GREEN_BAMBOO
    )


@rule("score.limit.lily-of-the-valley", source=f"{TM}, pp. 36, 52")
def lily_of_the_valley(reading: Reading, situation: Situation) -> Hits:
    """Lily of the Valley: pungs or kongs of green and white dragons, two of green bamboo and a
    green bamboo pair."""
    return Hits.when(_dragon_hand(reading, "FP", GREEN_BAMBOO))


@rule("score.limit.lillypilly", source=f"{TM}, pp. 36, 60")
def lillypilly(reading: Reading, situation: Situation) -> Hits:
    """Lillypilly: a pung of green dragons, a pair of white dragons and three pungs or kongs of
    circles."""
    return Hits.when(_dragon_hand(reading, "F", _CIRCLES, pung=True, pair=frozenset({Tile.of("P")})))


@rule("score.limit.red-waratah", source=f"{TM}, p. 34")
def red_waratah(reading: Reading, situation: Situation) -> Hits:
    """Red Waratah: pungs (no kongs) of red dragons, of a red bamboo (1 5 7 9), of a circle and of a
    character, and a green dragon pair."""
    found = _pungs_and_pair(reading)
    if found is None:
        return Hits()
    sets, pair = found
    if pair.first is not Tile.of("F") or any(g.kind is not GroupKind.PUNG for g in sets):
        return Hits()
    firsts = {g.first for g in sets}
    classes = [frozenset({Tile.of("C")}), RED_BAMBOO, _CIRCLES, _CHARACTERS]
    return Hits.when(len(firsts) == 4 and all(len(firsts & cls) == 1 for cls in classes))


@rule("score.limit.ruby-jade", source=f"{TM}, pp. 37, 54")
def ruby_jade(reading: Reading, situation: Situation) -> Hits:
    """Ruby Jade: pungs or kongs of red and green dragons, two of bamboo (any numbers) and a bamboo
    pair."""
    return Hits.when(_dragon_hand(reading, "CF", _BAMBOO))


@rule("score.limit.royal-ruby", source=f"{TM}, pp. 37, 54")
def royal_ruby(reading: Reading, situation: Situation) -> Hits:
    """Royal Ruby: a pung or kong of red dragons, three of red bamboo (1 5 7 9) and a red bamboo
    pair."""
    return Hits.when(_dragon_hand(reading, "C", RED_BAMBOO))


@rule("score.limit.red-lily", source=f"{TM}, pp. 37, 54")
def red_lily(reading: Reading, situation: Situation) -> Hits:
    """Red Lily: pungs or kongs of red and white dragons, two of red bamboo and a red bamboo pair."""
    return Hits.when(_dragon_hand(reading, "CP", RED_BAMBOO))


@rule("score.limit.blue-mountains", source=f"{TM}, synopsis p. 60 (not illustrated)")
def blue_mountains(reading: Reading, situation: Situation) -> Hits:
    """Blue Mountains: a pung of green dragons, three pungs or kongs of blue circles (2 3 4 5 8 9)
    and a blue circle pair."""
    return Hits.when(_dragon_hand(reading, "F", BLUE_CIRCLES, pung=True))


@rule("score.limit.white-elephant", source=f"{TM}, synopsis p. 60 (not illustrated)")
def white_elephant(reading: Reading, situation: Situation) -> Hits:
    """White Elephant: a pung or kong of white dragons, three of even circles and an even circle
    pair."""
    return Hits.when(_dragon_hand(reading, "P", of_ranks(9, _EVEN)))


@rule("score.limit.driven-snow", source=f"{TM}, synopsis p. 60 (not illustrated)")
def driven_snow(reading: Reading, situation: Situation) -> Hits:
    """Driven Snow: a pung of white dragons, three pungs or kongs of odd characters and an odd
    character pair."""
    return Hits.when(_dragon_hand(reading, "P", of_ranks(0, _ODD), pung=True))


@rule("score.limit.dragons-scales", source=f"{TM}, synopsis p. 60 (not illustrated)")
def dragons_scales(reading: Reading, situation: Situation) -> Hits:
    """Dragon's Scales: a pung of red dragons, three pungs or kongs of even characters and an even
    character pair."""
    return Hits.when(_dragon_hand(reading, "C", of_ranks(0, _EVEN), pung=True))


def _dawn(reading: Reading, honour: str, pair: str) -> bool:
    found = _pungs_and_pair(reading)
    if found is None:
        return False
    sets, the_pair = found
    suited = [g for g in sets if g.first.is_suited]
    return (
        the_pair.first is Tile.of(pair)
        and any(g.first is Tile.of(honour) for g in sets)
        and len(suited) == 3
        and {suit_base(g.first) for g in suited} == {0, 9, 18}
        and all(2 <= g.first.rank <= 8 for g in suited)
    )


@rule("score.limit.sunrise", source=f"{TM}, p. 42")
def sunrise(reading: Reading, situation: Situation) -> Hits:
    """Sunrise: a pung or kong of east wind, a white dragon pair and a pung or kong of 2 to 8 in
    each suit."""
    return Hits.when(_dawn(reading, "E", "P"))


@rule("score.limit.sunset", source=f"{TM}, p. 42")
def sunset(reading: Reading, situation: Situation) -> Hits:
    """Sunset: a pung or kong of white dragons, a red dragon pair and a pung or kong of 2 to 8 in
    each suit."""
    return Hits.when(_dawn(reading, "P", "C"))


@rule("score.limit.numbers-in-parallel", source=f"{TM}, p. 43")
def numbers_in_parallel(reading: Reading, situation: Situation) -> Hits:
    """Numbers in Parallel: pungs or kongs of one number (2 to 8) in each suit, a pung or kong of a
    wind or dragon and a pair of winds or dragons."""
    found = _pungs_and_pair(reading)
    if found is None:
        return Hits()
    sets, pair = found
    suited = [g for g in sets if g.first.is_suited]
    return Hits.when(
        pair.first.is_honour and len(suited) == 3
        and {suit_base(g.first) for g in suited} == {0, 9, 18}
        and len({g.first.rank for g in suited}) == 1 and 2 <= suited[0].first.rank <= 8
    )


@rule("score.limit.numbers-doubled", source=f"{TM}, p. 43")
def numbers_doubled(reading: Reading, situation: Situation) -> Hits:
    """Numbers Doubled: pungs or kongs of two numbers (2 to 8) in each of two suits and a pair of
    winds or dragons."""
    found = _pungs_and_pair(reading)
    if found is None:
        return Hits()
    sets, pair = found
    suits = {suit_base(g.first) for g in sets}
    ranks = {g.first.rank for g in sets}
    return Hits.when(
        pair.first.is_honour and all(g.first.is_suited for g in sets) and len(suits) == 2 and len(ranks) == 2
        and all(2 <= r <= 8 for r in ranks) and len({g.first for g in sets}) == 4
    )
