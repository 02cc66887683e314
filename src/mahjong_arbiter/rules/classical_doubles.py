"""Classical doubles: for all hands (sets of honours, own bonus tiles, bouquets, Original Call) and
for the winner (hand patterns and the way the hand was won).

Sources: Buzzard 2000 p. 10 "Doubles" and p. 11 notes (ledger section B); BMJA
BMJA rules, Doubling and Stage 3;
the Codification, "Doubles for all hands" and "Double for Mah-Jong hands only".  How many doubles
each is worth, and whether a bouquet includes the own-tile double, is the profile's business.
"""

from __future__ import annotations

from typing import Final

from ..solver.reading import STANDARD, Group, GroupKind, Reading
from ..tiles import ALL_PLAYING, DRAGONS, HONOUR_TILES, SUITED_TILES, TERMINALS_AND_HONOURS, Tile, kinds_mask
from .classical_common import (
    bonus_tiles,
    honours_of,
    is_scoring_pair,
    is_standard_complete,
    loose_tile_win,
    own_bonus_number,
    suits_of,
)
from .registry import NONE, Hits, Needs, Situation, hits_of, rule

__all__ = ["CONCEALED_ON_LOOSE_TILE", "CONCEALED_HONOURS_POLICY"]

CONCEALED_ON_LOOSE_TILE = "concealed_double_on_loose_tile"
"""Policy name: does a concealed hand won on a loose tile (kong box) earn the concealed double?"""

CONCEALED_HONOURS_POLICY = "concealed_double_honours"
"""Policy name: what honours the fully concealed double needs (none | any | set)."""

_DRAGON_KINDS: Final = kinds_mask(DRAGONS)
_TERMINAL_KINDS: Final = kinds_mask(t for t in ALL_PLAYING if t.is_terminal)

_ALL = "Buzzard 2000 p. 10 (ledger B, all hands); BMJA doubling.html; Codification"
_WINNER = "Buzzard 2000 p. 10 (ledger B, winner only); BMJA rules, Doubling"


def _sets_of_tile(reading: Reading, wanted: Tile) -> Hits:
    if not reading.pung_mask >> wanted.index & 1:  # (no pung or kong of it: no loop over the pungs)
        return NONE
    return hits_of(tuple((g,) for g in reading.pungs if g.first is wanted))


@rule("score.double.dragon-set", source=_ALL, needs=Needs(pungs=1, honours=True, screen=f"pungs & {_DRAGON_KINDS}"))
def dragon_set(reading: Reading, situation: Situation) -> Hits:
    """A pung or kong of dragons, once per set."""
    found = tuple((g,) for g in reading.pungs if g.first.is_dragon)
    return hits_of(found) if found else NONE


@rule("score.double.own-wind-set", source=_ALL, facts=("seat_wind",), needs=Needs(pungs=1, honours=True))
def own_wind_set(reading: Reading, situation: Situation) -> Hits:
    """A pung or kong of the seat's own wind."""
    return _sets_of_tile(reading, situation.context.seat_wind)


@rule("score.double.round-wind-set", source=_ALL, facts=("prevailing_wind",), needs=Needs(pungs=1, honours=True))
def round_wind_set(reading: Reading, situation: Situation) -> Hits:
    """A pung or kong of the prevailing wind (East in the East round holds both)."""
    return _sets_of_tile(reading, situation.context.prevailing_wind)


def _own_bonus(situation: Situation, flower: bool) -> Hits:
    number = own_bonus_number(situation.context)
    return Hits.when(any(t.is_flower == flower and t.rank == number for t in bonus_tiles(situation)))


@rule("score.double.own-flower", source=_ALL, facts=("flowers",), needs=Needs(situation=("bonus_tiles",)))
def own_flower(reading: Reading, situation: Situation) -> Hits:
    """The seat's own flower (East 1, South 2, West 3, North 4)."""
    return _own_bonus(situation, flower=True)


@rule("score.double.own-season", source=_ALL, facts=("flowers",), needs=Needs(situation=("bonus_tiles",)))
def own_season(reading: Reading, situation: Situation) -> Hits:
    """The seat's own season."""
    return _own_bonus(situation, flower=False)


