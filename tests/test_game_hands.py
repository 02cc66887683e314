"""Hands entered as tiles: ``game hand --hand PLAYER=HAND`` and ``settle`` with ``hands``.

Golden games in tests/fixtures/table/game_hands.toml (every score and payment worked out by hand
there); here also replay under a changed profile, refusals, and the settle JSON form.
"""

from __future__ import annotations

import io
import json
import sqlite3
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from mahjong_arbiter.cli import main

FIXTURES = Path(__file__).parent / "fixtures" / "table" / "game_hands.toml"
GAMES = {g["id"]: g for g in tomllib.loads(FIXTURES.read_text(encoding="utf-8"))["game"]}
BUZZARD_HAND_1 = GAMES["buzzard-tiles"]["hand"][0]


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "games.sqlite3")


def game(db: str, *args: str) -> int:
    return main(["game", *args, "--db", db])


def hand_args(case: dict[str, Any]) -> list[str]:
    """The command line of one fixture hand."""
    args = ["hand", "--winner", case["winner"], *case.get("flags", [])]
    if "discarder" in case:
        args += ["--discarder", case["discarder"]]
    for player, text in case["hands"].items():
        args += ["--hand", f"{player}={text}"]
    for player in case.get("partial", []):
        args += ["--partial", player]
    for player, value in case.get("typed", {}).items():
        args += ["--score", f"{player}={value}"]
    return args


