"""Classical limit hands read from ordinary sets or from the way the hand was won.

Each predicate recognises one hand; its value (the limit, half of it, a fishing value for a loser)
is in the profile.  Sources: BMJA rules, Special hands (the 1,000-point values as
Kajongg's BMJA ruleset gives them); Buzzard 2000 p. 11 "The following ten
hands are Limit Hands" (ledger section D) and pp. 11-12 (section E, a loser's incomplete hand);
the Codification, "Special hands (all are Limit Hands)".  Facts of play (dealt complete, East's
thirteenth win, kong on kong) are the table's events.
"""

from __future__ import annotations

from ..solver.reading import STANDARD, Group, GroupKind, Reading
from ..tiles import HONOUR_TILES, Tile, suited_ranks
from .classical_common import is_standard_complete, loose_tile_win, suits_of
from .registry import Hits, Needs, Situation, rule

__all__: list[str] = []

_BMJA = "BMJA special hands (specialhands.html; Kajongg, BMJA ruleset)"
_BUZZARD = "Buzzard 2000 p. 11 (ledger D)"
_GREEN = frozenset(Tile.of(t) for t in ("2s", "3s", "4s", "6s", "8s", "F"))


@rule(
    "score.limit.all-honours",
    source=f"{_BMJA}: All Winds and Dragons; {_BUZZARD} 1; Codification 6",
    needs=Needs(within=HONOUR_TILES),
)
def all_honours(reading: Reading, situation: Situation) -> Hits:
    """Only winds and dragons.

    Policy ``all_honours_shape``: ``any`` (any winning shape of honours only, seven honour pairs
    included) or ``standard`` (pungs or kongs and a pair only; seven honour pairs are then another
    hand, BMJA's All Pair Honours).
    """
    if situation.policies.get("all_honours_shape", "any") == "standard" and not is_standard_complete(reading):
        return Hits()
    return Hits.when(all(t.is_honour for t in reading.tiles))


@rule(
    "score.limit.heads-and-tails",
    source=f"{_BMJA}: Heads and Tails; {_BUZZARD} 5; Codification 7",
    needs=Needs(shape=STANDARD, within=suited_ranks(1, 9)),
)
def heads_and_tails(reading: Reading, situation: Situation) -> Hits:
    """Pungs or kongs of ones and nines and a pair of them, no honours."""
    return Hits.when(is_standard_complete(reading) and all(t.is_terminal for t in reading.tiles))


@rule("score.limit.fourfold-plenty", source=f"{_BMJA}: Fourfold Plenty", needs=Needs(kongs=4, shape=STANDARD))
def fourfold_plenty(reading: Reading, situation: Situation) -> Hits:
    """Four kongs and a pair."""
    kongs = [g for g in reading.groups if g.kind is GroupKind.KONG]
    return Hits.when(is_standard_complete(reading) and len(kongs) == 4, kongs)


@rule(
    "score.limit.three-great-scholars",
    source=f"{_BMJA}: Three Great Scholars",
    needs=Needs(pungs=4, shape=STANDARD, honours=True),
)
def three_great_scholars(reading: Reading, situation: Situation) -> Hits:
    """Pungs or kongs of the three dragons, any fourth pung or kong and a pair (no chow)."""
    sets = reading.pungs
    dragons = [g for g in sets if g.first.is_dragon]
    return Hits.when(is_standard_complete(reading) and len(dragons) == 3 and len(sets) == 4, dragons)


@rule("score.limit.three-dragons", source=f"{_BUZZARD} 6; pp. 11-12 (ledger E)", needs=Needs(pungs=3, honours=True))
def three_dragons(reading: Reading, situation: Situation) -> Hits:
    """Pungs or kongs of the three dragons; the other set may be a chow.  Also read on a loser's
    grouping (Buzzard's non-winner limit, ledger section E)."""
    dragons = [g for g in reading.pungs if g.first.is_dragon]
    return Hits.when(len(dragons) == 3, dragons)


@rule(
    "score.limit.four-blessings",
    source=f"{_BMJA}: Four Blessings Hovering over the Door",
    needs=Needs(pungs=4, shape=STANDARD, honours=True),
)
def four_blessings(reading: Reading, situation: Situation) -> Hits:
    """Pungs or kongs of the four winds and any pair."""
    winds = [g for g in reading.pungs if g.first.is_wind]
    return Hits.when(is_standard_complete(reading) and len(winds) == 4, winds)


@rule("score.limit.three-winds", source=f"{_BUZZARD} 2; pp. 11-12 (ledger E)", needs=Needs(pungs=3, honours=True))
def three_winds(reading: Reading, situation: Situation) -> Hits:
    """Pungs or kongs of three winds and a pair (or a pung or kong) of the fourth: the Four-Wind
    family.  Also read on a loser's grouping (ledger section E)."""
    winds = [g for g in reading.pungs if g.first.is_wind]
    paired = [g for g in reading.groups if g.kind is GroupKind.PAIR and g.first.is_wind]
    return Hits.when(len(winds) == 4 or (len(winds) == 3 and bool(paired)), winds)


