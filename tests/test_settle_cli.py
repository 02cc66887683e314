"""``mahjong-arbiter settle``: JSON in from a file or stdin, payments and nets out, exit 2 on bad input."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from mahjong_arbiter.cli import main

ISSUE_EXAMPLE = {
    "profile": "buzzard-2000",
    "limit": 600,
    "winner": "S",
    "self_drawn": False,
    "discarder": "W",
    "scores": {"E": 20, "S": 56, "W": 8, "N": 0},
    "incidents": [{"kind": "liability", "player": "W", "trigger": "three exposed pungs of one suit"}],
}


def test_issue_example_from_stdin_as_json(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(ISSUE_EXAMPLE)))
    assert main(["settle", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    # Buzzard liability (Buzzard 2000, ledger I): W pays E's 112 + W's 56 + N's 56 = 224 alone.
    assert out["payments"] == [{"from": "W", "to": "S", "amount": 224, "why": out["payments"][0]["why"]}]
    assert out["net"] == {"E": 0, "S": 224, "W": -224, "N": 0}
    assert "liability" in out["payments"][0]["why"]


def test_text_output_from_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.json"
    # The BMJA published example: Bill S 84 wins, Rod E 80, Ben W 208, Jack N 416.
    path.write_text(json.dumps({"profile": "bmja", "winner": "S", "scores": {"S": 84, "E": 80, "W": 208, "N": 416}}))
    assert main(["settle", "--input", str(path)]) == 0
    out = capsys.readouterr().out
    assert "E pays S 168" in out
    assert out.strip().endswith("net: E -1096  S +336  W -36  N +796")


def test_half_portions_print_as_decimals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A house rule paying the simple table's base points as whole portions (Yawnoc's B=1 五一,
    # blameless 0.5, discarder 1): N's 3 faan = 1 base point; E discarded: E 1, S and W 0.5 each.
    house = tmp_path / "wuyi.toml"
    house.write_text(
        'id = "wuyi"\nextends = "hk-old-style"\n[payments.tables.simple]\nportion = 1\n'
        "steps = [[3, 1], [4, 2], [7, 4], [10, 8]]\n",
        encoding="utf-8",
    )
    facts = {"profile": str(house), "winner": "N", "discarder": "E", "scores": {"N": 3}}
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(facts)))
    assert main(["settle", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["net"] == {"E": -1, "S": -0.5, "W": -0.5, "N": 2}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("{", "not JSON", id="bad-json"),
        pytest.param('{"profile": "bmja"}', "missing field 'winner'", id="missing-winner"),
        pytest.param('{"profile": "club", "winner": null}', "unknown profile 'club'", id="unknown-profile"),
        pytest.param(
            '{"profile": "bmja", "winner": "S", "scores": {"S": 1.5}}', "scores.S: 1.5 is not a whole", id="float"
        ),
        pytest.param(
            '{"profile": "bmja", "winner": "S", "incidents": [{"kind": "liability", "player": "W"}]}',
            "refused under bmja",
            id="open-case",
        ),
    ],
)
def test_bad_input_exits_2_with_a_message(
    text: str, message: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["settle"]) == 2
    assert message in capsys.readouterr().err


def test_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settle", "--input", str(tmp_path / "none.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_a_shipped_profile_settles_through_its_payments(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # hk-old-style-spicy.toml names the spicy table: 6 faan = 64 a portion (yawnoc README), half
    # responsibility: the discarder W 64, E and N 32 each.
    facts = {"profile": "hk-old-style-spicy", "winner": "S", "discarder": "W", "scores": {"S": 6}}
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(facts)))
    assert main(["settle", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["net"] == {"E": -32, "S": 128, "W": -64, "N": -32}
