"""The Companion's one-suit hands and its three calculated hands (Thompson & Maloney 1997, pp. 42,
44, 48-49, synopsis pp. 58-60), and the club guide's Buried Treasure.

A calculated hand is scored from its tiles, not at a fixed value: Purity by BMJA's arithmetic
(tile points x 2^3), All Honour Hand and Ordinary Mah Jong by the ordinary score (how, and the
halving for an exposed pung, is the arithmetic's, from the rule's ``params``).

Policy ``purity_exposed_chow`` (the profile's ``[policies]``): whether the one chow Purity allows
may be exposed; the Mahjong Reference app refuses it and the book's page leaves it open.
"""

from __future__ import annotations

from ..solver.reading import GroupKind, Reading
from .registry import Hits, Situation, rule
from .tm_common import CLUB, TM, standard_sets

__all__ = ["PURITY_EXPOSED_CHOW"]

PURITY_EXPOSED_CHOW = "purity_exposed_chow"
"""Policy name: may Purity's one chow be an exposed (declared) chow?"""


def _exposed_chow(reading: Reading) -> bool:
    return any(g.kind is GroupKind.CHOW and g.declared and not g.concealed for g in reading.groups)


@rule("score.limit.chinese-odds", source=f"{TM}, p. 49")
def chinese_odds(reading: Reading, situation: Situation) -> Hits:
    """Chinese Odds: four pungs or kongs and a pair, all odd numbers (1 3 5 7 9) of one suit."""
    return Hits.when(
        standard_sets(reading) is not None and not reading.chows and not reading.has_honours
        and len(reading.suits) == 1 and all(t.rank % 2 for t in reading.tiles)
    )


@rule("score.limit.odds-and-evens", source=f"{TM}, synopsis p. 60 (not illustrated)")
def odds_and_evens(reading: Reading, situation: Situation) -> Hits:
    """Odds and Evens: 1 3 5 7 9 of two suits and 2 4 6 8 of the third, loose."""
    return Hits.when(reading.shape == "tm_odds_and_evens")


@rule("score.special.purity-one-chow", source=f"{TM}, p. 48")
def purity_one_chow(reading: Reading, situation: Situation) -> Hits:
    """Purity as the Companion has it: four sets and a pair of one suit, no honours, at most one of
    the sets a chow (which may be exposed only under policy ``purity_exposed_chow``)."""
    return Hits.when(
        standard_sets(reading) is not None and len(reading.chows) <= 1 and not reading.has_honours
        and len(reading.suits) == 1
        and (bool(situation.policies.get(PURITY_EXPOSED_CHOW, False)) or not _exposed_chow(reading))
    )


@rule("score.special.all-honour-hand", source=f"{TM}, p. 44")
def all_honour_hand(reading: Reading, situation: Situation) -> Hits:
    """All Honour Hand: four pungs or kongs and a pair of winds, dragons, ones and nines, the ones
    and nines of at most one suit."""
    return Hits.when(
        standard_sets(reading) is not None and not reading.chows and len(reading.suits) <= 1
        and all(t.is_terminal_or_honour for t in reading.tiles)
    )


@rule("score.special.ordinary-mah-jong", source=f"{TM}, p. 42")
def ordinary_mah_jong(reading: Reading, situation: Situation) -> Hits:
    """Ordinary Mah Jong: four pungs or kongs, or three and one chow, and a pair, of one suit with or
    without winds and dragons; an exposed chow makes it no Ordinary Mah Jong."""
    return Hits.when(
        standard_sets(reading) is not None and len(reading.chows) <= 1 and len(reading.suits) <= 1
        and not _exposed_chow(reading)
    )


@rule("score.limit.buried-treasure-from-wall", source=f"{CLUB}, special hands p. 12 (Buried Treasure)",
      facts=("self_drawn",))
def buried_treasure_from_wall(reading: Reading, situation: Situation) -> Hits:
    """Buried Treasure as the club guide has it: four concealed pungs (no kongs) and a pair of one
    suit, winds and dragons allowed, every tile drawn from the wall (so the winning tile too)."""
    sets = standard_sets(reading)
    return Hits.when(
        sets is not None and all(g.kind is GroupKind.PUNG for g in sets)
        and all(g.concealed for g in reading.groups) and len(reading.suits) <= 1
        and situation.context.self_drawn,
        sets or (),
    )
