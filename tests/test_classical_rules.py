"""Unit tests of the classical recognisers, shapes, loser groupings and profile composition.

Recognisers are tested on hand-built Readings (Reading.make + Group.*), independent of the solver;
the golden hands are in test_classical_fixtures.py.
"""

from __future__ import annotations

import pytest

from mahjong_arbiter.hand import Context, Hand, Meld, MeldKind
from mahjong_arbiter.notation import parse_hand
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.rules.registry import Situation, get_rule
from mahjong_arbiter.scoring import score
from mahjong_arbiter.scoring.classical_loser import loser_groupings
from mahjong_arbiter.solver.api import readings
from mahjong_arbiter.solver.reading import Group, Reading, Wait
from mahjong_arbiter.solver.shapes import ShapeOptions
from mahjong_arbiter.tiles import Tile


def T(token: str) -> Tile:
    return Tile.of(token)


def _reading(groups: list[Group], winning: int = -1, shape: str = "standard") -> Reading:
    win = groups[winning]
    return Reading.make(shape, groups, win, win.tiles[0], Wait.SINGLE)


def _hand(reading: Reading) -> Hand:
    kinds = {"chow": MeldKind.CHOW, "pung": MeldKind.PUNG, "kong": MeldKind.KONG}
    melds = tuple(Meld(kinds[g.kind.value], g.tiles, not g.concealed) for g in reading.groups if g.declared)
    standing = tuple(t for g in reading.groups if not g.declared for t in g.tiles)
    return Hand(standing, melds, reading.winning_tile)


def _situation(reading: Reading, **context: object) -> Situation:
    return Situation(_hand(reading), Context(**context))  # type: ignore[arg-type]


# --- recognisers on hand-built Readings ------------------------------------------------------------
_MIXED = [
    Group.pung(T("C"), concealed=False, declared=True),
    Group.pung(T("9s")),
    Group.chow(T("2s")),
    Group.kong(T("5s"), concealed=True),
    Group.pair(T("S")),
]


@pytest.mark.parametrize(
    ("rule_id", "count"),
    [
        pytest.param("score.base.pung.major.exposed", 1, id="exposed-dragon-pung"),
        pytest.param("score.base.pung.major.concealed", 1, id="concealed-terminal-pung"),
        pytest.param("score.base.kong.simple.concealed", 1, id="concealed-simple-kong"),
        pytest.param("score.base.kong.simple.exposed", 0, id="no-exposed-kong"),
        pytest.param("score.base.chow", 1, id="chow"),
        pytest.param("score.base.pair.own-wind", 1, id="own-wind-pair"),
        pytest.param("score.base.pair.round-wind", 0, id="not-round-wind-pair"),
        pytest.param("score.double.dragon-set", 1, id="dragon-set"),
        pytest.param("score.double.one-suit-with-honours", 1, id="one-suit-with-honours"),
        pytest.param("score.double.no-chows", 0, id="has-a-chow"),
        pytest.param("score.double.concealed", 0, id="exposed-set"),
        pytest.param("score.limit.three-dragons", 0, id="one-dragon-set"),
    ],
)
def test_recogniser_on_built_reading(rule_id: str, count: int) -> None:
    reading = _reading(_MIXED)
    hits = get_rule(rule_id).predicate(reading, _situation(reading, seat_wind="S", prevailing_wind="E"))
    assert hits.count == count


def test_sets_report_the_groups_they_use() -> None:
    reading = _reading(_MIXED)
    hits = get_rule("score.base.pung.major.concealed").predicate(reading, _situation(reading))
    assert hits.instances == ((Group.pung(T("9s")),),)


def test_three_winds_reads_a_pair_of_the_fourth() -> None:
    groups = [Group.pung(T(w)) for w in "ESW"] + [Group.pair(T("N")), Group.chow(T("1m"))]
    reading = _reading(groups)
    assert get_rule("score.limit.three-winds").predicate(reading, _situation(reading)).count == 1
    groups[3] = Group.pair(T("C"))
    reading = _reading(groups)
    assert not get_rule("score.limit.three-winds").predicate(reading, _situation(reading))


@pytest.mark.parametrize(
    ("seat", "bonus", "own_flower", "bouquet"),
    [
        pytest.param("S", ("f2",), True, False, id="south-own-flower"),
        pytest.param("N", ("f2",), False, False, id="north-not-own"),
        pytest.param("W", ("f1", "f2", "f3", "f4"), True, True, id="bouquet-holds-own"),
    ],
)
def test_bonus_tile_doubles(seat: str, bonus: tuple[str, ...], own_flower: bool, bouquet: bool) -> None:
    reading = _reading(_MIXED)
    situation = _situation(reading, seat_wind=seat, bonus_tiles=tuple(T(b) for b in bonus))
    assert bool(get_rule("score.double.own-flower").predicate(reading, situation)) is own_flower
    assert bool(get_rule("score.double.bouquet.flowers").predicate(reading, situation)) is bouquet


