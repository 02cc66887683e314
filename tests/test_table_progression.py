"""Progression: East keeps or passes the deal, the prevailing wind, the end of a game, MCR's
fixed rotation, East's consecutive wins (each profile's [progression], with its sources)."""

from __future__ import annotations

import dataclasses

import pytest

from mahjong_arbiter.errors import ArbiterError
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.profiles.table_rules import Progression
from mahjong_arbiter.table.progression import Outcome, TableState, advance, outcome_of, player_at, seat_of


def _progression(profile_id: str) -> Progression:
    rules = load_profile(profile_id).settlement_rules
    assert rules is not None and rules.progression is not None
    return rules.progression


def _run(policy_id: str, outcomes: list[Outcome], rounds: int = 4) -> TableState:
    progression = dataclasses.replace(_progression(policy_id), rounds=rounds)
    state = TableState()
    for outcome in outcomes:
        state = advance(state, outcome, progression)
    return state


@pytest.mark.parametrize(
    ("policy", "outcomes", "east", "prevailing", "east_wins"),
    [
        # Buzzard 2000, p. 7 rules 11-14: an East win and a dead hand keep East.
        pytest.param("buzzard-2000", ["east_win", "draw", "east_win"], 0, 0, 2, id="buzzard-east-keeps"),
        pytest.param("buzzard-2000", ["east_win", "other_win"], 1, 0, 0, id="buzzard-east-loses-passes"),
        # BMJA: East keeps the deal after a wash-out.
        pytest.param("bmja", ["draw", "draw"], 0, 0, 0, id="bmja-draw-keeps"),
        # Codification END OF GAME: East moves on after a dead round.
        pytest.param("codification", ["draw"], 1, 0, 0, id="codification-draw-passes"),
        # Every player held East and lost it: South round, original East deals again.
        pytest.param("bmja", ["other_win"] * 4, 0, 1, 0, id="prevailing-advances-after-four-passes"),
        pytest.param("bmja", ["other_win"] * 3 + ["east_win"] * 5, 3, 0, 5, id="no-advance-before-fourth-pass"),
        # MCR: the deal passes on every outcome, an East win included.
        pytest.param("mcr", ["east_win", "draw", "other_win"], 3, 0, 0, id="mcr-passes-always"),
        pytest.param("mcr", ["east_win"] * 5, 1, 1, 0, id="mcr-wind-changes-every-four-hands"),
    ],
)
def test_progression(policy: str, outcomes: list[Outcome], east: int, prevailing: int, east_wins: int) -> None:
    state = _run(policy, outcomes)
    assert (state.east, state.prevailing, state.east_wins) == (east, prevailing, east_wins)
    assert state.hand == len(outcomes) + 1


@pytest.mark.parametrize(
    ("policy", "rounds", "hands"),
    [
        pytest.param("mcr", 4, 16, id="mcr-16-hands"),
        pytest.param("bmja", 4, 16, id="bmja-four-rounds-of-losses"),
        pytest.param("buzzard-2000", 1, 4, id="one-round-game"),
    ],
)
def test_game_ends_after_its_rounds(policy: str, rounds: int, hands: int) -> None:
    before = _run(policy, ["other_win"] * (hands - 1), rounds)
    assert not before.finished
    after = _run(policy, ["other_win"] * hands, rounds)
    assert after.finished
    with pytest.raises(ArbiterError, match="game is over"):
        advance(after, "other_win", _progression(policy))


def test_buzzard_counts_to_the_thirteenth_consecutive_win() -> None:
    # the ledger counts East's run; the 13th win's limit event is derived from it (table/evidence.py)
    assert _run("buzzard-2000", ["east_win"] * 12).east_wins == 12
    assert _run("buzzard-2000", ["east_win"] * 13).east_wins == 13
    assert _run("buzzard-2000", ["east_win"] * 12 + ["other_win"]).east_wins == 0


def test_hong_kong_refuses_until_the_table_chooses() -> None:
    progression = _progression("hk-old-style")
    with pytest.raises(ArbiterError, match="no rule says who deals after a draw"):
        advance(TableState(), "draw", progression)
    assert advance(TableState(), "other_win", progression).east == 1
    chosen = dataclasses.replace(progression, after_draw="stays")
    assert advance(TableState(), "draw", chosen).east == 0


def test_seats_follow_the_deal() -> None:
    state = _run("bmja", ["other_win"])  # the player in chair 1 is now East
    assert seat_of(state, 1) == "E" and seat_of(state, 0) == "N"
    assert player_at(state, "S") == 2
    assert [outcome_of(w) for w in (None, "E", "W")] == ["draw", "east_win", "other_win"]
