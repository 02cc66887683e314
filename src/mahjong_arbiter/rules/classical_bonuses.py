"""Classical winner bonuses: points added before the hand is doubled (Buzzard 2000, ledger section C).

Sources: Buzzard 2000 p. 10 "Bonus scores" with p. 11 notes (ledger section C); BMJA
https://mahjong-britishrules.com/scoring/working-out-the-scores (20 for Mah-Jong, 2 for a tile from
the wall); the Codification, "Points for Mah-Jong hands only".  Facts the hand cannot show
(a Standing Hand) come from the table as events; an only-possible tile is derived from the waits
of the thirteen tiles the hand stood on, or taken from the table's ``only_possible`` event.
"""

from __future__ import annotations

from ..solver.reading import STANDARD, GroupKind, Reading, Wait
from .classical_common import (
    LOOSE_TILE_POLICY,
    is_scoring_pair,
    is_standard_complete,
    loose_tile_win,
)
from .registry import Hits, Needs, Situation, rule

__all__ = ["only_possible_tile"]


def only_possible_tile(situation: Situation, reading: Reading | None = None) -> bool:
    """The winning tile was the only kind that could complete the hand.

    Derived from the waits of the thirteen tiles (kinds whose four copies the hand holds are not
    possible), or stated by the table (event ``only_possible``) when the hand alone cannot show
    it, e.g. because the other waits are all visible on the table.  A *reading* of the hand whose
    placement shows a second live wait (:func:`_second_wait`) answers no without the search.
    """
    if situation.context.has("only_possible"):
        return True
    if reading is not None and _second_wait(reading):
        return False
    # one live kind among the waits (held-out kinds are never among them), found by the sole-wait
    # search, which stops at a second kind, instead of all the waits
    return situation.sole_wait(False)


def _second_wait(reading: Reading) -> bool:
    """Whether the winning tile's placement on a standard *reading* shows another kind that
    completes the thirteen tiles, with a copy of it left (so the winning tile was not the only
    possible one): the other end of a two-sided wait (23 waiting on 1 or 4: the same groups with
    123 instead of 234) or the other pair of a dual-pung wait (the same groups with that pair made
    the pung).  False when the placement shows none, or when the hand holds all four of it."""
    if reading.shape != STANDARD or reading.winning.declared:
        return False
    wait = reading.wait
    index = reading.winning_tile.index
    if wait is Wait.TWO_SIDED:
        low = reading.winning.first.index
        if index == low:  # won on the low end: the kind above the chow
            other = low + 3
        elif index == low + 2:
            other = low - 1
        else:
            return False
        if other < 0 or other >= 27 or other // 9 != low // 9:
            return False
    elif wait is Wait.DUAL_PUNG and len(reading.pairs) == 1:
        other = reading.pairs[0].first.index
    else:
        return False
    held = sum(g.copies for g in reading.groups if g.mask >> other & 1)
    return held < 4


@rule(
    "score.bonus.mahjong",
    source="Buzzard 2000 p. 10 (ledger C); BMJA working-out-the-scores",
    needs=Needs(situation=("winner",), exact=True),
)
def mahjong(reading: Reading, situation: Situation) -> Hits:
    """Going Mah-Jong."""
    return Hits.when(situation.winner)


@rule(
    "score.bonus.self-draw",
    source="Buzzard 2000 p. 10 (ledger C); BMJA; Codification (head of wall)",
    facts=("self_drawn",),
    needs=Needs(situation=("self_drawn",)),
)
def self_draw(reading: Reading, situation: Situation) -> Hits:
    """The winning tile came from the wall.

    A loose tile (kong box) counts only when the profile's policy
    ``self_draw_points_on_loose_tile`` is true (BMJA sources disagree; see the profile).
    """
    ctx = situation.context
    if not ctx.self_drawn:
        return Hits()
    if loose_tile_win(ctx):
        return Hits.when(bool(situation.policies.get(LOOSE_TILE_POLICY, True)))
    return Hits.once()


@rule("score.bonus.only-possible", source="Buzzard 2000 p. 10 (ledger C)", facts=("only_possible",))
def only_possible(reading: Reading, situation: Situation) -> Hits:
    """Won with the only possible tile."""
    return Hits.when(only_possible_tile(situation, reading), (reading.winning,))


