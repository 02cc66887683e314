"""The players' hands as evidence: scored under the profile into the facts' scores and incidents.

Besides typed scores, a hand's facts (the ``settle`` JSON, a kept game's hand) may carry the
players' hands themselves::

    {"hands": {"S": "[CCC,1][FFF,1]PPP2m3m4pEE", "W": "[EEE,1][SSS,1]WWWNN3m5p"},
     "context": {"last_tile": false, "kong_related": false, "last_of_kind": false,
                 "events": ["standing_hand"]},
     "partial": ["N"], "prevailing_wind": "E", "honour_order": "tenhou"}

* ``hands``: seat -> hand string in any notation :func:`~mahjong_arbiter.notation.parse_hand`
  reads, bonus tiles in braces (``{f1,s3}``); the winner's hand has 14 tiles (its last standing
  tile wins), every other hand 13, or fewer for a seat listed in ``partial``.
* ``context``: the winner's context besides what the facts already say: ``last_of_kind``,
  ``kong_related``, ``last_tile`` and ``events`` (:data:`~mahjong_arbiter.hand.KNOWN_EVENTS`).
  ``self_drawn`` is the facts' own field; the seat wind is the seat, the prevailing wind the
  table's (``prevailing_wind``, default East; a kept game takes it from its state), the flowers
  the hand's braces: none of these is accepted here.
* ``honour_order``: what ``5z 6z 7z`` mean (default ``tenhou``; honour letters are unambiguous).

Steps of :func:`score_hands`:

1. read each hand: the winner's complete, every other one without a winning tile; then the
   hands together (:mod:`.copies`): no kind more than four times across them, melds, kongs and
   the winning tile included, and no bonus tile in two hands;
2. score the winner's hand with :func:`mahjong_arbiter.scoring.score` under the profile at the
   table's limit (a hand the scoring finds below the profile's minimum, ``minimum_met: false``,
   is refused as no win, code ``below_minimum``: bonus tiles do not count towards the minimum),
   and every other hand with :func:`mahjong_arbiter.scoring.score_loser` where the profile's
   arithmetic scores losers (classical: BMJA, Buzzard, the Codification).  MCR and Hong Kong
   settle on the winner's score alone (issue 7), so a loser's hand there is refused;
3. a seat with both a hand and a typed score keeps them only when they agree;
4. Buzzard's non-winner limit (Buzzard 2000, pages 11-12): a loser's hand that the classical
   loser scoring marks ``non_winner_limit`` (the test of
   :func:`mahjong_arbiter.scoring.classical.non_winner_limit`: an incomplete Four-Wind-family or
   Three-Dragon hand) adds the profile's incident whose effect is ``collects_limit`` when the
   hand has a winner; that incident reported for a loser whose hand is given but does not
   qualify is refused.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from ..errors import ArbiterError, NotWinningError
from ..hand import Context
from ..jsonio import shown
from ..notation import HONOUR_ORDERS, ParsedHand, parse_hand
from ..notation.json_hand import context_to_json
from ..profiles.model import Profile
from ..result import Result
from ..tiles import Tile
from .copies import deal_tiles_problem
from .facts import HandFacts, Incident
from .seats import SEATS, Seat, is_seat

__all__ = [
    "EVIDENCE_FIELDS",
    "CONTEXT_FIELDS",
    "HandEvidence",
    "ScoredHand",
    "ScoredHands",
    "split_evidence",
    "score_hands",
]

EVIDENCE_FIELDS: Final = ("hands", "context", "partial", "prevailing_wind", "honour_order")
"""The fields of the facts JSON that carry the players' hands (see the module docstring)."""

CONTEXT_FIELDS: Final = ("last_of_kind", "kong_related", "last_tile", "events")
"""What ``context`` may say about the winning hand."""

_CONTEXT_ELSEWHERE: Final = {
    "self_drawn": "it is the facts' own self_drawn field",
    "seat_wind": "a player's seat wind is the seat",
    "prevailing_wind": "it is the table's (prevailing_wind beside hands; a kept game knows it)",
    "flowers": "bonus tiles go in the hand's braces, e.g. {f1,s3}",
    "bonus_tiles": "bonus tiles go in the hand's braces, e.g. {f1,s3}",
}

EAST_13TH: Final = "east_13th_consecutive"


def _bad(message: str, code: str = "bad_facts") -> ArbiterError:
    return ArbiterError(code, message)


