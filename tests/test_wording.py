"""What the program says to players: offers kept, no "won" for a hand that has not won, no rule
"suppressed by" itself, one spelling of the dual-pung wait (issue: a rulebook in players' words, §4)."""

from __future__ import annotations

import json

import pytest

from mahjong_arbiter.cli import main
from mahjong_arbiter.errors import HandError
from mahjong_arbiter.notation.json_hand import record_from_json
from mahjong_arbiter.profiles.loader import builtin_profile_ids, load_profile


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    return status, capsys.readouterr().out


@pytest.mark.parametrize(
    ("written", "source", "added"),
    [("[999s,3]", "right", False), ("[999s,2]", "opposite", False), ("[EEEE,5]", "left", True),
     ("[7777p,7]", "right", True), ("[567m,3]", "left", False)],
)
def test_parse_keeps_the_offer_digit(capsys: pytest.CaptureFixture[str], written: str, source: str,
                                     added: bool) -> None:
    # Helper README offers: 1-3 left / opposite / right for a pung or kong, 5-7 the same for an
    # added kong; a chow's digit names its claimed tile and a chow always comes from the left.
    status, out = _run(capsys, "parse", written + "123p456s789s9m", "--json")
    meld = json.loads(out)["melds"][0]
    assert status == 0 and meld["from"] == source and meld.get("added", False) is added
    status, out = _run(capsys, "parse", written + "123p456s789s9m")
    assert status == 0 and f"helper:   {written}" in out


def test_a_chow_from_across_the_table_is_refused() -> None:
    hand = {"concealed": ["1p", "2p", "3p", "4s", "5s", "6s", "9m", "9m", "E", "E", "E"],
            "melds": [{"kind": "chow", "tiles": ["5m", "6m", "7m"], "claimed": "6m", "from": "opposite"}],
            "winning_tile": "9m"}
    with pytest.raises(HandError) as err:
        record_from_json(hand)
    assert err.value.code == "bad_claim" and "left" in err.value.message


@pytest.mark.parametrize(
    "argv", [["parse", "1112345678999m"], ["score", "1112345678999m", "--loser", "--profile", "bmja"]]
)
def test_a_hand_that_has_not_won_never_says_won(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    _, out = _run(capsys, *argv)
    assert "won on a discard" not in out and "context:" in out


def test_a_rule_is_never_suppressed_by_itself(capsys: pytest.CaptureFixture[str]) -> None:
    # 112233m456p789sEE: two Mixed Straights (each 123m with 456p 789s); the non-identical principle
    # counts the combination once (Green Book 2006 §3.9.1.5).
    for argv in (["score", "112233m456p789sEE", "--profile", "mcr", "--explain"],
                 ["explain", "112233m456p789sEE", "--profile", "mcr"]):
        _, out = _run(capsys, *argv)
        line = next(x for x in out.splitlines() if x.strip().startswith("Mixed Straight") and "once" in x)
        assert "counted once (non-identical)" in line and "by Mixed Straight" not in line
        assert "by mcr.mixed-straight" not in out


def test_an_implied_rule_reads_as_contained(capsys: pytest.CaptureFixture[str]) -> None:
    # Green Book 2006, fan 63: All Chows contains No Honors; said once, without nested brackets
    # (it read "implied by (already contained in) All Chows")
    _, out = _run(capsys, "explain", "123456789m123p55s", "--profile", "mcr")
    line = next(x for x in out.splitlines() if x.strip().startswith("No Honors"))
    assert "already contained in All Chows" in line and "implied by" not in line


@pytest.mark.parametrize("pid", builtin_profile_ids())
def test_no_rule_excludes_or_implies_a_rule_of_its_own_name(pid: str) -> None:
    # a suppression between two rules of one name reads to a player as a rule suppressed by itself
    # ("Original Hand  excluded by Original Hand" under buzzard-2000, where the x8 double and the
    # limit hand shared the name)
    rules = load_profile(pid).rules
    same = [
        (rid, edge.target)
        for rid, rule in rules.items()
        for edge in (*rule.excludes, *rule.implies)
        if edge.target in rules and rules[edge.target].name.casefold() == rule.name.casefold()
    ]
    assert same == []


@pytest.mark.parametrize(
    ("hand", "context", "claim"),
    [("123m555p777s999mCC", ["--self-drawn", "--event", "heavens_blessing"], "Original Hand"),
     ("[EEE,1]SSSWWWCCCFF", [], "All Winds and Dragons")],
)
def test_claiming_a_buzzard_limit_hand_by_its_name_is_right(
    capsys: pytest.CaptureFixture[str], hand: str, context: list[str], claim: str
) -> None:
    # Buzzard 2000 p. 11 (ledger D 1, D 3): the limit hand; its x8 double (ledger B) is named apart,
    # so the claim names the limit alone (it was WRONG: "Original Hand excluded by Original Hand")
    status, out = _run(capsys, "verify", hand, *context, "--profile", "buzzard-2000", "--claim-rules", claim, "--json")
    assert status == 0, out
    assert json.loads(out)["verdict"] == "right"


def test_one_spelling_of_the_dual_pung_wait(capsys: pytest.CaptureFixture[str]) -> None:
    _, out = _run(capsys, "readings", "123m456p789sEEE55s", "--win", "E", "--json")
    assert json.loads(out)["readings"][0]["wait"] == "dual-pung"
    _, text = _run(capsys, "readings", "123m456p789sEEE55s", "--win", "E")
    assert "dual-pung wait" in text and "dual_pung" not in text
