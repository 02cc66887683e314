"""The shanten: hand-worked cases per profile family, the useful-tile property, the classical shapes'
distances against their complete hands enumerated, and the search a shape without a distance gets.

Hand-worked cases (every number counted by hand, as the comments show):

- ``1112345678999m`` (Nine Gates, Green Book 2006 fan 4) is ready on all nine characters; unseen:
  1m and 9m one each (three held), 2m-8m three each: 23.
- ``123m456p789s11pEW``: three chows, the pair 11p, East and West.  Two tiles short of four sets
  and a pair in every way (11p to a pung and a pair of East or West, or a pung of East or West
  with 11p the pair), so 1 from ready; useful 1p, E, W (unseen 2, 3, 3: 8).  Under BMJA (at most
  one chow in an ordinary hand, BMJA rules, Working out the scores; Four Winds help) the hand
  keeps one chow and the pair, and each of three pungs holds at most one tile already: 6 tiles
  short, 5 from ready.
- ``114477m225588pN``: six pairs and North.  Seven pairs is ready on North (Green Book 2006 fan 19);
  as sets, four of the pairs need a third tile each and no chow is nearer (each needs two tiles):
  3 from ready.  ``hk-old-style`` lets only sets and a pair (and thirteen orphans) win (HK sheet,
  Optional Hands lists Seven Pairs as a variant), so there it is 3; ``hk-old-style-seven-pairs`` 0.
- ``19m19p19sESWNCF5p``: twelve of the thirteen orphans and 5p: one from ready for thirteen orphans
  (Green Book 2006 fan 7; BMJA rules, Special hands, Thirteen Unique Wonders): White, or a second
  copy of any orphan held, are useful (13 kinds; unseen 4 + 12 x 3 = 40).

The two classical catalogues, each number counted by hand from the hand's pattern:

- ``123m456p789sESWN`` under ``thompson-maloney``: Windy Chow (Thompson & Maloney 1997, p. 18: E S W
  N with one doubled and a run of three in each suit) wants only a second wind: ready on E, S, W,
  N (3 unseen each: 12), and no other shape of the catalogue is as near.
- ``1m2p3s 4m5p6s 7m8p9s 5m5s E N``: Crazy Chows (p. 16: four mixed chows and a mixed pair) has
  three mixed chows and the mixed pair 5m 5s; the honours are of no use, so a fourth mixed chow
  is three tiles short: 2 from ready.  Any suited tile starts, ends or sits in the middle of some
  mixed chow, so all 27 suited kinds are useful (108 copies less the 11 held: 97 unseen).
- ``[CCC] 1234567m 4m E E``: Red Lantern (pp. 13, 40: 1-7 of a suit with one number doubled, a
  pung or kong of red dragons, declared here, and of a wind) needs the third East: ready on E
  alone (2 unseen); doubling any other number would leave the second 4m over.
- ``E S W N 11m 33m 55m 77m 9m`` under ``club-rules``: Windfall (Club guide 2026, p. 14; Thompson &
  Maloney 1997, p. 24: E S W N and five pairs of one suit): ready on 9m alone (3 unseen).
- ``1234m 3456p 6789s F``: Big Robert (Club guide 2026, p. 13: a run of four in each suit and a pair
  of one wind or dragon): ready on the Green Dragon alone (3 unseen).
- ``[555m] [777p] 222s 9s C F P``: Dragonfly (Club guide 2026, p. 14: the three dragons single, a pung
  or kong of each suit, two declared here, and a pair of one suit): ready on 9s alone (3 unseen);
  a pair of any other kind, or 999s with the pair 22s, is two tiles away.
"""

from __future__ import annotations

import random
import zlib
from itertools import combinations, combinations_with_replacement

import numpy as np
import pytest

from mahjong_arbiter.hand import Hand
from mahjong_arbiter.notation import parse_hand
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.rules.classical_shapes import CLASSICAL_SHAPES
from mahjong_arbiter.solver.distance import Distance
from mahjong_arbiter.solver.reading import Group
from mahjong_arbiter.solver.shanten import form_distances
from mahjong_arbiter.solver.shapes import (
    ShapeInput,
    ShapeOptions,
    SpecialShape,
    register_special_shape,
    unregister_special_shape,
)
from mahjong_arbiter.teaching.seen import seen_from_text
from mahjong_arbiter.teaching.shanten import CHOW_HANDS, shanten_report
from mahjong_arbiter.tiles import ALL_PLAYING, TERMINALS_AND_HONOURS, Tile
from shanten_hand_generator import thirteen_tile_hands