@dataclass(frozen=True, slots=True)
class HandEvidence:
    """The hands of one deal as the table entered them (see the module docstring)."""

    hands: Mapping[Seat, str] = field(default_factory=dict)
    context: Mapping[str, Any] = field(default_factory=dict)
    partial: frozenset[Seat] = frozenset()
    prevailing_wind: Seat | None = None
    honour_order: str | None = None

    def __bool__(self) -> bool:
        return bool(self.hands or self.context or self.partial)

    def to_dict(self) -> dict[str, Any]:
        """The JSON fields, in order, leaving out what was not given."""
        out: dict[str, Any] = {}
        if self.hands:
            out["hands"] = {s: self.hands[s] for s in SEATS if s in self.hands}
        if self.context:
            out["context"] = dict(self.context)
        if self.partial:
            out["partial"] = [s for s in SEATS if s in self.partial]
        if self.prevailing_wind is not None:
            out["prevailing_wind"] = self.prevailing_wind
        if self.honour_order is not None:
            out["honour_order"] = self.honour_order
        return out


def _context(raw: object) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise _bad('context: must be an object, e.g. {"last_tile": true, "events": ["standing_hand"]}')
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key in _CONTEXT_ELSEWHERE:
            raise _bad(f"context.{key}: not given here: {_CONTEXT_ELSEWHERE[key]}", "unknown_field")
        if key not in CONTEXT_FIELDS:
            raise _bad(f"context.{key}: unknown field; the fields are {', '.join(CONTEXT_FIELDS)}", "unknown_field")
        if key == "events":
            if not isinstance(value, list) or not all(isinstance(e, str) for e in value):
                raise _bad(f"context.events: must be a list of names, not {shown(value)}")
            out[key] = sorted(set(value))
        elif not isinstance(value, bool):
            raise _bad(f"context.{key}: {value!r} is not true or false")
        elif value:
            out[key] = True
    return {k: out[k] for k in CONTEXT_FIELDS if k in out and out[k]}


def split_evidence(raw: Mapping[str, Any]) -> tuple[HandEvidence, dict[str, Any]]:
    """Take the hands' fields off decoded facts JSON: (the evidence, the other fields).

    Raises
    ------
    ArbiterError
        ``bad_facts`` or ``unknown_field`` naming the wrong field.
    """
    rest = {k: v for k, v in raw.items() if k not in EVIDENCE_FIELDS}
    hands_raw = raw.get("hands", {})
    if not isinstance(hands_raw, dict):
        raise _bad('hands: must be an object from seat to hand string, e.g. {"S": "123m456p789s234sEE"}')
    hands: dict[Seat, str] = {}
    for key, value in hands_raw.items():
        if not is_seat(key):
            raise _bad(f"hands.{key}: {key!r} is not a seat (seats are E S W N)")
        if not isinstance(value, str) or not value.strip():
            raise _bad(f"hands.{key}: must be a hand string, not {shown(value)}")
        hands[key] = value.strip()
    partial_raw = raw.get("partial", [])
    if not isinstance(partial_raw, list):
        raise _bad('partial: must be a list of seats, e.g. ["N"]')
    for n, seat in enumerate(partial_raw):
        if not is_seat(seat):
            raise _bad(f"partial[{n}]: {seat!r} is not a seat (seats are E S W N)")
        if seat not in hands:
            raise _bad(f"partial[{n}]: {seat} has no hand in hands")
    prevailing = raw.get("prevailing_wind")
    if prevailing is not None and not is_seat(prevailing):
        raise _bad(f"prevailing_wind: {prevailing!r} is not a wind (E S W N)")
    order = raw.get("honour_order")
    if order is not None and order not in HONOUR_ORDERS:
        raise _bad(f"honour_order: {order!r} is not one of {', '.join(HONOUR_ORDERS)}")
    evidence = HandEvidence(
        hands=hands,
        context=_context(raw.get("context", {})),
        partial=frozenset(partial_raw),
        prevailing_wind=prevailing,
        honour_order=order,
    )
    return evidence, rest


@dataclass(frozen=True, slots=True)
class ScoredHand:
    """One seat's hand as entered, the context it was scored in, and its Result."""

    seat: Seat
    text: str
    context: Context
    result: Result
    winner: bool
    non_winner_limit: bool = False

    @property
    def score(self) -> int:
        """The Result's total as the whole number settlement takes."""
        total = self.result.total
        if total != int(total):
            raise _bad(f"hands.{self.seat}: scored {total:g}, not a whole number of {self.result.unit}")
        return int(total)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.text,
            "winner": self.winner,
            "context": context_to_json(self.context),
            "non_winner_limit": self.non_winner_limit,
            "result": self.result.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class ScoredHands:
    """The facts with the hands' scores and incidents in them, and what each hand scored."""

    facts: HandFacts
    hands: tuple[ScoredHand, ...]
    added: tuple[Incident, ...]
    refused: str | None = None
    """Why the hands would be refused together now (:mod:`.copies`), when they were read back
    from a ledger (``stored``) rather than entered: such hands are scored as recorded."""

    def to_dict(self) -> dict[str, Any]:
        """``scores`` (every seat's, typed or scored), ``hands`` (seat -> hand, context, Result)
        and ``incidents_added``."""
        return {
            "scores": {s: self.facts.score(s) for s in SEATS},
            "hands": {h.seat: h.to_dict() for h in self.hands},
            "incidents_added": [i.to_dict() for i in self.added],
        }

    def lines(self) -> list[str]:
        """What was scored and added, for people."""
        out = []
        for h in self.hands:
            role = "winner" if h.winner else "loser"
            out.append(f"{h.seat} ({role}) {h.text}: {h.result.total:g} {h.result.unit}")
        for i in self.added:
            out.append(f"{i.player}: {i.kind} added ({i.trigger}): collects the limit from each other loser")
        return out