def test_self_draw_on_a_loose_tile_follows_the_policy() -> None:
    reading = _reading(_MIXED)
    hand = _hand(reading)
    ctx = Context(self_drawn=True, kong_related=True)
    rule_fn = get_rule("score.bonus.self-draw").predicate
    assert rule_fn(reading, Situation(hand, ctx, policies={"self_draw_points_on_loose_tile": True}))
    assert not rule_fn(reading, Situation(hand, ctx, policies={"self_draw_points_on_loose_tile": False}))


# --- special shapes through the solver ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "shape"),
    [
        pytest.param("1m1s2m2s3m3s4m4s5m5s6m6s7m7s", "classical_knitting", id="knitting"),
        pytest.param("1m1s1p3m3s3p5m5s5p7m7s7p9m9s", "classical_triple_knitting", id="triple-knitting"),
        pytest.param("EEEE1s1s9m9mCCFFPP", "classical_all_pair_honours", id="all-pair-honours"),
        pytest.param("1112345678999p5p", "classical_nine_gates", id="nine-gates"),
        pytest.param("1s1s2s3s4s5s6s7s8s9sESWN", "classical_wriggling_snake", id="wriggling-snake"),
    ],
)
def test_classical_shapes_are_read(text: str, shape: str) -> None:
    import mahjong_arbiter.rules.classical_shapes  # noqa: F401  (registers the shapes)

    hand = parse_hand(text).hand
    found = readings(hand, shapes=ShapeOptions(standard=False, special=frozenset({shape})))
    assert found and all(r.shape == shape for r in found)
    assert sorted(found[0].tiles) == sorted(hand.all_tiles)


# --- a loser's groupings ---------------------------------------------------------------------------------------
def test_loser_groupings_are_maximal_and_include_the_pungs() -> None:
    hand = parse_hand("111m222m333m5p7sEC").hand
    texts = {" ".join(str(g) for g in groups) for groups, _ in loser_groupings(hand)}
    assert {"1m2m3m 1m2m3m 1m2m3m", "1m1m1m 2m2m2m 3m3m3m", "1m1m1m 2m2m2m 3m3m"} <= texts
    assert "1m1m1m 2m2m2m" not in texts  # not maximal: 333m could still be grouped


def test_loser_groupings_keep_at_most_one_pair_and_four_sets() -> None:
    hand = parse_hand("[CCC,1]1m1m2p2p3s3s4s4s5s5s", partial=True).hand
    for groups, _singles in loser_groupings(hand):
        assert sum(1 for g in groups if g.kind.value == "pair") <= 1
        assert sum(1 for g in groups if g.is_set) <= 3


# --- profiles and the limit ------------------------------------------------------------------------------------
def test_buzzard_profile_composition() -> None:
    buzzard = load_profile("buzzard-2000")
    assert buzzard.label == "British/Western Classical — Buzzard 2000"
    assert buzzard.extends == "bmja"
    assert buzzard.limit == 600
    rules = buzzard.settlement_rules
    assert rules is not None and rules.method == "classical" and rules.limit == 600
    # Buzzard 2000 declares its own incidents over BMJA's (merged kind by kind)
    assert {k: r.effect for k, r in rules.incidents.items()} == {
        "false_mahjong": "penalty_to_each",
        "liability": "pays_for_all",
        "wrong_tile_count": "dead_hand",
        "non_winner_limit": "collects_limit",
    }
    assert "score.special.purity" in buzzard.removed
    assert buzzard.origin["score.bonus.standing"] == "added"
    assert buzzard.origin["score.double.bouquet.flowers"] == "amended"
    assert not any(rule.params.get("fishing") for rule in buzzard.rules.values())


@pytest.mark.parametrize(
    ("profile_id", "limit", "policy"),
    [
        pytest.param("bmja", 1000, "classical", id="bmja"),
        pytest.param("buzzard-2000", 600, "classical", id="buzzard"),
        pytest.param("codification", 500, "classical", id="codification"),
    ],
)
def test_profile_limits_sources_and_notes(profile_id: str, limit: int, policy: str) -> None:
    profile = load_profile(profile_id)
    assert profile.limit == limit
    rules = profile.settlement_rules
    assert rules is not None and rules.method == policy and rules.limit == limit
    assert all(rule.source for rule in profile.rules.values())
    assert all(note.source for note in profile.notes)
    assert any(note.id.startswith("procedure.") for note in profile.notes)


def test_buzzard_notes_cover_the_procedures() -> None:
    ids = {note.id for note in load_profile("buzzard-2000").notes}
    for wanted in ("procedure.standing-hand", "procedure.false-mahjong", "procedure.wrong-tile-count",
                   "procedure.wall-and-exposures", "procedure.dangerous-discard"):
        assert wanted in ids


def test_limit_override() -> None:
    bmja = load_profile("bmja")
    club = bmja.with_limit(500)
    assert club.fingerprint != bmja.fingerprint
    honours = parse_hand("EEESSSCCCFFFPP").hand
    assert score(honours, Context(), club).total == 500
    pairs = parse_hand("EESS1s1s9m9mCCFFPP").hand
    assert score(pairs, Context(), club).total == 250  # All Pair Honours: half the limit
