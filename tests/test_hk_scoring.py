"""Golden cases for the Hong Kong profiles (tests/fixtures/hk/*.toml), the faan arithmetic's cap,
minimum and payment tables, and one hand under several profiles.

Each case's expectation is computed by hand in the fixture file, next to the case's source.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from mahjong_arbiter.errors import NotWinningError
from mahjong_arbiter.hand import Context
from mahjong_arbiter.notation import parse_hand
from mahjong_arbiter.result import Result
from mahjong_arbiter.scoring import score
from mahjong_arbiter.scoring.faan import base_points

FIXTURES = Path(__file__).parent / "fixtures" / "hk"


def _cases(name: str, default_profile: str) -> list[Any]:
    data = tomllib.loads((FIXTURES / name).read_text(encoding="utf-8"))
    return [pytest.param({"profile": default_profile, **case}, id=case["id"]) for case in data["case"]]


def _score(case: dict[str, Any], backend: str) -> Result:
    parsed = parse_hand(case["hand"])
    context = Context(bonus_tiles=parsed.bonus_tiles, **case.get("context", {}))
    return score(parsed.hand, context, case["profile"], backend=backend)


def _check(case: dict[str, Any], backend: str) -> None:
    if "not_winning" in case:
        with pytest.raises(NotWinningError, match=case["not_winning"]):
            _score(case, backend)
        return
    result = _score(case, backend)
    explained = result.to_text(explain=True)
    assert {i.id: i.subtotal for i in result.items} == case["items"], explained
    assert result.total == case["total"], explained
    assert result.unit == "faan"
    if "base_points" in case:
        expected = None if case["base_points"] == "none" else case["base_points"]
        assert result.fields["base_points"] == expected, explained
    if "minimum_met" in case:
        assert result.fields["minimum_met"] is case["minimum_met"], explained
    for rule_id in case.get("suppressed", []):
        assert rule_id in {s.id for s in result.suppressed}, explained
    for text in case.get("notes", []):
        assert any(text in note for note in result.notes), explained


BACKENDS = [pytest.param("fast", id="fast"), pytest.param("cpsat", id="cpsat")]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("case", _cases("gameweave.toml", "hk-gameweave"))
def test_gameweave_golden(case: dict[str, Any], backend: str) -> None:
    _check(case, backend)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("case", _cases("old-style.toml", "hk-old-style"))
def test_old_style_golden(case: dict[str, Any], backend: str) -> None:
    _check(case, backend)


@pytest.mark.parametrize(
    ("faan", "expected"),
    [
        pytest.param(2, None, id="below-table"),
        pytest.param(3, 1, id="3-faan-1"),
        pytest.param(4, 2, id="4-faan-2"),
        pytest.param(6, 2, id="6-faan-2"),
        pytest.param(7, 4, id="7-faan-4"),
        pytest.param(9, 4, id="9-faan-4"),
        pytest.param(10, 8, id="10-faan-8"),
        pytest.param(13, 8, id="13-faan-8"),
    ],
)
def test_simple_base_table(faan: int, expected: int | None) -> None:
    """Wikipedia 'Mahjong', Old Hong Kong simplified base points: 3 = 1, 4-6 = 2, 7-9 = 4, 10+ = 8."""
    from mahjong_arbiter.profiles.loader import load_profile

    assert base_points(load_profile("hk-old-style").payments, faan) == expected


def test_payment_tables_match_hk_md() -> None:
    """Yawnoc scorer, README: the rows written out by hand: half-spicy and spicy multipliers for 0..13 faan."""
    from mahjong_arbiter.profiles.loader import load_profile

    payments = load_profile("hk-old-style").payments
    half_spicy = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384]
    spicy = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192]
    for name, row in (("half-spicy", half_spicy), ("spicy", spicy)):
        assert [base_points({**payments, "table": name}, f) for f in range(14)] == row
    assert payments["responsibility"] == "half"
    assert load_profile("hk-old-style-full").payments["responsibility"] == "full"


@pytest.mark.parametrize(
    ("profile", "hand", "cap", "expected"),
    [
        # gw-cap's tiles, all four pungs laid, on a discard: 1 + 3 + 7 + 4 = 15 faan; a table capping at
        # 10 pays 10
        pytest.param("hk-gameweave", "[111m,1][333m,1][555m,1][777m,1]9m9m{f1,f2,f3,f4}", 10, 10,
                     id="gameweave-cap-10"),
        # thirteen orphans is worth the whole cap (limit = 1): 8 under an 8-faan cap (Wikipedia HK scoring:
        # tables may set a lower cap, e.g. 8)
        pytest.param("hk-old-style", "19m19p19sESWNCFP1m", 8, 8, id="old-style-limit-hand-cap-8"),
        # a hand under the cap is untouched: pure one suit 6 + no flowers 1 = 7
        pytest.param("hk-old-style", "[111m,1][456m,1][789m,1]234m5m5m", 8, 7, id="old-style-under-cap"),
    ],
)
def test_cap_follows_the_table(profile: str, hand: str, cap: int, expected: int) -> None:
    from mahjong_arbiter.profiles.loader import load_profile

    parsed = parse_hand(hand)
    result = score(parsed.hand, Context(bonus_tiles=parsed.bonus_tiles), load_profile(profile).with_limit(cap))
    assert result.total == expected, result.to_text(explain=True)
    assert result.fields["cap_applied"] is (result.fields["uncapped"] > cap)


# One hand, four tables: EEE CCC 123m 555m all claimed + NN, won on N by discard, seat E, round E.
# One chow only, so that BMJA (at most one chow in an ordinary hand) lets it win too; all four sets
# laid, so that Gameweave's meld model lets it win on a discard.
SAME_HAND = "[EEE,1][CCC,1][123m,1][555m,1]NN"


def test_same_hand_under_both_hk_profiles() -> None:
    """hk-gameweave: base 1 + half flush 3 + dragon 1 + seat 1 + round 1 = 7 (Gameweave rules).
    hk-old-style: mixed one suit 3 + dragon 1 + seat 1 + round 1 + no flowers 1 = 7 faan -> base 4
    (HK sheet values; Wikipedia simple table 7-9 = 4)."""
    hand = parse_hand(SAME_HAND).hand
    gameweave = score(hand, Context(), "hk-gameweave")
    old_style = score(hand, Context(), "hk-old-style")
    assert gameweave.total == 7 and gameweave.fields["base_points"] is None
    assert old_style.total == 7 and old_style.fields["base_points"] == 4
    assert {i.id for i in gameweave.items} ^ {i.id for i in old_style.items} == {"hk.legal-win", "hk.no-flowers"}


def test_same_hand_under_mcr_and_bmja() -> None:
    """The same hand is worth 7 faan in both Hong Kong profiles, and:

    MCR (Green Book 2006): Half Flush 6 + Melded Hand 6 (four exposed sets, the pair on a discard;
    it includes the Single Wait) + Prevalent Wind 2 + Seat Wind 2 + Dragon Pung 2 = 18 points.
    BMJA: Mah-Jong 20 + two exposed pungs of honours 2 x 4 + exposed pung of simples 2 = 30
    points; doubles: dragon pung, own wind, prevailing wind, one suit with honours = 4, so
    30 x 2^4 = 480 points.
    """
    hand = parse_hand(SAME_HAND).hand
    mcr = score(hand, Context(), "mcr")
    bmja = score(hand, Context(), "bmja")
    assert (mcr.unit, mcr.total) == ("points", 18), mcr.to_text(explain=True)
    assert (bmja.unit, bmja.total) == ("points", 480), bmja.to_text(explain=True)


def test_every_value_has_a_golden_case() -> None:
    """Every row of hk-gameweave and hk-old-style, and every row a variant adds or amends, is
    scored in at least one golden case of that profile (Gameweave's 0-faan out-of-scope rows
    show up as notes instead)."""
    from mahjong_arbiter.profiles.loader import load_profile

    covered: dict[str, set[str]] = {}
    for name, default in (("gameweave.toml", "hk-gameweave"), ("old-style.toml", "hk-old-style")):
        for case in tomllib.loads((FIXTURES / name).read_text(encoding="utf-8"))["case"]:
            covered.setdefault(case.get("profile", default), set()).update(case.get("items", {}))
    for profile_id, cases in covered.items():
        profile = load_profile(profile_id)
        wanted = {
            rid
            for rid, entry in profile.rules.items()
            if profile.origin[rid] != "kept" and not entry.params.get("scope_note")
        }
        assert wanted <= cases, f"{profile_id}: no golden case for {sorted(wanted - cases)}"
