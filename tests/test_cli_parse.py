"""``mahjong-arbiter parse`` and the shared CLI plumbing (cli/common.py): input, output, exit codes."""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_arbiter.cli import main
from mahjong_arbiter.cli.common import (
    BadRecord,
    add_hand_arguments,
    add_output_arguments,
    iter_records,
    run_records,
)
from mahjong_arbiter.errors import NotWinningError
from mahjong_arbiter.hand import Hand
from mahjong_arbiter.notation import format_hand
from mahjong_arbiter.notation.json_hand import HandRecord, record_from_json
from mahjong_arbiter.tiles import Tile
from notation_strategies import hands_with_bonus

FIXTURES = Path(__file__).parent / "fixtures" / "notation"
HELPER_EXAMPLE = "[123p,1][345s,2][999s,3]6m6pEW1m"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["parse", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def _has_glyph(text: str) -> bool:
    return any(0x1F000 <= ord(c) <= 0x1F02B for c in text)


def test_helper_example_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, HELPER_EXAMPLE)
    assert status == 0 and err == ""
    assert "\U0001f007 1m" in out  # the winning 1m drawn beside its token
    assert "exposed chow, claimed 4s" in out
    assert "[123p,1][345s,2][999s,3]6m6pEW1m" in out  # the offer digit is kept as written
    status, out, _ = _run(capsys, HELPER_EXAMPLE, "--ascii")
    assert status == 0 and not _has_glyph(out) and "winning:  1m" in out


def test_helper_example_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, HELPER_EXAMPLE, "--json", "--seat", "s", "--flowers", "s3,f1", "--self-drawn")
    assert status == 0
    # Worked out by hand from the helper string: see hand_strings.toml, first case.
    assert json.loads(out) == {
        "schema_version": 1,
        "concealed": ["1m", "6m", "6p", "E", "W"],
        "melds": [
            {"kind": "chow", "tiles": ["1p", "2p", "3p"], "exposed": True, "claimed": "1p", "from": "left"},
            {"kind": "chow", "tiles": ["3s", "4s", "5s"], "exposed": True, "claimed": "4s", "from": "left"},
            {"kind": "pung", "tiles": ["9s", "9s", "9s"], "exposed": True, "claimed": "9s", "from": "right"},
        ],
        "winning_tile": "1m",
        "self_drawn": True,
        "last_of_kind": False,
        "kong_related": False,
        "last_tile": False,
        "seat_wind": "S",
        "prevailing_wind": "E",
        "flowers": ["f1", "s3"],
        "events": [],
    }