@rule("score.double.bouquet.flowers", source=_ALL, facts=("flowers",), needs=Needs(situation=("bonus_tiles",)))
def bouquet_flowers(reading: Reading, situation: Situation) -> Hits:
    """All four flowers."""
    return Hits.when(sum(1 for t in bonus_tiles(situation) if t.is_flower) == 4)


@rule("score.double.bouquet.seasons", source=_ALL, facts=("flowers",), needs=Needs(situation=("bonus_tiles",)))
def bouquet_seasons(reading: Reading, situation: Situation) -> Hits:
    """All four seasons."""
    return Hits.when(sum(1 for t in bonus_tiles(situation) if t.is_season) == 4)


@rule(
    "score.double.original-call",
    source="BMJA rules, Stage 3 and Doubling: Original Call",
    facts=("original_call",),
    needs=Needs(situation=("event:original_call",)),
)
def original_call(reading: Reading, situation: Situation) -> Hits:
    """Called (fishing) after the first discard and never changed the hand but for the winning tile
    (the table's event ``original_call``)."""
    return Hits.when(situation.context.has("original_call"))


@rule(
    "score.double.original-call-winner",
    source="BMJA rules, Doubling: Original Call among the winner's doubles (beside Stage 3's for every player)",
    facts=("original_call",),
    needs=Needs(situation=("event:original_call",)),
)
def original_call_winner(reading: Reading, situation: Situation) -> Hits:
    """The winner's own Original Call double: BMJA lists Original Call both among the doubles of every
    player and among the winner's, so a winner who made one has both (event ``original_call``)."""
    return Hits.when(situation.context.has("original_call"))


@rule("score.double.no-chows", source=_WINNER, needs=Needs(pungs=4, shape=STANDARD))
def no_chows(reading: Reading, situation: Situation) -> Hits:
    """Winning by pairs: four pungs or kongs and a pair, no chows."""
    sets = reading.pungs
    return Hits.when(is_standard_complete(reading) and len(sets) == 4, sets)


@rule(
    "score.double.all-chows",
    source="Buzzard 2000 p. 10 (ledger B, winner only): all Chows and a non-scoring pair",
    needs=Needs(chows=4, pairs=1, shape=STANDARD),
)
def all_chows(reading: Reading, situation: Situation) -> Hits:
    """Four chows and a pair that scores nothing (not dragons, own or prevailing wind)."""
    pair = reading.pair
    found = reading.chows
    return Hits.when(
        is_standard_complete(reading)
        and len(found) == 4
        and pair is not None
        and not is_scoring_pair(pair, situation.context),
        found,
    )


@rule(
    "score.double.all-kongs",
    source="Codification, Mah-Jong hands only: All Kongs (4 Kongs and a pair)",
    needs=Needs(kongs=4),
)
def all_kongs(reading: Reading, situation: Situation) -> Hits:
    """Four kongs and a pair."""
    kongs = [g for g in reading.groups if g.kind is GroupKind.KONG]
    return Hits.when(len(kongs) == 4, kongs)


@rule(
    "score.double.one-suit-with-honours",
    source=_WINNER + "; Codification: Pure with Honours",
    needs=Needs(honours=True, screen="suits == 1", exact=True),
)
def one_suit_with_honours(reading: Reading, situation: Situation) -> Hits:
    """Tiles of one suit with winds and/or dragons (at least one honour and one suited tile)."""
    tiles = reading.tiles
    return Hits.when(len(suits_of(tiles)) == 1 and bool(honours_of(tiles)))


@rule(
    "score.double.one-suit",
    source="Buzzard 2000 p. 10 (ledger B): entirely one suit; Codification: Pure",
    needs=Needs(within=SUITED_TILES, screen="suits == 1", exact=True),
)
def one_suit(reading: Reading, situation: Situation) -> Hits:
    """Every tile of one suit, no honours; chows allowed (Buzzard 2000, ledger B amends BMJA's Purity)."""
    tiles = reading.tiles
    return Hits.when(len(suits_of(tiles)) == 1 and not honours_of(tiles))


