"""The Companion's run hands (Thompson & Maloney 1997, pp. 9-14, synopsis p. 56): 1 to 9 of one suit
as three chows with a set and a pair, and the loose runs with honours (their shapes are in
:mod:`.tm_shapes_loose` and :mod:`.tm_shapes_sets`).  Values and exposure are the profile's.
Gates of Heaven is the BMJA rule ``score.limit.gates-of-heaven`` (the same hand, pp. 9, 47).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..solver.reading import Reading
from ..tiles import Tile
from .registry import Hits, Situation, rule
from .tm_common import CLUB, TM, one_to_nine, suit_base

__all__: list[str] = []


@rule("score.limit.run-pung-and-pair", source=f"{TM}, p. 9")
def run_pung_and_pair(reading: Reading, situation: Situation) -> Hits:
    """Run, Pung and Pair: chows 123, 456 and 789 of one suit, a pung of that suit and a pair of it
    (a kong cannot be: the run holds one of each number)."""
    found = one_to_nine(reading)
    if found is None:
        return Hits()
    base, fourth, pair = found
    return Hits.when(fourth.is_pung_or_kong and suit_base(fourth.first) == base and suit_base(pair.first) == base)


_KINDS: Final[dict[str, Callable[[Tile], bool]]] = {
    "wind": lambda t: t.is_wind,
    "dragon": lambda t: t.is_dragon,
    "honour": lambda t: t.is_honour,
    "suited": lambda t: t.is_suited,
    "any": lambda t: True,
}


def _guarded(reading: Reading, set_kind: str, pair_kind: str) -> bool:
    """1 to 9 as three chows, a pung or kong of *set_kind* and a pair of *pair_kind*."""
    found = one_to_nine(reading)
    if found is None:
        return False
    _, fourth, pair = found
    return fourth.is_pung_or_kong and _KINDS[set_kind](fourth.first) and _KINDS[pair_kind](pair.first)


@rule("score.limit.guardian-winds", source=f"{TM}, pp. 10, 39")
def guardian_winds(reading: Reading, situation: Situation) -> Hits:
    """Guardian Winds: chows 123, 456, 789 of one suit, a pung or kong of a wind and a wind pair."""
    return Hits.when(_guarded(reading, "wind", "wind"))


@rule("score.limit.guardian-dragons", source=f"{TM}, pp. 10-11, 39")
def guardian_dragons(reading: Reading, situation: Situation) -> Hits:
    """Guardian Dragons: chows 123, 456, 789 of one suit, a pung or kong of a dragon and a dragon
    pair."""
    return Hits.when(_guarded(reading, "dragon", "dragon"))


@rule("score.limit.grand-sequence", source=f"{TM}, pp. 11, 40")
def grand_sequence(reading: Reading, situation: Situation) -> Hits:
    """Grand Sequence: chows 123, 456, 789 of one suit, a pung or kong of a wind or dragon and any
    pair."""
    return Hits.when(_guarded(reading, "honour", "any"))


@rule("score.limit.grand-sequence-suited-pair", source=f"{CLUB}, special hands p. 14 (Grand Sequence)")
def grand_sequence_suited_pair(reading: Reading, situation: Situation) -> Hits:
    """Grand Sequence as the club guide has it: chows 123, 456, 789 of one suit, a pung or kong of
    a wind or dragon and a pair of a suit (not of honours)."""
    return Hits.when(_guarded(reading, "honour", "suited"))


@rule("score.limit.dragons-tail", source=f"{TM}, pp. 12, 41")
def dragons_tail(reading: Reading, situation: Situation) -> Hits:
    """Dragon's Tail: chows 123, 456, 789 of one suit with a pung or kong of a wind and a dragon
    pair, or of a dragon and a wind pair."""
    return Hits.when(_guarded(reading, "wind", "dragon") or _guarded(reading, "dragon", "wind"))


@rule("score.limit.confused-gates", source=f"{TM}, pp. 9, 51")
def confused_gates(reading: Reading, situation: Situation) -> Hits:
    """Confused Gates: 2 to 8 of one suit with one doubled, 111 of a second suit, 999 of the third."""
    return Hits.when(reading.shape == "tm_confused_gates")


@rule("score.limit.wriggly-snake", source=f"{TM}, p. 10")
def wriggly_snake(reading: Reading, situation: Situation) -> Hits:
    """Wriggly Snake: 1 to 9 of one suit and E S W N, any one of the thirteen doubled."""
    return Hits.when(reading.shape == "tm_wriggly_snake")


@rule("score.limit.hachi-ban", source=f"{TM}, pp. 10, 25, 30, 32")
def hachi_ban(reading: Reading, situation: Situation) -> Hits:
    """Hachi Ban: 1 to 8 or 2 to 9 of one suit and three different wind pairs or three different
    dragon pairs."""
    return Hits.when(reading.shape == "tm_hachi_ban")


@rule("score.limit.wriggly-dragon", source=f"{TM}, pp. 11, 31")
def wriggly_dragon(reading: Reading, situation: Situation) -> Hits:
    """Wriggly Dragon: 1 to 9 of one suit and five dragons, all three of them, one three times."""
    return Hits.when(reading.shape == "tm_wriggly_dragon")


@rule("score.limit.five-odd-honours", source=f"{TM}, pp. 11, 38")
def five_odd_honours(reading: Reading, situation: Situation) -> Hits:
    """Five Odd Honours: 1 to 9 of one suit and five different winds or dragons."""
    return Hits.when(reading.shape == "tm_five_odd_honours")


@rule("score.limit.dragons-run", source=f"{TM}, synopsis p. 59 (not illustrated)")
def dragons_run(reading: Reading, situation: Situation) -> Hits:
    """Dragon's Run: 1 to 9 of one suit, one of each dragon and a pair of one wind."""
    return Hits.when(reading.shape == "tm_dragons_run")


