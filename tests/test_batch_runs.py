"""A batch run's edges: what ``-o FILE`` holds after a refused, failed or interrupted run, the
summary line's counts, a closed pipe and Ctrl-C (exploratory findings on the batch side)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import mahjong_arbiter.batch.pipeline as pipeline
from mahjong_arbiter.cli import main

ROOT = Path(__file__).resolve().parent.parent
def _tiles(text: str) -> list[str]:
    return text.split()


EARLIER = '{"id": "earlier results"}\n'
# 14 tiles winning on C with Dragon Pung, Concealed Hand, ... : 4 MCR points, below the minimum of 8
BELOW = {"concealed": _tiles("2m 3m 4m 4p 5p 6p 6s 7s 8s 2s 2s C C C"), "winning_tile": "C"}
# Pure Straight (16) and more: 21 MCR points
WINS = {"concealed": _tiles("1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p E E"), "winning_tile": "E"}


def _write(path: Path, *hands: dict[str, object]) -> Path:
    path.write_text("".join(json.dumps(h) + "\n" for h in hands), encoding="utf-8")
    return path


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith((".tmp", ".partial")))


@pytest.mark.parametrize("case", ["missing input", "empty input", "bad scheduler", "unreadable output folder"])
def test_a_refused_run_leaves_the_output_file_as_it_was(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "results.jsonl"
    results.write_text(EARLIER, encoding="utf-8")
    hands = _write(tmp_path / "hands.jsonl", {"id": "a", **WINS})
    argv = ["score", "--input", str(hands), "--profile", "mcr", "-o", str(results)]
    if case == "missing input":
        argv[2] = str(tmp_path / "missing.jsonl")
    elif case == "empty input":
        hands.write_text("\n  \n", encoding="utf-8")
    elif case == "bad scheduler":
        argv += ["--scheduler", "nonsense"]
    else:
        argv[-1] = str(tmp_path / "no-such-folder" / "results.jsonl")
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith("mahjong-arbiter score: ")
    assert results.read_text(encoding="utf-8") == EARLIER
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("command", ["score", "shanten"])
def test_an_empty_output_name_is_bad_input_and_writes_nothing(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # found by test_fuzz_cli: '-o ""' made a temporary file in the parent folder, then failed to
    # rename it to '' (exit 3, an internal error)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    hands = _write(work / "hands.jsonl", {"id": "a", **WINS})
    argv = [command, "--input", str(hands), "-o", ""] + (["--profile", "mcr"] if command == "score" else [])
    assert main(argv) == 2
    assert "cannot write '': -o needs a file name" in capsys.readouterr().err
    assert _leftovers(work) == [] and _leftovers(tmp_path) == []


def test_a_complete_run_replaces_the_output_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "results.jsonl"
    results.write_text(EARLIER, encoding="utf-8")
    results.chmod(0o640)
    hands = _write(tmp_path / "hands.jsonl", {"id": "a", **WINS}, {"id": "b", **BELOW})
    assert main(["score", "--input", str(hands), "--profile", "mcr", "-o", str(results)]) == 1
    assert [json.loads(line)["id"] for line in results.read_text(encoding="utf-8").splitlines()] == ["a", "b"]
    assert results.stat().st_mode & 0o777 == 0o640  # the file keeps its permissions
    assert _leftovers(tmp_path) == []


def _interrupt_at(monkeypatch: pytest.MonkeyPatch, number: int) -> None:
    """Ctrl-C while line *number* is worked on."""
    real = pipeline.outcome_of

    def outcome_of(rec: object, handle: object, line: int | None = None) -> object:
        if line == number:
            raise KeyboardInterrupt
        return real(rec, handle, line)  # type: ignore[arg-type]

    monkeypatch.setattr(pipeline, "outcome_of", outcome_of)


@pytest.mark.parametrize("fmt", ["jsonl", "json"])
def test_ctrl_c_says_after_how_many_lines_keeps_them_apart_and_exits_130(
    fmt: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "results.jsonl"
    results.write_text(EARLIER, encoding="utf-8")
    hands = _write(tmp_path / "hands.jsonl", *({"id": f"h{i}", **WINS} for i in range(5)))
    _interrupt_at(monkeypatch, 3)
    status = main(["score", "--input", str(hands), "--profile", "mcr", "--partition-lines", "2", "--format", fmt,
                   "-o", str(results)])
    assert status == 130
    err = capsys.readouterr().err
    assert err == (f"mahjong-arbiter score: interrupted after 2 lines: 2 scored, 0 bad input; {results} is left as "
                   f"it was, the results of those lines are in {results}.partial\n")
    assert results.read_text(encoding="utf-8") == EARLIER
    kept = (tmp_path / "results.jsonl.partial").read_text(encoding="utf-8")
    done = json.loads(kept) if fmt == "json" else [json.loads(line) for line in kept.splitlines()]
    assert [d["id"] for d in done] == ["h0", "h1"]


def test_ctrl_c_outside_a_batch_is_one_line_and_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import mahjong_arbiter.cli.commands.parse as parse_command

    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(parse_command, "run", interrupted)
    assert main(["parse", "123m456m789m234p55p"]) == 130
    assert capsys.readouterr().err == "mahjong-arbiter parse: interrupted\n"


def test_a_closed_pipe_stops_the_batch_quietly_with_141(tmp_path: Path) -> None:
    hands = _write(tmp_path / "hands.jsonl", *({"id": f"h{i}", **WINS} for i in range(600)))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")]))}
    run = subprocess.Popen([sys.executable, "-m", "mahjong_arbiter", "score", "--input", str(hands), "--profile", "mcr",
                            "--partition-lines", "50"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert run.stdout is not None and run.stderr is not None
    run.stdout.read(100)  # the reader takes the start and goes away ('| head -c 100')
    run.stdout.close()
    err = run.stderr.read().decode()
    assert run.wait(timeout=120) == 141  # never 0: the batch did not finish
    assert err == ""


def test_the_summary_of_verify_and_waits_names_each_kind_of_status_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    claims = _write(tmp_path / "claims.jsonl", {"id": "below-right", **BELOW, "claim": 4},
                    {"id": "ok-right", **WINS, "claim": 21}, {"id": "ok-wrong", **WINS, "claim": 22},
                    {"id": "below-wrong", **BELOW, "claim": 5})
    assert main(["verify", "--input", str(claims), "--profile", "mcr"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("mahjong-arbiter verify: 4 lines read: 1 right, 1 right claim below minimum, "
                          "2 wrong claim, 0 bad input; "), err
    # waits 2s and C, both below MCR's minimum; no wait at all; and a hand whose waits win
    ready = {"concealed": _tiles("2m 3m 4m 4p 5p 6p 6s 7s 8s 2s 2s C C"), "winning_tile": None}
    none = {"concealed": _tiles("1m 3m 5m 7m 9m 1p 3p 5p 7p 9p 1s 3s 5s"), "winning_tile": None}
    wins = {"concealed": _tiles("1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p E"), "winning_tile": None}
    waits = _write(tmp_path / "waits.jsonl", {"id": "w", **ready}, {"id": "n", **none}, {"id": "y", **wins})
    assert main(["waits", "--input", str(waits), "--profile", "mcr"]) == 1
    out, err = capsys.readouterr()
    assert [len(json.loads(line)["waits"]) for line in out.splitlines()] == [2, 0, 1]
    assert err.startswith("mahjong-arbiter waits: 3 lines read: 1 done, 1 waits below minimum, 1 no waits, "
                          "0 bad input; "), err


def test_text_names_a_hand_without_id_by_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hands = tmp_path / "hands.jsonl"
    hands.write_text(f"\n{json.dumps({'id': 'a', **WINS})}\n\n{json.dumps(WINS)}\n", encoding="utf-8")
    assert main(["score", "--input", str(hands), "--profile", "mcr", "--format", "text"]) == 0
    out = capsys.readouterr().out
    assert "== a ==" in out and "== line 4 ==" in out


@pytest.mark.parametrize("command", ["shanten", "targets"])
@pytest.mark.parametrize("seen", ["1m1m1m1m", "zz"])
def test_seen_beside_input_is_refused_as_a_context_flag_is(
    command: str, seen: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = _write(tmp_path / "hands.jsonl", {"id": "a", "concealed": WINS["concealed"][:13], "winning_tile": None})
    assert main([command, "--input", str(hands), "--profile", "mcr", "--seen", seen]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (f"mahjong-arbiter {command}: --seen cannot be used with --input: each JSON hand carries its own "
                   "context\n")


def test_a_line_refused_for_another_field_keeps_its_id(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hand = json.dumps(WINS)[1:-1]
    hands = tmp_path / "hands.jsonl"
    hands.write_text("\n".join([
        '{"id": "h-big", ' + hand + ', "flowers": 9007199254740992}',
        '{"id": "h-nan", ' + hand + ', "flowers": NaN}',
        '{"id": "h-sur", ' + hand + ', "events": ["\\ud800"]}',
        '{"id": "h-dup", ' + hand + ', "flowers": 1, "flowers": 2}',
        '{"id": "a", "id": "b", ' + hand + '}',  # which id? neither: null
        '{"id": "\\udc00", ' + hand + '}',  # the id itself is no text
    ]) + "\n", encoding="utf-8")
    assert main(["verify", "--input", str(hands), "--profile", "mcr", "--claim", "21"]) == 2
    found = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [f["id"] for f in found] == ["h-big", "h-nan", "h-sur", "h-dup", None, None]
    assert {f["error"]["code"] for f in found} == {"bad_json"}
