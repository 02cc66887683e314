"""Settlement reads the profile's own data: a house-rules file changes settlement (its minimum, its
payment shares, its incidents), and every settlement key is validated when the profile loads."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from mahjong_arbiter.errors import ArbiterError, ProfileError
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.table.facts import parse_facts
from mahjong_arbiter.table.settlement import settle


def _house(tmp_path: Path, text: str, name: str = "house.toml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _net(profile: str, **facts: Any) -> dict[str, Fraction]:
    return dict(settle(parse_facts({"profile": profile, **facts})).net)


def test_a_house_minimum_of_one_faan_settles_a_two_faan_hand(tmp_path: Path) -> None:
    # issue 11 section 3: minimum = 1 over hk-old-style scored the hand but settle refused it
    # ("a win needs at least 3 faan").  With the half-spicy table (Yawnoc scorer, README:
    # 2 faan = 4) and half responsibility: W discarded and pays 4, E and N 2 each; S +8.
    house = _house(tmp_path, 'id = "house"\nextends = "hk-old-style"\nminimum = 1\n[payments]\ntable = "half-spicy"\n')
    assert _net(house, winner="S", discarder="W", scores={"S": 2}) == {"E": -2, "S": 8, "W": -4, "N": -2}


def test_a_minimum_below_the_payment_table_fails_at_load(tmp_path: Path) -> None:
    house = _house(tmp_path, 'id = "house"\nextends = "hk-old-style"\nminimum = 1\n')
    message = r"house\.toml: \[payments\.tables\.simple\] starts at 3 faan, above the minimum 1"
    with pytest.raises(ProfileError, match=message):
        load_profile(house)


def test_payment_shares_are_read_from_the_profile(tmp_path: Path) -> None:
    # a house rule where every loser pays a whole portion on a discard win: 4 faan = 2 base points
    # on the simple table (Wikipedia HK scoring), a portion of 4 (portion = 2: the discarder pays
    # double), so W, E and N pay 4 each and S gains 12.
    house = _house(
        tmp_path,
        'id = "house"\nextends = "hk-old-style"\n[payments]\nresponsibility = "everyone"\n'
        '[payments.shares.everyone]\ndiscarder = 1\nother = 1\nsource = "our house rule"\n',
    )
    assert _net(house, winner="S", discarder="W", scores={"S": 4}) == {"E": -4, "S": 12, "W": -4, "N": -4}


def test_each_payment_says_how_many_portions_it_is(tmp_path: Path) -> None:
    # a house rule where each loser pays three portions on a self-draw: 3 faan = 1 base point on
    # the simple table, a portion of 2, so each pays 6, and the reason says 3 portions (it said
    # only "= 1 a portion") and what a portion is
    house = _house(
        tmp_path,
        'id = "house"\nextends = "hk-old-style"\n[payments.shares.self_drawn]\neach_loser = 3\n'
        'source = "our house rule"\n',
    )
    payments = settle(parse_facts({"profile": house, "winner": "S", "self_drawn": True, "scores": {"S": 3}})).payments
    assert {(p.from_seat, p.amount) for p in payments} == {("E", 6), ("W", 6), ("N", 6)}
    assert all(p.why.endswith("3 faan = 1 x 2 = 2 a portion (simple table), self-drawn: 3 portions") for p in payments)
    # hk-old-style, half responsibility (Yawnoc scorer, README): W discarded and pays a portion, E and N half
    half = settle(parse_facts({"profile": "hk-old-style", "winner": "S", "discarder": "W", "scores": {"S": 4}}))
    assert {p.from_seat: p.why.rsplit(": ", 1)[1] for p in half.payments} == {
        "W": "1 portion", "E": "half a portion", "N": "half a portion"}


CANNON = """
id = "club"
extends = "buzzard-2000"
[settlement.incidents.cannon]
effect = "pays_for_all"
excusable = true
meaning = "A dangerous discard the table rules a cannon; 'No choice!' accepted cancels it"
source = "our club's rule"
"""


def test_a_house_file_declares_a_new_incident_kind_and_keeps_the_inherited_ones(tmp_path: Path) -> None:
    club = _house(tmp_path, CANNON)
    rules = load_profile(club).settlement_rules
    assert rules is not None
    assert {k: r.effect for k, r in rules.incidents.items()} == {
        "false_mahjong": "penalty_to_each",
        "liability": "pays_for_all",
        "wrong_tile_count": "dead_hand",
        "non_winner_limit": "collects_limit",
        "cannon": "pays_for_all",
    }
    hand = {"winner": "S", "discarder": "E", "scores": {"S": 60, "W": 30}}
    # E fed the cannon: E pays E's share 60 x 2 plus W's 60 and N's 60 = 240 (Buzzard 2000, page 12).
    cannon = [{"kind": "cannon", "player": "E", "trigger": "third dragon"}]
    assert _net(club, **hand, incidents=cannon) == {"E": -240, "S": 240, "W": 0, "N": 0}
    # "No choice!" accepted: ordinary settlement.  E 120, W 60, N 60 to S; losers E 0, W 30, N 0:
    # W collects (30 - 0) x 2 = 60 from E and 30 from N.  E -180, S +240, W +30, N -90.
    excused = [{**cannon[0], "excused": True}]
    assert _net(club, **hand, incidents=excused) == {"E": -180, "S": 240, "W": 30, "N": -90}


def test_an_excuse_is_refused_where_the_kind_takes_none(tmp_path: Path) -> None:
    facts = {"profile": "buzzard-2000", "winner": "S", "discarder": "E", "scores": {"S": 60}}
    incident = {"kind": "liability", "player": "E", "excused": True}
    with pytest.raises(ArbiterError, match="excused does not apply to liability under buzzard-2000"):
        settle(parse_facts({**facts, "incidents": [incident]}))


def test_a_profile_without_settlement_data_is_refused_by_name(tmp_path: Path) -> None:
    root = _house(
        tmp_path,
        'id = "bare"\nlabel = "no table data"\narithmetic = "classical"\nlimit = 500\n'
        '[rules."score.base.chow"]\nname = "Chow"\npoints = 0\n',
    )
    with pytest.raises(ArbiterError, match="profile bare has no \\[settlement\\] data") as info:
        settle(parse_facts({"profile": root, "winner": None}))
    assert info.value.code == "no_settlement"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("[settlement]\neast_multipler = 3", r"\[settlement\] unknown field 'east_multipler'", id="key"),
        pytest.param(
            "[settlement.incidents.false_mahjong]\neffect = 'penalty_to_each'\nlimit = 1",
            r"\[settlement\.incidents\.false_mahjong\] unknown field 'limit'",
            id="incident-key",
        ),
        pytest.param(
            "[settlement.incidents.cannon]\neffect = 'fine'",
            r"\[settlement\.incidents\.cannon\] effect: must be one of refused, pays_for_all",
            id="effect",
        ),
        pytest.param(
            "[settlement.incidents.false_mahjong]\neffect = 'penalty_to_each'\nportion_at_cap = true",
            r"portion_at_cap: only a hong-kong settlement has portions",
            id="effect-for-another-method",
        ),
        pytest.param(
            "[progression]\nafter_draw = 'stay'", r"\[progression\] after_draw: must be one of stays", id="deal"
        ),
        pytest.param("[settlement]\ndraw = 'every'", r"\[settlement\] draw: must be one of none, pairwise", id="draw"),
        pytest.param(
            "[settlement.incidents.false_mahjong]\neffect = 'penalty_to_each'\nlimits = nan",
            r"limits'? must be a finite number",
            id="nan",
        ),
        pytest.param("[settlement]\nbase = 8", r"base: belongs to a mcr settlement", id="other-method-key"),
        pytest.param(
            "[payments.tables.t]\nsteps = [[0, 1]]", r"\[payments\] belongs to a hong-kong settlement", id="payments"
        ),
    ],
)
def test_settlement_data_is_validated_at_load(tmp_path: Path, text: str, message: str) -> None:
    house = _house(tmp_path, f'id = "house"\nextends = "buzzard-2000"\n{text}\n')
    with pytest.raises(ProfileError, match=message) as info:
        load_profile(house)
    assert "house.toml" in info.value.message


def test_the_readme_settlement_table_comes_from_the_data() -> None:
    from mahjong_arbiter.profiles.describe import settlement_markdown

    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    start = readme.index("<!-- settlement table:")
    block = readme[readme.index("\n", start) + 1 : readme.index("<!-- end of settlement table -->")].strip()
    assert block == settlement_markdown(), (
        "README.md's settlement table drifted from the profiles' data; regenerate it with "
        "python -c 'from mahjong_arbiter.profiles.describe import settlement_markdown; print(settlement_markdown())'"
    )


def test_profiles_show_prints_the_settlement_with_its_sources(capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong_arbiter.cli import main

    assert main(["profiles", "show", "buzzard-2000"]) == 0
    out = capsys.readouterr().out
    assert "settlement (classical): Buzzard 2000, page 8" in out
    assert "wrong_tile_count  the hand is dead" in out and "Buzzard 2000, page 7 rule 12" in out
    assert "progression: after an East win East stays; after a draw East stays" in out


def test_profiles_with_a_profile_alone_shows_it(capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong_arbiter.cli import main

    assert main(["profiles", "show", "mcr-mil"]) == 0
    shown = capsys.readouterr().out
    assert main(["profiles", "mcr-mil"]) == 0 and capsys.readouterr().out == shown
    assert main(["profiles", "mcr", "mcr-mil"]) == 2  # two names need diff: said, not guessed
    assert "'mcr' is not list, show or diff" in capsys.readouterr().err
    assert main(["profiles", "nosuch"]) == 2 and "unknown profile 'nosuch'" in capsys.readouterr().err


def test_the_fingerprint_hashes_what_decides_not_citations(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12 section 3: equal fingerprints score (and settle) every hand alike; a citation,
    a name or a note never changes one; a value, a settlement value or the package version does."""
    import mahjong_arbiter

    base = load_profile("buzzard-2000").fingerprint

    def fingerprint(text: str) -> str:
        path = tmp_path / f"p{abs(hash(text))}.toml"
        path.write_text('id = "buzzard-2000"\nextends = "buzzard-2000"\n' + text, encoding="utf-8")
        return load_profile(str(path)).fingerprint

    assert fingerprint("") == base
    assert fingerprint('[amend."score.bonus.mahjong"]\nsource = "another citation"\nname = "Going out"') == base
    assert fingerprint('[settlement]\nsource = "another citation"\ndraw_source = "x"') == base
    assert fingerprint('[amend."score.bonus.mahjong"]\npoints = 30') != base
    assert fingerprint("[settlement.incidents.false_mahjong]\neffect = 'penalty_to_each'\nlimits = 1") != base
    assert fingerprint("[progression]\nafter_draw = 'passes'") != base
    monkeypatch.setattr(mahjong_arbiter, "__version__", "99.0")
    assert fingerprint("") != base
