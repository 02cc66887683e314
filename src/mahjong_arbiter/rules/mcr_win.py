"""MCR fans of how the hand was won, and its concealment (Green Book 2006, section 3.8; fans 43-47,
53, 56, 58, 62, 80), with the reasons a context fact that contradicts the hand is not scored.

Concealment reads the declared melds: a concealed kong keeps the hand concealed, any exposed set
does not (Green Book 2006 fans 56 and 62).  A win on a flower's replacement tile is Self-Drawn
and never Out with Replacement Tile (reading note N16).

Policy ``last_tile_from_own_melds`` (Mahjong International League, the MCR helper's
``adjust_by_win_flag``, reading note N14): the winning tile is the last of its kind when the
winner's own declared melds hold its other three copies, whatever the caller said.
"""

from __future__ import annotations

from typing import Final

from ..hand import Context, Hand
from ..solver.reading import GroupKind, Reading, Wait
from .registry import NONE, ONCE, Hits, Needs, Situation, fact_bits, rule

__all__ = ["mcr_context_notes", "last_tile_holds"]


def _other_copy_standing(hand: Hand) -> bool:
    """Another copy of the winning tile stands among the winner's concealed tiles."""
    tile = hand.winning_tile
    return tile is not None and hand.standing_counts[tile.index] > 1


def _three_in_own_melds(hand: Hand) -> bool:
    tile = hand.winning_tile
    copies = 0
    for meld in hand.melds:
        copies += meld.tiles.count(tile)
    return tile is not None and copies == 3


def last_tile_holds(hand: Hand, context: Context, *, from_own_melds: bool) -> bool:
    """Whether the winning tile counts as the last of its kind (Green Book 2006 fan 58).

    The caller's flag ``context.last_of_kind`` is refused when another copy stands in the
    winner's concealed tiles; with *from_own_melds* three copies in the winner's declared melds
    make it the last copy without the flag.
    """
    if _other_copy_standing(hand):  # asked first: a look-up, and it refuses most claims
        return False
    return context.last_of_kind or (from_own_melds and _three_in_own_melds(hand))


def mcr_context_notes(hand: Hand, context: Context) -> list[str]:
    """Why a context fact the caller gave is not scored (the predicates already refuse it).

    >>> from mahjong_arbiter.tiles import Tile
    >>> from mahjong_arbiter.hand import Hand, Context
    >>> h = Hand(tuple(Tile.of(t) for t in "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p 2s 2s 2s".split()),
    ...          winning_tile=Tile.of("2s"))
    >>> notes = mcr_context_notes(h, Context(last_of_kind=True))
    >>> len(notes), "2s stands three times" in notes[0]
    (1, True)
    """
    if not context.last_of_kind and not context.events:  # (most hands: none of the facts below is given)
        return []
    notes = []
    tile = hand.winning_tile
    if context.last_of_kind and tile is not None and _other_copy_standing(hand):
        copies = hand.concealed.count(tile)
        notes.append(
            f"Last Tile (和绝张) not scored: {tile} stands {_times(copies)} in the winner's concealed tiles, "
            "so the winning tile cannot be the last unseen copy (Green Book 2006 fan 58; MIL reading, N14)"
        )
    if context.last_of_kind and context.robbing_kong:
        notes.append(
            "Last Tile (和绝张) not scored with Robbing the Kong: the robbed tile is the kong's fourth copy "
            "and that fan already pays for it (Green Book 2006 fan 47)"
        )
    if context.has("flower_replacement"):
        notes.append(
            "won on a flower's replacement tile: scored as Self-Drawn, not Out with Replacement Tile "
            "(Green Book 2006 fans 46 and 80; reading note N16)"
        )
    return notes


def _times(n: int) -> str:
    return {2: "twice", 3: "three times", 4: "four times"}.get(n, f"{n} times")


@rule("mcr.self-drawn", source="Green Book 2006, fan 80", facts=("self_drawn",),
      needs=Needs(situation=("self_drawn",), exact=True))
def self_drawn(reading: Reading, situation: Situation) -> Hits:
    """自摸 Self-Drawn: won on a tile from the wall (a flower's replacement tile included)."""
    return ONCE if situation.context.self_drawn else NONE


_PAIR: Final = GroupKind.PAIR  # (a module name: no attribute look-up on the enum per call)
_CONCEALED_SELF_DRAWN: Final = fact_bits("no_exposed_meld", "self_drawn")
"""The situation's facts of a self-drawn win with no exposed meld (concealed kongs allowed:
:attr:`Hand.is_fully_concealed <mahjong_arbiter.hand.Hand.is_fully_concealed>`), read once per hand."""
_CONCEALED_DISCARD: Final = fact_bits("no_exposed_meld", "discard")
"""The same on a discard."""