def _winner_context(
    facts: HandFacts,
    evidence: HandEvidence,
    seat: Seat,
    prevailing: Seat,
    bonus: tuple[Tile, ...],
    east_run: int | None,
) -> Context:
    events = set(evidence.context.get("events", ()))
    if east_run is not None:
        thirteenth = seat == "E" and east_run == 12  # twelve wins in a row before this one
        if EAST_13TH in events and not thirteenth:
            raise _bad(
                f"context.events: {EAST_13TH} contradicts the ledger (East has won {east_run} consecutive "
                f"hand(s) before this one{'' if seat == 'E' else ', and the winner is not East'})"
            )
        if thirteenth:
            events.add(EAST_13TH)
    return Context(
        self_drawn=facts.self_drawn,
        last_of_kind=bool(evidence.context.get("last_of_kind", False)),
        kong_related=bool(evidence.context.get("kong_related", False)),
        last_tile=bool(evidence.context.get("last_tile", False)),
        seat_wind=Tile.of(seat),
        prevailing_wind=Tile.of(prevailing),
        bonus_tiles=bonus or None,
        events=frozenset(events),
    )


def _loser_refusal(profile: Profile, who: str) -> ArbiterError:
    return _bad(
        f"hands.{who}: profile {profile.id} ({profile.arithmetic}) scores only the winner's hand: its "
        f"settlement never uses a loser's score, so give no hand for {who}",
        "loser_hand_not_scored",
    )


def _read_one(evidence: HandEvidence, seat: Seat, winner: bool, who: str) -> ParsedHand:
    """Step 1 for one seat: the winner's hand complete, any other without a winning tile."""
    text = evidence.hands[seat]
    order = evidence.honour_order or "tenhou"
    try:
        if winner:
            return parse_hand(text, honour_order=order, complete=True)
        return parse_hand(text, honour_order=order, complete=False, partial=seat in evidence.partial)
    except ArbiterError as exc:
        raise type(exc)(exc.code, f"hands.{who}: {exc.message}") from None


def _score_one(
    facts: HandFacts,
    evidence: HandEvidence,
    seat: Seat,
    parsed: ParsedHand,
    profile: Profile,
    prevailing: Seat,
    east_run: int | None,
    who: str,
) -> ScoredHand:
    from ..scoring import score, score_loser

    text = evidence.hands[seat]
    if seat == facts.winner:
        if seat in evidence.partial:
            raise _bad(f"partial: {who} is the winner, whose hand is complete")
        context = _winner_context(facts, evidence, seat, prevailing, parsed.bonus_tiles, east_run)
        try:
            result = score(parsed.hand, context, profile)
        except NotWinningError as exc:
            raise NotWinningError(
                f"hands.{who}: the winner's hand does not win under {profile.id}: {exc.message}"
            ) from None
        except ArbiterError as exc:
            raise type(exc)(exc.code, f"hands.{who}: {exc.message}") from None
        if result.fields.get("minimum_met") is False:  # the scoring's own verdict: bonus tiles never count
            why = [n for n in result.notes if "minimum" in n]
            raise NotWinningError(
                f"hands.{who}: the winner's hand scores {result.total:g} {result.unit} but is below {profile.id}'s "
                f"minimum: {why[-1] if why else 'not a valid win'}",
                "below_minimum",
            )
        return ScoredHand(seat, text, context, result, True)
    context = Context(
        seat_wind=Tile.of(seat), prevailing_wind=Tile.of(prevailing), bonus_tiles=parsed.bonus_tiles or None
    )
    try:
        result = score_loser(parsed.hand, context, profile)
    except ArbiterError as exc:
        if exc.code == "unsupported":
            raise _loser_refusal(profile, who) from None
        raise type(exc)(exc.code, f"hands.{who}: {exc.message}") from None
    return ScoredHand(seat, text, context, result, False, bool(result.fields.get("non_winner_limit")))


