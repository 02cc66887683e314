"""No traceback and no lost hand under bad input (issue 11, section 4): each case reproduces a
crash or a stopped batch of the code before it, and checks the precise message and exit status."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from mahjong_arbiter.batch import BadRecord, outcome_of
from mahjong_arbiter.cli import main
from mahjong_arbiter.errors import HandError
from mahjong_arbiter.hand import Context
from mahjong_arbiter.jsonio import dumps, loads
from mahjong_arbiter.notation import parse_hand
from mahjong_arbiter.notation.json_hand import HandRecord

# Pure Straight hand (1-9p), 123s and a 5m pair: 22 points under mcr (Green Book 2006, fans 28, 62,
# 63, 69 and 79: 16 + 2 + 2 + 1 + 1), used as the one good hand of the batches below.
STRAIGHT = {
    "concealed": ["5m", "5m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "1s", "2s", "3s"],
    "winning_tile": "5m",
}


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, out, err


def _jsonl(path: Path, *lines: str) -> str:
    path.write_bytes("\n".join(lines).encode("utf-8", "surrogatepass") + b"\n")
    return str(path)


def test_an_overflowing_or_non_finite_claim_never_stops_a_batch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = json.dumps(STRAIGHT)[1:-1]
    source = _jsonl(
        tmp_path / "claims.jsonl",
        f'{{"id": "huge", {hand}, "claim": {10**400}}}',
        f'{{"id": "inf", {hand}, "claim": 1e400}}',
        f'{{"id": "nan", {hand}, "claim": NaN}}',
        f'{{"id": "right", {hand}, "claim": 22}}',
    )
    status, out, _ = _run(capsys, "verify", "--input", source, "--profile", "mcr")
    results = [json.loads(line) for line in out.splitlines()]
    assert status == 2
    assert [r.get("error", {}).get("code") for r in results] == ["bad_json", "bad_json", "bad_json", None]
    assert "401 digits" in results[0]["error"]["message"]
    assert "infinite" in results[1]["error"]["message"] and "NaN" in results[2]["error"]["message"]
    assert results[3]["id"] == "right" and results[3]["verdict"] == "right"


@pytest.mark.parametrize("claim", ["nan", "inf", "Infinity", "1e400", str(10**400)])
def test_verify_refuses_a_claim_that_is_no_finite_number(claim: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "verify", "123456789p123s55m", "--claim", claim, "--json")
    assert status == 2 and out == ""
    assert "claimed total" in err


def test_no_json_output_holds_nan_or_infinity() -> None:
    with pytest.raises(ValueError):
        dumps({"total": float("nan")})
    with pytest.raises(ValueError):
        dumps([float("inf")])


def test_a_lone_surrogate_id_is_one_bad_line_and_the_file_stays_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = json.dumps(STRAIGHT)[1:-1]
    source = _jsonl(tmp_path / "ids.jsonl", f'{{"id": "\\ud800", {hand}}}', f'{{"id": "ok", {hand}}}')
    target = tmp_path / "out.jsonl"
    status, _, _ = _run(capsys, "score", "--input", source, "--profile", "mcr", "-o", str(target))
    first, second = (json.loads(line) for line in target.read_text(encoding="utf-8").splitlines())
    assert status == 2
    assert first["error"]["code"] == "bad_json" and "surrogate" in first["error"]["message"]
    assert second["id"] == "ok" and second["total"] == 22


def test_a_byte_order_mark_on_the_first_line_is_accepted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "bom.jsonl"
    source.write_bytes(b"\xef\xbb\xbf" + json.dumps(STRAIGHT).encode() + b"\n")
    status, out, _ = _run(capsys, "score", "--input", str(source), "--profile", "mcr")
    assert status == 0 and json.loads(out)["total"] == 22


def test_a_line_over_a_mebibyte_is_cut_reported_and_the_batch_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "long.jsonl"
    source.write_bytes(b'{"id": "' + b"x" * (2 << 20) + b'"}\n' + json.dumps(STRAIGHT).encode() + b"\n")
    status, out, _ = _run(capsys, "score", "--input", str(source), "--profile", "mcr")
    first, second = (json.loads(line) for line in out.splitlines())
    assert status == 2 and "longer than 1 MiB" in first["error"]["message"]
    assert second["total"] == 22


def test_an_empty_input_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Nothing done is no success: an input with no hand at all exits 2 and says so (our choice)."""
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n  \n")
    status, out, err = _run(capsys, "score", "--input", str(empty))
    assert status == 2 and out == ""
    assert f"no hands in {empty} (it is empty or holds only blank lines)" in err


