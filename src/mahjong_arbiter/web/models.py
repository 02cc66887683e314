"""The JSON API's request models: what each endpoint takes, typed, so the OpenAPI document is generated.

A request names the hand in the JSON hand format (:mod:`mahjong_arbiter.notation.json_hand`) and
the options of the matching CLI command.  The models check shapes and types; the engine checks
meaning (a fifth copy, a meld that is no meld, an unknown rule) with its own messages, so a hand
the CLI refuses is refused here with the same words.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import Path
from pydantic import BaseModel, ConfigDict, Field

from ..table.ledger import MAX_GAME_ID
from .config import MAX_HAND_TEXT, MAX_PROFILE

__all__ = [
    "JsonMeld",
    "JsonHand",
    "ParseRequest",
    "HandRequest",
    "ScoreRequest",
    "ReadingsRequest",
    "WaitsRequest",
    "ExplainRequest",
    "VerifyRequest",
    "CompareRequest",
    "ProfileUpload",
    "NewGameRequest",
    "HandFactsRequest",
    "GameId",
]

Backend = Literal["fast", "cpsat", "csp"]
Wind = Literal["E", "S", "W", "N"]
Seat = Literal["E", "S", "W", "N"]
Token = Annotated[str, Field(max_length=8, examples=["5m", "E", "C"])]
FiniteNumber = Annotated[float, Field(allow_inf_nan=False)]
GameId = Annotated[int, Path(ge=1, le=MAX_GAME_ID, description="a game's number (as game --game takes it)")]
"""A game named in a URL: a number out of the ledger's range is bad input (422), as on the command
line, never a question SQLite cannot be asked; a number in range that names no game is 404."""


class _Strict(BaseModel):
    # no coercion ("1" is not true, "5" is not 5): the JSON the CLI refuses is refused here too
    model_config = ConfigDict(extra="forbid", strict=True)


class JsonMeld(_Strict):
    """A declared meld: ``{"kind": "pung", "tiles": ["5p","5p","5p"], "exposed": true, "claimed": "5p",
    "from": "right"}`` (``from``: the player a claimed set came from; ``added``: a kong completed
    from a claimed pung)."""

    kind: Literal["chow", "pung", "kong"]
    tiles: list[Token] = Field(max_length=4)
    exposed: bool = True
    claimed: Token | None = None
    claimed_from: Literal["left", "opposite", "right"] | None = Field(None, alias="from")
    added: bool = False


class JsonHand(_Strict):
    """The JSON hand format: standing tiles (the winning tile among them), melds, winning tile, context."""

    id: str | None = Field(None, max_length=200)
    schema_version: Literal[1] | None = None  # as parse writes it; the engine checks it is its own
    concealed: list[Token] = Field(max_length=20)
    melds: list[JsonMeld] = Field(default_factory=list, max_length=4)
    winning_tile: Token | None = None
    self_drawn: bool = False
    last_of_kind: bool = False
    kong_related: bool = False
    last_tile: bool = False
    seat_wind: Wind = "E"
    prevailing_wind: Wind = "E"
    flowers: int | list[Token] = 0
    events: list[Annotated[str, Field(max_length=60)]] = Field(default_factory=list, max_length=20)

    def as_json(self) -> dict[str, Any]:
        """The hand as the engine reads it (fields left out stay left out)."""
        return self.model_dump(exclude_unset=True, by_alias=True)


class ParseRequest(_Strict):
    """``parse``: a hand string in any notation and the context flags of the CLI."""

    text: str = Field(max_length=MAX_HAND_TEXT, examples=["[123p,1][345s,2][999s,3]6m6pEW1m"])
    win: str | None = Field(None, max_length=4, description="the winning tile, if not the last one written")
    honour_order: Literal["tenhou", "chinese"] = "tenhou"
    partial: bool = False
    thirteen: bool = False
    self_drawn: bool = False
    seat: Wind = "E"
    round: Wind = "E"
    flowers: int | None = Field(None, ge=0, le=8, description="a count; bonus tiles by name go in braces")
    last_of_kind: bool = False
    kong: bool = False
    last_tile: bool = False
    events: list[Annotated[str, Field(max_length=60)]] = Field(default_factory=list, max_length=20)


class _Profiled(_Strict):
    profile: str = Field("mcr", max_length=200, description="a built-in profile id, or the id of profile_toml")
    profile_toml: str | None = Field(
        None, max_length=MAX_PROFILE, description="an uploaded house-rules profile (extends a built-in one)"
    )


class HandRequest(_Profiled):
    """What every scoring request holds: the hand, the profile, the backend."""

    hand: JsonHand
    backend: Backend = "fast"


class ScoreRequest(HandRequest):
    """``score``."""

    limit: int | None = Field(None, gt=0, le=10**9)
    loser: bool = False
    partial: bool = False


class ReadingsRequest(_Strict):
    """``readings``."""

    hand: JsonHand
    backend: Backend = "fast"
    special: str | None = Field(None, max_length=200, description="special shapes, comma-separated, or 'none'")


class WaitsRequest(_Strict):
    """``waits``: without a profile the solver's waits; with one, each wait scored (or, with
    ``discards``, what each discard of 14 tiles leaves)."""

    hand: JsonHand
    profile: str | None = Field(None, max_length=200)
    profile_toml: str | None = Field(None, max_length=MAX_PROFILE)
    discards: bool = False
    backend: Backend = "fast"
    special: str | None = Field(None, max_length=200)


class ShantenRequest(HandRequest):
    """``shanten``: how far a hand of 13 or 14 tiles is from winning; ``seen`` tiles on the table."""

    seen: list[Token] = Field(default_factory=list, max_length=136)


class TargetsRequest(HandRequest):
    """``targets``: the best complete hands within ``depth`` new tiles."""

    depth: int = Field(2, ge=1, le=3)
    seen: list[Token] = Field(default_factory=list, max_length=136)
    at_least: FiniteNumber | None = None
    top: int = Field(10, ge=1, le=1000)
    limit: int | None = Field(None, gt=0, le=10**9)
    search: Literal["fast", "cpsat"] = "fast"


class ExplainRequest(HandRequest):
    """``explain`` (with ``why``)."""

    limit: int | None = Field(None, gt=0, le=10**9)
    why: str | None = Field(None, max_length=200)


class VerifyRequest(HandRequest):
    """``verify``: a claimed total, or the claimed rules (a list, or one comma-separated string)."""

    limit: int | None = Field(None, gt=0, le=10**9)
    claim: int | FiniteNumber | Annotated[str, Field(max_length=2000)] | list[Annotated[str, Field(max_length=200)]]


class CompareRequest(_Strict):
    """``compare``: the hand under each of ``profiles``."""

    hand: JsonHand
    profiles: list[Annotated[str, Field(max_length=200)]] = Field(["mcr", "mcr-mil"], min_length=1, max_length=20)
    profile_toml: str | None = Field(None, max_length=MAX_PROFILE)
    backend: Backend = "fast"


class ProfileUpload(_Strict):
    """A house-rules profile to check (and then send with requests as ``profile_toml``)."""

    text: str = Field(max_length=MAX_PROFILE)


class NewGameRequest(_Strict):
    """``game new``, under a built-in profile.  The ledger pins a game to its profile's id or file
    for the rest of the game and for its replay; an uploaded profile lives only in the requests
    that carry it, so a game on house rules is started where their file is (``game new --profile
    FILE``) and ``profile_toml`` is refused with a message that says so."""

    profile: str = Field(max_length=200, description="a built-in profile id")
    profile_toml: str | None = Field(
        None, max_length=MAX_PROFILE, description="refused: a game from the web is played under a built-in profile"
    )
    players: list[Annotated[str, Field(min_length=1, max_length=60)]] = Field(min_length=4, max_length=4)
    limit: int | None = Field(None, gt=0, le=10**9)
    rounds: Literal[1, 4] = 4
    after_east_win: Literal["stays", "passes"] | None = None
    after_draw: Literal["stays", "passes"] | None = None


class IncidentModel(_Strict):
    """An incident the table reports (``game hand --incident``)."""

    kind: Literal["liability", "false_mahjong", "wrong_tile_count", "non_winner_limit"]
    player: Seat
    trigger: str = Field("", max_length=200)
    count: Literal["too_many", "too_few"] | None = None
    exposed: bool | None = None


class WinContext(_Strict):
    """The winner's context when hands are given (the winds come from the game)."""

    last_of_kind: bool = False
    kong_related: bool = False
    last_tile: bool = False
    events: list[Annotated[str, Field(max_length=60)]] = Field(default_factory=list, max_length=20)


