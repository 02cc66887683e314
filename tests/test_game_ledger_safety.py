"""The ledger under stress and abuse: concurrent writers and undo in real processes, a damaged
file, rows edited by hand, bad paths and limits, what goes out (CSV, terminals), seat letters
that are also names, and the migration of a ledger written before settlement became data."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from mahjong_arbiter.cli import main
from mahjong_arbiter.table.games import new_game
from mahjong_arbiter.table.ledger import Ledger


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "games.sqlite3")


def game(db: str, *args: str) -> int:
    return main(["game", *args, "--db", db])


def _run(capsys: pytest.CaptureFixture[str], db: str, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    status = game(db, *args)
    out, err = capsys.readouterr()
    return status, out, err


# --- concurrent processes ----------------------------------------------------------------------------
_WORKER = textwrap.dedent(
    """
    import contextlib, io, sys
    from mahjong_arbiter.cli import main

    db, role, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    done = 0
    for n in range(count):
        if role == "undo":
            args = ["game", "undo", "--db", db]
        else:  # an East win keeps the deal (BMJA), so the game never ends; the score tags the hand
            args = ["game", "hand", "--db", db, "--winner", "E", "--self-drawn", "--score", f"E={role}{n:03d}"]
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            status = main(args)
        if status == 0:
            done += 1
        elif not (role == "undo" and "no hand to undo" in err.getvalue()):
            print(f"FAILED {args}: {status} {err.getvalue()}", flush=True)
    print(f"done {done}", flush=True)
    """
)


def test_two_writers_and_an_undo_loop_never_lose_duplicate_or_misnumber_a_hand(db: str, tmp_path: Path) -> None:
    # issue 11 section 4: concurrent writers raised IntegrityError, and an undo racing a writer
    # left hands numbered 1 2 4.  Each command now reads and writes in one BEGIN IMMEDIATE.
    assert game(db, "new", "--profile", "bmja", "--players", "Ann", "Bob", "Cat", "Dan") == 0
    worker = tmp_path / "worker.py"
    worker.write_text(_WORKER, encoding="utf-8")
    roles = [("1", 25), ("2", 25), ("undo", 15)]
    procs = [
        subprocess.Popen([sys.executable, str(worker), db, role, str(count)], stdout=subprocess.PIPE, text=True)
        for role, count in roles
    ]
    outputs = [p.communicate(timeout=300)[0] for p in procs]
    assert all(p.returncode == 0 for p in procs)
    assert not any("FAILED" in out for out in outputs), outputs
    first, second, undone = (int(out.strip().rpartition(" ")[2]) for out in outputs)
    written = first + second
    assert written == 50  # every writer's hand was recorded, none refused
    with sqlite3.connect(db) as con:
        numbers = [r[0] for r in con.execute("SELECT number FROM hands ORDER BY number")]
        scores = [json.loads(r[0])["scores"]["E"] for r in con.execute("SELECT facts FROM hands")]
        orphans = con.execute("SELECT count(*) FROM transactions WHERE hand_id NOT IN (SELECT id FROM hands)")
        assert orphans.fetchone() == (0,)
    assert numbers == list(range(1, written - undone + 1))  # contiguous, every undone hand gone once
    assert len(set(scores)) == len(scores)  # no hand stored twice
    assert game(db, "replay") == 0


# --- a damaged file, rows edited by hand ----------------------------------------------------------------
def _played(db: str) -> None:
    assert game(db, "new", "--profile", "bmja", "--players", "Ann", "Bob", "Cat", "Dan") == 0
    assert game(db, "hand", "--winner", "Bob", "--discarder", "Cat", "--score", "Bob=56", "--score", "Ann=20") == 0
    assert game(db, "hand", "--winner", "Ann", "--self-drawn", "--score", "Ann=40") == 0


def test_a_ledger_with_corrupted_pages_is_bad_input_with_a_message(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    _played(db)
    data = bytearray(Path(db).read_bytes())
    page = 4096
    assert len(data) > 3 * page
    data[2 * page :] = bytes((n * 37 + 11) % 256 for n in range(len(data) - 2 * page))
    Path(db).write_bytes(bytes(data))
    for action in ("show", "replay", "hand"):
        extra = ("--winner", "Ann", "--self-drawn", "--score", "Ann=8") if action == "hand" else ()
        status, out, err = _run(capsys, db, action, *extra)
        assert status == 2, (action, out, err)
        assert "ledger" in err and "damaged" in err and "Traceback" not in err, err


@pytest.mark.parametrize(
    ("sql", "message"),
    [
        pytest.param(
            "UPDATE hands SET facts = 'not json' WHERE number = 1", "hand 1: its facts is not valid JSON", id="facts"
        ),
        pytest.param(
            "UPDATE hands SET result = '[]' WHERE number = 2", "hand 2: its result is not a JSON object", id="result"
        ),
        pytest.param("UPDATE games SET players = '[\"Ann\"]'", "game 1: its players are not four names", id="players"),
        pytest.param("UPDATE transactions SET amount = 'lots'", "is not a positive amount", id="amount"),
        pytest.param("UPDATE transactions SET payer = 'Zed'", "names 'Zed'", id="payer"),
        pytest.param(
            "UPDATE hands SET facts = json_set(facts, '$.winner', 'X') WHERE number = 1",
            "hand 1: its stored facts do not read",
            id="facts-field",
        ),
        pytest.param(
            "UPDATE hands SET result = json_set(result, '$.seats.E', 'Zed') WHERE number = 1",
            "hand 1: its stored seats are not the game's four players",
            id="seats",
        ),
        pytest.param("UPDATE games SET limit_value = 'big'", "game 1: its limit 'big'", id="limit"),
    ],
)
def test_a_tampered_row_is_bad_input_naming_it(
    db: str, sql: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _played(db)
    with sqlite3.connect(db) as con:
        con.execute(sql)
    status, _, err = _run(capsys, db, "show")
    assert status == 2 and message in err and "Traceback" not in err, err


def test_bad_paths_and_limits_get_a_message_and_status_2(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _run(
        capsys, db, "new", "--profile", "bmja", "--players", "A", "B", "C", "D", "--limit", str(10**30)
    )
    assert status == 2 and "limit" in err and "1000000" in err
    _played(db)
    status, _, err = _run(capsys, db, "export", "--format", "csv", "--output", str(tmp_path / "no" / "such" / "g.csv"))
    assert status == 2 and "cannot write" in err and "No such file or directory" in err
    status, _, err = _run(capsys, db, "hand", "--input", str(tmp_path / "missing.json"))
    assert status == 2 and "cannot read" in err and "missing.json" in err
    status, _, err = _run(capsys, str(tmp_path), "show")
    assert status == 2 and "is a directory" in err


@pytest.mark.parametrize("action", ["show", "list", "export", "replay", "undo", "draw"])
def test_a_command_other_than_new_never_creates_a_ledger(
    action: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``game show --db ./typo.db`` used to create an empty ledger there and say "no game yet"."""
    typo = tmp_path / "typo.db"
    status, _, err = _run(capsys, str(typo), action)
    assert status == 2 and f"there is no ledger at {typo}: start a game with game new --db {typo}" in err
    assert not typo.exists()


