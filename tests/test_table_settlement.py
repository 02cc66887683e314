"""Settlement: golden fixtures for every policy (tests/fixtures/table/settlement.toml), the
policy registry, and properties over random hands."""

from __future__ import annotations

import tomllib
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_arbiter.errors import ArbiterError
from mahjong_arbiter.table.facts import parse_facts
from mahjong_arbiter.table.policies import POLICIES, ClassicalPolicy, settlement_policy
from mahjong_arbiter.table.seats import SEATS
from mahjong_arbiter.table.settlement import settle

FIXTURES = tomllib.loads((Path(__file__).parent / "fixtures" / "table" / "settlement.toml").read_text("utf-8"))
CASES = [pytest.param(case, id=case["id"]) for case in FIXTURES["case"]]


def _facts(raw: dict[str, Any]) -> Any:
    return parse_facts({"winner": None, **raw})


@pytest.mark.parametrize("case", CASES)
def test_golden_settlement(case: dict[str, Any]) -> None:
    facts = _facts(case["facts"])
    if "error" in case:
        with pytest.raises(ArbiterError) as info:
            settle(facts)
        assert info.value.code == case["error"], info.value.message
        return
    result = settle(facts)
    got = Counter((p.from_seat, p.to_seat, p.amount) for p in result.payments)
    want = Counter((a, b, Fraction(amount)) for a, b, amount in case["payments"])
    assert got == want, result.to_dict()
    assert result.net == {seat: Fraction(case["net"][seat]) for seat in SEATS}


def test_every_policy_has_a_golden_case() -> None:
    covered = {case["facts"].get("policy") or case["facts"]["profile"] for case in FIXTURES["case"]}
    assert set(POLICIES) <= covered


def test_unknown_policy_is_named() -> None:
    with pytest.raises(ArbiterError, match="unknown settlement policy 'club'.*base policy"):
        settlement_policy("club")


def test_house_profile_resolves_through_its_base() -> None:
    assert settlement_policy("my-club", base="bmja") is POLICIES["bmja"]


def test_overrides_change_a_field_and_reject_unknown_ones() -> None:
    club = settlement_policy("my-club", base="buzzard-2000", overrides={"default_limit": 800})
    assert isinstance(club, ClassicalPolicy) and club.default_limit == 800
    with pytest.raises(ArbiterError, match="no field 'colour'"):
        settlement_policy("my-club", base="buzzard-2000", overrides={"colour": "red"})


@pytest.mark.parametrize(
    ("policy", "limit"),
    [
        pytest.param("buzzard-2000", 600, id="buzzard-600-pdf-p8"),
        pytest.param("bmja", 1000, id="bmja-1000"),
        pytest.param("codification", 500, id="codification-500"),
    ],
)
def test_default_limits(policy: str, limit: int) -> None:
    found = POLICIES[policy]
    assert isinstance(found, ClassicalPolicy) and found.default_limit == limit


def test_game_limit_applies_when_the_facts_have_none() -> None:
    facts = parse_facts({"profile": "buzzard-2000", "winner": "S", "self_drawn": True, "scores": {"S": 900}})
    # capped at the game's 800: E pays 1600, W and N 800 each.
    assert settle(facts, limit=800).net["S"] == 3200


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        pytest.param({"profile": "bmja"}, "missing field 'winner'", id="no-winner-field"),
        pytest.param(
            {"profile": "bmja", "winner": "S", "scores": {"S": -4}}, r"scores\.S: -4 is below 0", id="negative"
        ),
        pytest.param({"profile": "bmja", "winner": "S", "scores": {"X": 4}}, "scores.X", id="bad-seat"),
        pytest.param(
            {"profile": "bmja", "winner": "S", "discarder": "S"}, "cannot be the discarder", id="self-discard"
        ),
        pytest.param({"profile": "bmja", "winner": "S", "colour": 1}, "unknown field 'colour'", id="unknown-field"),
        pytest.param(
            {"profile": "bmja", "winner": "S", "incidents": [{"kind": "cheating", "player": "W"}]},
            "incidents\\[0\\].kind",
            id="bad-incident-kind",
        ),
        pytest.param(
            {"profile": "bmja", "winner": "S", "incidents": [{"kind": "wrong_tile_count", "player": "W"}]},
            "too_many",
            id="count-missing",
        ),
    ],
)
def test_bad_facts_are_named(raw: dict[str, Any], message: str) -> None:
    with pytest.raises(ArbiterError, match=message):
        settle(parse_facts(raw))


seats = st.sampled_from(SEATS)


@st.composite
def hands(draw: st.DrawFn) -> dict[str, Any]:
    policy = draw(st.sampled_from(sorted(p for p in POLICIES if p != "hk-gameweave")))
    winner = draw(st.one_of(st.none(), seats))
    raw: dict[str, Any] = {"profile": policy, "winner": winner}
    if winner is not None:
        self_drawn = draw(st.booleans())
        raw["self_drawn"] = self_drawn
        if not self_drawn:
            raw["discarder"] = draw(st.sampled_from([s for s in SEATS if s != winner]))
    low = 8 if policy.startswith("mcr") else 3 if policy.startswith("hk") else 0
    raw["scores"] = {s: draw(st.integers(low, 2000)) for s in SEATS}
    return raw


@settings(max_examples=300, deadline=None)
@given(hands())
def test_nets_sum_to_zero_and_no_payment_is_negative(raw: dict[str, Any]) -> None:
    result = settle(parse_facts(raw))
    assert sum(result.net.values()) == 0
    assert all(p.amount > 0 and p.from_seat != p.to_seat for p in result.payments)
    if raw["winner"] is not None:
        assert result.net[raw["winner"]] >= 0