def _report(text: str, profile: str, seen: str = ""):  # type: ignore[no-untyped-def]
    return shanten_report(parse_hand(text).hand, load_profile(profile), seen=seen_from_text(seen))


def _useful(report) -> dict[str, int]:  # type: ignore[no-untyped-def]
    return {u.tile.token: u.unseen for u in report.useful}


def test_nine_gates_is_ready_on_nine_tiles() -> None:
    report = _report("1112345678999m", "mcr")
    assert report.shanten == 0 and report.forms["standard"].shanten == 0
    assert _useful(report) == {"1m": 1, "2m": 3, "3m": 3, "4m": 3, "5m": 3, "6m": 3, "7m": 3, "8m": 3, "9m": 1}
    assert report.unseen == 23


def test_one_from_ready_with_its_useful_tiles_counted() -> None:
    report = _report("123m456p789s11pEW", "mcr")
    assert report.shanten == 1 and _useful(report) == {"1p": 2, "E": 3, "W": 3} and report.unseen == 8
    seen = _report("123m456p789s11pEW", "mcr", seen="EE1p")
    assert _useful(seen) == {"1p": 1, "E": 1, "W": 3} and seen.shanten == 1  # seen tiles only lower the counts
    bmja = _report("123m456p789s11pEW", "bmja")
    assert bmja.forms["standard"].shanten == 5


@pytest.mark.parametrize(("profile", "least", "pairs"), [
    ("mcr", 0, 0), ("hk-old-style-seven-pairs", 0, 0), ("hk-old-style", 3, None), ("bmja", 3, None),
])
def test_seven_pairs_nearer_than_sets(profile: str, least: int, pairs: int | None) -> None:
    report = _report("114477m225588pN", profile)
    assert report.forms["standard"].shanten == 3
    assert report.shanten == least
    if pairs is None:
        assert "seven_pairs" not in report.forms
    else:
        assert report.forms["seven_pairs"].shanten == pairs and _useful(report) == {"N": 3}


def test_thirteen_orphans_one_from_ready() -> None:
    for profile in ("mcr", "bmja", "hk-old-style"):
        report = _report("19m19p19sESWNCF5p", profile)
        assert report.shanten == 1 and report.forms["thirteen_orphans"].shanten == 1
        assert len(report.useful) == 13 and report.unseen == 40 and _useful(report)["P"] == 4


def test_a_special_form_with_melds_cannot_be_made() -> None:
    report = _report("[123m,1]456p789s11pEWN", "mcr")
    assert report.forms["seven_pairs"] is None and report.forms["thirteen_orphans"] is None
    assert report.forms["knitted_straight"] is not None  # a knitted straight may hold one declared set
    assert report.to_dict()["forms"]["seven_pairs"] == {"shanten": None, "exact": True}


def test_fourteen_tiles_rank_the_discards() -> None:
    """North drawn: throwing one wind leaves the 1-from-ready hand above (the pair 11p and two winds,
    8 unseen useful copies); throwing 1p or a chow's tile leaves two sets' worth short (2)."""
    report = _report("123m456p789s11pEWN", "mcr")
    assert report.shanten == 1
    assert [(r.discard.token, r.shanten, r.unseen) for r in report.discards[:3]] == [("E", 1, 8), ("W", 1, 8),
                                                                                   ("N", 1, 8)]
    assert all(r.shanten == 2 for r in report.discards[3:])
    assert {u.tile.token for u in report.discards[2].useful} == {"1p", "E", "W"}


# --- the classical catalogues ----------------------------------------------------------------------------------
_CRAZY_HELD = ("1m", "2p", "3s", "4m", "5p", "6s", "7m", "8p", "9s", "5m", "5s")


@pytest.mark.parametrize(("profile", "text", "form", "shanten", "useful", "unseen"), [
    ("thompson-maloney", "123m456p789sESWN", "tm_windy_chow", 0, {"E": 3, "S": 3, "W": 3, "N": 3}, 12),
    ("thompson-maloney", "1m2p3s4m5p6s7m8p9s5m5sEN", "tm_crazy_chows", 2,
     {f"{r}{s}": 3 if f"{r}{s}" in _CRAZY_HELD else 4 for s in "mps" for r in range(1, 10)}, 97),
    ("thompson-maloney", "[CCC,1]1234567m4mEE", "tm_red_lantern", 0, {"E": 2}, 2),
    ("club-rules", "ESWN11335577m9m", "tm_windfall", 0, {"9m": 3}, 3),
    ("club-rules", "1234m3456p6789sF", "tm_big_robert", 0, {"F": 3}, 3),
    ("club-rules", "[555m,1][777p,1]222s9sCFP", "tm_dragonfly", 0, {"9s": 3}, 3),
])
def test_catalogue_hands_counted_by_hand(profile: str, text: str, form: str, shanten: int,
                                         useful: dict[str, int], unseen: int) -> None:
    report = _report(text, profile)
    assert report.exact and report.forms[form] is not None and report.forms[form].shanten == shanten
    assert {u.tile.token: u.unseen for u in report.form_useful[form]} == useful
    assert sum(u.unseen for u in report.form_useful[form]) == unseen
    if shanten == 0:  # ready: the least of every form, and the only form at it
        assert report.shanten == 0 and _useful(report) == useful


