"""What each hand command answers: its exit status and its JSON, the same for every face.

The command line (``--json``) and the web API (``/api/...``) both call these functions, so a
hand gets one JSON answer whichever face asked (one serialiser, the documented result schema).
Each function takes one read hand (:class:`~mahjong_arbiter.notation.json_hand.HandRecord`) and
the command's options and returns an :class:`Answer`: the exit status (0 done; 1 a valid hand
that does not win, is below the minimum, or a wrong claim), the JSON object, and the value the
JSON came from (for the face's text or HTML).

Bad input raises :class:`~mahjong_arbiter.errors.ArbiterError` (exit status 2).  A hand that is
valid but does not win raises :class:`~mahjong_arbiter.errors.NotWinningError`; its JSON answer is
:func:`not_winning` (exit status 1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .errors import ArbiterError, HandError, NotWinningError
from .notation.json_hand import HandRecord, record_to_json

if TYPE_CHECKING:  # a profile is given by the caller: commands without one never load the module
    from .profiles.model import Profile

__all__ = [
    "Answer",
    "error_answer",
    "not_winning",
    "parse_answer",
    "refuse_win_facts",
    "scored",
    "score_answer",
    "readings_answer",
    "waits_answer",
    "scored_waits_answer",
    "discards_answer",
    "explain_answer",
    "verify_answer",
    "compare_answer",
    "shanten_answer",
    "targets_answer",
    "special_shapes",
]

T = TypeVar("T")


@dataclass(frozen=True)
class Answer(Generic[T]):
    """A command's answer for one hand: exit status, JSON object, and the value behind it."""

    status: int
    data: dict[str, Any]
    value: T


def error_answer(hand_id: str | None, error: ArbiterError) -> dict[str, Any]:
    """The JSON answer for a hand that got no result: ``{"id", "error": {"code", "message"}}``."""
    return {"id": hand_id, "error": error.to_dict()}


def not_winning(hand_id: str | None, error: NotWinningError) -> dict[str, Any]:
    """The JSON answer for a valid hand that does not win (exit status 1)."""
    return error_answer(hand_id, error)


def _with_id(data: dict[str, Any], hand_id: str | None) -> dict[str, Any]:
    """*data* with ``id`` set (first when it was absent)."""
    if "id" in data:
        data["id"] = hand_id
        return data
    return {"id": hand_id, **data}


def refuse_win_facts(rec: HandRecord, why: str) -> None:
    """Refuse the facts of how a hand is won (self-drawn, a kong, last tile, last of its kind,
    events) for a command that has no win to apply them to; *why* says what it has instead.

    One rule for every face (README, "Context of a win"): a fact a command cannot use is bad input
    (``bad_context``, exit status 2), never silently ignored.
    """
    from .events import FACTS, given_facts

    given = [FACTS[name] for name in given_facts(rec.context)]
    if given:
        named = " and ".join(f"{f.title.lower()} ({f.given.split(';')[0]})" for f in given)
        verb = "says" if len(given) == 1 else "say"
        raise HandError("bad_context", f"{named} {verb} how a hand is won; {why}: leave it out")


def parse_answer(rec: HandRecord) -> Answer[HandRecord]:
    """``parse``: the hand in the JSON hand format."""
    return Answer(0, record_to_json(rec), rec)


@cache
def _scoring() -> ModuleType:
    """The scoring package, imported on first use (commands without a profile never load it): a
    batch scores hand after hand, and an import statement in :func:`scored` would cost each hand
    a pass through the import machinery (a package's names are looked up in Python)."""
    from . import scoring

    return scoring


