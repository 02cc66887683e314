"""MCR fans made of pungs and kongs (Green Book 2006, section 3.8; fans 5, 12, 15, 17, 21, 24, 32,
33, 42, 48, 49, 57, 64-67, 74, and the Mahjong International League's 明暗杠).

A kong counts as a pung for every pung fan.  A pung or kong is concealed when the Reading says so
(a declared concealed kong, or a standing pung the winner did not complete with a discard; see
:mod:`mahjong_arbiter.solver.reading`).  Combining fans list every choice of their pungs.
Count fans (Two Concealed Pungs, Three Kongs, ...) hold whenever at least that many sets exist
and name all of them; the profile's ``implies`` edges keep the largest.
"""

from __future__ import annotations

from ..solver.reading import Reading
from ..tiles import suited_ranks
from .mcr_common import STANDARD, choose, kept, run_screen, shifted_screen, suited_pungs
from .registry import NONE, ONCE, Hits, Needs, Situation, hits_of, rule

__all__: list[str] = []


_TWO_SUITS_ALIKE = (
    "(suited_pungs & suited_pungs >> 9 | suited_pungs & suited_pungs >> 18 | suited_pungs >> 9 & suited_pungs >> 18)"
    " & 0x1FF"
)
"""Screen: pungs of one rank in two suits."""


def _consecutive(a: int, b: int, c: int) -> bool:
    """Whether three ranks, in any order, are consecutive."""
    low, middle, high = sorted((a, b, c))
    return middle - low == 1 and high - middle == 1


@rule("mcr.double-pung", source="Green Book 2006, fan 65", needs=Needs(pungs=2, screen=_TWO_SUITS_ALIKE))
def double_pung(reading: Reading, situation: Situation) -> Hits:
    """双同刻 Double Pung: pungs of the same rank in two suits; every such pair is an instance."""
    found = []
    for p in choose(suited_pungs(reading), 2):
        a, b = p[0].first, p[1].first
        if a.rank == b.rank and a.suit != b.suit:
            found.append(p)
    return kept(found)


@rule("mcr.triple-pung", source="Green Book 2006, fan 32",
      needs=Needs(pungs=3, screen="suited_pungs & suited_pungs >> 9 & suited_pungs >> 18 & 0x1FF"))
def triple_pung(reading: Reading, situation: Situation) -> Hits:
    """三同刻 Triple Pung: pungs of the same rank in all three suits."""
    found = []
    for t in choose(suited_pungs(reading), 3):
        a, b, c = t[0].first, t[1].first, t[2].first
        if a.rank == b.rank == c.rank and len({a.suit, b.suit, c.suit}) == 3:
            found.append(t)
    return kept(found)


@rule("mcr.pure-shifted-pungs", source="Green Book 2006, fan 24",
      needs=Needs(pungs=3, screen=run_screen("suited_pungs", 3, (1,))))
def pure_shifted_pungs(reading: Reading, situation: Situation) -> Hits:
    """一色三节高 Pure Shifted Pungs: three pungs of one suit, ranks stepping by one."""
    found = []
    for t in choose(suited_pungs(reading), 3):
        a, b, c = t[0].first, t[1].first, t[2].first
        if a.suit == b.suit == c.suit and _consecutive(a.rank, b.rank, c.rank):
            found.append(t)
    return kept(found)


@rule("mcr.mixed-shifted-pungs", source="Green Book 2006, fan 42",
      needs=Needs(pungs=3, screen=shifted_screen("suited_pungs")))
def mixed_shifted_pungs(reading: Reading, situation: Situation) -> Hits:
    """三色三节高 Mixed Shifted Pungs: one pung in each suit, ranks stepping by one."""
    found = []
    for t in choose(suited_pungs(reading), 3):
        a, b, c = t[0].first, t[1].first, t[2].first
        if len({a.suit, b.suit, c.suit}) == 3 and _consecutive(a.rank, b.rank, c.rank):
            found.append(t)
    return kept(found)


@rule("mcr.four-pure-shifted-pungs", source="Green Book 2006, fan 15",
      needs=Needs(pungs=4, screen=run_screen("suited_pungs", 4, (1,))))
def four_pure_shifted_pungs(reading: Reading, situation: Situation) -> Hits:
    """一色四节高 Four Pure Shifted Pungs: four pungs of one suit, ranks stepping by one."""
    found = suited_pungs(reading)
    ranks = sorted(g.first.rank for g in found)
    steps = all(b - a == 1 for a, b in zip(ranks, ranks[1:], strict=False))
    return Hits.when(len(found) == 4 and len({g.first.suit for g in found}) == 1 and steps, found)


@rule("mcr.all-pungs", source="Green Book 2006, fan 49", needs=Needs(pungs=4, shape=STANDARD, exact=True))
def all_pungs(reading: Reading, situation: Situation) -> Hits:
    """碰碰和 All Pungs: four pungs or kongs and a pair (a whole-hand fan: no groups named)."""
    return ONCE if reading.shape == STANDARD and len(reading.pungs) == 4 else NONE


@rule(
    "mcr.all-even-pungs",
    source="Green Book 2006, fan 21",
    needs=Needs(pungs=4, shape=STANDARD, within=suited_ranks(2, 4, 6, 8)),
)
def all_even_pungs(reading: Reading, situation: Situation) -> Hits:
    """全双刻 All Even Pungs: four pungs and the pair, all of 2, 4, 6 or 8."""
    even = all(t.is_suited and t.rank % 2 == 0 for t in reading.tiles)
    return ONCE if reading.shape == STANDARD and len(reading.pungs) == 4 and even else NONE