def test_context_flags(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["[SSSS]123m456p789s1m1m", "--format", "jsonl", "--self-drawn", "--kong", "--last-tile"]
    args += ["--last-of-kind", "--round", "W", "--flowers", "3", "--event", "standing_hand"]
    status, out, _ = _run(capsys, *args)
    assert status == 0 and out.count("\n") == 1
    obj = json.loads(out)
    assert (obj["self_drawn"], obj["kong_related"], obj["last_tile"], obj["last_of_kind"]) == (True,) * 4
    assert (obj["prevailing_wind"], obj["flowers"], obj["events"]) == ("W", 3, ["standing_hand"])
    assert obj["melds"] == [{"kind": "kong", "tiles": ["S"] * 4, "exposed": False}]


def test_chinese_order_and_win(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "123m456p789s55577z", "--honour-order", "chinese", "--win", "5z", "--json")
    obj = json.loads(out)
    assert status == 0 and obj["winning_tile"] == "C" and obj["concealed"][-2:] == ["P", "P"]


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        pytest.param([], "give a HAND or --input FILE: neither was given", id="nothing"),
        pytest.param([""], "empty", id="empty"),
        pytest.param(["["], "never closed", id="bracket"),
        pytest.param(["[["], "never closed", id="brackets"),
        pytest.param(["123"], "no suit letter", id="digits"),
        pytest.param(["12x"], "unknown token 'x'", id="unknown-token"),
        pytest.param(["\U0001f600"], "unknown token", id="emoji"),
        pytest.param(["9z"], "unknown tile '9z'", id="unknown-tile"),
        pytest.param(["11111m"], "5 copies of 1m", id="fifth-copy"),
        pytest.param(["123m456p789s11z"], "this one has 11", id="wrong-count"),
        pytest.param(["123m456p789s11222z", "--win", "9m"], "winning tile 9m", id="win-missing"),
        pytest.param(["[124m]56p789s11222z"], "not three consecutive", id="meld-124"),
        pytest.param(["[ESW]456p789s11222z"], "honours cannot form a chow", id="honour-chow"),
        pytest.param(["[EEE,5]56p789s11222z"], "kong has 4 tiles, not 3", id="kong-of-three"),
        pytest.param(["[123m,7]56p789s11222z"], "added kong", id="chow-added"),
        pytest.param(["123m456p789s11222z", "--flowers", "-1"], "not -1", id="flowers-negative"),
        pytest.param(["123m456p789s11222z", "--flowers", "9"], "not 9", id="flowers-nine"),
        pytest.param(["123m456p789s11222z", "--flowers", "f1,x"], "unknown bonus tile", id="flowers-bad"),
        pytest.param(["123m456p789s11222z{f1}", "--flowers", "1"], "given twice", id="flowers-twice"),
        pytest.param(["123m456p789s11222z", "--seat", "X"], "--seat must be a wind", id="bad-seat"),
        pytest.param(["123m456p789s11222z", "--round", "5"], "--round must be a wind", id="bad-round"),
        pytest.param(["123m456p789s11222z", "--event", "luck"], "unknown event 'luck'", id="bad-event"),
        pytest.param(["123m456p789s11222z", "--kong", "--self-drawn"], "needs at least 1 declared kong", id="no-kong"),
        pytest.param(["--input", "/nonexistent/hands.jsonl"], "cannot read", id="no-file"),
        pytest.param(["1m", "--input", "-"], "give either a HAND or --input", id="both"),
        pytest.param(["--input", "-", "--seat", "S"], "--seat cannot be used with --input", id="flag-input"),
        pytest.param(["--input", "-", "--win", "1m"], "--win cannot be used", id="win-input"),
    ],
)
def test_bad_input_exits_2(capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str) -> None:
    status, out, err = _run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("mahjong-arbiter parse: ") and fragment in err
    assert "Traceback" not in err


def test_batch_with_bad_lines(capsys: pytest.CaptureFixture[str]) -> None:
    source = FIXTURES / "batch.jsonl"
    status, out, err = _run(capsys, "--input", str(source))
    # stderr holds only the one-line summary (issue 14): no progress bar on a pipe
    assert status == 2 and err.startswith("mahjong-arbiter parse: 4 lines read: 2 parsed, 2 bad input; ")
    assert err.count("\n") == 1 and err.endswith(" hands/s\n")
    results = [json.loads(line) for line in out.splitlines()]
    # Five input lines, one blank: four results in input order, each keeping its id.
    assert [r["id"] for r in results] == ["ok-1", "bad-field", None, "ok-2"]
    assert results[1]["error"]["code"] == "unknown_field" and "line 2" in results[1]["error"]["message"]
    assert results[2]["error"]["code"] == "bad_json" and "line 3" in results[2]["error"]["message"]
    lines = source.read_text("utf-8").splitlines()
    for echoed, number in ((results[0], 1), (results[3], 5)):
        assert record_from_json(echoed) == record_from_json(json.loads(lines[number - 1]))
    assert results[3]["melds"][1] == {"kind": "pung", "tiles": ["F"] * 3, "exposed": True, "claimed": "F"}