@rule(
    "score.double.majors-with-honours",
    source=_WINNER + "; Codification: All Terminals with Honours",
    needs=Needs(within=frozenset(TERMINALS_AND_HONOURS), honours=True, screen=f"kinds & {_TERMINAL_KINDS}",
                exact=True),
)
def majors_with_honours(reading: Reading, situation: Situation) -> Hits:
    """Only ones, nines, winds and dragons, with at least one honour and one terminal."""
    tiles = reading.tiles
    return Hits.when(
        all(t.is_terminal_or_honour for t in tiles)
        and any(t.is_honour for t in tiles)
        and any(t.is_terminal for t in tiles)
    )


@rule(
    "score.double.all-honours",
    source="Buzzard 2000 p. 10 (ledger B, winner only): all Winds and Dragons",
    needs=Needs(within=HONOUR_TILES, exact=True),
)
def all_honours(reading: Reading, situation: Situation) -> Hits:
    """Only winds and dragons."""
    return Hits.when(all(t.is_honour for t in reading.tiles))


@rule(
    "score.double.concealed",
    source="BMJA rules, Doubling: fully concealed hand; Codification: Totally concealed hand",
    facts=("self_drawn",),
    needs=Needs(situation=("no_exposed_meld",)),
)
def concealed(reading: Reading, situation: Situation) -> Hits:
    """No tile from a discard: no exposed set and the winning tile self-drawn (a declared concealed
    kong keeps the hand concealed).

    A win on a loose tile counts unless the profile's policy ``concealed_double_on_loose_tile`` is
    false (the club guide: "a concealed wall win").  Policy ``concealed_double_honours``: ``none``
    (no condition on honours: the Codification), ``any`` (the hand holds winds or dragons, a pair
    of them is enough) or ``set`` (a pung or kong of winds or dragons: the Mahjong Reference app's
    reading of BMJA's "with honours").
    """
    if loose_tile_win(situation.context) and not situation.policies.get(CONCEALED_ON_LOOSE_TILE, True):
        return Hits()
    if not all(g.concealed for g in reading.groups):
        return Hits()
    wanted = situation.policies.get(CONCEALED_HONOURS_POLICY, "none")
    if wanted == "any":
        return Hits.when(bool(honours_of(reading.tiles)))
    if wanted == "set":
        return Hits.when(any(g.first.is_honour for g in reading.pungs))
    return Hits.once()


@rule(
    "score.double.original-hand",
    source="Buzzard 2000 p. 10 (ledger B, winner only): Original Hand",
    facts=("heavens_blessing",),
    needs=Needs(situation=("event:heavens_blessing",)),
)
def original_hand(reading: Reading, situation: Situation) -> Hits:
    """Dealt complete (the table's event ``heavens_blessing``)."""
    return Hits.when(situation.context.has("heavens_blessing"))


@rule(
    "score.double.loose-tile",
    source=_WINNER,
    facts=("kong_replacement", "flower_replacement"),
    needs=Needs(situation=("self_drawn",), any_situation=("kong_replacement", "event:flower_replacement"), exact=True),
)
def loose_tile(reading: Reading, situation: Situation) -> Hits:
    """Mah-Jong on a loose tile (kong or bonus-tile replacement)."""
    return Hits.when(loose_tile_win(situation.context))


@rule(
    "score.double.last-wall",
    source=_WINNER,
    facts=("last_tile",),
    needs=Needs(situation=("self_drawn", "last_tile")),
)
def last_wall(reading: Reading, situation: Situation) -> Hits:
    """Mah-Jong on the last tile of the wall, self-drawn; a loose tile does not count (BMJA: kong
    box excluded)."""
    ctx = situation.context
    return Hits.when(ctx.self_drawn and ctx.last_tile and not loose_tile_win(ctx))


@rule(
    "score.double.final-discard",
    source="BMJA rules, Doubling: Mah-Jong with the final discard",
    facts=("last_tile",),
    needs=Needs(situation=("last_tile", "discard")),
)
def final_discard(reading: Reading, situation: Situation) -> Hits:
    """Mah-Jong on the discard that follows the last tile of the wall."""
    ctx = situation.context
    return Hits.when(ctx.last_tile and not ctx.self_drawn)


@rule("score.double.robbing-kong", source=_WINNER, facts=("robbing_kong",), needs=Needs(situation=("robbing_kong",)))
def robbing_kong(reading: Reading, situation: Situation) -> Hits:
    """Mah-Jong by robbing a kong."""
    groups: tuple[Group, ...] = (reading.winning,)
    return Hits.when(situation.context.robbing_kong, groups)
