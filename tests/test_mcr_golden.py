"""Golden MCR hands (tests/fixtures/mcr/golden.toml) under `mcr` and `mcr-mil`, and what they must cover.

Each case names its source and carries hand-computed expectations (see the comments in the file).
Besides the cases themselves:

* every fan id of both profiles is counted in some golden case (coverage);
* deleting any one exclusion/implication edge from a copy of a profile changes some case's result:
  its total, its fans, or the explanation of a suppressed fan (an edge that the principles make
  redundant still names the rule the book wrote; deleting it changes what the Result says);
* ``floor`` never exceeds the score of a completion of the hand (hypothesis, on generated hands).
"""

from __future__ import annotations

import random
import tomllib
from collections import Counter
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_arbiter.hand import Context, Hand
from mahjong_arbiter.notation import parse_hand
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.profiles.model import Edge, Profile
from mahjong_arbiter.rules.registry import Hits
from mahjong_arbiter.scoring import score
from mahjong_arbiter.scoring.common import make_situation, profile_readings, rule_hits
from mahjong_arbiter.scoring.mcr import MINIMUM, floor
from mahjong_arbiter.selection import select
from mahjong_arbiter.solver.reading import Reading
from mcr_hand_generator import random_hand

GOLDEN = Path(__file__).parent / "fixtures" / "mcr" / "golden.toml"
PROFILES = ("mcr", "mcr-mil")


@cache
def cases() -> tuple[dict[str, Any], ...]:
    return tuple(tomllib.loads(GOLDEN.read_text(encoding="utf-8"))["case"])


def expectation(case: dict[str, Any], profile: str) -> dict[str, Any] | None:
    return case.get(profile, case.get("both"))


def hand_and_context(case: dict[str, Any]) -> tuple[Hand, Context]:
    return parse_hand(case["hand"]).hand, Context(**case.get("context", {}))


PARAMS = [
    pytest.param(case, profile, id=f"{case['id']}[{profile}]")
    for case in cases()
    for profile in PROFILES
    if expectation(case, profile) is not None
]


@pytest.mark.parametrize(("case", "profile"), PARAMS)
def test_golden_case(case: dict[str, Any], profile: str) -> None:
    hand, context = hand_and_context(case)
    expected = expectation(case, profile)
    assert expected is not None and case["source"]
    result = score(hand, context, load_profile(profile))
    explain = result.to_text(explain=True)
    fans = {item.id: item.count for item in result.items}
    assert fans == expected["fans"], explain
    assert result.total == expected["total"], explain
    assert result.fields["basic"] == expected.get("basic", expected["total"] - context.flowers), explain
    assert result.fields["minimum_met"] is expected.get("minimum_met", True), explain


@pytest.mark.parametrize("profile", PROFILES)
def test_every_fan_is_counted_in_some_golden_case(profile: str) -> None:
    counted = {rid for case in cases() if (e := expectation(case, profile)) for rid in e["fans"]}
    missing = sorted(set(load_profile(profile).rules) - counted)
    assert not missing, f"{profile}: no golden case counts {missing}"


# --- every edge is pinned by a case -----------------------------------------------------------------------------
def _readings_and_hits(profile: Profile) -> list[list[tuple[Reading, dict[str, Hits]]]]:
    """Per case, every Reading with its hits (the hits do not depend on the edges)."""
    out = []
    for case in cases():
        if expectation(case, profile.id) is None:
            continue
        hand, context = hand_and_context(case)
        situation = make_situation(hand, context, profile)
        out.append([(r, rule_hits(r, situation, profile)) for r in profile_readings(hand, context, profile)])
    return out


def _outcomes(profile: Profile, prepared: list[list[tuple[Reading, dict[str, Hits]]]]) -> list[tuple[Any, ...]]:
    """Per case, the best total and, for the Readings that reach it, the fans counted and the
    explanation of each suppressed one (the rule, what suppressed it and how: part of the Result)."""
    outcomes = []
    for readings in prepared:
        chosen = [select(profile, hits, reading.groups) for reading, hits in readings]
        best = max(c.total for c in chosen)
        shown = sorted(
            (sorted((i.id, i.count) for i in c.items), sorted((s.id, s.by, s.relation) for s in c.suppressed))
            for c in chosen
            if c.total == best
        )
        outcomes.append((best, shown))
    return outcomes


