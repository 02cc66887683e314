"""Every command's JSON output validates against the shipped result schema (issue: one contract,
documented).  Each case runs a command the way a user would and checks the document it prints
against the schema's definition for that command; a batch checks every line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from mahjong_arbiter.cli import main
from mahjong_arbiter.schema import SCHEMA_VERSION, result_schema

HAND = "123m456m789m123pEE"
SETTLE = {"profile": "buzzard-2000", "limit": 600, "winner": "S", "self_drawn": False, "discarder": "W",
          "scores": {"E": 20, "S": 56, "W": 8, "N": 0}}

CASES: list[tuple[str, list[str], str]] = [
    ("score-mcr", ["score", HAND, "--profile", "mcr", "--json"], "score"),
    ("score-classical", ["score", "[111m,1]456m999pEEECC", "--profile", "bmja", "--json"], "score"),
    ("score-loser", ["score", "1112345678999m", "--loser", "--profile", "bmja", "--json"], "score"),
    ("score-faan", ["score", HAND, "--profile", "hk-old-style", "--json"], "score"),
    ("score-not-winning", ["score", "123m456m789m124pEE", "--profile", "mcr", "--json"], "error_line"),
    ("score-bad-hand", ["score", "123m456m789m123pEEE", "--profile", "mcr", "--json"], "error_line"),
    ("explain", ["explain", HAND, "--profile", "mcr", "--why", "Half Flush", "--json"], "explain"),
    ("verify-total", ["verify", HAND, "--profile", "mcr", "--claim", "22", "--json"], "verify"),
    ("verify-rules", ["verify", HAND, "--profile", "mcr", "--claim-rules", "Pure Straight, Half Flush", "--json"],
     "verify"),
    ("compare", ["compare", HAND, "--profiles", "mcr,bmja,hk-old-style", "--json"], "compare"),
    ("readings", ["readings", "111222333m456p77s", "--json"], "readings"),
    ("readings-none", ["readings", "123m456m789m124pEE", "--json"], "readings"),  # why_not
    ("waits", ["waits", "1112345678999m", "--json"], "waits"),
    # a kong's replacement tile is impossible without a kong: the self-drawn way is an error object
    ("waits-scored-refused", ["waits", "123m456m789m12pEE", "--kong", "--profile", "mcr", "--json"], "scored_waits"),
    ("waits-scored-self-drawn", ["waits", "123m456m789m123pE", "--self-drawn", "--profile", "mcr", "--json"],
     "scored_waits"),
    ("waits-scored", ["waits", "123m456m789m123pE", "--profile", "mcr", "--json"], "scored_waits"),
    ("discards", ["waits", "123m456m789m123pEW", "--profile", "mcr", "--discards", "--json"], "discards"),
    ("shanten-13", ["shanten", "123m456p789s11pEW", "--profile", "mcr", "--seen", "EE", "--json"], "shanten"),
    ("shanten-14", ["shanten", "[123m,1]456p789s11pEWN", "--profile", "bmja", "--json"], "shanten"),
    ("shanten-range", ["shanten", "123m456p789s11pEW", "--profile", "thompson-maloney", "--json"], "shanten"),
    ("targets", ["targets", "12345m99mEEESS5p", "--profile", "mcr", "--top", "3", "--json"], "targets"),
    ("targets-none", ["targets", "12345m99mEEESS5p", "--profile", "mcr", "--depth", "1", "--json"], "targets"),
    ("parse", ["parse", "[123p,1][345s,2][999s,3]6m6pEW1m{f1}", "--json"], "parse"),
    ("profiles", ["profiles", "--json"], "profiles"),
    ("profiles-show", ["profiles", "show", "buzzard-2000", "--json"], "profile_table"),
    ("profiles-diff", ["profiles", "diff", "mcr", "mcr-mil", "--json"], "profile_diff"),
    ("events", ["events", "--json"], "events"),
    ("rules", ["rules", "bmja", "--json"], "rulebook"),
    ("rules-one", ["rules", "thompson-maloney", "windy chow", "--format", "json"], "rulebook"),
    ("stats", ["stats", str(Path(__file__).parent / "fixtures" / "stats" / "score-output.jsonl"), "--json"], "stats"),
]


def _check(doc: Any, kind: str) -> None:
    schema = result_schema()
    validator = jsonschema.Draft202012Validator({**schema, "$ref": f"#/$defs/{kind}"})
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:5])
    assert doc["schema_version"] == SCHEMA_VERSION


def test_the_schema_is_valid_json_schema_and_refuses_a_wrong_document(capsys: pytest.CaptureFixture[str]) -> None:
    jsonschema.Draft202012Validator.check_schema(result_schema())
    main(["score", HAND, "--profile", "mcr", "--json"])
    doc = json.loads(capsys.readouterr().out)
    for broken in ({**doc, "total": "21"}, {**doc, "schema_version": 2}, {k: v for k, v in doc.items() if k != "items"},
                   {**doc, "items": [{**doc["items"][0], "faan": 1}]}):
        with pytest.raises(AssertionError):
            _check(broken, "score")


@pytest.mark.parametrize(("argv", "kind"), [pytest.param(a, k, id=i) for i, a, k in CASES])
def test_command_json_validates(capsys: pytest.CaptureFixture[str], argv: list[str], kind: str) -> None:
    main(argv)
    _check(json.loads(capsys.readouterr().out), kind)


# Commands whose JSON is checked elsewhere in this file or that write no JSON document of their own.
ELSEWHERE = {"settle": "test_settle_json_validates", "game": "test_game_json_validates",
             "serve": "the web API: tests/test_web_api.py compares every "
             "response with the command line's JSON, which these cases validate"}


def test_every_command_is_covered() -> None:
    # a new command must add its documents to the schema and a case here
    from mahjong_arbiter.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    covered = {argv[0] for _, argv, _ in CASES} | set(ELSEWHERE)
    assert set(sub.choices) <= covered, sorted(set(sub.choices) - covered)


def test_settle_json_validates(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    facts = tmp_path / "facts.json"
    facts.write_text(json.dumps(SETTLE), "utf-8")
    assert main(["settle", "--input", str(facts), "--json"]) == 0
    _check(json.loads(capsys.readouterr().out), "settle")


def test_every_batch_line_validates(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # a winning hand, a hand that does not win, and a bad line: every line is a document
    lines = [
        {"id": "ok", "concealed": list("EEE") + ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "C", "C"],
         "winning_tile": "C"},
        {"id": "no", "concealed": ["1m", "2m", "4m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "E", "C", "C"],
         "winning_tile": "C"},
        {"id": "bad", "concealed": ["1m"], "winning_tile": "1m", "colour": "red"},
    ]
    source = tmp_path / "hands.jsonl"
    source.write_text("".join(json.dumps(x) + "\n" for x in lines), "utf-8")
    assert main(["score", "--input", str(source), "--profile", "mcr"]) == 2
    docs = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [d["id"] for d in docs] == ["ok", "no", "bad"]
    _check(docs[0], "score")
    for doc in docs[1:]:
        _check(doc, "error_line")


def test_a_parsed_hand_reads_back_and_a_foreign_version_is_refused(capsys: pytest.CaptureFixture[str],
                                                                    tmp_path: Path) -> None:
    main(["parse", HAND, "--json"])
    doc = json.loads(capsys.readouterr().out)
    source = tmp_path / "hand.jsonl"
    source.write_text(json.dumps(doc) + "\n" + json.dumps({**doc, "schema_version": 2}) + "\n", "utf-8")
    assert main(["score", "--input", str(source), "--profile", "mcr"]) == 2
    ok, refused = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert ok["total"] == 21 and refused["error"]["code"] == "bad_json" and "version 1" in refused["error"]["message"]


def test_game_json_validates(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite3")
    steps = [
        (["game", "new", "--db", db, "--profile", "buzzard-2000", "--players", "Ann", "Bob", "Cat", "Dan", "--json"],
         "game"),
        (["game", "hand", "--db", db, "--winner", "Bob", "--discarder", "Cat", "--score", "Ann=20", "--score",
          "Bob=56", "--score", "Cat=8", "--json"], "game_hand"),
        (["game", "draw", "--db", db, "--json"], "game_hand"),
        (["game", "show", "--db", db, "--json"], "game"),
        (["game", "export", "--db", db, "--format", "json"], "game"),
        (["game", "list", "--db", db, "--json"], "games"),
        (["game", "replay", "--db", db, "--json"], "game_replay"),
        (["game", "undo", "--db", db, "--json"], "game_undo"),
    ]
    for argv, kind in steps:
        assert main(argv) == 0, argv
        doc = json.loads(capsys.readouterr().out)
        _check(doc, kind)
    assert doc["removed"] == 2
