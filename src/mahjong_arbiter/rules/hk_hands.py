"""Hong Kong faan hands of composition: chows, pungs, suits, dragons and winds.

Recognition only; the faan each hand is worth, and which hand excludes which, are profile data
(``profiles/data/hk-*.toml``).  Sources: the scoped table of
Gameweave rules ("Scoring (faan)") and the Hong Kong Old Style tables (HK sheet and the other
Hong Kong pages of docs/sources.md).
"""

from __future__ import annotations

from ..solver.reading import Group, GroupKind, Reading
from ..tiles import HONOUR_TILES, SUITED_TILES, Tile
from .registry import NONE, Hits, Needs, Situation, rule

__all__ = [
    "legal_win",
    "all_chows",
    "all_pungs",
    "mixed_one_suit",
    "pure_one_suit",
    "all_honours",
    "dragon_pung",
    "seat_wind_pung",
    "round_wind_pung",
    "small_three_dragons",
    "great_three_dragons",
    "small_four_winds",
    "great_four_winds",
    "seven_pairs",
]

_SEED = "Gameweave rules, Scoring (faan)"
_HK = "HK sheet (with the other Hong Kong tables of docs/sources.md)"


@rule("hk.legal-win", source=f"{_SEED}, row 'Base (any legal win)'")
def legal_win(reading: Reading, situation: Situation) -> Hits:
    """食糊 Legal win: any winning hand the profile accepts (the Gameweave base faan)."""
    return Hits.once()


@rule("hk.all-chows", source=f"{_HK}, 'Common hand (all chows)'", needs=Needs(chows=4))
def all_chows(reading: Reading, situation: Situation) -> Hits:
    """平糊 All Chows: four chows and a pair."""
    sets = reading.sets
    chows = [g for g in sets if g.kind is GroupKind.CHOW]
    return Hits.when(len(sets) == 4 and len(chows) == 4, chows)


@rule(
    "hk.all-pungs",
    source=f"{_SEED}, row 'All melds are Pungs/Kongs'; {_HK}, 'All in triplets'",
    needs=Needs(pungs=4),
)
def all_pungs(reading: Reading, situation: Situation) -> Hits:
    """對對糊 All Pungs: four pungs or kongs and a pair, no chow."""
    pungs = reading.pungs
    return Hits.when(len(reading.sets) == 4 and len(pungs) == 4, pungs)


@rule("hk.mixed-one-suit", source=f"{_SEED}, row 'Half flush'; {_HK}, 'Mixed one suit'", needs=Needs(honours=True))
def mixed_one_suit(reading: Reading, situation: Situation) -> Hits:
    """混一色 Mixed One Suit (half flush): tiles of one suit and honours, with at least one honour."""
    return Hits.when(len(reading.suits) == 1 and reading.has_honours)


@rule(
    "hk.pure-one-suit",
    source=f"{_SEED}, row 'Full flush'; {_HK}, 'All one suit (pure)'",
    needs=Needs(within=SUITED_TILES),
)
def pure_one_suit(reading: Reading, situation: Situation) -> Hits:
    """清一色 Pure One Suit (full flush): every tile of one suit, no honour."""
    return Hits.when(len(reading.suits) == 1 and not reading.has_honours)


@rule("hk.all-honours", source=f"{_HK}, 'All honours'", needs=Needs(within=HONOUR_TILES))
def all_honours(reading: Reading, situation: Situation) -> Hits:
    """字一色 All Honours: winds and dragons only."""
    return Hits.when(all(t.is_honour for t in reading.tiles))


@rule(
    "hk.dragon-pung",
    source=f"{_SEED}, row 'Each Dragon Pung'; {_HK}, 'Dragon pung'",
    needs=Needs(pungs=1, honours=True),
)
def dragon_pung(reading: Reading, situation: Situation) -> Hits:
    """三元牌 Dragon Pung: each pung or kong of dragons, once each."""
    return Hits.each([g] for g in reading.pungs if g.first.is_dragon)


@rule(
    "hk.seat-wind-pung",
    source=f"{_SEED}, row 'Pung of your seat wind / the round wind'; {_HK}",
    facts=("seat_wind",),
    needs=Needs(pungs=1, honours=True),
)
def seat_wind_pung(reading: Reading, situation: Situation) -> Hits:
    """門風 Seat Wind: a pung or kong of the player's own wind."""
    seat = situation.context.seat_wind
    return Hits.each([g] for g in reading.pungs if g.first is seat)


@rule(
    "hk.round-wind-pung",
    source=f"{_SEED}, row 'Pung of your seat wind / the round wind'; {_HK}",
    facts=("prevailing_wind",),
    needs=Needs(pungs=1, honours=True),
)
def round_wind_pung(reading: Reading, situation: Situation) -> Hits:
    """圈風 Round Wind: a pung or kong of the prevailing wind (scored beside Seat Wind when they are
    the same wind: Gameweave rules' "+1 each")."""
    prevailing = situation.context.prevailing_wind
    return Hits.each([g] for g in reading.pungs if g.first is prevailing)


def _honour_sets(reading: Reading, dragons: bool) -> tuple[list[Group], Group | None]:
    """The pungs of dragons (or winds) and the pair, if the pair is of the same kind."""

    def wanted(tile: Tile) -> bool:
        return tile.is_dragon if dragons else tile.is_wind

    pungs = [g for g in reading.pungs if wanted(g.first)]
    pair = reading.pair
    return pungs, pair if pair is not None and wanted(pair.first) else None


@rule("hk.small-three-dragons", source=f"{_HK}, 'Small three dragons'", needs=Needs(pungs=2, pairs=1, honours=True))
def small_three_dragons(reading: Reading, situation: Situation) -> Hits:
    """小三元 Small Three Dragons: pungs of two dragons and a pair of the third."""
    pungs, pair = _honour_sets(reading, dragons=True)
    if len(pungs) != 2 or pair is None:
        return NONE
    return Hits.once([*pungs, pair])


@rule("hk.great-three-dragons", source=f"{_HK}, 'Great three dragons'", needs=Needs(pungs=3, honours=True))
def great_three_dragons(reading: Reading, situation: Situation) -> Hits:
    """大三元 Great Three Dragons: pungs of all three dragons."""
    pungs, _ = _honour_sets(reading, dragons=True)
    return Hits.when(len(pungs) == 3, pungs)


@rule(
    "hk.small-four-winds", source="Oocities fan count, 'Small four winds'", needs=Needs(pungs=3, pairs=1, honours=True)
)
def small_four_winds(reading: Reading, situation: Situation) -> Hits:
    """小四喜 Small Four Winds: pungs of three winds and a pair of the fourth."""
    pungs, pair = _honour_sets(reading, dragons=False)
    if len(pungs) != 3 or pair is None:
        return NONE
    return Hits.once([*pungs, pair])


@rule("hk.great-four-winds", source="Oocities fan count, 'Great four winds'", needs=Needs(pungs=4, honours=True))
def great_four_winds(reading: Reading, situation: Situation) -> Hits:
    """大四喜 Great Four Winds: pungs of all four winds."""
    pungs, _ = _honour_sets(reading, dragons=False)
    return Hits.when(len(pungs) == 4, pungs)


@rule("hk.seven-pairs", source="HK sheet, Optional Hands: 'Seven Pairs'", needs=Needs(shape="seven_pairs"))
def seven_pairs(reading: Reading, situation: Situation) -> Hits:
    """七對子 Seven Pairs: the special shape of seven pairs (a table option)."""
    return Hits.when(reading.shape == "seven_pairs", reading.groups)
