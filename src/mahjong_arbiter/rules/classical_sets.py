"""Classical set, pair and bonus-tile points: the rows of the Buzzard ledger's section A.

Each pung or kong is counted once per set, by its class (simple = suited 2-8, major = suited 1 and
9, winds and dragons) and whether it is concealed; pairs by what they are; bonus tiles one instance
each.  Sources: Buzzard 2000 pp. 9-10 "The scores and how to calculate them" (ledger section A);
BMJA https://mahjong-britishrules.com/scoring/working-out-the-scores; the Codification, "Points for
all hands".  A pung completed by a discard is exposed (the Reading marks it so); a concealed kong
is concealed only when declared as one (four standing tiles are a pung and a spare tile).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..solver.reading import GroupKind, Reading
from ..tiles import ALL_PLAYING, DRAGONS, TERMINALS_AND_HONOURS, Tile, kinds_mask
from .registry import NONE, Hits, Needs, Situation, hits_of, rule

__all__: list[str] = []

_LEDGER = "Buzzard 2000 pp. 9-10 (ledger section A)"


def _sets(kind: GroupKind, major: bool, concealed: bool) -> Callable[[Reading, Situation], Hits]:
    def predicate(reading: Reading, situation: Situation) -> Hits:
        # the pungs and kongs only (Reading.pungs holds both, in the groups' order), each instance
        # built here instead of through Hits.each's generators
        found = tuple(
            (g,) for g in reading.pungs
            if g.kind is kind and g.first.is_terminal_or_honour == major and g.concealed == concealed
        )
        return hits_of(found) if found else NONE

    size = "major" if major else "simple"
    state = "concealed" if concealed else "exposed"
    predicate.__doc__ = f"A {state} {kind.value} of {size} tiles, once per set."
    return predicate


_MAJOR_KINDS: Final = kinds_mask(TERMINALS_AND_HONOURS)
_SIMPLE_KINDS: Final = kinds_mask(t for t in ALL_PLAYING if t.is_simple)
_DRAGON_KINDS: Final = kinds_mask(DRAGONS)

for _kind in (GroupKind.PUNG, GroupKind.KONG):
    for _major in (False, True):
        for _concealed in (False, True):
            _id = (
                f"score.base.{_kind.value}.{'major' if _major else 'simple'}."
                f"{'concealed' if _concealed else 'exposed'}"
            )
            # a pung or kong of the class held (pung_mask holds the kongs' kinds too)
            _screen = f"pungs & {_MAJOR_KINDS if _major else _SIMPLE_KINDS}"
            _needs = Needs(pungs=1, screen=_screen) if _kind is GroupKind.PUNG else Needs(kongs=1, screen=_screen)
            rule(_id, source=_LEDGER, needs=_needs)(_sets(_kind, _major, _concealed))


@rule("score.base.chow", source=_LEDGER, needs=Needs(chows=1))
def chow(reading: Reading, situation: Situation) -> Hits:
    """A chow, exposed or concealed, once per set (worth nothing in every classical profile)."""
    found = tuple((g,) for g in reading.chows)
    return hits_of(found) if found else NONE


def _pair_hits(reading: Reading, wanted: Callable[[Tile], bool]) -> Hits:
    found = tuple((g,) for g in reading.pairs if wanted(g.first))
    return hits_of(found) if found else NONE


@rule("score.base.pair.dragon", source=_LEDGER, needs=Needs(pairs=1, honours=True, screen=f"kinds & {_DRAGON_KINDS}"))
def pair_dragon(reading: Reading, situation: Situation) -> Hits:
    """A pair of dragons."""
    return _pair_hits(reading, lambda t: t.is_dragon)


@rule("score.base.pair.own-wind", source=_LEDGER, facts=("seat_wind",), needs=Needs(pairs=1, honours=True))
def pair_own_wind(reading: Reading, situation: Situation) -> Hits:
    """A pair of the seat's own wind (a pair that is also the prevailing wind hits both rules)."""
    wind = situation.context.seat_wind
    return _pair_hits(reading, lambda t: t is wind)


@rule("score.base.pair.round-wind", source=_LEDGER, facts=("prevailing_wind",), needs=Needs(pairs=1, honours=True))
def pair_round_wind(reading: Reading, situation: Situation) -> Hits:
    """A pair of the prevailing (round) wind."""
    wind = situation.context.prevailing_wind
    return _pair_hits(reading, lambda t: t is wind)


@rule("score.base.bonus-tile", source=_LEDGER, facts=("flowers",), needs=Needs(situation=("flowers",)))
def bonus_tile(reading: Reading, situation: Situation) -> Hits:
    """Each flower or season held, one instance per tile."""
    return Hits.times(situation.context.flowers)
