"""One hand's final facts, as the table reports them: who won, how, everyone's score, incidents.

This is the input of settlement (issue 7's JSON format)::

    {"profile": "buzzard-2000", "limit": 600, "winner": "S", "self_drawn": false,
     "discarder": "W", "scores": {"E": 20, "S": 56, "W": 8, "N": 0},
     "incidents": [{"kind": "liability", "player": "W", "trigger": "three exposed pungs"}]}

``winner`` is ``null`` for a draw (a dead hand); a seat missing from ``scores`` scored 0; a
missing ``limit`` is the profile's own.  ``profile`` is a built-in profile id or a house-rules
file: its ``[settlement]`` data decides every payment (:mod:`mahjong_arbiter.profiles.table_rules`).
Scores are numbers: points for classical and MCR profiles, faan for Hong Kong ones.  Incidents
carry their ``kind`` (one the profile declares), the ``player`` (a seat) and a free-text
``trigger``; a kind whose effect reads more also carries ``count`` (``too_many`` or
``too_few``: a dead hand), ``exposed: false`` (a false call withdrawn in time) or ``excused:
true`` (an accepted excuse, such as "No choice!").  Which kinds exist and which fields each
takes is the profile's to say; :func:`~mahjong_arbiter.table.incidents.check_incidents` checks
them against it.

Every problem raises :class:`~mahjong_arbiter.errors.ArbiterError` naming the field.

>>> f = parse_facts({"profile": "bmja", "winner": "S", "scores": {"S": 84}})
>>> f.winner, f.score("S"), f.score("E"), f.self_drawn
('S', 84, 0, False)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal, cast

from ..errors import ArbiterError
from ..profiles.values import TOP_VALUES
from .seats import SEATS, Seat, is_seat

__all__ = ["Incident", "HandFacts", "parse_facts", "facts_from_json"]

TileCount = Literal["too_many", "too_few"]

_FACT_FIELDS: Final = frozenset({"profile", "limit", "winner", "self_drawn", "discarder", "scores", "incidents"})
_INCIDENT_FIELDS: Final = frozenset({"kind", "player", "trigger", "count", "exposed", "excused"})
_RETIRED: Final = {
    "policy": "a hand settles under its profile's own [settlement] data; name the profile (a house-rules "
    "file that extends a built-in profile inherits its settlement)",
}


def _bad(message: str, code: str = "bad_facts") -> ArbiterError:
    return ArbiterError(code, message)


@dataclass(frozen=True, slots=True)
class Incident:
    """Something that changes the ordinary settlement, reported by the table (not detected).

    ``kind`` is one the profile declares; ``count`` (a dead hand's ``too_many`` / ``too_few``),
    ``exposed`` (``False``: a false call withdrawn in time) and ``excused`` (an accepted excuse)
    are read only by the effects that take them.
    """

    kind: str
    player: Seat
    trigger: str = ""
    count: TileCount | None = None
    exposed: bool = True
    excused: bool = False

    @property
    def given(self) -> frozenset[str]:
        """The optional fields this incident sets (``count``, ``exposed``, ``excused``)."""
        found = {"count"} if self.count is not None else set()
        found |= {"exposed"} if not self.exposed else set()
        found |= {"excused"} if self.excused else set()
        return frozenset(found)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "player": self.player, "trigger": self.trigger}
        if self.count is not None:
            out["count"] = self.count
        if not self.exposed:
            out["exposed"] = False
        if self.excused:
            out["excused"] = True
        return out


@dataclass(frozen=True, slots=True)
class HandFacts:
    """The facts of one finished hand; see the module docstring for the meaning of each field."""

    profile: str
    winner: Seat | None
    scores: Mapping[Seat, int] = field(default_factory=dict)
    self_drawn: bool = False
    discarder: Seat | None = None
    limit: int | None = None
    incidents: tuple[Incident, ...] = ()

    def __post_init__(self) -> None:
        if self.winner is None:
            if self.self_drawn or self.discarder is not None:
                raise _bad("a draw (winner null) has no self_drawn or discarder")
        else:
            if self.self_drawn and self.discarder is not None:
                raise _bad("a self-drawn win has no discarder")
            if self.discarder == self.winner:
                raise _bad(f"the winner {self.winner} cannot be the discarder")
        problem = None if self.limit is None else TOP_VALUES["limit"].problem(self.limit)
        if problem:
            raise _bad(f"limit must be {problem}")

    def score(self, seat: Seat) -> int:
        """The seat's score (0 when the table gave none)."""
        return self.scores.get(seat, 0)

    @property
    def losers(self) -> tuple[Seat, ...]:
        """Every seat but the winner's (all four on a draw)."""
        return tuple(s for s in SEATS if s != self.winner)

    def incidents_of(self, kind: str) -> tuple[Incident, ...]:
        """The incidents of one kind, in input order."""
        return tuple(i for i in self.incidents if i.kind == kind)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form, which :func:`parse_facts` reads back to an equal value."""
        out: dict[str, Any] = {"profile": self.profile}
        if self.limit is not None:
            out["limit"] = self.limit
        out["winner"] = self.winner
        out["self_drawn"] = self.self_drawn
        out["discarder"] = self.discarder
        out["scores"] = {s: self.scores[s] for s in SEATS if s in self.scores}
        out["incidents"] = [i.to_dict() for i in self.incidents]
        return out


def _seat(value: object, where: str, *, nullable: bool = False) -> Seat | None:
    if value is None and nullable:
        return None
    if not is_seat(value):
        raise _bad(f"{where}: {json.dumps(value)} is not a seat (seats are E S W N)")
    return value


def _whole(value: object, where: str, *, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(f"{where}: {json.dumps(value)} is not a whole number")
    if value < minimum:
        raise _bad(f"{where}: {value} is below {minimum}")
    return value


def _text(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise _bad(f"{where}: {json.dumps(value)} is not a string")
    return value


def _incident(raw: object, where: str) -> Incident:
    if not isinstance(raw, dict):
        raise _bad(f"{where}: an incident is an object with kind, player and trigger")
    unknown = sorted(set(raw) - _INCIDENT_FIELDS)
    if unknown:
        raise _bad(f"{where}: unknown field {unknown[0]!r}", "unknown_field")
    for key in ("kind", "player"):
        if key not in raw:
            raise _bad(f"{where}: missing field {key!r}", "missing_field")
    kind = _text(raw["kind"], f"{where}.kind")
    if not kind.strip():
        raise _bad(f"{where}.kind: empty incident kind")
    player = _seat(raw["player"], f"{where}.player")
    assert player is not None
    trigger = _text(raw.get("trigger", ""), f"{where}.trigger")
    count = raw.get("count")
    if count is not None and count not in ("too_many", "too_few"):
        raise _bad(f"{where}.count: {json.dumps(count)} is not 'too_many' or 'too_few'")
    flags = {}
    for key, default in (("exposed", True), ("excused", False)):
        value = raw.get(key, default)
        if not isinstance(value, bool):
            raise _bad(f"{where}.{key}: {json.dumps(value)} is not true or false")
        flags[key] = value
    return Incident(
        kind=kind,
        player=player,
        trigger=trigger,
        count=cast("TileCount | None", count),
        exposed=flags["exposed"],
        excused=flags["excused"],
    )


def parse_facts(raw: object) -> HandFacts:
    """Read one hand's facts from decoded JSON, naming the first wrong field precisely."""
    if not isinstance(raw, dict):
        raise _bad("the hand's facts must be a JSON object")
    for key, why in _RETIRED.items():
        if key in raw:
            raise _bad(f"{key}: this field is no longer read: {why}", "unknown_field")
    unknown = sorted(set(raw) - _FACT_FIELDS)
    if unknown:
        raise _bad(f"unknown field {unknown[0]!r}", "unknown_field")
    for key in ("profile", "winner"):
        if key not in raw:
            raise _bad(f"missing field {key!r}", "missing_field")
    profile = _text(raw["profile"], "profile")
    if not profile:
        raise _bad("profile: empty profile id")
    limit = raw.get("limit")
    if limit is not None:
        problem = TOP_VALUES["limit"].problem(limit)
        if problem:
            raise _bad(f"limit: must be {problem}")
    winner = _seat(raw["winner"], "winner", nullable=True)
    self_drawn = raw.get("self_drawn", False)
    if not isinstance(self_drawn, bool):
        raise _bad(f"self_drawn: {json.dumps(self_drawn)} is not true or false")
    discarder = _seat(raw.get("discarder"), "discarder", nullable=True)
    scores_raw = raw.get("scores", {})
    if not isinstance(scores_raw, dict):
        raise _bad('scores: must be an object from seat to score, e.g. {"E": 20, "S": 56}')
    scores: dict[Seat, int] = {}
    for key, value in scores_raw.items():
        seat = _seat(key, f"scores.{key}")
        assert seat is not None
        scores[seat] = _whole(value, f"scores.{key}", minimum=0)
    incidents_raw = raw.get("incidents", [])
    if not isinstance(incidents_raw, list):
        raise _bad("incidents: must be a list")
    incidents = tuple(_incident(item, f"incidents[{n}]") for n, item in enumerate(incidents_raw))
    return HandFacts(
        profile=profile,
        limit=limit,
        winner=winner,
        self_drawn=self_drawn,
        discarder=discarder,
        scores=scores,
        incidents=incidents,
    )


def facts_from_json(text: str) -> HandFacts:
    """Decode JSON text and read it with :func:`parse_facts`."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ArbiterError("bad_json", f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from exc
    return parse_facts(raw)
