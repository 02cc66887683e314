"""Golden fixtures for every special hand of the Companion's and the club guide's catalogues.

Each file under tests/fixtures/catalogue/ names a profile and lists, per special hand (``rule``),
hands built by hand from the hand's pattern and the value the source gives it, each citing its page
(``source``):

- ``win``: a winning hand of the pattern; ``total`` its score (hand-computed in the comment);
- ``fishing``: a loser's thirteen tiles one tile from the hand; ``fishing_total`` what he scores
  (the fishing value) and the rule his fishing names; ``fishing_none = true`` for a calculated hand,
  which pays no fishing value;
- ``near``: a fourteen-tile hand one tile (or one condition) away from the pattern: the rule must
  hold on none of its readings;
- ``exposed``: the hand with a pung or kong exposed; ``exposed_total`` its halved (or full) value,
  or ``exposed_void = true``: the hand is then not this special hand at all;
- ``context``, ``near_context``, ``exposed_context``: context fields over the file's defaults.

A file may also give ``[[choice]]`` cases that pin an open question: ``hand``, ``profile`` (a
house-rules file in this folder), ``total``, ``rule``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from mahjong_arbiter.errors import NotWinningError
from mahjong_arbiter.hand import Context
from mahjong_arbiter.notation import parse_hand
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.profiles.model import Profile
from mahjong_arbiter.scoring import score, score_loser
from mahjong_arbiter.scoring.common import make_situation, profile_readings, rule_hits

FIXTURES = Path(__file__).parent / "fixtures" / "catalogue"


def _files() -> list[tuple[str, dict[str, Any]]]:
    return [(p.stem, tomllib.loads(p.read_text(encoding="utf-8"))) for p in sorted(FIXTURES.glob("*.toml"))
            if not p.stem.startswith("house-")]


def _entries(kind: str) -> list[Any]:
    params = []
    for stem, data in _files():
        defaults = data["defaults"]
        for i, entry in enumerate(data["hand"]):
            if kind in entry:
                name = entry["rule"].removeprefix("score.limit.").removeprefix("score.special.")
                params.append(pytest.param(entry, defaults, id=f"{stem}:{name}:{i}"))
    return params


def _profile(name: str) -> Profile:
    return load_profile(FIXTURES / name if name.endswith(".toml") else name)


def _context(defaults: dict[str, Any], *layers: dict[str, Any], bonus: tuple[Any, ...] = ()) -> Context:
    fields = dict(defaults.get("context", {}))
    for layer in layers:
        fields.update(layer)
    fields["events"] = frozenset(fields.get("events", ()))
    if bonus:
        fields["bonus_tiles"] = bonus
    return Context(**fields)


def _scored(hand: str, defaults: dict[str, Any], *layers: dict[str, Any], profile: str | None = None) -> Any:
    parsed = parse_hand(hand)
    ctx = _context(defaults, *layers, bonus=parsed.bonus_tiles)
    return score(parsed.hand, ctx, _profile(profile or defaults["profile"]))


@pytest.mark.parametrize(("entry", "defaults"), _entries("win"))
def test_winning_example(entry: dict[str, Any], defaults: dict[str, Any]) -> None:
    result = _scored(entry["win"], defaults, entry.get("context", {}))
    text = result.to_text(explain=True)
    assert entry["rule"] in {i.id for i in result.items}, text
    assert result.total == entry["total"], text


@pytest.mark.parametrize(("entry", "defaults"), _entries("fishing"))
def test_fishing_value(entry: dict[str, Any], defaults: dict[str, Any]) -> None:
    parsed = parse_hand(entry["fishing"])
    ctx = _context(defaults, entry.get("context", {}), bonus=parsed.bonus_tiles)
    result = score_loser(parsed.hand, ctx, _profile(defaults["profile"]))
    fishing = result.fields["fishing"]
    if entry.get("fishing_none"):
        assert fishing is None or fishing["rule"] != entry["rule"], fishing
        return
    assert fishing is not None and fishing["rule"] == entry["rule"], fishing
    assert result.total == entry["fishing_total"], result.to_text(explain=True)


@pytest.mark.parametrize(("entry", "defaults"), _entries("near"))
def test_near_miss_does_not_match(entry: dict[str, Any], defaults: dict[str, Any]) -> None:
    parsed = parse_hand(entry["near"])
    ctx = _context(defaults, entry.get("context", {}), entry.get("near_context", {}), bonus=parsed.bonus_tiles)
    profile = _profile(defaults["profile"])
    situation = make_situation(parsed.hand, ctx, profile)
    readings = profile_readings(parsed.hand, ctx, profile)
    held = [str(r) for r in readings if rule_hits(r, situation, profile, [entry["rule"]])]
    assert not held, f"{entry['rule']} holds on {held}"


@pytest.mark.parametrize(("entry", "defaults"), _entries("exposed"))
def test_exposed_sets(entry: dict[str, Any], defaults: dict[str, Any]) -> None:
    layers = (entry.get("context", {}), entry.get("exposed_context", {}))
    if entry.get("exposed_void"):
        try:
            result = _scored(entry["exposed"], defaults, *layers)
        except NotWinningError:
            return
        assert entry["rule"] not in {i.id for i in result.items}, result.to_text(explain=True)
        return
    result = _scored(entry["exposed"], defaults, *layers)
    assert entry["rule"] in {i.id for i in result.items}, result.to_text(explain=True)
    assert result.total == entry["exposed_total"], result.to_text(explain=True)


def _choices() -> list[Any]:
    return [pytest.param(case, data["defaults"], id=f"{stem}:{case['id']}")
            for stem, data in _files() for case in data.get("choice", ())]


@pytest.mark.parametrize(("case", "defaults"), _choices())
def test_open_question_choice(case: dict[str, Any], defaults: dict[str, Any]) -> None:
    """Each open question's answer, pinned (and the other answer through a house-rules file)."""
    if case.get("not_winning"):
        with pytest.raises(NotWinningError):
            _scored(case["hand"], defaults, case.get("context", {}), profile=case.get("profile"))
        return
    result = _scored(case["hand"], defaults, case.get("context", {}), profile=case.get("profile"))
    text = result.to_text(explain=True)
    assert result.total == case["total"], text
    for rid in case.get("items", ()):
        assert rid in {i.id for i in result.items}, text
    for rid in case.get("absent", ()):
        assert rid not in {i.id for i in result.items}, text


@pytest.mark.parametrize("stem", [stem for stem, _ in _files()])
def test_every_special_hand_has_its_fixtures(stem: str) -> None:
    """Every special hand of the profile has a winning example, a near miss and, where the hand has
    a fishing value, a fishing example; every case cites the book or the guide."""
    data = dict(_files())[stem]
    profile = load_profile(data["defaults"]["profile"])
    entries = data["hand"]
    specials = [r for r in profile.rules.values() if r.value_key == "limit" or r.params.get("calculated")]
    for rule in specials:
        mine = [e for e in entries if e["rule"] == rule.id]
        assert any("win" in e for e in mine) and any("near" in e for e in mine), f"{rule.id}: no win or near case"
        paid = rule.params.get("fishing") or rule.params.get("fishing_doubles")
        wanted = "fishing_total" if paid else "fishing_none"
        assert any(wanted in e for e in mine), f"{rule.id}: no fishing case ({wanted})"
    for entry in entries:
        assert entry["source"].startswith(("Thompson & Maloney 1997, p", "Club guide 2026, p")), entry["source"]
    assert {e["rule"] for e in entries} <= set(profile.rules)