def _concealed_pungs(reading: Reading, at_least: int) -> Hits:
    found = []
    for g in reading.pungs:
        if g.concealed:
            found.append(g)
    return hits_of((tuple(found),)) if len(found) >= at_least else NONE


@rule("mcr.two-concealed-pungs", source="Green Book 2006, fan 66", needs=Needs(pungs=2))
def two_concealed_pungs(reading: Reading, situation: Situation) -> Hits:
    """双暗刻 Two Concealed Pungs: at least two pungs or kongs nobody's discard completed."""
    return _concealed_pungs(reading, 2)


@rule("mcr.three-concealed-pungs", source="Green Book 2006, fan 33", needs=Needs(pungs=3))
def three_concealed_pungs(reading: Reading, situation: Situation) -> Hits:
    """三暗刻 Three Concealed Pungs: at least three concealed pungs or kongs."""
    return _concealed_pungs(reading, 3)


@rule("mcr.four-concealed-pungs", source="Green Book 2006, fan 12", needs=Needs(pungs=4))
def four_concealed_pungs(reading: Reading, situation: Situation) -> Hits:
    """四暗刻 Four Concealed Pungs: four concealed pungs or kongs."""
    return _concealed_pungs(reading, 4)


@rule("mcr.melded-kong", source="Green Book 2006, fan 74", needs=Needs(kongs=1))
def melded_kong(reading: Reading, situation: Situation) -> Hits:
    """明杠 Melded Kong: each kong made with a claimed tile (or a promoted pung)."""
    found = []
    for g in reading.kongs:
        if not g.concealed:
            found.append((g,))
    return kept(found)


@rule("mcr.concealed-kong", source="Green Book 2006, fan 67", needs=Needs(kongs=1))
def concealed_kong(reading: Reading, situation: Situation) -> Hits:
    """暗杠 Concealed Kong: each kong of four self-drawn tiles."""
    found = []
    for g in reading.kongs:
        if g.concealed:
            found.append((g,))
    return kept(found)


@rule("mcr.two-melded-kongs", source="Green Book 2006, fan 57", needs=Needs(kongs=2))
def two_melded_kongs(reading: Reading, situation: Situation) -> Hits:
    """双明杠 Two Melded Kongs: at least two melded kongs."""
    found = tuple(g for g in reading.kongs if not g.concealed)
    return Hits.when(len(found) >= 2, found)


@rule("mcr.concealed-kong-and-melded-kong", source="Green Book 2006, fan 57; MIL 明暗杠", needs=Needs(kongs=2))
def concealed_kong_and_melded_kong(reading: Reading, situation: Situation) -> Hits:
    """明暗杠 one melded and one concealed kong (Green Book 2006 fan 57's sentence: 6 points;
    the Mahjong International League's separate fan: 5 points).  Holds whenever the hand has at
    least one of each; larger kong fans imply it."""
    found = reading.kongs
    mixed = any(g.concealed for g in found) and any(not g.concealed for g in found)
    return Hits.when(mixed, found)


@rule("mcr.two-concealed-kongs", source="Green Book 2006, fan 48", needs=Needs(kongs=2))
def two_concealed_kongs(reading: Reading, situation: Situation) -> Hits:
    """双暗杠 Two Concealed Kongs: at least two concealed kongs."""
    found = tuple(g for g in reading.kongs if g.concealed)
    return Hits.when(len(found) >= 2, found)


@rule("mcr.three-kongs", source="Green Book 2006, fan 17", needs=Needs(kongs=3))
def three_kongs(reading: Reading, situation: Situation) -> Hits:
    """三杠 Three Kongs: at least three kongs, melded or concealed."""
    found = reading.kongs
    return Hits.when(len(found) >= 3, found)


@rule("mcr.four-kongs", source="Green Book 2006, fan 5", needs=Needs(kongs=4))
def four_kongs(reading: Reading, situation: Situation) -> Hits:
    """四杠 Four Kongs: four kongs, melded or concealed."""
    found = reading.kongs
    return Hits.when(len(found) == 4, found)


@rule("mcr.tile-hog", source="Green Book 2006, fan 64", needs=Needs(shared_kind=True))
def tile_hog(reading: Reading, situation: Situation) -> Hits:
    """四归一 Tile Hog: all four copies of a kind used without a kong, once per kind; each
    instance names the groups holding that kind (Seven Pairs included: two equal pairs).

    Four copies outside a kong lie in two groups or more (a group without a kong holds at most
    three of a kind), so only the kinds two groups share are counted."""
    shared = reading.shared_mask
    for g in reading.kongs:
        shared &= ~g.mask
    chows = reading.chows
    others = reading.others
    single = len(chows) + len(others)  # the groups of one copy of each kind
    if shared and single <= 4:
        # a kind held four times outside a kong is held by a pung or a pair, or by four groups
        # of one copy each
        heavy = reading.pung_mask
        for g in reading.pairs:
            heavy |= g.mask
        if single == 4 and not others:
            # four chows hold a kind together only when they start within three ranks, which
            # are of one suit (no chow starts on an 8 or a 9): read off the chows' lowest kinds
            # in place of a loop over the chows
            starts = reading.chow_mask
            lowest = starts & -starts
            if starts < lowest << 3:
                heavy |= lowest * 0b111  # the lowest start's kind and the two above it
        elif single == 4:
            every = -1
            for g in chows:
                every &= g.mask
            for g in others:
                every &= g.mask
            heavy |= every
        shared &= heavy
    if not shared:
        return NONE
    groups = reading.groups
    found = []
    while shared:
        bit = shared & -shared
        shared ^= bit
        holding = []
        copies = 0
        for g in groups:
            if g.mask & bit:
                holding.append(g)
                copies += g.copies
        if copies == 4:
            found.append(tuple(holding))
    return kept(found)