def test_new_makes_no_missing_folder_of_a_path_given(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Our choice: only the default ledger's folder (the user's data directory) is created."""
    where = tmp_path / "no" / "such" / "x.db"
    status, _, err = _run(capsys, str(where), "new", "--profile", "mcr", "--players", "A", "B", "C", "D")
    assert status == 2 and f"the folder {where.parent} does not exist" in err
    assert not (tmp_path / "no").exists()


@pytest.mark.parametrize(
    "players", [["\udcff", "B", "C", "D"], ["A", "A", "B", "C"], ["A", "B", "C"]], ids=["not-text", "twice", "three"]
)
def test_a_game_refused_creates_no_ledger(
    players: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The game is checked before its ledger is made: a refused ``game new`` leaves no empty file."""
    where = tmp_path / "club.db"
    status, _, err = _run(capsys, str(where), "new", "--profile", "mcr", "--players", *players)
    assert status == 2 and err
    assert not where.exists()


def test_a_file_that_is_no_ledger_is_called_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A JSON file or another program's SQLite file is "not a ledger", not "damaged, restore it"."""
    hands = tmp_path / "hands.jsonl"
    hands.write_text('{"concealed": []}\n', encoding="utf-8")
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as con:
        con.execute("CREATE TABLE notes (text)")
    for path, message in ((hands, "is not a ledger (not an SQLite file)"), (other, "is not a ledger: an SQLite file")):
        for args in (("show",), ("new", "--profile", "mcr", "--players", "A", "B", "C", "D")):
            before = path.read_bytes()
            status, _, err = _run(capsys, str(path), *args)
            assert status == 2 and message in err and "damaged" not in err, err
            assert path.read_bytes() == before