def scored(
    rec: HandRecord, profile: Profile, *, loser: bool = False, backend: str = "fast", with_id: bool = True
) -> tuple[int, Any]:
    """``score`` without its JSON: the status and the Result (with the record's id, unless
    *with_id* is false: for a caller that writes the id itself, as
    :func:`~mahjong_arbiter.result_json.result_line` does); status 1 when the hand falls below
    the profile's minimum."""
    scoring = _scoring()
    if loser:
        refuse_win_facts(rec, "a loser's hand was not won")
        result = scoring.score_loser(rec.hand, rec.context, profile)
    else:
        result = scoring.score(rec.hand, rec.context, profile, backend=backend)
    if with_id:
        result = result.with_id(rec.id)
    # below the profile's minimum (MCR 8 points, Hong Kong 3 faan) the hand cannot be declared a win
    return 1 if result.fields.get("minimum_met") is False else 0, result


def score_answer(rec: HandRecord, profile: Profile, *, loser: bool = False, backend: str = "fast") -> Answer[Any]:
    """``score``: the Result; status 1 when the hand falls below the profile's minimum."""
    status, result = scored(rec, profile, loser=loser, backend=backend)
    return Answer(status, result.to_dict(), result)


def special_shapes(names: str | None) -> Any:
    """The solver's ShapeOptions for a ``--special`` value: comma-separated names, ``none``, or None
    for the default (seven pairs, thirteen orphans, knitted straight, honours and knitted)."""
    from .solver.shapes import DEFAULT_SHAPES, ShapeOptions

    if names is None:
        return DEFAULT_SHAPES
    wanted = [] if names.strip() == "none" else [n.strip() for n in names.split(",") if n.strip()]
    options = ShapeOptions(special=frozenset(wanted))
    options.special_shapes()  # an unknown name is refused here
    return options


def readings_answer(rec: HandRecord, *, backend: str = "fast", shapes: Any = None, dicts: bool = True) -> Answer[Any]:
    """``readings``: ``{"id", "decompositions", "readings"}`` (and ``why_not``, status 1, when none).

    With *dicts* false the ``readings`` stay Reading values, for a writer that writes them
    itself (:func:`mahjong_arbiter.result_json.readings_line`).
    """
    from .solver import decomposition_count, readings, why_not_complete
    from .solver.api import splits_among

    options = special_shapes(None) if shapes is None else shapes
    found = readings(rec.hand, self_drawn=rec.context.self_drawn, backend=backend, shapes=options)
    # the Readings already hold every split of the standard shape: no second decomposition
    splits = splits_among(found) if options.standard else decomposition_count(rec.hand, backend=backend)
    data: dict[str, Any] = {
        "id": rec.id,
        "decompositions": splits,
        "readings": [r.to_dict() for r in found] if dicts else list(found),
    }
    if not found:
        data["why_not"] = why_not_complete(rec.hand, shapes=options) or "not complete"
        return Answer(1, data, found)
    return Answer(0, data, found)


def waits_answer(rec: HandRecord, *, backend: str = "fast", shapes: Any = None) -> Answer[Any]:
    """``waits`` without a profile: the tiles a 13-tile hand waits for; status 1 when none."""
    from .solver import waits

    options = special_shapes(None) if shapes is None else shapes
    found = waits(rec.hand, self_drawn=rec.context.self_drawn, backend=backend, shapes=options)
    return Answer(0 if found.tiles else 1, {"id": rec.id, **found.to_dict()}, found)


def scored_waits_answer(rec: HandRecord, profile: Profile, *, backend: str = "fast") -> Answer[Any]:
    """``waits --profile``: every winning tile scored won by discard and self-drawn; status 1 when no
    tile completes the hand into a win (a completion below the profile's minimum is none)."""
    from .disputes.waits import scored_waits

    report = scored_waits(rec.hand, rec.context, profile, backend=backend)
    if report.refusal is not None:  # the context holds for no winning tile: bad input, as score says
        raise HandError("bad_context", report.refusal)
    return Answer(0 if report.ready else 1, _with_id(report.to_dict(), rec.id), report)