@rule(
    "mcr.fully-concealed-hand",
    source="Green Book 2006, fan 56",
    facts=("self_drawn",),
    needs=Needs(situation=("self_drawn", "no_exposed_meld"), exact=True),
)
def fully_concealed_hand(reading: Reading, situation: Situation) -> Hits:
    """不求人 Fully Concealed Hand: no exposed set (concealed kongs allowed), won by self-draw."""
    return ONCE if situation.facts & _CONCEALED_SELF_DRAWN == _CONCEALED_SELF_DRAWN else NONE


@rule("mcr.concealed-hand", source="Green Book 2006, fan 62",
      needs=Needs(situation=("discard", "no_exposed_meld"), exact=True))
def concealed_hand(reading: Reading, situation: Situation) -> Hits:
    """门前清 Concealed Hand: no exposed set (concealed kongs allowed), won on a discard."""
    return ONCE if situation.facts & _CONCEALED_DISCARD == _CONCEALED_DISCARD else NONE


@rule(
    "mcr.melded-hand",
    source="Green Book 2006, fan 53",
    needs=Needs(wait=Wait.SINGLE, situation=("discard", "melds")),
)
def melded_hand(reading: Reading, situation: Situation) -> Hits:
    """全求人 Melded Hand: four exposed sets and the pair completed by a discard.  A self-drawn
    win with four exposed sets is only Self-Drawn (MCR helper, fan 53's definition)."""
    melds = situation.hand.melds
    if len(melds) != 4 or reading.winning.kind is not _PAIR:  # asked first: they refuse most hands
        return NONE
    exposed = sum(1 for m in melds if m.exposed)
    return ONCE if exposed == 4 and not situation.context.self_drawn else NONE


@rule(
    "mcr.last-tile-draw",
    source="Green Book 2006, fan 44",
    facts=("last_tile",),
    needs=Needs(situation=("last_tile", "self_drawn"), exact=True),
)
def last_tile_draw(reading: Reading, situation: Situation) -> Hits:
    """妙手回春 Last Tile Draw: won by drawing the last tile of the wall."""
    return ONCE if situation.context.last_tile and situation.context.self_drawn else NONE


@rule(
    "mcr.last-tile-claim",
    source="Green Book 2006, fan 45",
    facts=("last_tile",),
    needs=Needs(situation=("last_tile", "discard"), exact=True),
)
def last_tile_claim(reading: Reading, situation: Situation) -> Hits:
    """海底捞月 Last Tile Claim: won on the discard after the last tile of the wall."""
    return ONCE if situation.context.last_tile and not situation.context.self_drawn else NONE


@rule(
    "mcr.out-with-replacement-tile",
    source="Green Book 2006, fan 46",
    facts=("kong_replacement",),
    needs=Needs(situation=("kong_replacement",)),
)
def out_with_replacement_tile(reading: Reading, situation: Situation) -> Hits:
    """杠上开花 Out with Replacement Tile: won on the tile drawn after declaring a kong (not on a
    flower's replacement, which is Self-Drawn)."""
    context = situation.context
    return ONCE if context.kong_replacement and not context.has("flower_replacement") else NONE


@rule(
    "mcr.robbing-the-kong",
    source="Green Book 2006, fan 47",
    facts=("robbing_kong",),
    needs=Needs(situation=("robbing_kong",), exact=True),
)
def robbing_the_kong(reading: Reading, situation: Situation) -> Hits:
    """抢杠和 Robbing the Kong: won on the tile another player adds to an exposed pung."""
    return ONCE if situation.context.robbing_kong else NONE


@rule(
    "mcr.last-tile",
    source="Green Book 2006, fan 58",
    facts=("last_of_kind",),
    needs=Needs(any_situation=("last_of_kind", "melds")),
)
def last_tile(reading: Reading, situation: Situation) -> Hits:
    """和绝张 Last Tile: the winning tile was the last copy of its kind (three already shown).
    Refused when another copy stands in the winner's concealed tiles; see
    :func:`last_tile_holds` and the policy ``last_tile_from_own_melds``."""
    hand = situation.hand
    context = situation.context
    from_melds = bool(situation.policies.get("last_tile_from_own_melds", False))
    if not context.last_of_kind and not (from_melds and hand.melds):
        return NONE  # neither the caller's flag nor the winner's declared melds make it the last copy
    return ONCE if last_tile_holds(hand, context, from_own_melds=from_melds) else NONE


@rule("mcr.chicken-hand", source="Green Book 2006, fan 43", needs=Needs(exact=True))
def chicken_hand(reading: Reading, situation: Situation) -> Hits:
    """无番和 Chicken Hand: holds on every legal Reading; the arithmetic counts it only when no
    other fan but Flower Tiles scores (profile param ``only_when_alone``)."""
    return ONCE
