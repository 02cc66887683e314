"""Progression: who is East for the next hand, the prevailing wind, the end of the game.

Players keep their chairs, numbered 0-3; player 0 is East for the first hand.  The seat (wind)
of a player is counted from the chair of the current East, in turn order.  What happens after
each outcome is the profile's ``[progression]`` (:class:`~mahjong_arbiter.profiles.table_rules.
Progression`), each choice with its source.

East cycle (classical): East stays East on an East win, and after a draw when the profile says
so; otherwise the deal passes to South.  Once the deal has
passed four times (every player has held East and lost it) the prevailing wind advances.  A
game is ``rounds`` prevailing winds (4, or 1 as the table chooses).

Fixed rotation (MCR): the deal passes after every hand; the prevailing wind advances every four
hands, so a four-round game is 16 hands.

East's consecutive wins are counted for Buzzard's limit on East's thirteenth consecutive
Mahjong.  A draw is not a Mahjong: it neither adds to the run nor breaks it (a literal reading
of "consecutive Mahjong"; the ledger does not discuss a dead hand inside the run).  Losing the
deal ends the run.

>>> from mahjong_arbiter.profiles.table_rules import Progression
>>> s = advance(TableState(), "other_win", Progression("east_cycle", "stays", "stays", "example"))
>>> s.east, s.prevailing, s.hand
(1, 0, 2)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from ..errors import ArbiterError
from ..profiles.table_rules import Progression
from .seats import SEATS, WIND_NAMES, Seat

__all__ = ["Outcome", "TableState", "advance", "outcome_of", "seat_of", "player_at"]

Outcome = Literal["east_win", "other_win", "draw"]


@dataclass(frozen=True, slots=True)
class TableState:
    """The table before a hand.

    ``hand`` (1-based), ``prevailing`` (0-3: East ... North), ``east`` (the chair of the player
    who is East), ``passes`` (how often the deal has passed in this prevailing wind),
    ``east_wins`` (East's consecutive wins so far), ``finished``.
    """

    hand: int = 1
    prevailing: int = 0
    east: int = 0
    passes: int = 0
    east_wins: int = 0
    finished: bool = False

    @property
    def prevailing_wind(self) -> Seat:
        return SEATS[self.prevailing % 4]

    def describe(self) -> str:
        return f"hand {self.hand}, {WIND_NAMES[self.prevailing_wind]} round"

    def to_dict(self) -> dict[str, int | bool | str]:
        out: dict[str, int | bool | str] = dataclasses.asdict(self)
        out["prevailing_wind"] = self.prevailing_wind
        return out


def seat_of(state: TableState, chair: int) -> Seat:
    """The wind the player in ``chair`` sits under in this state."""
    return SEATS[(chair - state.east) % 4]


def player_at(state: TableState, seat: Seat) -> int:
    """The chair of the player sitting under ``seat``."""
    return (state.east + SEATS.index(seat)) % 4


def outcome_of(winner: Seat | None) -> Outcome:
    """A draw, an East win, or another player's win."""
    if winner is None:
        return "draw"
    return "east_win" if winner == "E" else "other_win"


def _east_stays(outcome: Outcome, policy: Progression) -> bool:
    if outcome == "other_win":
        return False
    rule = policy.after_east_win if outcome == "east_win" else policy.after_draw
    if rule is None:
        what = "an East win" if outcome == "east_win" else "a draw"
        raise ArbiterError(
            "open_case",
            f"no rule says who deals after {what} ({policy.source}); start the game with the "
            "table's choice (game new --after-east-win / --after-draw)",
        )
    return rule == "stays"


def advance(state: TableState, outcome: Outcome, policy: Progression) -> TableState:
    """The table after a hand with ``outcome``.

    Raises
    ------
    ArbiterError
        ``game_over`` when the game has already finished; ``open_case`` when the profile does
        not say who deals after this outcome.
    """
    if state.finished:
        raise ArbiterError("game_over", f"the game is over ({policy.rounds} rounds played)")
    stays = policy.kind == "east_cycle" and _east_stays(outcome, policy)
    if stays:
        wins = state.east_wins + (1 if outcome == "east_win" else 0)
        return dataclasses.replace(state, hand=state.hand + 1, east_wins=wins)
    passes = state.passes + 1
    prevailing = state.prevailing
    if passes == 4:
        passes, prevailing = 0, prevailing + 1
    return TableState(
        hand=state.hand + 1,
        prevailing=prevailing,
        east=(state.east + 1) % 4,
        passes=passes,
        east_wins=0,
        finished=prevailing >= policy.rounds,
    )
