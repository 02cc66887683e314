"""``mahjong-arbiter game``: a kept game, its ledger, replay, undo, export, and crash safety."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong_arbiter.cli import main
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.table.ledger import PAUSE_ENV, Ledger, default_db_path


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "games.sqlite3")


def game(db: str, *args: str) -> int:
    return main(["game", *args, "--db", db])


def show(db: str, capsys: pytest.CaptureFixture[str]) -> dict:  # type: ignore[type-arg]
    capsys.readouterr()
    assert game(db, "show", "--json") == 0
    return json.loads(capsys.readouterr().out)


def play_buzzard(db: str) -> None:
    assert game(db, "new", "--profile", "buzzard-2000", "--players", "Ann", "Bob", "Cat", "Dan") == 0
    # Hand 1, Ann East: Bob (S) 56 on Cat's discard; Ann 20, Cat 8, Dan 0 (the scores, no incident).
    assert (
        game(
            db,
            "hand",
            "--winner",
            "Bob",
            "--discarder",
            "Cat",
            "--score",
            "Ann=20",
            "--score",
            "Bob=56",
            "--score",
            "Cat=8",
        )
        == 0
    )
    # Hand 2, Bob East: Bob self-draws 120; Dan 30.
    assert game(db, "hand", "--winner", "Bob", "--self-drawn", "--score", "Bob=120", "--score", "Dan=30") == 0
    # Hand 3: dead hand.
    assert game(db, "draw") == 0
    # Hand 4: Ann (N) 60 on Dan's discard, Dan liable.
    assert (
        game(
            db,
            "hand",
            "--winner",
            "Ann",
            "--discarder",
            "Dan",
            "--score",
            "Ann=60",
            "--incident",
            "liability:Dan:three exposed pungs of one suit",
        )
        == 0
    )


def test_a_game_of_several_hands(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    play_buzzard(db)
    ledger = show(db, capsys)
    hands = ledger["hands"]
    assert [h["east"] for h in hands] == ["Ann", "Bob", "Bob", "Bob"]
    assert [h["winner"] for h in hands] == ["Bob", "Bob", None, "Ann"]
    # Hand 1 (as bmja-east-loses): Ann -48, Bob +224, Cat -72, Dan -104.
    assert hands[0]["net"] == {"Ann": -48, "Bob": 224, "Cat": -72, "Dan": -104}
    # Hand 2, Bob East 120 self-drawn: 240 from each (+720); Dan 30 collects 30 from Ann and Cat.
    assert hands[1]["net"] == {"Ann": -270, "Bob": 720, "Cat": -270, "Dan": -180}
    # Hand 3 a dead hand (Buzzard): nothing.  Hand 4: Dan pays Bob's 120 + Cat's 60 + his 60 = 240.
    assert hands[3]["net"] == {"Ann": 240, "Bob": 0, "Cat": 0, "Dan": -240}
    assert hands[-1]["totals"] == {"Ann": -78, "Bob": 944, "Cat": -342, "Dan": -524}
    assert sum(hands[-1]["totals"].values()) == 0
    # the game is pinned to the shipped profile's fingerprint (the limit is part of what it hashes)
    pinned = load_profile("buzzard-2000").with_limit(600).fingerprint
    assert ledger["game"]["limit"] == 600 and ledger["game"]["fingerprint"] == pinned


def test_replay_matches_and_sees_an_edited_result(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    play_buzzard(db)
    capsys.readouterr()
    assert game(db, "replay") == 0
    assert "4 hand(s) replayed, no difference" in capsys.readouterr().out
    with sqlite3.connect(db) as con:
        con.execute("UPDATE transactions SET amount = '100' WHERE payer = 'Ann' AND amount = '112'")
    assert game(db, "replay") == 1
    out = capsys.readouterr().out
    assert "hand 1.transactions[0]" in out and "'100'" in out and "'112'" in out


def test_replay_sees_an_edited_stored_net(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    play_buzzard(db)
    with sqlite3.connect(db) as con:
        (result,) = con.execute("SELECT result FROM hands WHERE number = 2").fetchone()
        edited = json.loads(result)
        edited["settlement"]["net"]["E"] = 700
        con.execute("UPDATE hands SET result = ? WHERE number = 2", (json.dumps(edited),))
    capsys.readouterr()
    assert game(db, "replay") == 1
    assert "hand 2.settlement.net.E: stored 700, recomputed 720" in capsys.readouterr().out


def test_undo_removes_the_last_hand(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    play_buzzard(db)
    assert game(db, "undo") == 0
    assert len(show(db, capsys)["hands"]) == 3
    with sqlite3.connect(db) as con:
        # hands 1-3 keep their 6 + 5 + 0 payments; the liability payment of hand 4 is gone.
        assert con.execute("SELECT count(*) FROM transactions").fetchone() == (11,)
    assert game(db, "replay") == 0


def test_export_json_and_csv(db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    play_buzzard(db)
    out = tmp_path / "game.csv"
    assert game(db, "export", "--format", "csv", "--output", str(out)) == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert [r["winner"] for r in rows] == ["Bob", "Bob", "", "Ann"]
    assert rows[-1]["Bob total"] == "944"
    capsys.readouterr()
    assert game(db, "export") == 0
    exported = json.loads(capsys.readouterr().out)
    assert exported["game"]["players"] == ["Ann", "Bob", "Cat", "Dan"] and len(exported["hands"]) == 4


def test_schema_is_versioned_and_wal(db: str) -> None:
    with Ledger.open(db) as ledger:
        assert ledger.schema_version == 2
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert [r[0] for r in con.execute("SELECT version FROM schema_migrations")] == [1, 2]
    with Ledger.open(db) as ledger:  # re-opening applies nothing twice
        assert ledger.schema_version == 2


def test_default_db_is_in_the_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_db_path() == tmp_path / "mahjong-arbiter" / "games.sqlite3"


@pytest.mark.parametrize("name", ["MCR", "chinese-standard", str(load_profile("mcr").path)])
def test_a_game_stores_a_built_in_profile_by_its_id(db: str, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    # however the built-in profile is named (its id in capitals, another tool's name, the package's
    # own file), the ledger keeps its id, not the path of a file inside this installation
    assert game(db, "new", "--profile", name, "--players", "A", "B", "C", "D") == 0
    assert show(db, capsys)["game"]["profile"] == load_profile(name).id


def test_mcr_game_is_sixteen_hands(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert game(db, "new", "--profile", "mcr", "--players", "A", "B", "C", "D") == 0
    for _ in range(16):
        assert game(db, "hand", "--winner", "E", "--self-drawn", "--score", "E=8") == 0
    hands = show(db, capsys)["hands"]
    # The deal passes every hand: A B C D, four times, prevailing E S W N.
    assert [h["east"] for h in hands] == ["A", "B", "C", "D"] * 4
    assert [h["prevailing"] for h in hands[::4]] == ["E", "S", "W", "N"]
    assert game(db, "draw") == 2
    assert "is over" in capsys.readouterr().err


def test_hong_kong_game_needs_the_tables_choice(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert game(db, "new", "--profile", "hk-old-style", "--players", "A", "B", "C", "D") == 2
    assert "--after-east-win stays|passes" in capsys.readouterr().err
    assert (
        game(
            db,
            "new",
            "--profile",
            "hk-old-style",
            "--players",
            "A",
            "B",
            "C",
            "D",
            "--after-east-win",
            "stays",
            "--after-draw",
            "passes",
        )
        == 0
    )
    assert game(db, "draw") == 0
    assert show(db, capsys)["hands"][0]["east"] == "A"
    assert game(db, "hand", "--winner", "A", "--discarder", "B", "--score", "A=4") == 0
    # A is South after the draw passed the deal; 4 faan = 2 base points (Wikipedia Old Hong Kong,
    # Payment): B (East) discarded and pays double, 4; C and D 2 each (no East doubling).
    assert show(db, capsys)["hands"][1]["net"] == {"A": 8, "B": -4, "C": -2, "D": -2}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(["hand", "--winner", "Zed", "--self-drawn"], "'Zed' is neither a player", id="unknown-player"),
        pytest.param(["hand", "--self-drawn"], "needs --winner", id="no-winner"),
        pytest.param(["hand", "--winner", "Bob", "--score", "Bob"], "expected PLAYER=VALUE", id="bad-score"),
        pytest.param(["hand", "--winner", "Bob", "--incident", "liability"], "KIND:PLAYER", id="bad-incident"),
        pytest.param(["undo", "--game", "9"], "no game 9", id="no-such-game"),
    ],
)
def test_bad_game_input_exits_2(db: str, args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert game(db, "new", "--profile", "bmja", "--players", "Ann", "Bob", "Cat", "Dan") == 0
    assert game(db, *args) == 2
    assert message in capsys.readouterr().err


def test_sigkill_between_a_hand_and_its_payments_leaves_no_half_hand(db: str) -> None:
    assert game(db, "new", "--profile", "bmja", "--players", "Ann", "Bob", "Cat", "Dan") == 0
    assert game(db, "hand", "--winner", "Bob", "--self-drawn", "--score", "Bob=40") == 0
    env = {**os.environ, PAUSE_ENV: "30"}
    writer = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "mahjong_arbiter",
            "game",
            "hand",
            "--db",
            db,
            "--winner",
            "Cat",
            "--self-drawn",
            "--score",
            "Cat=50",
        ],
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert writer.stderr is not None
        assert writer.stderr.readline().strip() == "paused"  # the hand row is written, its payments not yet
        with sqlite3.connect(db, timeout=0.1) as reader:  # WAL: a reader is not blocked by the writer
            assert reader.execute("SELECT count(*) FROM hands").fetchone() == (1,)
        os.kill(writer.pid, signal.SIGKILL)
    finally:
        writer.wait(timeout=10)
    assert writer.returncode == -signal.SIGKILL
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert con.execute("SELECT count(*) FROM hands").fetchone() == (1,)
        orphans = "SELECT count(*) FROM transactions WHERE hand_id NOT IN (SELECT id FROM hands)"
        assert con.execute(orphans).fetchone() == (0,)
        assert con.execute("SELECT count(*) FROM transactions").fetchone() == (3,)
    assert game(db, "replay") == 0
    assert game(db, "hand", "--winner", "Cat", "--self-drawn", "--score", "Cat=50") == 0


def test_a_profile_game_pins_its_fingerprint(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        game(
            db,
            "new",
            "--profile",
            "hk-old-style",
            "--players",
            "A",
            "B",
            "C",
            "D",
            "--after-east-win",
            "stays",
            "--after-draw",
            "stays",
        )
        == 0
    )
    pinned = show(db, capsys)["game"]
    assert len(pinned["fingerprint"]) == 16 and pinned["limit"] == 13
    with sqlite3.connect(db) as con:
        con.execute("UPDATE games SET fingerprint = '0000000000000000'")
    assert game(db, "replay") == 1
    assert "pinned fingerprint 0000000000000000" in capsys.readouterr().out


def test_hand_facts_from_a_settle_json_file(db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert game(db, "new", "--profile", "bmja", "--players", "Rod", "Bill", "Ben", "Jack") == 0
    facts = tmp_path / "hand.json"
    # The BMJA published example with Rod East, Bill South, Ben West, Jack North.
    facts.write_text(json.dumps({"winner": "S", "scores": {"S": 84, "E": 80, "W": 208, "N": 416}}))
    assert game(db, "hand", "--input", str(facts)) == 0
    assert show(db, capsys)["hands"][0]["net"] == {"Rod": -1096, "Bill": 336, "Ben": -36, "Jack": 796}
    assert game(db, "list") == 0
    assert "game 1" in capsys.readouterr().out


def _house(tmp_path: Path) -> Path:
    house = tmp_path / "house-bz.toml"
    house.write_text('id = "house-bz"\nextends = "buzzard-2000"\nlabel = "house bz"\n', encoding="utf-8")
    return house


CHANGED_FALSE_MJ = (
    "[settlement.incidents.false_mahjong]\neffect = 'penalty_to_each'\nlimits = 1\n"
    "source = 'a house rule (test): 1 limit instead of 2 (Buzzard 2000)'\n"
)


def test_a_game_refuses_hands_once_its_house_file_changed(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from starlette.testclient import TestClient

    from mahjong_arbiter.web import ServerConfig, create_app

    house = _house(tmp_path)
    assert game(db, "new", "--profile", str(house), "--players", "A", "B", "C", "D") == 0
    pinned = show(db, capsys)["game"]["fingerprint"]
    assert game(db, "hand", "--winner", "B", "--discarder", "C", "--score", "B=30") == 0
    original = house.read_text(encoding="utf-8")
    house.write_text(original + CHANGED_FALSE_MJ, encoding="utf-8")
    now = load_profile(str(house)).with_limit(600).fingerprint
    assert now != pinned
    capsys.readouterr()
    for args in (["hand", "--winner", "B", "--discarder", "C", "--score", "B=30"], ["draw"], ["draw", "--preview"]):
        assert game(db, *args) == 2
        err = capsys.readouterr().err
        assert f"pinned to profile {house} with fingerprint {pinned}; the profile now gives {now}" in err
        assert "game new" in err and "Put the profile back" in err
    with TestClient(create_app(ServerConfig(db=Path(db), extra_hosts=("testserver",)))) as client:
        refused = client.post("/api/games/1/hands", json={"winner": None})
        assert refused.status_code == 422 and refused.json()["error"]["code"] == "profile_changed"
    assert len(show(db, capsys)["hands"]) == 1  # nothing was recorded
    assert game(db, "replay") == 1  # replay still reports the change, hand by hand
    assert f"pinned fingerprint {pinned}, now {now}" in capsys.readouterr().out
    house.write_text(original, encoding="utf-8")  # put back as it was, the game records on
    assert game(db, "draw") == 0 and game(db, "replay") == 0


def test_pinned_under_another_version_a_built_in_records_and_a_house_file_compares_its_data(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A built-in profile's fingerprint changes with the package version (its data ships with it):
    # a game pinned under another version records on, and replay notes the change.
    assert game(db, "new", "--profile", "buzzard-2000", "--players", "A", "B", "C", "D") == 0
    house = _house(tmp_path)
    assert game(db, "new", "--profile", str(house), "--players", "A", "B", "C", "D") == 0
    same_data = load_profile(str(house)).with_limit(600).fingerprint_at("0.0.1")
    with sqlite3.connect(db) as con:
        con.execute("UPDATE games SET version = '0.0.1', fingerprint = 'feedfacefeedface' WHERE id = 1")
        con.execute("UPDATE games SET version = '0.0.1', fingerprint = ? WHERE id = 2", (same_data,))
    assert game(db, "draw", "--game", "1") == 0
    assert game(db, "replay", "--game", "1") == 0
    assert "the fingerprint changes with the version" in capsys.readouterr().out
    # A house file whose data is what it was under 0.0.1 records on; once changed, it is refused.
    assert game(db, "draw", "--game", "2") == 0
    house.write_text(house.read_text(encoding="utf-8") + CHANGED_FALSE_MJ, encoding="utf-8")
    capsys.readouterr()
    assert game(db, "draw", "--game", "2") == 2
    assert "(computed under mahjong-arbiter 0.0.1, as pinned)" in capsys.readouterr().err


def test_the_csv_export_carries_incidents_and_notes(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Buzzard 2000 (pages 11-12): a dead hand's tile count decides its payment; a false Mah-Jong
    # withdrawn in time pays nothing; a score above the 600 limit is capped with a note.  None of
    # these leaves a payment of its own to show, so each must be in the export's own cells.
    assert game(db, "new", "--profile", "buzzard-2000", "--players", "Ann", "Bob", "Cat", "Dan") == 0
    hand = ["hand", "--winner", "Bob", "--discarder", "Cat", "--score", "Bob=700", "--score", "Dan=10"]
    assert game(db, *hand, "--incident", "wrong_tile_count/too_many:Dan:15 tiles",
                "--incident", "false_mahjong/withdrawn:Ann") == 0
    capsys.readouterr()
    assert game(db, "show") == 0
    shown = capsys.readouterr().out
    assert "incident: wrong_tile_count by Dan (too many tiles) 15 tiles" in shown
    assert "incident: false_mahjong by Ann (withdrawn)" in shown
    out = tmp_path / "game.csv"
    assert game(db, "export", "--format", "csv", "--output", str(out)) == 0
    (row,) = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert row["incidents"] == "wrong_tile_count by Dan (too many tiles) 15 tiles; false_mahjong by Ann (withdrawn)"
    notes = show(db, capsys)["hands"][0]["notes"]
    assert notes and row["notes"] == "; ".join(notes)
    assert any("600" in n for n in notes) and any("withdrawn" in n for n in notes)


def test_inputs_that_do_not_apply_are_refused(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # MCR settles on the winner's score alone (Green Book 2006 §2.3): a loser's typed score is never used.
    assert game(db, "new", "--profile", "mcr", "--players", "A", "B", "C", "D") == 0
    assert game(db, "hand", "--winner", "B", "--discarder", "C", "--score", "B=10", "--score", "A=50") == 2
    assert "scores.E: mcr settles on the winner's score alone" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(
        {"profile": "hk-old-style", "winner": "S", "discarder": "W", "scores": {"S": 3, "N": 2}})))
    assert main(["settle"]) == 2
    assert "scores.N: hk-old-style settles on the winner's score alone" in capsys.readouterr().err
    # facts naming another profile or limit than the game's are refused, not settled under the game's
    assert game(db, "new", "--profile", "bmja", "--players", "A", "B", "C", "D") == 0
    facts = tmp_path / "hand.json"
    for extra, message in (({"profile": "mcr"}, "the facts name 'mcr', and game 2 is pinned to bmja"),
                           ({"limit": 300}, "the facts give 300, and game 2's limit is 1000")):
        facts.write_text(json.dumps({"winner": "S", "scores": {"S": 84}, **extra}), encoding="utf-8")
        assert game(db, "hand", "--input", str(facts)) == 2
        assert message in capsys.readouterr().err
    facts.write_text(json.dumps({"profile": "BMJA", "limit": 1000, "winner": "S", "scores": {"S": 84}}), "utf-8")
    assert game(db, "hand", "--input", str(facts)) == 0  # the game's own profile, however spelt, and limit
    # Buzzard 2000 liability falls on the discarder of the winning tile: with none named it is refused
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps({"profile": "buzzard-2000", "winner": "S", "scores": {
        "S": 50}, "incidents": [{"kind": "liability", "player": "W"}]})))
    assert main(["settle"]) == 2
    assert "the facts name no discarder: give the discarder (W, if it was them)" in capsys.readouterr().err