def _limit_kind(profile: Profile) -> str | None:
    """The profile's incident kind whose effect is ``collects_limit`` (a non-winner limit)."""
    rules = profile.settlement_rules
    kinds = [k for k, r in rules.incidents.items() if r.effect == "collects_limit"] if rules else []
    return kinds[0] if kinds else None


def _incident_trigger(hand: ScoredHand, profile: Profile) -> str:
    """``incomplete Three Dragon sets (score.limit.three-dragons)``: the rule the hand holds."""
    rule = hand.result.fields.get("fixed")
    if isinstance(rule, str) and rule in profile.rules:
        return f"incomplete {profile.rules[rule].name} ({rule})"
    return "incomplete limit hand"


def score_hands(
    facts: HandFacts,
    evidence: HandEvidence,
    profile: Profile,
    *,
    limit: int | None,
    prevailing: Seat,
    east_run: int | None = None,
    names: Mapping[Seat, str] | None = None,
    stored: bool = False,
) -> ScoredHands:
    """Score the hands of ``evidence`` and merge them into ``facts`` (steps 1-4 of the module
    docstring).

    ``limit`` is the table's (a game's pinned limit, the facts' own, else the profile's);
    ``prevailing`` the prevailing wind; ``east_run`` East's consecutive wins before this hand
    when a kept game knows them (the winner's ``east_13th_consecutive`` event is then derived,
    and refused when the ledger contradicts it), ``None`` to take the table's word; ``names``
    the players' names by seat, for messages (``E (Ann)``); ``stored`` marks hands read back
    from a ledger (a replay), which are scored as recorded even when they do not fit together,
    the reason being kept in :attr:`ScoredHands.refused` instead of raised.

    Raises
    ------
    ArbiterError
        ``bad_facts`` (a hand that disagrees with a typed score or a reported incident, context
        on a draw), ``loser_hand_not_scored`` (a loser's hand under MCR or Hong Kong), the
        notation's codes for a hand that cannot be read, ``fifth_copy`` and ``bad_flowers`` for
        hands that hold more tiles together than the set has.
    NotWinningError
        When the winner's hand does not win under the profile (``not_winning``), or its score
        without bonus tiles is below the profile's minimum (``below_minimum``).
    """

    def who(seat: Seat) -> str:
        return f"{seat} ({names[seat]})" if names and seat in names else seat

    if evidence.context:
        if facts.winner is None:
            raise _bad("context: describes the winning hand, and this hand is a draw")
        if facts.winner not in evidence.hands:
            raise _bad(f"context: describes the winner's hand, and hands gives none for {who(facts.winner)}")
    if limit is not None and profile.limit != limit:
        profile = dataclasses.replace(profile, limit=limit)
    seats = [seat for seat in SEATS if seat in evidence.hands]
    parsed = {seat: _read_one(evidence, seat, seat == facts.winner, who(seat)) for seat in seats}
    problem = deal_tiles_problem(parsed, who)
    if problem is not None and not stored:
        raise problem
    scored = tuple(
        _score_one(facts, evidence, seat, parsed[seat], profile, prevailing, east_run, who(seat)) for seat in seats
    )
    scores = dict(facts.scores)
    for hand in scored:
        typed = facts.scores.get(hand.seat)
        if typed is not None and typed != hand.score:
            raise _bad(
                f"{who(hand.seat)}: the typed score {typed} disagrees with the hand's score {hand.score} under "
                f"{profile.id} ({hand.text}); give one or make them agree",
                "score_mismatch",
            )
        scores[hand.seat] = hand.score
    kind = _limit_kind(profile)
    reported = {i.player for i in facts.incidents_of(kind)} if kind else set()
    for hand in scored:
        if hand.seat in reported and not hand.winner and not hand.non_winner_limit:
            raise _bad(
                f"{who(hand.seat)}: a {kind} is reported, but the hand {hand.text} is not an incomplete "
                f"limit hand worth the limit under {profile.id}",
                "score_mismatch",
            )
    limit_hands = [h for h in scored if h.non_winner_limit and h.seat not in reported and facts.winner is not None]
    if limit_hands and kind is None:
        raise _bad(
            f"{who(limit_hands[0].seat)}: the hand {limit_hands[0].text} is an incomplete limit hand worth the limit "
            f"under {profile.id}, whose settlement declares no incident that collects it"
        )
    added = tuple(Incident(kind or "", h.seat, _incident_trigger(h, profile)) for h in limit_hands)
    merged = dataclasses.replace(facts, scores=scores, incidents=(*facts.incidents, *added))
    return ScoredHands(merged, scored, added, None if problem is None else problem.message)
