"""A rule's prerequisite (rules/registry.py ``Needs``) only skips predicates that could not hold.

Under every built-in profile, on every Reading of a seeded corpus and of every hand the fixture
files name, in several situations (winner and loser, discard and self-drawn, flowers, last tile,
kongs, events), the hits found with the prerequisites are exactly the hits of calling every
predicate the profile applies to that hand.  A prerequisite stated too strongly fails here.
A prerequisite declared exact (``Needs.exact``: the compiled rules keep ONCE without calling the
predicate) must hold exactly where its predicate does, on every one of those Readings.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from mahjong_arbiter.errors import ArbiterError
from mahjong_arbiter.hand import Context, Hand
from mahjong_arbiter.notation import parse_hand
from mahjong_arbiter.profiles.loader import builtin_profile_ids, load_profile
from mahjong_arbiter.rules.registry import ONCE, Needs, Situation, get_rule, plan, reading_features, reading_structure
from mahjong_arbiter.scoring.common import compile_plan, make_situation, profile_readings, rule_hits
from mahjong_arbiter.tiles import Tile
from mcr_hand_generator import corpus

FIXTURES = Path(__file__).parent / "fixtures"


def _hand_strings(node: object) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "hand" and isinstance(value, str):
                yield value
            else:
                yield from _hand_strings(value)
    elif isinstance(node, list):
        for item in node:
            yield from _hand_strings(item)


def _fixture_hands() -> list[Hand]:
    found: dict[str, Hand] = {}
    for path in sorted(FIXTURES.rglob("*.toml")):
        for text in _hand_strings(tomllib.loads(path.read_text(encoding="utf-8"))):
            try:
                hand = parse_hand(text).hand
            except ArbiterError:
                continue
            if hand.is_complete:
                found.setdefault(text, hand)
    return list(found.values())


HANDS = [g.hand for g in corpus(8080, 250)] + _fixture_hands()
CONTEXTS = (
    Context(),
    Context(self_drawn=True, flowers=2, last_tile=True),
    Context(seat_wind=Tile.of("S"), prevailing_wind=Tile.of("W"), last_of_kind=True,
            bonus_tiles=(Tile.of("f2"), Tile.of("s2")), events=frozenset({"original_call", "standing_hand"})),
    Context(self_drawn=True, kong_related=True, seat_wind=Tile.of("N"), events=frozenset({"heavens_blessing"})),
    Context(kong_related=True, seat_wind=Tile.of("E"), prevailing_wind=Tile.of("E")),
)


def _every_predicate(reading, situation: Situation, profile) -> dict[str, object]:
    whom = "winner" if situation.winner else "loser"
    found = {}
    for rid, entry in profile.rules.items():
        if entry.applies in ("all", whom):
            hits = get_rule(rid).predicate(reading, situation)
            if hits.instances:
                found[rid] = hits
    return found


@pytest.mark.parametrize("profile_id", builtin_profile_ids())
def test_prerequisites_never_hide_a_hit(profile_id: str) -> None:
    profile = load_profile(profile_id)
    checked = 0
    for hand in HANDS:
        for context in CONTEXTS:
            if context.kong_related and context.self_drawn and not hand.kongs:
                continue
            readings = profile_readings(hand, context, profile)
            for winner in (True, False):
                situation = make_situation(hand, context, profile, winner=winner)
                for reading in readings:
                    assert rule_hits(reading, situation, profile) == _every_predicate(reading, situation, profile), (
                        f"{profile_id}: {reading} ({context})"
                    )
                    checked += 1
    assert checked > 1000


def _exact_rules(profile_id: str) -> list[str]:
    return sorted(rid for rid in load_profile(profile_id).rules if get_rule(rid).needs.exact)


@pytest.mark.parametrize("profile_id", [pid for pid in builtin_profile_ids() if _exact_rules(pid)])
def test_an_exact_prerequisite_decides_its_rule(profile_id: str) -> None:
    profile = load_profile(profile_id)
    exact = _exact_rules(profile_id)
    # the needs alone, compiled as the profile's rules are, with a predicate that always holds
    passes = compile_plan(((0, tuple((bits, rid, lambda r, s: ONCE) for bits, rid, _ in plan(exact))),),
                          {rid: get_rule(rid).needs.test for rid in exact})
    held = dict.fromkeys(exact, 0)
    for hand in HANDS:
        for context in CONTEXTS:
            if context.kong_related and context.self_drawn and not hand.kongs:
                continue
            for winner in (True, False):
                situation = make_situation(hand, context, profile, winner=winner)
                for reading in profile_readings(hand, context, profile):
                    gate = passes(reading, situation, reading_structure(reading), situation.facts)
                    for rid in exact:
                        hits = get_rule(rid).predicate(reading, situation)
                        assert (hits == ONCE) == (rid in gate) and (hits == ONCE or not hits), (
                            f"{profile_id}: {rid} on {reading} ({context})"
                        )
                        held[rid] += rid in gate
    assert sum(held.values()) > 1000


def test_a_prerequisite_is_a_subset_test_on_the_feature_word() -> None:
    reading = profile_readings(parse_hand("123m123m456p789s99s").hand, Context(), load_profile("mcr"))[0]
    features = reading_features(reading)
    two_chows = Needs(chows=2).bits
    assert features & two_chows == two_chows
    four_chows_of_characters = Needs(chows=4, within=frozenset(Tile.of(f"{r}m") for r in range(1, 10))).bits
    assert features & four_chows_of_characters != four_chows_of_characters
    with pytest.raises(ValueError, match="unknown situation fact"):
        Needs(situation=("sunny",))