@rule(
    "score.bonus.last-possible",
    source="Codification, Mah-Jong hands only: Mahjong on last possible tile",
    facts=("last_of_kind", "only_possible"),
    needs=Needs(situation=("last_of_kind",)),
)
def last_possible(reading: Reading, situation: Situation) -> Hits:
    """The only tile that completes the hand, and its other three copies were already visible."""
    return Hits.when(only_possible_tile(situation, reading) and situation.context.last_of_kind, (reading.winning,))


@rule(
    "score.bonus.standing",
    source="Buzzard 2000 p. 7 rule 10, p. 10 (ledger C, H)",
    facts=("standing_hand",),
    needs=Needs(situation=("event:standing_hand",)),
)
def standing(reading: Reading, situation: Situation) -> Hits:
    """A Standing Hand was declared and completed (the table's event ``standing_hand``)."""
    return Hits.when(situation.context.has("standing_hand"))


@rule("score.bonus.no-chows", source="Buzzard 2000 p. 10 (ledger C)", needs=Needs(pungs=4, shape=STANDARD))
def no_chows(reading: Reading, situation: Situation) -> Hits:
    """Four pungs or kongs and a pair: no chows."""
    sets = reading.pungs
    return Hits.when(is_standard_complete(reading) and len(sets) == 4, sets)


@rule(
    "score.bonus.all-pungs",
    source="Codification, Mah-Jong hands only: All Pungs (including but not all Kongs)",
    needs=Needs(pungs=4, shape=STANDARD),
)
def all_pungs(reading: Reading, situation: Situation) -> Hits:
    """Four pungs or kongs and a pair, not all four kongs (four kongs have their own double)."""
    sets = reading.pungs
    kongs = [g for g in sets if g.kind is GroupKind.KONG]
    return Hits.when(is_standard_complete(reading) and len(sets) == 4 and len(kongs) < 4, sets)


@rule(
    "score.bonus.all-chows",
    source="Codification, Mah-Jong hands only: All Chows",
    needs=Needs(chows=4, shape=STANDARD),
)
def all_chows(reading: Reading, situation: Situation) -> Hits:
    """Four chows and a pair."""
    found = reading.chows
    return Hits.when(is_standard_complete(reading) and len(found) == 4, found)


@rule("score.bonus.scoreless", source="Buzzard 2000 p. 10 (ledger C)", needs=Needs(chows=4, pairs=1, shape=STANDARD))
def scoreless(reading: Reading, situation: Situation) -> Hits:
    """A hand with no scoring value: four chows, a pair that scores nothing, no bonus tiles."""
    pair = reading.pair
    return Hits.when(
        is_standard_complete(reading)
        and len(reading.chows) == 4
        and pair is not None
        and not is_scoring_pair(pair, situation.context)
        and situation.context.flowers == 0
    )


@rule(
    "score.bonus.last-wall",
    source="Buzzard 2000 p. 10 (ledger C)",
    facts=("last_tile",),
    needs=Needs(situation=("self_drawn", "last_tile")),
)
def last_wall(reading: Reading, situation: Situation) -> Hits:
    """Mah-Jong on the last drawable tile of the wall (self-drawn, not a loose tile)."""
    ctx = situation.context
    return Hits.when(ctx.self_drawn and ctx.last_tile and not loose_tile_win(ctx))


@rule(
    "score.bonus.last-available",
    source="Codification, Mah-Jong hands only: Mahjong on last available tile",
    facts=("last_tile",),
    needs=Needs(situation=("last_tile",)),
)
def last_available(reading: Reading, situation: Situation) -> Hits:
    """Mah-Jong on the last available tile, no further play possible: the last wall tile or the
    discard after it."""
    return Hits.when(situation.context.last_tile)


@rule(
    "score.bonus.loose-tile",
    source="Buzzard 2000 p. 10 (ledger C); Codification: tile from the tail of the wall",
    facts=("kong_replacement", "flower_replacement"),
    needs=Needs(situation=("self_drawn",), any_situation=("kong_replacement", "event:flower_replacement"), exact=True),
)
def loose_tile(reading: Reading, situation: Situation) -> Hits:
    """Mah-Jong on a loose tile: the replacement for a kong or a bonus tile (the tail of the wall)."""
    return Hits.when(loose_tile_win(situation.context))


@rule(
    "score.bonus.robbing-kong",
    source="Codification, Mah-Jong hands only: Robbing a Kong for Mahjong",
    facts=("robbing_kong",),
    needs=Needs(situation=("robbing_kong",)),
)
def robbing_kong(reading: Reading, situation: Situation) -> Hits:
    """Mah-Jong on a tile robbed from another player's kong."""
    return Hits.when(situation.context.robbing_kong, (reading.winning,))