@pytest.mark.parametrize("profile", ["thompson-maloney", "club-rules"])
def test_the_classical_catalogues_are_measured_exactly(profile: str) -> None:
    """Every catalogue shape exact, for thirteen tiles and for every discard of fourteen, melds
    included; only the special hands of chows (no distance function, see
    :mod:`mahjong_arbiter.teaching.shanten`) may be a lower bound, and never at ready."""
    rules = load_profile(profile)
    for hand in thirteen_tile_hands(20261202, 12):
        report = shanten_report(hand, rules)
        assert report.inexact_forms in ([], [CHOW_HANDS])
        assert report.exact == (report.at_most == report.shanten)
        if report.shanten == 0:
            assert report.exact
    fourteen = shanten_report(parse_hand("123m456p789sESWN5p").hand, rules)
    assert fourteen.exact and all(row.exact for row in fourteen.discards if row.shanten == 0)


def test_every_special_shape_of_every_builtin_profile_has_a_distance() -> None:
    from mahjong_arbiter.profiles.loader import builtin_profile_ids
    from mahjong_arbiter.teaching.policy import profile_shapes

    for pid in builtin_profile_ids():
        assert all(shape.distance is not None for shape in profile_shapes(load_profile(pid)).special_shapes()), pid


# --- the useful-tile property --------------------------------------------------------------------------------
@pytest.mark.parametrize("profile", ["mcr", "mcr-mil", "bmja", "hk-old-style-seven-pairs"])
def test_a_useful_tile_and_the_best_discard_lower_the_shanten_by_exactly_one(profile: str) -> None:
    """Drawing a useful tile and then throwing the best tile lowers the shanten by one (a winning
    tile completes the hand: -1 with nothing thrown); any other tile leaves it as it was (a draw
    never costs anything: throw the tile just drawn).  Only tiles that exist are drawn: under
    ``mcr-mil`` a fifth copy is useful too, but cannot be drawn."""
    rules = load_profile(profile)
    for hand in thirteen_tile_hands(5150, 8):
        before = shanten_report(hand, rules)
        useful = {u.tile for u in before.useful}
        held = hand.all_tiles
        for tile in ALL_PLAYING:
            if held.count(tile) == 4:
                continue
            after = shanten_report(Hand(hand.concealed + (tile,), hand.melds, tile), rules)
            best = min(row.shanten for row in after.discards)
            if after.shanten >= 0:  # not complete: the fourteen tiles' shanten is the best discard's
                assert best == after.shanten
            else:  # the winning tile: complete, nothing to throw
                best = -1
            assert best == before.shanten - (tile in useful), (profile, hand, tile)


@pytest.mark.parametrize(("profile", "text"), [("thompson-maloney", "123m456p789sES1pF"),
                                               ("club-rules", "[111m,1]111p11sESWN9s")])
def test_the_useful_tile_property_under_the_classical_catalogues(profile: str, text: str) -> None:
    """The same property on one hand near the catalogue shapes (Windy Chow and Three Philosophers;
    Windy Ones, a Windvane with a declared pung): every useful tile, and a sample of the others,
    drawn.  The exact forms only: the special hands of chows are a lower bound beyond ready."""
    rules = load_profile(profile)
    hand = parse_hand(text).hand
    before = shanten_report(hand, rules)
    useful = {u.tile for u in before.useful}
    others = [t for t in ALL_PLAYING if t not in useful and hand.all_tiles.count(t) < 4]
    assert useful and before.exact
    for tile in sorted(useful) + random.Random(text).sample(others, 8):
        after = shanten_report(Hand(hand.concealed + (tile,), hand.melds, tile), rules)
        exact = [row.shanten for row in after.discards if row.exact]
        best = min(exact) if after.shanten >= 0 else -1
        assert best == before.shanten - (tile in useful), (profile, tile)