@rule("score.limit.gretas-garden", source=f"{TM}, pp. 13, 38")
def gretas_garden(reading: Reading, situation: Situation) -> Hits:
    """Greta's Garden: 1 to 7 of one suit, E S W N and one of each dragon."""
    return Hits.when(reading.shape == "tm_gretas_garden")


@rule("score.limit.gretas-dragon", source=f"{TM}, p. 13 (also p. 38)")
def gretas_dragon(reading: Reading, situation: Situation) -> Hits:
    """Greta's Dragon: 1 to 7 of one suit, E S W N and three of one dragon."""
    return Hits.when(reading.shape == "tm_gretas_dragon")


@rule("score.limit.gerties-garter", source=f"{TM}, p. 14 (also pp. 20, 50)")
def gerties_garter(reading: Reading, situation: Situation) -> Hits:
    """Gertie's Garter: 1 to 7 of each of two suits, no honours.  Every such hand is also Knitting
    (seven same-number pairs of two suits), so it is read on Knitting's shape."""
    ranks = {t.rank for t in reading.tiles}
    return Hits.when(reading.shape == "classical_knitting" and ranks == set(range(1, 8)) and len(reading.tiles) == 14
                     and len(set(reading.tiles)) == 14)


@rule("score.limit.yin-yang", source=f"{TM}, pp. 14, 50")
def yin_yang(reading: Reading, situation: Situation) -> Hits:
    """Yin Yang: 1 1 2 3 4 5 5 of one suit and 5 5 6 7 8 9 9 of another."""
    return Hits.when(reading.shape == "tm_yin_yang")


@rule("score.limit.dragons-teeth", source=f"{TM}, pp. 12, 33")
def dragons_teeth(reading: Reading, situation: Situation) -> Hits:
    """Dragon's Teeth: pungs of red and white dragons and 1 to 7 or 2 to 8 of characters or
    circles with one number doubled."""
    return Hits.when(reading.shape == "tm_dragons_teeth")


@rule("score.limit.dragons-gates", source=f"{TM}, pp. 12, 34")
def dragons_gates(reading: Reading, situation: Situation) -> Hits:
    """Dragon's Gates: 2 to 8 of one suit with one doubled, a pung or kong of its one or nine and
    one of the dragon of its colour."""
    return Hits.when(reading.shape == "tm_dragons_gates")


@rule("score.limit.red-lantern", source=f"{TM}, pp. 13, 40")
def red_lantern(reading: Reading, situation: Situation) -> Hits:
    """Red Lantern: 1 to 7 of one suit with one doubled, a pung or kong of red dragons and one of
    the player's own wind (the seat's, not the prevailing wind)."""
    own = situation.context.seat_wind
    return Hits.when(reading.shape == "tm_red_lantern" and any(g.first is own for g in reading.pungs))


def _robert_starts(reading: Reading) -> set[int]:
    return {min(t.rank for t in reading.tiles if t.suit == s) for s in "mps"}


@rule("score.limit.big-robert", source=f"{TM}, p. 14")
def big_robert(reading: Reading, situation: Situation) -> Hits:
    """Big Robert: four consecutive numbers of each suit and a pair of one wind or dragon, the three
    runs not all starting on the same number."""
    return Hits.when(reading.shape == "tm_big_robert" and len(_robert_starts(reading)) > 1)


@rule("score.limit.big-robert-matching", source=f"{TM}, p. 14")
def big_robert_matching(reading: Reading, situation: Situation) -> Hits:
    """Big Robert with the three runs on the same numbers."""
    return Hits.when(reading.shape == "tm_big_robert" and len(_robert_starts(reading)) == 1)