def _without(profile: Profile, edge: Edge) -> Profile:
    entry = profile.rules[edge.rule]
    smaller = replace(
        entry,
        excludes=tuple(e for e in entry.excludes if e != edge),
        implies=tuple(e for e in entry.implies if e != edge),
    )
    return replace(profile, rules={**profile.rules, edge.rule: smaller})


# Edges no hand can put to work, each with the reason; the test below also fails when one of them
# starts to change a result (then it no longer belongs here).  They stay in the profiles because
# the Green Book's exclusion lists name them.
UNREACHABLE_EDGES = {
    # Seven Shifted Pairs always waits on two or more kinds (11 22 33 4 55 66 77 also waits on 1
    # and 7 as 123 123 44 567 567 ...; a missing end pair is a standard wait too), so Single Wait
    # never holds beside it.
    "mcr.seven-shifted-pairs excludes mcr.single-wait",
    # The Last Tile predicate already refuses a robbed kong's tile (mcr_context_notes explains it).
    "mcr.robbing-the-kong excludes mcr.last-tile",
    # Thirteen Orphans waits on thirteen kinds, or on the one kind still missing, which completes
    # an irregular single tile, never the pair: Single Wait never holds beside it.
    "mcr.thirteen-orphans excludes mcr.single-wait",
}


@pytest.mark.parametrize("profile_id", PROFILES)
def test_deleting_any_edge_changes_some_golden_result(profile_id: str) -> None:
    profile = load_profile(profile_id)
    prepared = _readings_and_hits(profile)
    baseline = _outcomes(profile, prepared)
    idle = {
        f"{edge.rule} {edge.relation} {edge.target}"
        for edge in profile.edges
        if _outcomes(_without(profile, edge), prepared) == baseline
    }
    unexplained = sorted(idle - UNREACHABLE_EDGES)
    total = len(profile.edges)
    assert not unexplained, f"{profile_id}: {len(unexplained)} of {total} edges change no golden case: {unexplained}"
    present = {f"{e.rule} {e.relation} {e.target}" for e in profile.edges}
    assert UNREACHABLE_EDGES & present <= idle, "an edge listed as unreachable now changes a result"


# --- floor ------------------------------------------------------------------------------------------------------------
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), profile_id=st.sampled_from(PROFILES))
def test_floor_never_exceeds_the_score_of_a_completion(seed: int, profile_id: str) -> None:
    # Game::Mahjong, Score.pm (floor): a lower bound from the exposed melds alone.  Every
    # generated hand is one legal completion of its own melds.
    generated = random_hand(random.Random(seed))
    profile = load_profile(profile_id)
    bound = floor(generated.hand, generated.context, profile)
    result = score(generated.hand, generated.context, profile)
    assert bound <= result.fields["basic"], result.to_text(explain=True)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # No melds: nothing is known yet (Game::Mahjong, Score.pm: "Zero with no melds").
        pytest.param("123m456p789s11222z", 0, id="no-melds"),
        # Exposed CCC and FFF: Two Dragon Pungs 6 (implies the Dragon Pungs).
        pytest.param("[CCC,1][FFF,2]1234m5p", 6, id="two-dragon-pungs"),
        # An exposed pung of East in an East round at the East seat: Prevalent 2 + Seat 2.
        pytest.param("[EEE,1]123m456p789s5m", 4, id="prevalent-and-seat-wind"),
        # Exposed 123m 456m 789m: Pure Straight 16, already enough for the minimum.
        pytest.param("[123m,1][456m,1][789m,1]1p2p3p5p", 16, id="pure-straight"),
    ],
)
def test_floor_values(text: str, expected: int) -> None:
    hand = parse_hand(text, partial=True).hand
    assert floor(hand, Context(), load_profile("mcr")) == expected
    assert (floor(hand, Context(), load_profile("mcr")) >= MINIMUM) is (expected >= MINIMUM)


def test_counted_fans_use_the_documented_counts() -> None:
    # Repeated fans count per instance (Tile Hog x2, Double Pung x2 in the golden file) and every
    # golden count is a positive whole number.
    counts = Counter(n for case in cases() for p in PROFILES if (e := expectation(case, p)) for n in e["fans"].values())
    assert min(counts) >= 1 and max(counts) >= 2