def start(db: str, profile: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert game(db, "new", "--profile", profile, "--players", "Ann", "Bob", "Cat", "Dan") == 0
    capsys.readouterr()


@pytest.mark.parametrize("game_id", [pytest.param(g, id=g) for g in GAMES])
def test_golden_games_from_tiles(game_id: str, db: str, capsys: pytest.CaptureFixture[str]) -> None:
    spec = GAMES[game_id]
    start(db, spec["profile"], capsys)
    for case in spec["hand"]:
        assert game(db, *hand_args(case)) == 0
        out = capsys.readouterr().out
        assert out.startswith("hands scored:")
        for player in case["added"]:
            assert f"{player}: non_winner_limit added" in out
    assert game(db, "show", "--json") == 0
    rows = json.loads(capsys.readouterr().out)["hands"]
    assert len(rows) == len(spec["hand"])
    for row, case in zip(rows, spec["hand"], strict=True):
        assert row["scores"] == case["scores"]
        assert Counter((p["from"], p["to"], p["amount"]) for p in row["payments"]) == Counter(
            tuple(p) for p in case["payments"]
        )
        assert row["net"] == case["net"]
        added = [i["player"] for i in row["incidents"] if i["kind"] == "non_winner_limit"]
        assert added == case["added"]
    assert game(db, "replay") == 0


def stored(db: str, number: int) -> tuple[dict[str, Any], dict[str, Any]]:
    with sqlite3.connect(db) as conn:
        facts, result = conn.execute("SELECT facts, result FROM hands WHERE number = ?", (number,)).fetchone()
    return json.loads(facts), json.loads(result)


def test_the_evidence_is_kept(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    start(db, "buzzard-2000", capsys)
    assert game(db, *hand_args(BUZZARD_HAND_1), "--last-of-kind") == 0
    facts, result = stored(db, 1)
    # The facts keep the hands as entered (seats as letters), the winner's context, no scores.
    assert facts["hands"]["S"] == BUZZARD_HAND_1["hands"]["Bob"]
    assert facts["context"] == {"last_of_kind": True}
    assert facts["scores"] == {}
    # The result keeps each hand's resolved context and Result, and the incident it added.
    bob = result["hands"]["S"]
    assert bob["context"]["seat_wind"] == "S" and bob["context"]["prevailing_wind"] == "E"
    assert bob["context"]["last_of_kind"] is True
    assert bob["result"]["total"] == 92 and bob["result"]["profile"] == "buzzard-2000"
    assert result["hands"]["W"]["non_winner_limit"] is True
    assert result["incidents_added"][0]["player"] == "W"


def test_replay_rescoring_the_hands_under_a_changed_profile(
    tmp_path: Path, db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    club = tmp_path / "club.toml"
    club.write_text('id = "club"\nextends = "buzzard-2000"\n', encoding="utf-8")
    start(db, str(club), capsys)
    assert game(db, *hand_args(BUZZARD_HAND_1)) == 0
    assert game(db, "replay") == 0
    # The club raises Mah-Jong from 20 to 30: Bob's hand is (46 + 10) x 2 = 112 instead of 92.
    club.write_text(
        club.read_text(encoding="utf-8")
        + '[amend."score.bonus.mahjong"]\npoints = 30\nsource = "a club house rule (test)"\n',
        encoding="utf-8",
    )
    # A fresh process, as at the table (profiles are cached within one process).
    replay = subprocess.run(
        [sys.executable, "-m", "mahjong_arbiter", "game", "replay", "--db", db],
        capture_output=True,
        text=True,
        check=False,
    )
    assert replay.returncode == 1
    out = replay.stdout
    assert "hand 1.hands.S.result.total: stored 92, recomputed 112" in out
    assert "hand 1.scores.S: stored 92, recomputed 112" in out
    assert "pinned fingerprint" in out
    # Ann (East) now pays Bob 112 x 2 = 224 instead of 184.
    assert "stored 184, recomputed 224" in out


@pytest.mark.parametrize(
    "profile",
    [
        pytest.param(["mcr"], id="mcr"),
        pytest.param(["hk-old-style", "--after-east-win", "stays", "--after-draw", "stays"], id="hong-kong"),
    ],
)
def test_a_loser_hand_is_refused_where_only_the_winner_scores(
    profile: list[str], db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert game(db, "new", "--profile", *profile, "--players", "Ann", "Bob", "Cat", "Dan") == 0
    args = ["hand", "--winner", "Ann", "--self-drawn", "--score", "Ann=8", "--hand", "Cat=123m456p789s1234s"]
    assert game(db, *args) == 2
    err = capsys.readouterr().err
    assert "hands.W (Cat)" in err and "scores only the winner's hand" in err and "give no hand for W (Cat)" in err
    assert game(db, "show", "--json") == 0
    assert json.loads(capsys.readouterr().out)["hands"] == []


def test_a_typed_score_must_agree_with_the_hand(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    start(db, "buzzard-2000", capsys)
    # Ann's hand scores 16 (fixture hand 1); 20 typed beside it is refused, naming her.
    assert game(db, *hand_args(BUZZARD_HAND_1), "--score", "Ann=20") == 2
    err = capsys.readouterr().err
    assert "E (Ann): the typed score 20 disagrees with the hand's score 16" in err
    assert game(db, *hand_args(BUZZARD_HAND_1), "--score", "Ann=16", "--score", "Bob=92") == 0


def test_a_negative_typed_score_names_the_option_typed(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    start(db, "bmja", capsys)
    assert game(db, "hand", "--winner", "Bob", "--self-drawn", "--score", "Bob=-20") == 2
    err = capsys.readouterr().err
    assert "--score Bob=-20: a score cannot be below 0" in err and "scores.S" not in err


@pytest.mark.parametrize(
    ("extra", "status", "message"),
    [
        pytest.param(
            ["--incident", "non_winner_limit:Dan"], 2, "N (Dan): a non_winner_limit is reported", id="nwl-not-held"
        ),
        pytest.param(["--event", "east_13th_consecutive"], 2, "contradicts the ledger", id="not-east-13th"),
        pytest.param(["--partial", "Bob"], 2, "partial: S (Bob) is the winner", id="partial-winner"),
        pytest.param(["--hand", "Bob=123m"], 2, "--hand: Bob is given twice", id="hand-twice"),
    ],
)
def test_hands_that_contradict_the_facts(
    extra: list[str], status: int, message: str, db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    start(db, "buzzard-2000", capsys)
    assert game(db, *hand_args(BUZZARD_HAND_1), *extra) == status
    assert message in capsys.readouterr().err


def test_a_winner_hand_that_does_not_win_is_not_recorded(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    start(db, "buzzard-2000", capsys)
    assert game(db, "hand", "--winner", "Bob", "--self-drawn", "--hand", "Bob=1m4m7m2p5p8p3s6s9sESWNC") == 1
    assert "hands.S (Bob): the winner's hand does not win under buzzard-2000" in capsys.readouterr().err
    assert game(db, "hand", "--winner", "Bob", "--self-drawn", "--hand", "Cat=123m456p789s1234s") == 0
    # a loser's 14 tiles, or fewer than 13 without --partial, is bad input
    assert game(db, "hand", "--winner", "Bob", "--self-drawn", "--hand", "Cat=123m456p789s12345s") == 2
    assert game(db, "hand", "--winner", "Bob", "--self-drawn", "--hand", "Cat=123m") == 2


def settle(facts: dict[str, Any], monkeypatch: pytest.MonkeyPatch, *flags: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(facts)))
    return main(["settle", *flags])


def test_settle_scores_the_hands_it_is_given(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The fixture's Buzzard hand 1 with seats for names (Ann E, Bob S, Cat W, Dan N).
    seat = {"Ann": "E", "Bob": "S", "Cat": "W", "Dan": "N"}
    facts = {
        "profile": "buzzard-2000",
        "winner": "S",
        "discarder": "W",
        "hands": {seat[p]: h for p, h in BUZZARD_HAND_1["hands"].items()},
        "context": {"last_of_kind": True},
    }
    assert settle(facts, monkeypatch, "--json") == 0
    out = json.loads(capsys.readouterr().out)
    assert out["scores"] == {seat[p]: v for p, v in BUZZARD_HAND_1["scores"].items()}
    assert out["net"] == {seat[p]: v for p, v in BUZZARD_HAND_1["net"].items()}
    assert [i["player"] for i in out["incidents_added"]] == ["W"]
    assert out["hands"]["S"]["result"]["total"] == 92
    assert settle(facts, monkeypatch) == 0
    text = capsys.readouterr().out
    assert text.startswith("hands scored:") and "W: non_winner_limit added" in text


def test_settle_prevailing_wind_and_limit(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # North in the North round: [NNN,1] is 4, own wind x2, round wind x2 -> 16.
    # Cat's incomplete Three-Dragon hand takes the facts' limit 1000 rather than the profile's 600.
    facts = {
        "profile": "buzzard-2000",
        "limit": 1000,
        "winner": "S",
        "self_drawn": True,
        "scores": {"S": 30},
        "prevailing_wind": "N",
        "hands": {"N": "[NNN,1]23m456p79s1sEW", "W": "[CCC,1][FFF,1]PPP2m3m5pE"},
    }
    assert settle(facts, monkeypatch, "--json") == 0
    out = json.loads(capsys.readouterr().out)
    assert out["scores"] == {"E": 0, "S": 30, "W": 1000, "N": 16}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param({"context": {"seat_wind": "E"}}, "context.seat_wind: not given here", id="seat-wind-in-context"),
        pytest.param({"context": {"flowers": 2}}, "bonus tiles go in the hand's braces", id="flowers-in-context"),
        pytest.param({"context": {"last_tile": 1}}, "context.last_tile: 1 is not true or false", id="flag-type"),
        pytest.param({"hands": {"X": "123m"}}, "hands.X: 'X' is not a seat", id="bad-seat"),
        pytest.param(
            {"hands": {"S": BUZZARD_HAND_1["hands"]["Bob"]}, "partial": ["N"]},
            "partial[0]: N has no hand",
            id="partial-without-hand",
        ),
        pytest.param({"winner": None, "discarder": None}, "context: describes the winning hand", id="draw-context"),
        pytest.param({"profile": "mcr"}, "hands.E: profile mcr (mcr) scores only the winner's hand", id="mcr-loser"),
        pytest.param({"scores": {"E": 1}}, "E: the typed score 1 disagrees with the hand's score 16", id="mismatch"),
    ],
)
def test_settle_refuses_bad_hands(
    change: dict[str, Any], message: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seat = {"Ann": "E", "Bob": "S", "Cat": "W", "Dan": "N"}
    facts = {
        "profile": "buzzard-2000",
        "winner": "S",
        "discarder": "W",
        "hands": {seat[p]: h for p, h in BUZZARD_HAND_1["hands"].items()},
        "context": {"last_of_kind": True},
        **change,
    }
    assert settle(facts, monkeypatch) == 2
    assert message in capsys.readouterr().err


def test_game_hand_from_a_settle_json_file_with_hands(
    tmp_path: Path, db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    start(db, "buzzard-2000", capsys)
    path = tmp_path / "hand.json"
    facts = {"winner": "S", "discarder": "W", "hands": {"S": BUZZARD_HAND_1["hands"]["Bob"]}, "prevailing_wind": "S"}
    path.write_text(json.dumps(facts), encoding="utf-8")
    assert game(db, "hand", "--input", str(path)) == 2
    assert "the game is in the E round, not S" in capsys.readouterr().err
    del facts["prevailing_wind"]
    path.write_text(json.dumps(facts), encoding="utf-8")
    assert game(db, "hand", "--input", str(path)) == 0
    assert game(db, "hand", "--input", str(path), "--hand", "Ann=123m") == 2
    assert "--input replaces the other hand options (--hand)" in capsys.readouterr().err


def test_east_thirteenth_consecutive_win_comes_from_the_ledger(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    start(db, "buzzard-2000", capsys)
    for _ in range(12):
        assert game(db, "hand", "--winner", "Ann", "--self-drawn", "--score", "Ann=10") == 0
    capsys.readouterr()
    # Ann's thirteenth consecutive win as East: the limit 600 (ledger D 10), though the hand alone,
    # 123m 456p 789s 234s EE self-drawn, is an ordinary hand; the event is derived, not typed.
    assert game(db, "hand", "--winner", "Ann", "--self-drawn", "--hand", "Ann=123m456p789s234sEE", "--json") == 0
    result = json.loads(capsys.readouterr().out)
    assert result["scores"]["E"] == 600
    assert "east_13th_consecutive" in result["hands"]["E"]["context"]["events"]


# A partial loser who shows bonus tiles only (the rest of the hand scores nothing) scores the
# bonus tiles: BMJA rules, Working out the scores (a flower or season 4 points; one's own flower
# or season 1 double), which buzzard-2000 and bmja both take.  This was IndexError (exit 3).
def test_a_partial_loser_with_bonus_tiles_only(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "{f1}", "--loser", "--partial", "--profile", "bmja", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["total"], out["points"], out["doubles"], out["groups"]) == (8, 4, 1, [])  # East's own: 4 x 2

    facts = {"profile": "buzzard-2000", "winner": "S", "discarder": "W",
             "hands": {"S": "[555m,1][777p,1]333s444mSS", "N": "{f2}"}, "partial": ["N"]}
    sys.stdin = io.StringIO(json.dumps(facts))
    try:
        assert main(["settle", "--json"]) == 0
    finally:
        sys.stdin = sys.__stdin__
    settled = json.loads(capsys.readouterr().out)
    assert settled["scores"]["N"] == 4  # f2 is not North's own (f4 is): 4 points, no double
    assert settled["net"]["N"] == -92 + 8 + 4  # pays the winner 92; East pays 4 x2, West 4

    start(db, "buzzard-2000", capsys)
    assert game(db, "hand", "--winner", "Cat", "--discarder", "Dan", "--score", "Cat=50",
                "--hand", "Ann={f1}", "--partial", "Ann", "--json") == 0
    assert json.loads(capsys.readouterr().out)["scores"] == {"E": 8, "S": 0, "W": 50, "N": 0}


def test_a_loser_with_no_tiles_at_all_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    sys.stdin = io.StringIO('{"concealed": [], "winning_tile": null}\n')
    try:
        assert main(["score", "--input", "-", "--loser", "--partial", "--profile", "bmja"]) == 2
    finally:
        sys.stdin = sys.__stdin__
    assert "the hand is empty: no tiles and no bonus tiles given" in capsys.readouterr().out
    # written as a string with its bonus tiles as a count, the hand is still empty: the message says
    # how to write a hand of bonus tiles only
    assert main(["score", "", "--flowers", "2", "--loser", "--partial", "--profile", "bmja"]) == 2
    assert "writes them in braces: '{f1,s3}'" in capsys.readouterr().err


# Bonus tiles do not count towards the minimum: MCR, Green Book 2006 §3.11.6.6 (flowers do not
# count towards the 8 points); Hong Kong, Wikipedia HK scoring (bonus tiles are not included in the
# minimum faan).  By hand: 234m456p678s22sCCC won on a discard under mcr is Dragon Pung 2 +
# Concealed Hand 2 = 4 points (Green Book 2006, fans 59 and 62), + 4 Flower Tiles (fan 81) = 8.
# 123m456p789s234m55p{f2,s2} won by South on a discard under hk-old-style is All Chows 1 +
# Concealed Hand 1 = 2 faan (HK sheet, Purity and General), + Own Flower 1 + Own Season 1 (HK
# sheet, Flowers/Seasons: South is 2) = 4 faan, 2 of them towards the 3-faan minimum.
BELOW_MINIMUM = [
    pytest.param("mcr", "234m456p678s22sCCC{f1,f2,f3,f4}", id="mcr-flowers-lift-4-to-8"),
    pytest.param("hk-old-style", "123m456p789s234m55p{f2,s2}", id="hk-bonus-faan-lift-2-to-4"),
]


@pytest.mark.parametrize(("profile", "hand"), BELOW_MINIMUM)
def test_bonus_tiles_do_not_lift_a_hand_over_the_minimum(
    profile: str, hand: str, db: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from mahjong_arbiter.errors import NotWinningError
    from mahjong_arbiter.profiles.loader import load_profile
    from mahjong_arbiter.table.evidence import score_hands, split_evidence
    from mahjong_arbiter.table.facts import parse_facts

    facts = {"profile": profile, "winner": "S", "discarder": "W", "hands": {"S": hand}}
    evidence, rest = split_evidence(dict(facts))
    loaded = load_profile(profile)
    with pytest.raises(NotWinningError) as caught:
        score_hands(parse_facts(rest), evidence, loaded, limit=loaded.limit, prevailing="E")
    assert caught.value.code == "below_minimum"  # as a typed score below the minimum is refused
    assert settle(facts, monkeypatch) == 1
    assert "below" in capsys.readouterr().err
    deal = ["--after-east-win", "stays", "--after-draw", "stays"] if profile.startswith("hk") else []
    assert game(db, "new", "--profile", profile, "--players", "Ann", "Bob", "Cat", "Dan", *deal) == 0
    capsys.readouterr()
    assert game(db, "hand", "--winner", "Bob", "--discarder", "Cat", "--hand", f"Bob={hand}") == 1
    assert "minimum" in capsys.readouterr().err
    assert game(db, "show", "--json") == 0
    assert json.loads(capsys.readouterr().out)["hands"] == []  # nothing recorded