class HandFactsRequest(_Strict):
    """``game hand`` / ``game draw``: one hand's facts, seats as letters (``winner`` null for a draw);
    scores typed, or hands given (scored under the game's profile), or both when they agree.
    With ``preview`` the settlement is computed and returned but nothing is stored."""

    winner: Seat | None = None
    self_drawn: bool = False
    discarder: Seat | None = None
    scores: dict[Seat, Annotated[int, Field(ge=-10**9, le=10**9)]] = Field(default_factory=dict)
    incidents: list[IncidentModel] = Field(default_factory=list, max_length=20)
    hands: dict[Seat, Annotated[str, Field(max_length=MAX_HAND_TEXT)]] = Field(default_factory=dict)
    context: WinContext | None = None
    partial: list[Seat] = Field(default_factory=list, max_length=4)
    honour_order: Literal["tenhou", "chinese"] | None = None
    preview: bool = False
    expected_hand: int | None = Field(
        None, ge=1, description="the hand number the caller saw: refused (stale_state) if the game has moved on"
    )

    def facts(self) -> dict[str, Any]:
        """The facts as ``game hand --input`` reads them (``winner`` always present: null is a draw)."""
        out = self.model_dump(exclude_none=True, exclude={"preview", "expected_hand"})
        out["winner"] = self.winner
        return out