def test_echo_is_exact_for_the_issue_example(capsys: pytest.CaptureFixture[str]) -> None:
    example = FIXTURES / "issue2_example.json"
    status, out, _ = _run(capsys, "--input", str(example))
    assert status == 0
    assert json.loads(out) == {"schema_version": 1, **json.loads(example.read_text("utf-8"))}


def test_batch_formats_and_output_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = str(FIXTURES / "batch.jsonl")
    status, out, _ = _run(capsys, "--input", source, "--json")
    assert status == 2 and [r["id"] for r in json.loads(out)] == ["ok-1", "bad-field", None, "ok-2"]
    status, out, _ = _run(capsys, "--input", source, "--format", "text", "--ascii")
    assert "== ok-1 ==" in out and "error (unknown_field)" in out and "== line 3 ==" in out
    assert not _has_glyph(out)
    target = tmp_path / "out.jsonl"
    status, out, _ = _run(capsys, "--input", source, "-o", str(target))
    assert status == 2 and out == ""
    assert len(target.read_text("utf-8").splitlines()) == 4


def test_json_output_reads_back(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _, out, _ = _run(capsys, HELPER_EXAMPLE, "--format", "jsonl", "--flowers", "2", "--seat", "W")
    path = tmp_path / "one.jsonl"
    path.write_text(out, "utf-8")
    status, again, _ = _run(capsys, "--input", str(path))
    assert status == 0 and json.loads(again) == {"id": None, **json.loads(out)}


@settings(max_examples=60, deadline=None)
@given(hands_with_bonus(shape="complete"), st.sampled_from(["helper", "mpsz"]))
def test_cli_round_trip(hb: tuple[Hand, tuple[Tile, ...]], style: str) -> None:
    hand, bonus = hb
    text = format_hand(hand, bonus, style=style)
    args = _parser().parse_args([text])
    (rec,) = list(iter_records(args))
    assert isinstance(rec, HandRecord)
    assert rec.hand == hand and rec.context.bonus_tiles == (bonus or None)


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet="0123456789mpszESWNCFP[]{},f \U0001f600", max_size=25))
def test_cli_never_crashes(text: str) -> None:
    assert main(["parse", "--ascii", "-o", "/dev/null", "--", text]) in (0, 2)


def _parser(*, thirteen: bool = False) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser()
    add_hand_arguments(parser, thirteen=thirteen)
    add_output_arguments(parser)
    return parser


def test_thirteen_commands(tmp_path: Path) -> None:
    parser = _parser(thirteen=True)
    (rec,) = iter_records(parser.parse_args(["123m456p789s1122z"]))
    assert isinstance(rec, HandRecord) and rec.hand.winning_tile is None
    (bad,) = iter_records(parser.parse_args(["123m456p789s11222z"]))
    assert isinstance(bad, BadRecord) and bad.error.code == "tile_count"
    with pytest.raises(SystemExit):
        parser.parse_args(["123m456p789s1122z", "--win", "1m"])
    path = tmp_path / "h.jsonl"
    path.write_text((FIXTURES / "issue2_example.json").read_text("utf-8"), "utf-8")
    (bad,) = iter_records(parser.parse_args(["--input", str(path)]))
    assert isinstance(bad, BadRecord) and bad.id == "h1" and "winning_tile" in bad.error.message


def _judge(rec: HandRecord) -> tuple[int, dict[str, Any], str]:
    """A stand-in command: hands won on S are 'not winning' (status 1), on 1m raise NotWinningError."""
    if rec.hand.winning_tile is Tile.of("1m"):
        raise NotWinningError("no reading")
    status = 1 if rec.hand.winning_tile is Tile.of("S") else 0
    return status, {"status": status}, f"status {status}"


def _judging(args: argparse.Namespace) -> Callable[[HandRecord], tuple[int, dict[str, Any], str]]:
    """The stand-in command's handler builder (run_records takes a builder: a worker builds its own)."""
    return _judge


