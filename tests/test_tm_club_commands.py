"""thompson-maloney and club-rules through every command: score, explain --why, verify, compare,
waits, a loser's hand and fishing, settle, game, profiles, rules.  Each answer is checked against
a value worked out from the sources (Thompson & Maloney 1997; Club guide 2026), not just for running.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong_arbiter.cli import main

TM, CLUB = "thompson-maloney", "club-rules"


def _json(capsys: pytest.CaptureFixture[str]) -> dict:  # type: ignore[type-arg]
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_score_explain_and_verify(capsys: pytest.CaptureFixture[str]) -> None:
    # Dragon's Tail with the east pung exposed: half value, 500 (Thompson & Maloney 1997, p. 12)
    assert main(["score", "[EEE,1]123456789pPP", "--profile", TM, "--json"]) == 0
    out = _json(capsys)
    assert out["total"] == 500 and out["items"][0]["id"] == "score.limit.dragons-tail"
    assert main(["explain", "[EEE,1]123456789pPP", "--profile", TM, "--why", "Grand Sequence", "--ascii"]) == 0
    assert "concealed only" in capsys.readouterr().out
    assert main(["verify", "[EEE,1]123456789pPP", "--profile", TM, "--claim", "1000"]) == 1
    capsys.readouterr()
    # the club's Grand Sequence with a suited pair, 1,000 (Club guide 2026, p. 14)
    assert main(["verify", "123s456s789sCCC5m5m", "--profile", CLUB, "--claim", "1000"]) == 0


def test_compare_waits_and_a_losers_fishing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "CCCFFFPPP444p2s2s", "--profiles", f"bmja,{TM},{CLUB}", "--json"]) == 0
    out = _json(capsys)
    assert [out["columns"][p]["total"] for p in ("bmja", TM, CLUB)] == [1000, 1500, 1000]
    # 1-9s and E S W N wait on all thirteen for Wriggly Snake, and on a dragon for Five Odd Honours
    assert main(["waits", "123456789sESWN", "--profile", TM, "--json"]) == 0
    out = _json(capsys)
    assert len(out["waits"]) == 16
    # a loser one tile from Three Great Scholars under the Companion: 600 (p. 33)
    assert main(["score", "CCCFFF444p2s2sPP", "--loser", "--profile", TM, "--json"]) == 0
    assert _json(capsys)["total"] == 600


def test_settle_the_clubs_incidents(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hand = tmp_path / "hand.json"
    facts = {"profile": CLUB, "winner": "S", "discarder": "E", "scores": {"E": 100, "S": 30, "W": 20, "N": 10},
             "incidents": [{"kind": "cannon", "player": "E"}]}
    hand.write_text(json.dumps(facts))
    assert main(["settle", "--input", str(hand), "--json"]) == 0
    assert _json(capsys)["net"] == {"E": -120, "S": 120, "W": 0, "N": 0}
    facts["incidents"] = [{"kind": "false_discard_name", "player": "N"}]
    hand.write_text(json.dumps(facts))
    assert main(["settle", "--input", str(hand)]) == 2
    assert "who receives the 50" in capsys.readouterr().err


def test_a_game_under_each_profile(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "games.sqlite3")
    assert main(["game", "new", "--db", db, "--profile", TM, "--players", "A", "B", "C", "D"]) == 0
    # A (East) self-draws Down You Go: 2,000 kept above the limit, paid double by each loser
    assert main(["game", "hand", "--db", db, "--winner", "A", "--self-drawn",
                 "--hand", "A=ESWN2s2s2s2s4s4s4s6s6s8s", "--score", "B=0", "--score", "C=0", "--score", "D=0"]) == 0
    assert "B pays A 4000" in capsys.readouterr().out
    assert main(["game", "new", "--db", db, "--profile", CLUB, "--players", "A", "B", "C", "D"]) == 0
    assert main(["game", "hand", "--db", db, "--winner", "B", "--discarder", "C",
                 "--hand", "B=123s456s789sCCC5m5m", "--score", "A=0", "--score", "C=0", "--score", "D=0"]) == 0
    assert "C pays B 1000" in capsys.readouterr().out
    assert main(["game", "replay", "--db", db]) == 0


def test_profiles_and_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["profiles"]) == 0
    listed = capsys.readouterr().out
    assert "Western — Thompson & Maloney" in listed and "Club rules (a British club's 2026 guide)" in listed
    assert main(["profiles", "diff", "bmja", TM]) == 0
    diff = capsys.readouterr().out
    assert "- score.limit.fourfold-plenty" in diff and "+ score.limit.run-pung-and-pair" in diff
    assert main(["rules", TM]) == 0
    book = capsys.readouterr().out
    assert "Ordinary play is provisional" in book and "Kept unchanged from bmja." in book
    assert "Crazy Chows: half the limit or the limit?" in book
    assert main(["rules", CLUB]) == 0
    book = capsys.readouterr().out
    assert "Goulash hands are not supported" in book and "Heavenly and Earthly hands are never scored" in book