def test_a_player_name_that_is_not_text_is_refused(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A byte that is not UTF-8 on the command line (``$'\\xff'``) arrives as a lone surrogate; it
    used to be stored and written into the game's JSON as "\\udcff"."""
    status, _, err = _run(capsys, db, "new", "--profile", "mcr", "--players", "\udcff", "B", "C", "D")
    assert status == 2 and "player name '\\udcff' holds the lone surrogate \\udcff" in err
    assert not Path(db).exists()  # nothing stored: not even an empty ledger


# --- what goes out -----------------------------------------------------------------------------------
def test_csv_export_neutralises_formula_cells(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    players = ["=HYPERLINK(1)", "+Bob", "-Cat", "@Dan"]
    with Ledger.open(db) as ledger:  # the API: argparse reads "-Cat" as an option
        new_game(ledger, profile="bmja", players=players)
    assert game(db, "hand", "--winner=+Bob", "--discarder=-Cat", "--score=+Bob=56") == 0
    status, out, _ = _run(capsys, db, "export", "--format", "csv")
    assert status == 0
    rows = list(csv.reader(io.StringIO(out)))
    cells = [cell for row in rows for cell in row]
    for cell in cells:
        if cell[:1] in ("=", "+", "-", "@"):
            float(cell)  # only numbers (a negative net) may start so; text gets a leading quote
    assert "'=HYPERLINK(1) seat" in rows[0] and "'+Bob" in rows[1]
    assert rows[1][rows[0].index("payments")].startswith("'=HYPERLINK(1) pays +Bob")


def test_terminal_output_strips_escape_sequences_from_names_and_triggers(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _run(capsys, db, "new", "--profile", "buzzard-2000", "--players", "A\x1b[2J", "B", "C", "D")
    assert status == 2 and "control characters" in err
    assert game(db, "new", "--profile", "buzzard-2000", "--players", "Ann", "Bob", "Cat", "Dan") == 0
    with sqlite3.connect(db) as con:  # a ledger written by another program, or edited
        con.execute("UPDATE games SET players = ?", (json.dumps(["Ann\x1b]0;owned\x07", "Bob", "Cat", "Dan\x1b[31m"]),))
    trigger = "liability:Dan\x1b[31m:three pungs\x1b[0m\x9b2J\u202e"
    status, out, err = _run(
        capsys,
        db,
        "hand",
        "--winner",
        "Ann\x1b]0;owned\x07",
        "--discarder",
        "Dan\x1b[31m",
        "--score",
        "Ann\x1b]0;owned\x07=60",
        "--incident",
        trigger,
    )
    assert status == 0, err
    status, shown, _ = _run(capsys, db, "show")
    for text in (out, shown):
        assert "Ann" in text and "three pungs" in text
        assert not any(c in text for c in "\x1b\x07\x9b\u202e"), repr(text)


def test_a_player_named_like_a_seat_never_shadows_the_seat(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    # "S" sits East for the first hand; --winner S names the South seat (Bob), and says so.
    assert game(db, "new", "--profile", "bmja", "--players", "S", "Bob", "Cat", "Dan") == 0
    status, _, err = _run(capsys, db, "hand", "--winner", "S", "--self-drawn", "--score", "Bob=10")
    assert status == 0
    assert "'S' is read as the South seat (Bob), not as the player named 'S', who sits East (E)" in err
    status, out, _ = _run(capsys, db, "show", "--json")
    assert json.loads(out)["hands"][0]["winner"] == "Bob"


# --- the migration of a ledger kept before settlement became profile data ------------------------------
def _as_version_1(db: str) -> None:
    """Rewrite a current ledger as the first schema wrote it (policy ids, no scheme columns)."""
    with sqlite3.connect(db) as con:
        con.execute("ALTER TABLE games DROP COLUMN fingerprint_scheme")
        con.execute("ALTER TABLE games DROP COLUMN version")
        con.execute("UPDATE games SET profile = 'hk-spicy', policy = 'hk-spicy', fingerprint = '' WHERE id = 2")
        con.execute("UPDATE games SET fingerprint = '0123456789abcdef' WHERE id = 1")
        con.execute(
            "UPDATE hands SET facts = json_set(facts, '$.policy', (SELECT policy FROM games WHERE id = game_id),"
            " '$.profile', (SELECT profile FROM games WHERE id = game_id)),"
            " result = json_set(json_remove(result, '$.settlement.profile'), '$.settlement.policy',"
            " (SELECT policy FROM games WHERE id = game_id))"
        )
        con.execute("DELETE FROM schema_migrations WHERE version = 2")
        con.execute("PRAGMA user_version = 1")


def test_a_version_1_ledger_migrates_and_replays_with_notes_not_differences(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _played(db)
    new = ["new", "--profile", "hk-old-style-spicy", "--players", "A", "B", "C", "D"]
    assert game(db, *new, "--after-east-win", "stays", "--after-draw", "stays") == 0
    assert game(db, "hand", "--game", "2", "--winner", "S", "--discarder", "W", "--score", "S=6") == 0
    _as_version_1(db)
    status, out, err = _run(capsys, db, "replay", "--game", "1")
    assert status == 0, out + err
    assert "note: profile bmja: the game was pinned under fingerprint scheme 1 (0123456789abcdef)" in out
    assert "no difference" in out
    status, out, err = _run(capsys, db, "replay", "--game", "2")
    assert status == 0, out + err
    assert "note: profile hk-old-style-spicy: the game was pinned under fingerprint scheme 1 (no fingerprint)" in out
    with sqlite3.connect(db) as con:
        assert [r[0] for r in con.execute("SELECT version FROM schema_migrations")] == [1, 2]
        facts, result = con.execute("SELECT facts, result FROM hands WHERE game_id = 2").fetchone()
    assert "policy" not in json.loads(facts) and json.loads(result)["settlement"]["profile"] == "hk-old-style-spicy"
    # the 6-faan hand: 64 a portion on the spicy table (yawnoc README), W 64, E and N 32 each
    status, out, _ = _run(capsys, db, "show", "--game", "2", "--json")
    assert json.loads(out)["hands"][0]["net"] == {"A": -32, "B": 128, "C": -64, "D": -32}


def test_a_changed_profile_within_the_same_scheme_and_version_is_still_a_difference(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _played(db)
    with sqlite3.connect(db) as con:
        con.execute("UPDATE games SET fingerprint = '0000000000000000'")
    status, out, _ = _run(capsys, db, "replay")
    assert status == 1 and "pinned fingerprint 0000000000000000" in out


def test_replay_after_a_package_upgrade_is_a_note(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    _played(db)
    with sqlite3.connect(db) as con:
        con.execute("UPDATE games SET version = '0.0.1', fingerprint = 'feedfeedfeedfeed'")
    status, out, _ = _run(capsys, db, "replay")
    assert status == 0 and "note: profile bmja: pinned with mahjong-arbiter 0.0.1 (feedfeedfeedfeed)" in out


def test_a_stale_page_cannot_record_against_seats_that_moved(db: str) -> None:
    from mahjong_arbiter.errors import ArbiterError
    from mahjong_arbiter.table.games import record_hand

    _played(db)
    with Ledger.open(db) as ledger:
        game_row = ledger.game()
        facts = {"winner": "S", "self_drawn": True, "scores": {"S": 8}}
        with pytest.raises(ArbiterError) as info:
            record_hand(ledger, game_row, facts, expected_hand=2)  # two hands are in: this is hand 3
        assert info.value.code == "stale_state"
        assert record_hand(ledger, game_row, facts, expected_hand=3)[0] == 3


def test_a_house_file_game_keeps_working_from_another_folder(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "house.toml").write_text('id = "house"\nextends = "buzzard-2000"\nlimit = 800\n')
    monkeypatch.chdir(tmp_path / "club")
    assert game(db, "new", "--profile", "house.toml", "--players", "Ann", "Bob", "Cat", "Dan") == 0
    monkeypatch.chdir(tmp_path)
    # Bob (S) self-draws 900, capped at the house limit 800: Ann (E) pays 1600, Cat and Dan 800.
    status, _, err = _run(capsys, db, "hand", "--winner", "Bob", "--self-drawn", "--score", "Bob=900")
    assert status == 0, err
    status, out, _ = _run(capsys, db, "show", "--json")
    shown = json.loads(out)
    assert shown["game"]["profile"] == str(tmp_path / "club" / "house.toml")
    assert shown["hands"][0]["net"] == {"Ann": -1600, "Bob": 3200, "Cat": -800, "Dan": -800}