# --- the classical shapes' distances against their complete hands ------------------------------------------------
def _complete_hands(name: str) -> list[tuple[int, ...]]:
    """Every complete standing hand of a classical shape, built from its definition (not from the
    distance function) and confirmed by the shape's own recogniser."""
    orphans = [t.index for t in TERMINALS_AND_HONOURS]
    built: list[list[int]] = []
    if name == "classical_all_pair_honours":
        for pairs in combinations_with_replacement(orphans, 7):
            built.append([0] * 34)
            for k in pairs:
                built[-1][k] += 2
    elif name == "classical_knitting":
        for first, second in combinations(range(3), 2):
            for ranks in combinations_with_replacement(range(9), 7):
                built.append([0] * 34)
                for r in ranks:
                    built[-1][9 * first + r] += 1
                    built[-1][9 * second + r] += 1
    elif name == "classical_triple_knitting":
        for ranks in combinations_with_replacement(range(9), 4):
            for pair_rank in range(9):
                for suits in combinations(range(3), 2):
                    built.append([0] * 34)
                    for r in ranks:
                        for suit in range(3):
                            built[-1][9 * suit + r] += 1
                    for suit in suits:
                        built[-1][9 * suit + pair_rank] += 1
    elif name == "classical_nine_gates":
        for suit in range(3):
            for extra in range(9):
                built.append([0] * 34)
                for r, n in enumerate([3, 1, 1, 1, 1, 1, 1, 1, 3]):
                    built[-1][9 * suit + r] = n + (r == extra)
    elif name == "classical_wriggling_snake":
        for suit in range(3):
            built.append([0] * 34)
            for r in range(9):
                built[-1][9 * suit + r] = 2 if r == 0 else 1
            for wind in range(27, 31):
                built[-1][wind] = 1
    shape = next(s for s in CLASSICAL_SHAPES if s.name == name)
    from mahjong_arbiter.solver.fast import decompose

    found = sorted({tuple(counts) for counts in built if max(counts) <= 4})
    for counts in random.Random(len(found)).sample(found, min(300, len(found))):  # the recogniser agrees
        assert shape.groupings(ShapeInput(counts, (), ShapeOptions(), decompose)), (name, counts)
    return found


@pytest.mark.parametrize("shape", CLASSICAL_SHAPES, ids=lambda s: s.name)
def test_classical_distances_are_the_nearest_complete_hand(shape: SpecialShape) -> None:
    templates = np.array(_complete_hands(shape.name), dtype=np.int16)
    kinds = sorted({k for row in templates for k in np.nonzero(row)[0]})
    rng = random.Random(zlib.crc32(shape.name.encode()))
    options = ShapeOptions(special=frozenset({shape.name}), standard=False)
    for trial in range(60):
        pool = kinds if trial % 3 else list(range(34))
        wall = [k for k in pool for _ in range(4)]
        rng.shuffle(wall)
        counts = [0] * 34
        for k in wall[:13]:
            counts[k] += 1
        need = np.maximum(templates - np.array(counts, dtype=np.int16), 0)
        missing = need.sum(axis=1)
        best = int(missing.min())
        useful = frozenset(int(k) for k in np.nonzero(need[missing == best].max(axis=0))[0]) if best else frozenset()
        found = form_distances(counts, (), options, (4,) * 34)[shape.name]
        assert found == Distance(best, useful), (shape.name, counts)


# --- a shape without a distance function ---------------------------------------------------------------------
def _honour_pairs(shape_input: ShapeInput) -> list[tuple[Group, ...]]:
    counts = shape_input.counts
    if shape_input.melds or any(counts[k] != 2 for k in range(27, 34)) or sum(counts) != 14:
        return []
    return [tuple(Group.pair(Tile.at(k)) for k in range(27, 34))]


def test_a_shape_without_a_distance_is_searched() -> None:
    register_special_shape(SpecialShape("test_honour_pairs", "seven honour pairs", "test", _honour_pairs))
    try:
        options = ShapeOptions(special=frozenset({"test_honour_pairs"}), standard=False)
        ready = parse_hand("EESSWWNNCCFFP").hand.standing_counts
        assert form_distances(ready, (), options, (4,) * 34)["test_honour_pairs"] == Distance(1, frozenset({33}))
        complete = parse_hand("EESSWWNNCCFFPP").hand.standing_counts
        assert form_distances(complete, (), options, (4,) * 34)["test_honour_pairs"] == Distance(0, frozenset())
        far = parse_hand("EESSWWNNCC1m2m3m").hand.standing_counts
        assert form_distances(far, (), options, (4,) * 34)["test_honour_pairs"] == Distance(2, frozenset(), exact=False)
        report = shanten_report(parse_hand("EESSWWNNCC1m2m3m").hand, load_profile("mcr"))
        assert report.exact  # the profile does not use the test shape
    finally:
        unregister_special_shape("test_honour_pairs")