@pytest.mark.parametrize("command", ["score", "parse", "verify", "readings", "shanten"])
def test_an_output_that_is_the_input_is_refused_and_the_input_kept(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """-o F with --input F used to empty F before reading it, then exit 0 (data loss)."""
    source = tmp_path / "hands.jsonl"
    source.write_text(json.dumps({**STRAIGHT, "claim": 22}) + "\n", encoding="utf-8")
    kept = source.read_bytes()
    link = tmp_path / "link.jsonl"
    link.symlink_to(source)
    for output in (str(source), str(tmp_path / "." / "hands.jsonl"), str(link)):
        status, out, err = _run(capsys, command, "--input", str(source), "-o", output)
        assert status == 2 and f"-o {output} is the input file {source} (--input)" in err
        assert source.read_bytes() == kept


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["score", "[123m,²]456m789m123pEE"], "must be one digit"),
        (["score", "123m456m789m123pEE", "--flowers", "²"], "unknown bonus tile '²'"),
        (["parse", "123m456m789m123pEE", "--flowers", "٣"], "unknown bonus tile '٣'"),
        (["score", "1m" * 950_000], "a hand has at most 200"),
        (["score", "123m456m789m123pEE", "--win", "E" * 100_000], "expected one tile"),
    ],
)
def test_no_traceback_on_a_bad_hand_argument(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _run(capsys, *argv)
    assert status == 2 and message in err


@pytest.mark.parametrize("fmt", ["--json", "--format=jsonl"])
def test_one_bad_hand_with_json_writes_its_error_object_too(fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A program asking for JSON reads every answer from stdout: a hand that cannot be read gets the
    error object a batch line gets (exit 2, message on stderr as well); a bad option stays on stderr."""
    status, out, err = _run(capsys, "score", "123m456m789m123pEE", "--kong", "--profile", "mcr", fmt)
    assert status == 2 and "Robbing a kong" in err
    assert loads(out) == {"id": None, "schema_version": 1,
                          "error": {"code": "bad_context", "message": err.split(": ", 1)[1].strip()}}
    status, out, err = _run(capsys, "waits", "123m456m789m123pEEE", fmt)
    assert status == 2 and loads(out)["error"]["code"] == "tile_count"
    status, out, err = _run(capsys, "score", "123m456m789m123pEE", "--profile", "no-such-profile", fmt)
    assert status == 2 and out == "" and "unknown profile 'no-such-profile'" in err


def test_a_huge_hand_string_is_refused_before_it_is_parsed() -> None:
    with pytest.raises(HandError) as caught:
        parse_hand("[" * 1_900_000)
    assert caught.value.code == "hand_too_long"


def _deep() -> bytes:
    return b'{"profile": ' + b"[" * 5000 + b"]" * 5000 + b"}"


def test_json_nested_5000_deep_is_bad_input_everywhere(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    deep = tmp_path / "deep.json"
    deep.write_bytes(_deep() + b"\n")
    status, out, _ = _run(capsys, "score", "--input", str(deep))
    assert status == 2 and "nested more than 64 deep" in json.loads(out)["error"]["message"]
    status, _, err = _run(capsys, "settle", "--input", str(deep))
    assert status == 2 and "nested more than 64 deep" in err
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(_deep())))
    status, _, err = _run(capsys, "settle")
    assert status == 2 and "nested more than 64 deep" in err
    db = str(tmp_path / "games.sqlite3")
    assert main(["game", "new", "--db", db, "--profile", "buzzard-2000", "--players", "A", "B", "C", "D"]) == 0
    status, _, err = _run(capsys, "game", "hand", "--db", db, "--input", str(deep))
    assert status == 2 and "nested more than 64 deep" in err


def test_invalid_utf8_is_bad_input_everywhere(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "latin1.json"
    bad.write_bytes('{"profile": "bmja", "winner": "S", "note": "café"}'.encode("latin-1"))
    status, out, _ = _run(capsys, "score", "--input", str(bad))
    assert status == 2 and "not UTF-8" in json.loads(out)["error"]["message"]
    status, _, err = _run(capsys, "settle", "--input", str(bad))
    assert status == 2 and "not UTF-8" in err
    db = str(tmp_path / "games.sqlite3")
    assert main(["game", "new", "--db", db, "--profile", "buzzard-2000", "--players", "A", "B", "C", "D"]) == 0
    status, _, err = _run(capsys, "game", "hand", "--db", db, "--input", str(bad))
    assert status == 2 and "not UTF-8" in err
    status, _, err = _run(capsys, "game", "hand", "--db", db, "--input", str(tmp_path))
    assert status == 2 and "it is a folder" in err


def test_an_internal_error_is_one_line_and_status_3(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr("mahjong_arbiter.scoring.score", broken)
    status, out, err = _run(capsys, "score", "123456789p123s55m")
    assert status == 3 and out == ""
    assert err == (
        "mahjong-arbiter score: internal error: ZeroDivisionError: division by zero, "
        "please report it with this input\n"
    )


def test_an_internal_error_on_one_line_is_that_line_s_outcome() -> None:
    def broken(rec: HandRecord) -> tuple[int, dict[str, Any] | str, str]:
        raise KeyError("gone")

    good = BadRecord("h0", HandError("tile_count", "line 1: short"), 1)
    rec = HandRecord("h1", parse_hand("123456789p123s55m").hand, Context())
    assert outcome_of(good, broken).status == 2
    failed = outcome_of(rec, broken)
    assert failed.status == 3 and failed.id == failed.document()["id"] == "h1"
    assert failed.code == failed.document()["error"]["code"] == "internal_error"


def test_a_key_given_twice_is_one_bad_line_named_and_the_batch_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the decoder used to keep the last of the two: 5m would have won here, not the 5m of STRAIGHT's pair
    hand = json.dumps(STRAIGHT)[1:-1]
    source = _jsonl(
        tmp_path / "twice.jsonl",
        f'{{"id": "twice", {hand}, "winning_tile": "9p"}}',
        f'{{"id": "once", {hand}}}',
        f'{{"id": "meld", {hand}, "melds": [{{"kind": "pung", "kind": "chow", "tiles": ["1s", "2s", "3s"]}}]}}',
    )
    status, out, _ = _run(capsys, "score", "--input", source, "--profile", "mcr")
    results = [json.loads(line) for line in out.splitlines()]
    assert status == 2 and len(results) == 3
    assert results[0]["error"] == {
        "code": "bad_json",
        "message": 'line 1: the key "winning_tile" is given twice in one object; give each key once',
    }
    assert results[1]["id"] == "once" and results[1]["total"] == 22
    assert results[2]["error"]["message"].startswith('line 3: the key "kind" is given twice')


def test_the_decoder_refuses_what_it_cannot_hold_exactly() -> None:
    for text, detail in [
        ("[9007199254740992]", "too large"),
        ("[-Infinity]", "-Infinity is not a number"),
        ('{"a": "\\udc80"}', "lone surrogate \\udc80"),
    ]:
        with pytest.raises(Exception) as caught:
            loads(text)
        assert detail in str(caught.value)
    assert loads("[9007199254740991, 1e300]") == [9007199254740991, 1e300]


@pytest.mark.parametrize(
    "argv",
    [
        ["game", "new", "--profile", "bmja", "--players", "A", "B", "C", "D", "--limit", str(10**30)],
        ["game", "show", "--game", str(10**400)],
        ["score", "111m222p333sEEECC", "--profile", "bmja", "--limit", "٣"],
        ["rules", "mcr", "-o", "."],
        ["game", "export", "--output", "missing/folder/game.csv"],
    ],
)
def test_numbers_and_paths_the_ledger_or_disk_cannot_take_are_bad_input(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["game", "new", "--profile", "bmja", "--players", "A", "B", "C", "D"]) == 0
    capsys.readouterr()
    status, _, err = _run(capsys, *argv)
    assert status == 2 and ("expected a whole number" in err or "cannot write" in err)


def test_a_line_of_exactly_a_mebibyte_is_whole_with_lf_or_crlf() -> None:
    import io

    from mahjong_arbiter.batch.lines import MAX_LINE_BYTES, iter_lines

    full, over = b"x" * MAX_LINE_BYTES, b"y" * (MAX_LINE_BYTES + 1)
    data = full + b"\n" + full + b"\r\n" + over + b"\r\n" + over + b"\n" + full + b"\r\n" + b"[1]\r\n"
    found = [(line.number, len(line.raw), line.cut) for line in iter_lines(io.BytesIO(data))]
    assert found == [(1, MAX_LINE_BYTES, False), (2, MAX_LINE_BYTES, False), (3, MAX_LINE_BYTES, True),
                     (4, MAX_LINE_BYTES, True), (5, MAX_LINE_BYTES, False), (6, 3, False)]