def discards_answer(rec: HandRecord, profile: Profile, *, backend: str = "fast") -> Answer[Any]:
    """``waits --discards``: for 14 tiles, what each discard leaves; status 1 when no discard leaves it ready."""
    from .disputes.waits import discard_options

    if rec.hand.winning_tile is None:
        raise HandError("tile_count", "--discards takes a hand of 14 tiles (the one just drawn last)")
    report = discard_options(rec.hand, rec.context, profile, backend=backend)
    refusals = [o.report.refusal for o in report.options if o.report.waits]
    if refusals and all(r is not None for r in refusals):  # the context holds after no discard
        raise HandError("bad_context", str(refusals[0]))
    ready = any(o.report.ready for o in report.options)
    return Answer(0 if ready else 1, _with_id(report.to_dict(), rec.id), report)


def explain_answer(
    rec: HandRecord, profile: Profile, *, why: str | None = None, backend: str = "fast"
) -> Answer[Any]:
    """``explain``: the Result with the readings ranked and the answer to ``why``."""
    from .disputes.explain import explain

    expl = explain(rec.hand, rec.context, profile, backend=backend, why_rule=why)
    # below the profile's minimum the hand is explained, but it is no win: status 1, as score gives
    status = 1 if expl.result.fields.get("minimum_met") is False else 0
    return Answer(status, _with_id(expl.to_dict(), rec.id), expl)


def verify_answer(rec: HandRecord, profile: Profile, claim: object, *, backend: str = "fast") -> Answer[Any]:
    """``verify``: the verdict on *claim* (a total, or rule names); status 1 when the claim is wrong,
    or when the hand is below the profile's minimum (the claim may be right, but the hand is no win:
    status 1, as ``score`` gives)."""
    from .disputes.verify import parse_claim, verify

    if claim is None:
        raise ArbiterError("bad_claim", "this hand has no \"claim\" field (and no --claim was given)")
    verdict = verify(rec.hand, rec.context, profile, parse_claim(claim), backend=backend)
    return Answer(0 if verdict.right and verdict.wins else 1, _with_id(verdict.to_dict(), rec.id), verdict)


def compare_answer(rec: HandRecord, profiles: Sequence[Profile], *, backend: str = "fast") -> Answer[Any]:
    """``compare``: one column per profile; status 1 when the hand wins under none of them (a score
    below a profile's minimum is no win there)."""
    from .disputes.compare import compare

    if not profiles:
        raise ArbiterError("bad_arguments", "compare needs at least one profile")
    comparison = compare(rec.hand, rec.context, list(profiles), backend=backend)
    wins = [c.result for c in comparison.columns if c.result is not None]
    status = 0 if any(r.fields.get("minimum_met") is not False for r in wins) else 1
    return Answer(status, _with_id(comparison.to_dict(), rec.id), comparison)


def shanten_answer(rec: HandRecord, profile: Profile, *, seen: tuple[Any, ...] = ()) -> Answer[Any]:
    """``shanten``: the shanten of every form, the useful tiles (13 tiles) or the discard table (14)."""
    from .teaching.shanten import shanten_report

    refuse_win_facts(rec, "shanten counts the tiles alone, and no fact of a win changes it")
    report = shanten_report(rec.hand, profile, seen=seen, context=rec.context)
    return Answer(0, _with_id(report.to_dict(), rec.id), report)


def targets_answer(
    rec: HandRecord,
    profile: Profile,
    *,
    depth: int = 2,
    seen: tuple[Any, ...] = (),
    at_least: float | None = None,
    top: int | None = 10,
    backend: str = "fast",
    search: str = "fast",
) -> Answer[Any]:
    """``targets``: the best complete hands within *depth* new tiles; status 1 when none is."""
    from .teaching.targets import find_targets

    report = find_targets(rec.hand, rec.context, profile, depth=depth, seen=seen, at_least=at_least,
                          backend=backend, search_backend=search)
    return Answer(0 if report.targets else 1, _with_id(report.to_dict(top), rec.id), report)
