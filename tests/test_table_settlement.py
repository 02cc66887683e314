"""Settlement: golden fixtures for every profile's settlement (tests/fixtures/table/settlement.toml),
settlement read from the profile's own data (house files change it), and properties over random
hands."""

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
from mahjong_arbiter.profiles.loader import builtin_profile_ids, load_profile
from mahjong_arbiter.table.facts import parse_facts
from mahjong_arbiter.table.seats import SEATS
from mahjong_arbiter.table.settlement import settle

HERE = Path(__file__).parent / "fixtures" / "table"
FIXTURES = tomllib.loads((HERE / "settlement.toml").read_text("utf-8"))
CASES = [pytest.param(case, id=case["id"]) for case in FIXTURES["case"]]


def _facts(raw: dict[str, Any]) -> Any:
    profile = raw["profile"]
    if profile.endswith(".toml"):
        profile = str(HERE / profile)
    return parse_facts({"winner": None, **raw, "profile": profile})


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


def test_every_settlement_a_profile_declares_has_a_golden_case() -> None:
    """A built-in profile whose files change what settles a hand (its own [settlement], [payments]
    or [progression], not only its parent's) has at least one golden case."""
    covered = {case["facts"]["profile"] for case in FIXTURES["case"]}
    for pid in builtin_profile_ids():
        profile = load_profile(pid)
        parent = load_profile(profile.extends) if profile.extends else None
        tables = ("settlement", "payments", "progression")
        if parent is None or any(getattr(profile, t) != getattr(parent, t) for t in tables):
            assert pid in covered, pid


def test_an_unknown_profile_is_named() -> None:
    with pytest.raises(ArbiterError, match="unknown profile 'club'"):
        settle(parse_facts({"profile": "club", "winner": None}))


def test_the_retired_policy_field_is_refused_with_the_reason() -> None:
    with pytest.raises(ArbiterError, match="policy: this field is no longer read"):
        parse_facts({"profile": "bmja", "policy": "bmja", "winner": None})


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
            r"incidents\[0\] \(cheating by W\): bmja declares no incident 'cheating'",
            id="bad-incident-kind",
        ),
        pytest.param(
            {"profile": "buzzard-2000", "winner": "S", "incidents": [{"kind": "wrong_tile_count", "player": "W"}]},
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
    policy = draw(st.sampled_from([p for p in builtin_profile_ids() if p != "hk-gameweave"]))
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
