"""Issue 11 §2: the rule defects independent scorers found, and the choices the texts leave open.

The scores themselves are golden fixtures (tests/fixtures/classical/cases_bmja.toml and
tests/fixtures/hk/gameweave.toml, each citing its text); here: the command line around them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong_arbiter.cli import main


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_rules_bmja_names_its_choices_with_their_sources(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "rules", "bmja")
    choices = out.split("Choices this profile makes", 1)[1]
    assert status == 0
    assert "concealed_double_honours = any" in choices
    assert "one or more suits with honours" in choices and "honour set" in choices
    for key in ("all_honours_shape = standard", "buried_treasure_concealed_kongs = yes",
                "buried_treasure_discard_pung = no"):
        assert key in choices


def test_gameweave_refuses_sets_standing_in_the_hand_on_a_discard(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "score", "123m456p789s234s5m5m", "--profile", "hk-gameweave")
    assert status == 1 and out == ""
    assert "needs 4 laid melds" in err and "your four melds are laid, a single tile remains in hand" in err
    assert "one hidden final set" in err


def _losers(tmp_path: Path) -> Path:
    path = tmp_path / "losers.jsonl"
    lines = [
        # a partial loser's hand: an exposed pung of East, 111m, CC (8 tiles), no winning_tile field
        {"id": "partial", "concealed": ["1m", "1m", "1m", "C", "C"],
         "melds": [{"kind": "pung", "tiles": ["E", "E", "E"]}]},
        # thirteen tiles, "winning_tile" left out
        {"id": "thirteen", "concealed": ["5m", "5m", "5m", "1p", "4p", "7p", "2s", "5s", "8s", "W", "N", "9m", "C"]},
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def test_score_input_loser_partial(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # BMJA rules, Working out the scores: [EEE] exposed major 4 + 111m concealed major 8 + CC 2 = 14;
    # East's own and prevailing wind set: 2 doubles -> 56.  Then 555m concealed 4 (no doubles) = 4.
    status, out, _ = _run(capsys, "score", "--input", str(_losers(tmp_path)), "--loser", "--partial",
                          "--profile", "bmja")
    results = [json.loads(line) for line in out.splitlines()]
    assert status == 0
    assert [(r["id"], r["total"]) for r in results] == [("partial", 56), ("thirteen", 4)]


def test_score_input_loser_without_partial_refuses_a_short_hand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = _run(capsys, "score", "--input", str(_losers(tmp_path)), "--loser", "--profile", "bmja")
    first, second = (json.loads(line) for line in out.splitlines())
    assert status == 2 and first["error"]["code"] == "tile_count" and second["total"] == 4


def test_a_loser_hand_may_not_name_a_winning_tile(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "loser.jsonl"
    hand = {"concealed": ["5m", "5m", "5m", "1p", "4p", "7p", "2s", "5s", "8s", "W", "N", "9m", "C", "C"],
            "winning_tile": "C"}
    path.write_text(json.dumps(hand) + "\n", encoding="utf-8")
    status, out, _ = _run(capsys, "score", "--input", str(path), "--loser", "--profile", "bmja")
    assert status == 2 and json.loads(out)["error"]["code"] == "tile_count"