@rule("score.limit.buried-treasure", source=f"{_BMJA}: Buried Treasure", needs=Needs(pungs=4, shape=STANDARD))
def buried_treasure(reading: Reading, situation: Situation) -> Hits:
    """Four concealed pungs or kongs of one suit with or without honours, and a pair.

    Policies: ``buried_treasure_concealed_kongs`` (default true): a declared concealed kong may stand
    for one of the pungs; ``buried_treasure_discard_pung`` (default false): the pung a winning
    discard completes still counts (otherwise it is exposed and breaks the hand; a discard that
    completes the pair never does).
    """
    sets = reading.pungs
    policies = situation.policies
    kongs_ok = bool(policies.get("buried_treasure_concealed_kongs", True))
    discard_pung_ok = bool(policies.get("buried_treasure_discard_pung", False))

    def hidden(group: Group) -> bool:
        if group.kind is GroupKind.KONG and not kongs_ok:
            return False
        return group.concealed or (discard_pung_ok and group == reading.winning and not group.declared)

    return Hits.when(
        is_standard_complete(reading)
        and len(sets) == 4
        and all(hidden(g) for g in sets)
        and len(suits_of(reading.tiles)) == 1,
        sets,
    )


@rule("score.limit.concealed-pungs", source=f"{_BUZZARD} 7", needs=Needs(pungs=4, shape=STANDARD))
def concealed_pungs(reading: Reading, situation: Situation) -> Hits:
    """Four concealed pungs or kongs and a pair, any tiles.

    A pung completed by a discard is exposed; a discard completing the pair keeps the hand
    (the choice the buzzard-2000 profile documents)."""
    sets = reading.pungs
    return Hits.when(is_standard_complete(reading) and len(sets) == 4 and all(g.concealed for g in sets), sets)


@rule(
    "score.limit.imperial-jade",
    source=f"{_BMJA}: Imperial Jade",
    needs=Needs(pungs=4, shape=STANDARD, within=_GREEN, honours=True),
)
def imperial_jade(reading: Reading, situation: Situation) -> Hits:
    """Pungs or kongs and a pair of green tiles only (green dragon, bamboo 2 3 4 6 8), the green
    dragon among them."""
    tiles = reading.tiles
    return Hits.when(
        is_standard_complete(reading)
        and len(reading.pungs) == 4
        and all(t in _GREEN for t in tiles)
        and Tile.of("F") in tiles
    )


@rule(
    "score.limit.heavens-blessing",
    source=f"{_BMJA}: Heaven's Blessing; {_BUZZARD} 3: Original Hand; Codification 1",
    facts=("heavens_blessing",),
    needs=Needs(situation=("event:heavens_blessing",)),
)
def heavens_blessing(reading: Reading, situation: Situation) -> Hits:
    """East dealt a complete hand (the table's event ``heavens_blessing``; the event registry
    refuses it for another seat or on a discard)."""
    return Hits.when(situation.context.has("heavens_blessing"))


@rule(
    "score.limit.earths-blessing",
    source=f"{_BMJA}: Earth's Blessing; {_BUZZARD} 4",
    facts=("earths_blessing",),
    needs=Needs(situation=("event:earths_blessing", "discard")),
)
def earths_blessing(reading: Reading, situation: Situation) -> Hits:
    """Another player wins on East's first discard (the table's event ``earths_blessing``; the
    event registry refuses it for East or self-drawn)."""
    return Hits.when(situation.context.has("earths_blessing"))


@rule(
    "score.limit.gift-from-earth",
    source="Codification, special hands 2: Gift from Earth",
    facts=("first_turn_win",),
    needs=Needs(situation=("event:first_turn_win",)),
)
def gift_from_earth(reading: Reading, situation: Situation) -> Hits:
    """Mah-Jong before one's first turn is over, anyone but East (event ``first_turn_win``, which
    Earth's Blessing implies; the event registry refuses it for East)."""
    return Hits.when(situation.context.has("first_turn_win"))


@rule(
    "score.limit.east-13th",
    source=f"{_BUZZARD} 10",
    facts=("east_13th_consecutive",),
    needs=Needs(situation=("event:east_13th_consecutive",)),
)
def east_13th(reading: Reading, situation: Situation) -> Hits:
    """East's thirteenth consecutive Mah-Jong (event ``east_13th_consecutive``, East only)."""
    return Hits.when(situation.context.has("east_13th_consecutive"))


@rule(
    "score.limit.plum-blossom",
    source=f"{_BMJA}: Gathering the Plum Blossom from the Roof",
    facts=("kong_replacement", "flower_replacement"),
    needs=Needs(situation=("self_drawn",)),
)
def plum_blossom(reading: Reading, situation: Situation) -> Hits:
    """Mah-Jong with the five of circles drawn as a loose tile."""
    return Hits.when(loose_tile_win(situation.context) and reading.winning_tile is Tile.of("5p"))


@rule(
    "score.limit.moon-from-the-sea",
    source=f"{_BMJA}: Plucking the Moon from the Bottom of the Sea",
    facts=("last_tile",),
    needs=Needs(situation=("self_drawn", "last_tile")),
)
def moon_from_the_sea(reading: Reading, situation: Situation) -> Hits:
    """Mah-Jong with the one of circles drawn as the last tile of the wall."""
    ctx = situation.context
    return Hits.when(
        ctx.self_drawn and ctx.last_tile and not loose_tile_win(ctx) and reading.winning_tile is Tile.of("1p")
    )


@rule(
    "score.limit.twofold-fortune",
    source=f"{_BMJA}: Twofold Fortune",
    facts=("twofold_fortune",),
    needs=Needs(situation=("event:twofold_fortune", "kong_replacement")),
)
def twofold_fortune(reading: Reading, situation: Situation) -> Hits:
    """Kong on kong: a kong, its loose tile makes a second kong, and that one's loose tile wins
    (the table's event ``twofold_fortune``; the event registry requires the kong replacement and
    two declared kongs)."""
    return Hits.when(situation.context.has("twofold_fortune"))
