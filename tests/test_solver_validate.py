"""The validator rejects broken Readings (each mutation of a correct Reading is caught)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from mahjong_arbiter.hand import Hand
from mahjong_arbiter.notation import parse_hand
from mahjong_arbiter.solver import ShapeOptions, reading_problems, readings
from mahjong_arbiter.solver.reading import Group, GroupKind, Reading, Wait
from mahjong_arbiter.tiles import Tile

# [SSSS] concealed kong, [234p,1] exposed chow, won on a discard of 7m completing 789m (edge).
DECLARED = parse_hand("[SSSS][234p,1]567s789m11m", win="7m").hand
KNITTED = parse_hand("147m258p369sEEECC").hand
PAIRS = parse_hand("1111m22p33p44s55sEE").hand


def only(hand: Hand) -> Reading:
    (reading,) = readings(hand)
    return reading


def rebuild(reading: Reading, groups: list[Group], winning: Group | None = None, **changes: object) -> Reading:
    """A Reading with other groups, bypassing the solver (groups re-sorted as Reading.make does)."""
    won = winning if winning is not None else reading.winning
    ordered = tuple(sorted(groups, key=Group.sort_key))
    return replace(reading, groups=ordered, winning=won, **changes)  # type: ignore[arg-type]


def swap(reading: Reading, old: Group, new: Group) -> Reading:
    groups = list(reading.groups)
    groups[groups.index(old)] = new
    return rebuild(reading, groups, new if old == reading.winning else None)


def by_text(reading: Reading, text: str) -> Group:
    return next(g for g in reading.groups if "".join(t.token for t in g.tiles) == text)


Mutation = Callable[[Reading], Reading]

MUTATIONS: list[object] = [
    pytest.param(lambda r: replace(r, wait=Wait.TWO_SIDED), "wait is two-sided", id="wrong-wait"),
    pytest.param(lambda r: swap(r, r.winning, replace(r.winning, concealed=True)), "concealment",
                 id="discard-win-concealed"),
    pytest.param(lambda r: swap(r, by_text(r, "5s6s7s"), replace(by_text(r, "5s6s7s"), concealed=False)),
                 "concealment", id="other-standing-group-exposed"),
    pytest.param(lambda r: swap(r, by_text(r, "2p3p4p"), replace(by_text(r, "2p3p4p"), concealed=True)),
                 "declared groups do not match", id="exposed-chow-concealed"),
    pytest.param(lambda r: swap(r, by_text(r, "SSSS"), replace(by_text(r, "SSSS"), concealed=False)),
                 "declared groups do not match", id="concealed-kong-exposed"),
    pytest.param(lambda r: swap(r, by_text(r, "2p3p4p"), replace(by_text(r, "2p3p4p"), declared=False)),
                 "declared groups do not match", id="declared-chow-as-standing"),
    pytest.param(lambda r: swap(r, by_text(r, "5s6s7s"), Group.chow(Tile.of("4s"))), "groups use", id="wrong-tiles"),
    pytest.param(lambda r: rebuild(r, [g for g in r.groups if g.kind is not GroupKind.PAIR]), "groups use",
                 id="missing-pair"),
    pytest.param(lambda r: swap(r, by_text(r, "5s6s7s"), Group(GroupKind.CHOW, (Tile.of("5s"), Tile.of("6s"),
                 Tile.of("8s")))), "not a chow", id="malformed-chow"),
    pytest.param(lambda r: swap(r, by_text(r, "1m1m"), Group(GroupKind.PAIR, (Tile.of("1m"), Tile.of("2m")))),
                 "not a pair", id="malformed-pair"),
    pytest.param(lambda r: swap(r, by_text(r, "5s6s7s"), Group(GroupKind.CHOW, (Tile.of("7s"), Tile.of("6s"),
                 Tile.of("5s")))), "not sorted", id="unsorted-group"),
    pytest.param(lambda r: replace(r, winning_tile=Tile.of("8m"), wait=Wait.CLOSED), "won on 7m",
                 id="wrong-winning-tile"),
    pytest.param(lambda r: rebuild(r, list(r.groups), by_text(r, "5s6s7s")), "does not hold 7m",
                 id="winning-group-without-the-tile"),
    pytest.param(lambda r: rebuild(r, list(r.groups), by_text(r, "2p3p4p")), "declared meld", id="winning-declared"),
    pytest.param(lambda r: replace(r, shape="seven_pairs"), "seven_pairs reading needs", id="wrong-shape-name"),
    pytest.param(lambda r: replace(r, groups=tuple(reversed(r.groups))), "canonical order", id="group-order"),
]


@pytest.mark.parametrize(("mutate", "message"), MUTATIONS)
def test_mutations_are_rejected(mutate: Mutation, message: str) -> None:
    good = only(DECLARED)
    assert reading_problems(good, DECLARED) == []
    problems = reading_problems(mutate(good), DECLARED)
    assert any(message in p for p in problems), problems


def test_self_drawn_needs_everything_standing_concealed() -> None:
    on_discard = only(DECLARED)
    assert reading_problems(on_discard, DECLARED, self_drawn=True) != []
    assert reading_problems(readings(DECLARED, self_drawn=True)[0], DECLARED, self_drawn=False) != []


def test_four_of_a_kind_pairs_follow_the_option() -> None:
    reading = only(PAIRS)
    assert reading_problems(reading, PAIRS) == []
    problems = reading_problems(reading, PAIRS, shapes=ShapeOptions(seven_pairs_four_of_a_kind=False))
    assert any("all different" in p for p in problems)


def test_a_shape_not_allowed_is_rejected() -> None:
    reading = only(PAIRS)
    problems = reading_problems(reading, PAIRS, shapes=ShapeOptions(special=frozenset({"thirteen_orphans"})))
    assert any("not among the shapes allowed" in p for p in problems)


def test_a_broken_knitted_group_is_rejected() -> None:
    reading = only(KNITTED)
    knitted = next(g for g in reading.groups if g.kind is GroupKind.KNITTED)
    tiles = tuple(sorted([*knitted.tiles[:-1], Tile.of("8s")]))
    problems = reading_problems(swap(reading, knitted, Group(GroupKind.KNITTED, tiles)), KNITTED)
    assert any("not a knitted straight" in p for p in problems)


def test_a_standing_kong_is_rejected() -> None:
    hand = parse_hand("1111m22p33p44s55sEE").hand
    kong = Group(GroupKind.KONG, (Tile.of("1m"),) * 4, True, False)
    pair = Group.pair(Tile.of("E"), concealed=False)
    groups = [kong, *(Group.pair(Tile.of(t)) for t in ("2p", "3p", "4s", "5s")), pair]
    fake = Reading.make("standard", groups, pair, Tile.of("E"), Wait.SINGLE)
    assert any("kong among the standing tiles" in p for p in reading_problems(fake, hand))
