"""The ``readings`` and ``waits`` commands: JSON shape, text, exit statuses, batch input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong_arbiter.cli import main
from mahjong_arbiter.notation import parse_hand
from mahjong_arbiter.solver import readings


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, object]:
    status = main([*argv, "--json"])
    return status, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("backend", ["fast", "cpsat", "csp"])
def test_readings_json_matches_the_api(capsys: pytest.CaptureFixture[str], backend: str) -> None:
    status, out = run_json(capsys, "readings", "111222333m456p77s", "--win", "2m", "--backend", backend)
    hand = parse_hand("111222333m456p77s", win="2m").hand
    assert status == 0
    expected = [r.to_dict() for r in readings(hand)]
    assert out == {"id": None, "schema_version": 1, "decompositions": 2, "readings": expected}


def test_readings_text_marks_the_winning_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["readings", "123m456p789sEE55sE", "--ascii"]) == 0
    text = capsys.readouterr().out
    assert "dual-pung wait on E" in text
    assert "pung      standing exposed    E E E  <- completed by E" in text


def test_self_drawn_keeps_the_set_concealed(capsys: pytest.CaptureFixture[str]) -> None:
    _, out = run_json(capsys, "readings", "123m456p789sEE55sE", "--self-drawn")
    assert isinstance(out, dict)
    assert out["readings"][0]["winning"]["concealed"] is True


def test_not_complete_exits_1_with_a_reason(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_json(capsys, "readings", "124m56m789p234sEEE")
    assert status == 1
    assert isinstance(out, dict) and out["readings"] == []
    assert "the characters 1m 2m 4m 5m 6m do not split" in out["why_not"]


def test_special_none_drops_seven_pairs(capsys: pytest.CaptureFixture[str]) -> None:
    _, out = run_json(capsys, "readings", "112233m445566p77s", "--special", "none")
    assert isinstance(out, dict)
    assert [r["shape"] for r in out["readings"]] == ["standard"]


def test_unknown_special_shape_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["readings", "112233m445566p77s", "--special", "dragons"]) == 2
    assert "unknown special shape" in capsys.readouterr().err


def test_waits_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_json(capsys, "waits", "[1111m,1]23m456p789pEE")
    assert status == 0
    assert isinstance(out, dict)
    assert [w["tile"] for w in out["waits"]] == ["4m"]
    assert out["held_out"] == ["1m"]
    assert out["waits"][0]["readings"][0]["wait"] == "two-sided"


def test_waits_on_nothing_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_json(capsys, "waits", "1111m456p789p123s")
    assert status == 1
    assert out == {"id": None, "schema_version": 1, "waits": [], "held_out": ["1m"]}


def test_batch_keeps_ids_and_reports_bad_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gates = ["1m", "1m", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "9m", "9m"]
    lines = [
        {"id": "gates-5m", "concealed": [*gates, "5m"], "winning_tile": "5m"},
        {"id": "short", "concealed": ["1m"], "winning_tile": "1m"},
    ]
    source = tmp_path / "hands.jsonl"
    source.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    assert main(["readings", "--input", str(source)]) == 2
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert first["id"] == "gates-5m" and first["decompositions"] == 1
    assert [r["wait"] for r in first["readings"]] == ["single"]
    assert second["id"] == "short" and second["error"]["code"] == "tile_count"
