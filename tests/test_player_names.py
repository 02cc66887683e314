"""Names a player types and nothing silent (issue 12, section 4): profile ids and rule names match
in any case, other tools' spellings are aliases, a near miss gets "did you mean" from one
matcher; waits under a profile with a minimum mark the completions that fall short of it."""

from __future__ import annotations

import json
import tomllib

import pytest

from mahjong_arbiter.cli import main
from mahjong_arbiter.profiles.loader import builtin_profile_ids, load_profile
from mahjong_arbiter.profiles.names import ALIASES_FILE


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    ("query", "meant"),
    [
        ("Fully Concealed", "'Fully Concealed Hand'"),
        ("Dragon Pungs", "'Two Dragon Pungs'"),
        ("All Pung", "'All Pungs'"),
    ],
)
def test_why_answers_a_near_miss_with_did_you_mean(
    query: str, meant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _run(capsys, "explain", "123456789p123s55m", "--profile", "mcr", "--why", query, "--json")
    error = json.loads(out)["error"]
    assert status == 2 and error["code"] == "unknown_rule"  # a name of no rule is bad input, as for verify
    assert "did you mean" in error["message"] and meant in error["message"] and meant in err


@pytest.mark.parametrize(("name", "meant"), [("MRC", "'mcr'"), ("buzzard", "'buzzard-2000'")])
def test_a_profile_near_miss_gets_did_you_mean(name: str, meant: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(capsys, "score", "123456789p123s55m", "--profile", name)
    assert status == 2 and f"did you mean {meant}?" in err


@pytest.mark.parametrize("name", ["MCR", "Mcr-Mil", "HK_Old_Style", "chinese-standard", "Guobiao"])
def test_profile_ids_match_in_any_case_and_by_alias(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "score", "123456789p123s55m", "--profile", name, "--json")
    assert status in (0, 1) and json.loads(out)["profile"] in builtin_profile_ids()


def test_a_peer_spelling_of_a_rule_is_an_alias(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "explain", "123456789p123s55m", "--profile", "mcr-mil", "--why", "all five", "--json")
    assert status == 0 and json.loads(out)["why"]["rule"] == "mcr.all-fives"
    status, out, _ = _run(capsys, "verify", "123456789p123s55m", "--profile", "mcr",
                          "--claim-rules", "Pure Straight, Concealed Hand, All Chows, Mixed Double Chow, Single Wait")
    assert status == 0


@pytest.mark.parametrize(
    ("hand", "profile", "query", "rule"),
    [
        # BMJA's name finds Thompson & Maloney's "Unique Wonder": one rule id, one hand
        ("19m19p19sESWNCFP1m", "thompson-maloney", "Thirteen Unique Wonders", "score.limit.thirteen-orphans"),
        # MCR's and the HK sheet's name of the same hand (aliases.toml)
        ("19m19p19sESWNCFP1m", "bmja", "Thirteen Orphans", "score.limit.thirteen-orphans"),
        ("19m19p19sESWNCFP1m", "bmja", "thirteen-orphans", "score.limit.thirteen-orphans"),
        # HK sheet, Special Hands: "Gates of Heaven (single suit 1112345678999 plus pair ...)"
        ("1112345678999m5m", "hk-old-style", "Gates of Heaven", "hk.nine-gates"),
    ],
)
def test_a_name_of_the_same_hand_finds_the_profiles_own_rule(
    hand: str, profile: str, query: str, rule: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = _run(capsys, "explain", hand, "--profile", profile, "--self-drawn", "--why", query, "--json")
    answer = json.loads(out)["why"]
    assert status == 0 and (answer["status"], answer["rule"]) == ("counted", rule)
    status, out, _ = _run(capsys, "verify", hand, "--profile", profile, "--self-drawn", "--claim-rules", query,
                          "--json")
    assert status in (0, 1) and rule not in {d["rule"] for d in json.loads(out)["differences"]}  # the claim is right


def test_a_different_hand_of_a_similar_name_is_not_joined(capsys: pytest.CaptureFixture[str]) -> None:
    # BMJA's Gates of Heaven needs its extra tile 2 to 8 (Kajongg, BMJA ruleset): not Nine Gates
    status, out, _ = _run(capsys, "explain", "1112345678999m5m", "--profile", "bmja", "--why", "Nine Gates", "--json")
    assert status == 0 and json.loads(out)["why"]["status"] == "not_in_profile"


def test_every_alias_names_a_real_profile_or_rule() -> None:
    data = tomllib.loads(ALIASES_FILE.read_text(encoding="utf-8"))
    for alias, target in data["profiles"].items():
        assert target["id"] in builtin_profile_ids(), alias
        assert target["source"]
    rules = {rid for pid in builtin_profile_ids() for rid in load_profile(pid).rules}
    for rid, entry in data["rules"].items():
        assert rid in rules and entry["aliases"] and entry["source"]


def test_waits_mark_completions_below_the_minimum(capsys: pytest.CaptureFixture[str]) -> None:
    # 234m 456p 678s, a 2s pair and two red dragons: on C, Dragon Pung (2) + Concealed Hand (2) = 4
    # points won on a discard (Green Book 2006, fans 59 and 62), below MCR's minimum of 8 (section 3.8).
    status, out, _ = _run(capsys, "waits", "234m456p678s22sCC", "--profile", "mcr", "--json")
    waits = {w["tile"]: w for w in json.loads(out)["waits"]}
    assert status == 1  # no tile wins: every completion falls short
    assert waits["C"]["below_minimum"] == ["discard", "self_drawn"]
    assert waits["C"]["discard"]["total"] == 4
    status, out, _ = _run(capsys, "waits", "234m456p678s22sCC", "--profile", "mcr")
    assert "2 points *" in out and "* below the minimum of 8 points" in out


def test_waits_without_a_minimum_mark_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "waits", "1112345678999m", "--profile", "mcr", "--json")
    assert status == 0
    assert all(w["below_minimum"] == [] for w in json.loads(out)["waits"])


def test_every_command_exits_1_below_the_minimum(capsys: pytest.CaptureFixture[str]) -> None:
    # 234m 456p 678s CCC 22s won on a discard: Dragon Pung + Concealed Hand, 4 points under mcr
    # (Green Book 2006, fans 59 and 62), below its minimum of 8: a valid hand that cannot be declared.
    hand = "234m456p678s22sCCC"
    assert _run(capsys, "score", hand, "--profile", "mcr")[0] == 1
    assert _run(capsys, "explain", hand, "--profile", "mcr")[0] == 1
    assert _run(capsys, "compare", hand, "--profiles", "mcr,mcr-mil")[0] == 1
    assert _run(capsys, "compare", hand, "--profiles", "mcr,buzzard-2000")[0] == 0  # Buzzard has no minimum
    # the claim of 4 is right about the total, but the hand is no win: 1, as every command gives
    assert _run(capsys, "verify", hand, "--profile", "mcr", "--claim", "4")[0] == 1


@pytest.mark.parametrize(
    ("hand", "rule", "words"),
    [
        # BMJA's Gates of Heaven: "one more tile of 2 to 8" (bmja.toml's choice; Kajongg, BMJA ruleset)
        ("1112345678999m1m", "Gates of Heaven", ["one more tile of 2 to 8", "won on 1m", "at most 1 chow in"]),
        ("11m23456789mESWS", "Wriggling Snake", ["one of each wind", "won on S", "one of each terminal and honour"]),
    ],
)
def test_why_on_a_hand_that_does_not_win_answers_in_players_words(
    hand: str, rule: str, words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _run(capsys, "explain", hand, "--profile", "bmja", "--why", rule)
    assert status == 1 and all(w in err for w in words), err
    reason = err.split(": ", 1)[1].split(". Why ", 1)[0]
    assert err.count(reason) == 1 and f"Why {rule}? " in err  # the engine's reason once, then the answer
    assert "classical_" not in err and "(s)" not in err and "thirteen_orphans" not in err
