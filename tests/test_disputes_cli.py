"""The ``explain``, ``verify``, ``compare`` and ``waits --profile`` commands: JSON, text, exit statuses.

Totals are the hand-computed ones of tests/fixtures/disputes/golden.toml (123456789p123s55m: 22
under mcr; H = [CCC,1]222m555p888s99p: 25 under mcr, 144 under bmja, 5 faan under hk-old-style).
The hand 123m345p678s234s55m has four chows: BMJA allows one chow in an ordinary hand (BMJA rules;
U3A mah-jong page), so it does not win there; under mcr it is Mixed Shifted Chows 6 (fan 51:
123m 234s 345p) + Concealed Hand 2 + All Chows 2 + Single Wait 1 = 11.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mahjong_arbiter.cli import main

STRAIGHT = "123456789p123s55m"
H = "[CCC,1]222m555p888s99p"
CHOWS = "123m345p678s234s55m"


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any]:
    status = main([*argv, "--json"])
    return status, json.loads(capsys.readouterr().out)


def test_explain_json_is_the_shared_schema_with_ranked_readings(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_json(capsys, "explain", STRAIGHT, "--profile", "mcr", "--why", "Short Straight")
    assert status == 0 and out["total"] == 22 and out["unit"] == "points" and out["profile"] == "mcr"
    assert {"id", "fingerprint", "items", "suppressed", "reading", "alternatives", "basic"} <= set(out)
    assert out["suppressed"] and all({"id", "name", "by", "source"} <= set(s) for s in out["suppressed"])
    assert [r["rank"] for r in out["readings"]] == [1] and out["readings"][0]["best"] is True
    assert out["why"]["status"] == "suppressed" and out["why"]["by"] == "mcr.pure-straight"


def test_explain_text_draws_tiles_and_ends_with_the_why(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", STRAIGHT, "--profile", "mcr", "--why", "half flush", "--ascii"]) == 0
    text = capsys.readouterr().out
    assert "standing: 5m 1p 2p 3p" in text and "\x1b[" not in text  # not a terminal: no colour
    assert "total: 22 points" in text
    assert text.rstrip().endswith("source: Green Book 2006, fan 50")


@pytest.mark.parametrize(
    ("argv", "status"),
    [
        pytest.param(["--claim", "22"], 0, id="right-total"),
        pytest.param(["--claim-rules", "Pure Straight, Concealed Hand, All Chows, Mixed Double Chow, Single Wait"],
                     0, id="right-rules"),
        pytest.param(["--claim", "24"], 1, id="wrong-total"),
        pytest.param(["--claim-rules", "Pure Straight, Half Flush"], 1, id="wrong-rules"),
        pytest.param(["--claim-rules", "Pure Stright"], 2, id="unknown-rule"),
        pytest.param(["--claim", "many"], 2, id="not-a-number"),
        pytest.param([], 2, id="no-claim"),
    ],
)
def test_verify_exit_status(argv: list[str], status: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", STRAIGHT, "--profile", "mcr", *argv]) == status


def test_verify_unknown_rule_suggests_the_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", STRAIGHT, "--profile", "mcr", "--claim-rules", "Pure Stright"]) == 2
    assert "did you mean 'Pure Straight'" in capsys.readouterr().err


def test_verify_json_differences(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_json(capsys, "verify", STRAIGHT, "--profile", "mcr", "--claim", "26")
    assert status == 1 and out["verdict"] == "wrong" and out["claim"] == 26 and out["total"] == 22
    (diff,) = out["differences"]
    assert diff["kind"] == "wrong_total" and (diff["claimed"], diff["actual"]) == (26, 22)


def test_verify_batch_with_claims(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    h = {"melds": [{"kind": "pung", "tiles": ["C", "C", "C"], "claimed": "C"}],
         "concealed": ["2m", "2m", "2m", "5p", "5p", "5p", "8s", "8s", "8s", "9p", "9p"], "winning_tile": "9p"}
    lines = [
        {"id": "right", **h, "claim": 144},
        {"id": "wrong", **h, "claim": ["Mah-Jong", "No chows"]},
        {"id": "bad", **h, "claim": ["Pure Straight"]},
        {"id": "none", **h},
    ]
    source = tmp_path / "session.jsonl"
    source.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    assert main(["verify", "--input", str(source), "--profile", "bmja"]) == 2
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [o["id"] for o in out] == ["right", "wrong", "bad", "none"]
    assert out[0]["verdict"] == "right" and out[0]["total"] == 144
    assert out[1]["verdict"] == "wrong" and {d["kind"] for d in out[1]["differences"]} >= {"missing"}
    assert out[2]["error"]["code"] == "unknown_rule" and out[3]["error"]["code"] == "bad_claim"


# The same claims on the command line and in a batch line: each is bad input (exit 2, bad_claim)
# with the same words.  Every profile's totals are whole numbers of 0 or more (rule values are
# whole; a share of the limit is rounded), so -5 and 22.5 are no score any hand has.
BAD_CLAIMS = [
    pytest.param(["--claim", "-5"], -5, "a claimed total is 0 or more (no hand scores less), not -5", id="negative"),
    pytest.param(["--claim", "22.5"], 22.5, "a claimed total is a whole number (every total is), not 22.5",
                 id="fraction"),
    pytest.param(["--claim-rules", ""], "", "the claim is empty: name at least one rule", id="empty"),
    pytest.param(["--claim-rules", ","], ",", "empty rule name in claim ','", id="comma"),
    pytest.param(["--claim-rules", "Pure Straight x0"], ["Pure Straight x0"], "Pure Straight is claimed 0 times",
                 id="count-0"),
    # a 23-digit count was taken (claimed 1.6e+24 points); 309 digits overflowed a float and 4,301
    # digits broke int(): each an internal error
    *(pytest.param(["--claim-rules", f"Pure Straight x{digits}"], [f"Pure Straight x{digits}"],
                   "Pure Straight is claimed a number that large times", id=f"count-{len(digits)}-digits")
      for digits in ("9" * 23, "1" + "0" * 308, "9" * 4301)),
    pytest.param(["--claim-rules", "Pure Straight x9007199254740991"], ["Pure Straight x9007199254740991"],
                 "the claimed rules add up to more than 9007199254740991 points", id="sum-too-large"),
]


@pytest.mark.parametrize(("argv", "field", "message"), BAD_CLAIMS)
def test_a_claim_no_hand_can_have_is_bad_input_on_the_command_line_and_in_a_batch(
    argv: list[str], field: object, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", STRAIGHT, "--profile", "mcr", *argv]) == 2
    assert message in capsys.readouterr().err
    source = tmp_path / "claims.jsonl"
    line = {"concealed": ["5m", "5m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "1s", "2s", "3s"],
            "winning_tile": "5m", "claim": field}
    source.write_text(json.dumps(line) + "\n", encoding="utf-8")
    assert main(["verify", "--input", str(source), "--profile", "mcr"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["code"] == "bad_claim" and message in error["message"]


def test_verify_on_a_hand_that_does_not_win(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_json(capsys, "verify", CHOWS, "--profile", "bmja", "--claim", "20")
    assert status == 1 and out["verdict"] == "wrong"
    assert out["differences"][0]["kind"] == "not_winning" and "at most 1 chow" in out["differences"][0]["message"]


def test_compare_columns_rows_and_a_profile_where_it_does_not_win(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_json(capsys, "compare", CHOWS, "--profiles", "mcr,hk-old-style,bmja")
    assert status == 0 and out["profiles"] == ["mcr", "hk-old-style", "bmja"]
    assert out["totals"] == {"mcr": 11, "hk-old-style": 3, "bmja": None}
    assert out["columns"]["bmja"]["error"]["code"] == "not_winning"
    rows = {r["name"]: r["cells"] for r in out["rows"]}
    assert rows["Concealed Hand"] == {"mcr": "2", "hk-old-style": "1", "bmja": ""}


def test_compare_text_puts_totals_last(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", H, "--profiles", "mcr,bmja,hk-old-style", "--ascii"]) == 0
    lines = capsys.readouterr().out.rstrip().splitlines()
    assert lines[-1].split() == ["total", "25", "points", "144", "points", "5", "faan"]


def test_scored_waits_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_json(capsys, "waits", "123456678p9pEEE", "--profile", "mcr")
    assert status == 0 and out["profile"] == "mcr"
    assert [(w["tile"], w["discard"]["total"], w["self_drawn"]["total"]) for w in out["waits"]] == [
        ("3p", 13, 15), ("6p", 28, 30), ("9p", 13, 15),
    ]


def test_discards_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_json(capsys, "waits", "123456678p9pEEE5s", "--profile", "mcr", "--discards")
    assert status == 0 and out["discards"][0]["discard"] == "5s" and out["discards"][0]["best"] == 30


def test_discards_needs_a_profile(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["waits", "123456678p9pEEE5s", "--discards"]) == 2
    assert "--discards needs --profile" in capsys.readouterr().err


def test_html_takes_one_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "x.jsonl"
    source.write_text("", encoding="utf-8")
    assert main(["explain", "--input", str(source), "--format", "html"]) == 2
    assert "one page" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("profile", "verdict"),
    [
        # the MIL reading counts a kind whose four copies the hand holds as a wait (reading note
        # N15): 123456789m EEEE is ready on E there, as shanten says, though no tile completes it
        ("mcr-mil", "ready under mcr-mil only on E, whose four copies this hand holds: no tile can complete it"),
        # the Green Book does not: not ready
        ("mcr", "not ready under mcr: no tile completes this hand"),
    ],
)
def test_waits_and_shanten_agree_on_a_hand_waiting_on_its_own_fourth_copy(
    profile: str, verdict: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["waits", "123456789mEEEE", "--profile", profile, "--ascii"]) == 1
    assert verdict in capsys.readouterr().out
    main(["shanten", "123456789mEEEE", "--profile", profile, "--ascii"])
    ready = "shanten 0 under" in capsys.readouterr().out
    assert ready == (profile == "mcr-mil")
