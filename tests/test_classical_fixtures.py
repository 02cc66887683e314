"""Golden fixtures for the classical profiles (BMJA, Buzzard 2000, the Codification, house rules).

Every case lives in a TOML file under tests/fixtures/classical/ (``cases_*.toml``) with its source
and a hand-computed expectation in a comment; the test id is the case id.  A case gives:

- ``profile``: a built-in id or a profile file in that folder (``club.toml``);
- ``hand``: a hand string (winning tile last; bonus tiles in braces), ``loser = true`` for a
  loser's thirteen (``partial = true`` for fewer);
- ``context``: Context fields (``seat_wind``, ``prevailing_wind``, ``self_drawn``, ``kong_related``,
  ``last_tile``, ``last_of_kind``, ``events``), over the file's ``[defaults] context``;
- ``total``, or ``not_winning`` (a fragment of the reason), or ``bad_context`` (a fragment of the
  message refusing a context the hand makes impossible);
- optionally ``items`` (ids that must count), ``absent`` (ids that must not), ``suppressed``,
  ``fields`` (a subset of the result's fields), ``non_winner_limit`` (the section E function).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from mahjong_arbiter.errors import HandError, NotWinningError
from mahjong_arbiter.hand import Context
from mahjong_arbiter.notation import parse_hand
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.profiles.model import Profile
from mahjong_arbiter.result import Result
from mahjong_arbiter.scoring import score, score_loser
from mahjong_arbiter.scoring.classical import non_winner_limit

FIXTURES = Path(__file__).parent / "fixtures" / "classical"


def _cases() -> list[Any]:
    params = []
    for path in sorted(FIXTURES.glob("cases_*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        defaults = data.get("defaults", {}).get("context", {})
        for case in data["case"]:
            params.append(pytest.param(case, defaults, id=case["id"]))
    return params


def _profile(name: str) -> Profile:
    return load_profile(FIXTURES / name if name.endswith(".toml") else name)


def _context(case: dict[str, Any], defaults: dict[str, Any], bonus: tuple[Any, ...]) -> Context:
    fields = {**defaults, **case.get("context", {})}
    fields["events"] = frozenset(fields.get("events", ()))
    if bonus:
        fields["bonus_tiles"] = bonus
    return Context(**fields)


def _result(case: dict[str, Any], defaults: dict[str, Any]) -> Result:
    parsed = parse_hand(case["hand"], partial=case.get("partial", False))
    ctx = _context(case, defaults, parsed.bonus_tiles)
    profile = _profile(case["profile"])
    return score_loser(parsed.hand, ctx, profile) if case.get("loser") else score(parsed.hand, ctx, profile)


@pytest.mark.parametrize(("case", "defaults"), _cases())
def test_classical_case(case: dict[str, Any], defaults: dict[str, Any]) -> None:
    parsed = parse_hand(case["hand"], partial=case.get("partial", False))
    ctx = _context(case, defaults, parsed.bonus_tiles)
    profile = _profile(case["profile"])
    if "bad_context" in case:
        with pytest.raises(HandError) as refused:
            score(parsed.hand, ctx, profile)
        assert refused.value.code == "bad_context" and case["bad_context"] in refused.value.message
        return
    if "not_winning" in case:
        with pytest.raises(NotWinningError) as caught:
            score(parsed.hand, ctx, profile)
        assert case["not_winning"] in caught.value.message
        return
    result = _result(case, defaults)
    explanation = result.to_text(explain=True)
    assert result.total == case["total"], explanation
    assert result.unit == "points"
    counted = {item.id for item in result.items}
    for rid in case.get("items", ()):
        assert rid in counted, f"{rid} not counted\n{explanation}"
    for rid in case.get("absent", ()):
        assert rid not in counted, f"{rid} counted\n{explanation}"
    gone = {s.id for s in result.suppressed}
    for rid in case.get("suppressed", ()):
        assert rid in gone, f"{rid} not suppressed\n{explanation}"
    for key, value in case.get("fields", {}).items():
        assert result.fields[key] == value, f"field {key}\n{explanation}"
    if "non_winner_limit" in case:
        assert non_winner_limit(parsed.hand, ctx, profile) is case["non_winner_limit"]


@pytest.mark.parametrize("profile_id", ["bmja", "buzzard-2000", "codification"])
def test_every_rule_has_a_golden_case(profile_id: str) -> None:
    """Every rule of each classical profile counts (or is suppressed) in at least one golden case."""
    seen: set[str] = set()
    for param in _cases():
        case, defaults = param.values
        if case["profile"] != profile_id or "not_winning" in case or "bad_context" in case:
            continue
        result = _result(case, defaults)
        seen.update(item.id for item in result.items)
        seen.update(gone.id for gone in result.suppressed)
    missing = sorted(set(load_profile(profile_id).rules) - seen)
    assert not missing, f"{profile_id}: no golden case for {missing}"