def test_run_records_statuses(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    parser = _parser()
    assert run_records(parser.parse_args(["123m456p789s11222z"]), _judging) == 1
    assert capsys.readouterr().out == "status 1\n"
    assert run_records(parser.parse_args([HELPER_EXAMPLE]), _judging) == 1
    assert "no reading" in capsys.readouterr().err
    good = {"concealed": ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "E", "N", "N"]}
    path = tmp_path / "h.jsonl"
    path.write_text(
        json.dumps({"id": "a", **good, "winning_tile": "N"}) + "\n"
        + json.dumps({"id": "b", **good, "winning_tile": "1m"}) + "\n",
        "utf-8",
    )
    assert run_records(parser.parse_args(["--input", str(path)]), _judging) == 1
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines == [
        {"id": "a", "schema_version": 1, "status": 0},
        {"id": "b", "schema_version": 1, "error": {"code": "not_winning", "message": "no reading"}},
    ]


def _python(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *argv], input=stdin, capture_output=True, text=True, timeout=60, check=False
    )


def test_python_dash_m_and_stdin() -> None:
    done = _python("-m", "mahjong_arbiter", "parse", HELPER_EXAMPLE, "--ascii")
    assert done.returncode == 0 and "[123p,1][345s,2][999s,3]6m6pEW1m" in done.stdout
    example = (FIXTURES / "issue2_example.json").read_text("utf-8")
    done = _python("-m", "mahjong_arbiter", "parse", "--input", "-", stdin=example)
    assert done.returncode == 0 and json.loads(done.stdout) == {"schema_version": 1, **json.loads(example)}
    done = _python("-m", "mahjong_arbiter", "parse", "[[")
    assert done.returncode == 2 and "Traceback" not in done.stderr and "never closed" in done.stderr


def test_parse_imports_no_solver_library() -> None:
    code = (
        "import sys\n"
        "from mahjong_arbiter.cli import main\n"
        f"main(['parse', {HELPER_EXAMPLE!r}, '--json'])\n"
        "main(['--help'])\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('ortools', 'networkx', 'constraint'))\n"
        "print('HEAVY', heavy)\n"
    )
    done = _python("-c", code)
    assert done.returncode == 0, done.stderr
    assert "HEAVY []" in done.stdout


def test_stdin_text_stream(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    example = (FIXTURES / "issue2_example.json").read_text("utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n" + example + "{\n"))
    status, out, _ = _run(capsys, "--input", "-")
    first, second = (json.loads(line) for line in out.splitlines())
    assert status == 2 and first == {"schema_version": 1, **json.loads(example)}
    assert second["error"]["code"] == "bad_json" and "line 3" in second["error"]["message"]


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        # an abbreviation used to be taken silently: --profile meant compare's --profiles, dropping the list;
        # now compare says which option it takes
        (["compare", "123456789p123s55m", "--profiles", "bmja,hk-old-style", "--profile", "mcr-mil"],
         "compare takes --profiles P,P,... (the profiles to compare, mcr-mil among them), not --profile"),
        (["score", "123456789p123s55m", "--prof", "mcr"], "unrecognized arguments: --prof"),
        (["game", "new", "--db", "x.db", "--profile", "mcr", "--play", "A", "B", "C", "D"], "--play"),
        # two formats that disagree used to be "the last one wins"
        (["score", "123456789p123s55m", "--json", "--format", "text"], "--format text conflicts with --json"),
        (["stats", "r.jsonl", "--format", "html", "--json"], "--json conflicts with --format html"),
        (["rules", "mcr", "--format", "text", "--format", "html"], "--format html conflicts with --format text"),
    ],
)
def test_no_abbreviations_and_no_conflicting_formats(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert fragment in capsys.readouterr().err


def test_agreeing_formats_are_one_format(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "123456789p123s55m", "--format", "json", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 22  # Green Book 2006: 16 + 2 + 2 + 1 + 1
