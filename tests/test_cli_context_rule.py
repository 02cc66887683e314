"""The context of a win on the command line: one rule for every command (README, "Context of a
win").  A fact of how a hand is won (self-drawn, a kong, last tile, last of its kind, events)
that the hand makes impossible for every winning tile is bad input (exit 2, ``bad_context``), as
``score`` says for a complete hand; a command with no win to apply it to refuses it; a 13-tile
hand's context says how its coming win is to be made and is shown, never dropped in silence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong_arbiter.cli import main

# Ready on E alone, holding one E: robbing a kong on E would make five; no kong is declared, so no
# replacement tile either.  --kong holds for no winning tile.
READY_ON_E = "123m456m789m123pE"


@pytest.mark.parametrize("argv", [
    ["waits", READY_ON_E, "--kong", "--profile", "mcr"],
    ["waits", READY_ON_E, "--kong", "--profile", "mcr", "--self-drawn"],
    ["targets", READY_ON_E, "--kong", "--depth", "1"],
    ["score", READY_ON_E + "E", "--kong", "--profile", "mcr"],
], ids=["waits", "waits-self-drawn", "targets", "score"])
def test_a_kong_no_winning_tile_can_hold_is_bad_context_everywhere(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "Robbing a kong" in captured.err or "Kong replacement tile" in captured.err
    assert "impossible here" in captured.err


def test_waits_keeps_the_ways_the_kong_allows_and_numbers_the_reasons(capsys: pytest.CaptureFixture[str]) -> None:
    # ready on 3p (no 3p held): robbing a kong on it is possible, a replacement tile is not (no kong)
    assert main(["waits", "123m456m789m12pEE", "--kong", "--profile", "mcr", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "to be won on a kong (robbing one, or its replacement tile)" in out
    row = next(line for line in out.splitlines() if line.strip().startswith("3p"))
    assert row.split()[-2:] == ["win", "[1]"] and len(row) < 60
    assert "[1] Kong replacement tile (--kong --self-drawn) is impossible here" in out


def test_waits_and_targets_self_drawn_score_only_the_self_drawn_win(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["waits", READY_ON_E, "--self-drawn", "--profile", "mcr", "--json"]) == 0
    wait, = json.loads(capsys.readouterr().out)["waits"]
    assert wait["discard"] is None and wait["self_drawn"]["total"] == 23
    assert main(["waits", READY_ON_E, "--self-drawn", "--profile", "mcr", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "to be won self-drawn" in out and "only the self-drawn win is scored" in out
    assert main(["targets", READY_ON_E, "--self-drawn", "--depth", "1", "--json"]) == 0
    assert [t["self_drawn"] for t in json.loads(capsys.readouterr().out)["targets"]] == [True]


@pytest.mark.parametrize("argv", [
    ["shanten", READY_ON_E, "--kong"],
    ["shanten", READY_ON_E, "--self-drawn"],
    ["score", "1112223334455m", "--loser", "--profile", "bmja", "--kong"],
    ["score", "1112223334455m", "--loser", "--profile", "bmja", "--self-drawn"],
], ids=["shanten-kong", "shanten-self-drawn", "loser-kong", "loser-self-drawn"])
def test_a_command_with_no_win_refuses_the_facts_of_a_win(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "says how a hand is won" in err and "leave it out" in err


def test_a_json_line_is_held_to_the_same_rule(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = tmp_path / "thirteen.jsonl"
    hand = {"concealed": ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "E"],
            "winning_tile": None}
    source.write_text(json.dumps(hand) + "\n" + json.dumps({**hand, "self_drawn": True}) + "\n", "utf-8")
    assert main(["shanten", "--input", str(source)]) == 2
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert first["shanten"] == 0 and second["error"]["code"] == "bad_context"


def test_parse_states_the_coming_win_of_a_thirteen_tile_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "[1111m,5]23m456p789pEE", "--self-drawn", "--ascii"]) == 0
    assert "context:  to be won self-drawn;" in capsys.readouterr().out


# --- below the minimum: exit status 1 everywhere (README, "Exit status") ---------------------------
BELOW = "234m456p678s22sCCC"  # Dragon Pung 2 + Concealed Hand 2 = 4 points: below MCR's 8 (Green Book 2006)


def test_verify_says_a_right_claim_on_a_hand_below_the_minimum_is_no_win(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", BELOW, "--claim", "4", "--ascii"]) == 1
    out = capsys.readouterr().out
    assert "verdict: RIGHT" in out and "below the minimum of 8 points under mcr: it is no win" in out
    assert main(["verify", BELOW, "--claim", "4", "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["verdict"] == "right" and doc["minimum_met"] is False


def test_the_verdict_is_written_once_when_no_breakdown_follows(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "123m456m789m124pEE", "--claim", "4", "--ascii"]) == 1
    assert capsys.readouterr().out.count("verdict: WRONG") == 1


def test_settle_exits_1_for_a_winner_below_the_minimum(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    facts = tmp_path / "facts.json"
    facts.write_text(json.dumps({"profile": "mcr", "winner": "S", "discarder": "W", "hands": {"S": BELOW}}), "utf-8")
    assert main(["settle", "--input", str(facts)]) == 1
    err = capsys.readouterr().err
    assert "hands.S: the winner's hand scores 4 points but is below mcr's minimum" in err
    assert "4 points without flowers is below the minimum of 8" in err


# --- a limit or minimum the arithmetic does not read is refused, never ignored ----------------------
@pytest.mark.parametrize(("body", "words"), [
    ('id = "h"\nextends = "mcr"\nlimit = 50\n', "field 'limit': profile h (it extends mcr) scores with the mcr "
     "arithmetic, which has no limit"),
    ('id = "h"\nextends = "bmja"\nminimum = 5\n', "field 'minimum': profile h (it extends bmja) scores with the "
     "classical arithmetic, which has no minimum"),
    ('id = "h"\nextends = "hk-old-style"\nlimit = 2\n', "field 'limit': 2 is below the minimum of 3"),
], ids=["mcr-limit", "classical-minimum", "cap-below-minimum"])
def test_a_house_total_the_arithmetic_cannot_use_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, body: str, words: str
) -> None:
    house = tmp_path / "h.toml"
    house.write_text(body, "utf-8")
    assert main(["score", "EEESSSWWWNNN11m", "--profile", str(house)]) == 2
    assert words in capsys.readouterr().err


def test_a_limit_below_the_minimum_is_refused_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "111m222p333sEEECC", "--profile", "hk-old-style", "--limit", "2"]) == 2
    assert "a limit of 2 is below profile hk-old-style's minimum of 3" in capsys.readouterr().err
    assert main(["score", "111m222p333sEEECC", "--profile", "hk-old-style", "--limit", "3"]) == 0


# --- messages and options (findings 17-19) ---------------------------------------------------------
@pytest.mark.parametrize(("argv", "words"), [
    (["score", "--profile", "mcr"], "give a HAND or --input FILE: neither was given"),
    (["score", "1112223334455m", "--partial", "--profile", "bmja"], "--partial needs --loser"),
    (["score", "123m456m789m234p55p", "--partition-lines", "5"], "--partition-lines applies to a batch"),
], ids=["no-hand", "partial-without-loser", "partition-lines-one-hand"])
def test_usage_messages_say_what_is_wrong(capsys: pytest.CaptureFixture[str], argv: list[str], words: str) -> None:
    assert main(argv) == 2
    assert words in capsys.readouterr().err


def test_a_folder_given_as_profile_is_named_a_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["score", "123m456m789m123pEE", "--profile", str(tmp_path) + "/"]) == 2
    assert "it is a folder, not a .toml file" in capsys.readouterr().err


def test_one_point_is_singular(capsys: pytest.CaptureFixture[str]) -> None:
    # Green Book 2006: Single Wait 1, Mixed Double Chow 1, One Voided Suit 1 (each worth one point)
    assert main(["targets", READY_ON_E, "--depth", "1", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "Single Wait 1 point" in out and "1 points" not in out


def test_the_score_help_lists_every_built_in_profile(capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong_arbiter.profiles.loader import builtin_profile_ids

    assert main(["score", "--help"]) == 0
    words = capsys.readouterr().out
    for pid in ("thompson-maloney", "club-rules"):
        assert pid in builtin_profile_ids() and pid in words
