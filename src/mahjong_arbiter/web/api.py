"""The JSON API under ``/api/``: every hand command of the CLI, the profiles and the games.

What runs where.  The endpoints that score a hand once (``parse``, ``score``, ``readings``,
``verify``, ``waits`` without a profile) and the profile endpoints are ``async`` and call the engine
on the event loop: a score takes about a quarter of a millisecond, and handing it to a worker
thread costs more than that (the interpreter's lock passes between threads in slices of
milliseconds; ``benchmarks/web_serving.py``).  The rest can take far longer, and on the loop they
would hold every other request meanwhile, one after another, so they run in worker threads, a few
at once, and the loop serves the cheap requests between their slices:

* the analyses, which score a hand many times over (``waits`` with a profile: each wait scored,
  and with ``discards`` each discard's waits, about a second under a classical profile;
  ``explain``; ``compare``): :meth:`AppState.analyse`;
* the teaching searches (``shanten``, ``targets``: three tiles deep, seconds), with a limiter of
  their own so that neither kind waits for the other: :meth:`AppState.search`;
* the ledger endpoints (plain ``def``: Starlette's thread pool), since SQLite may wait for another
  writer.

Each endpoint answers exactly what the CLI prints with ``--json`` (the same functions build it:
:mod:`mahjong_arbiter.answers`, :mod:`mahjong_arbiter.profiles.describe`,
:mod:`mahjong_arbiter.table.export`).  HTTP status from the CLI's exit status: 0 and 1 are 200
(a hand that does not win is an answer: ``{"id", "error": {"code": "not_winning", ...}}``, or
``minimum_met: false``, or a wrong claim's verdict); 2, bad input, is 422 with the CLI's error
line ``{"id", "schema_version", "error": {"code", "message"}}`` (``id``: the hand's, or null); a
write without the token is 403; a game or profile the address names that does not exist, 404.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Final, Literal

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.responses import PlainTextResponse, Response

from .. import answers
from ..errors import ArbiterError, NotFoundError, NotWinningError
from ..notation.json_hand import HandRecord, record_from_json
from ..teaching.seen import check_seen, seen_from_json
from .forms import parse_request
from .jsonwire import JsonAnswer, JsonRoute
from .models import (
    CompareRequest,
    ExplainRequest,
    GameId,
    HandFactsRequest,
    NewGameRequest,
    ParseRequest,
    ProfileUpload,
    ReadingsRequest,
    ScoreRequest,
    ShantenRequest,
    TargetsRequest,
    VerifyRequest,
    WaitsRequest,
)
from .state import TOKEN_HEADER, AppState

__all__ = ["router", "app_state", "answer_response", "answers_in", "refusals"]

router = APIRouter(prefix="/api", route_class=JsonRoute, default_response_class=JsonAnswer)

SCHEMA_PREFIX = "Result_"
"""The result schema's ``$defs`` appear in the OpenAPI components under this prefix
(:func:`mahjong_arbiter.web.app.openapi_with_results`)."""


_ERRORS: Final[dict[int, str]] = {
    403: "a request from another site's page, or a ledger write or an uploaded profile without the token",
    404: "no such game or profile",
    413: "a request body over the size limit",
    415: "a request body not sent as JSON (Content-Type: application/json)",
    422: "bad input (the CLI's exit status 2)",
}
POSTED: Final = (403, 413, 415, 422)
"""The refusals of a request with a JSON body (:data:`_ERRORS`)."""


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{SCHEMA_PREFIX}{name}"}


def refusals(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The documented refusals *statuses* (:data:`_ERRORS`): each an ``error_line`` document, as
    the CLI writes for bad input (``id``: the hand's id when the request carried a hand that has
    one, else null)."""
    problem = {"content": {"application/json": {"schema": _ref("error_line")}}}
    return {status: {"description": _ERRORS[status], **problem} for status in statuses}


def answers_in(*documents: str, errors: tuple[int, ...] = POSTED) -> dict[int | str, dict[str, Any]]:
    """The documented responses of an endpoint: 200 is one of the result schema's *documents*,
    and the :func:`refusals` *errors*."""
    ok = _ref(documents[0]) if len(documents) == 1 else {"oneOf": [_ref(d) for d in documents]}
    return {
        200: {"description": "the CLI's --json document", "content": {"application/json": {"schema": ok}}},
        **refusals(*errors),
    }


async def app_state(request: Request) -> AppState:
    """The running app's :class:`AppState` (async: a dependency that does no work needs no thread)."""
    state: AppState = request.app.state.arbiter
    return state


State = Annotated[AppState, Depends(app_state)]
TokenHeader = Annotated[str | None, Header(alias=TOKEN_HEADER, include_in_schema=True)]


def answer_response(hand_id: str | None, work: Callable[[], answers.Answer[Any]]) -> JsonAnswer:
    """The JSON of *work*'s answer (200), or of a hand that does not win (200); bad input raises
    :class:`ArbiterError`, which the app turns into 422."""
    try:
        answer = work()
    except NotWinningError as exc:
        return JsonAnswer(answers.not_winning(hand_id, exc))
    return JsonAnswer(answer.data)


def _record(hand: Any, *, partial: bool = False) -> HandRecord:
    return record_from_json(hand.as_json(), partial=partial)


@router.post(
    "/parse",
    summary="read a hand string (MPSZ or the MCR helper string) into the JSON hand format",
    responses=answers_in("parse"),
)
async def parse(body: ParseRequest) -> JsonAnswer:
    rec = parse_request(body)
    return answer_response(rec.id, lambda: answers.parse_answer(rec))


@router.post(
    "/score",
    summary="score a hand under a profile, item by item",
    responses=answers_in("score", "error_line"),
)
async def score(body: ScoreRequest, state: State, token: TokenHeader = None) -> JsonAnswer:
    rec = _record(body.hand, partial=body.partial)
    profile = state.profile(body.profile, body.profile_toml, token=token, limit=body.limit)
    return answer_response(rec.id, lambda: answers.score_answer(rec, profile, loser=body.loser, backend=body.backend))


@router.post(
    "/readings",
    summary="every Reading of a complete hand",
    responses=answers_in("readings", "error_line"),
)
async def readings(body: ReadingsRequest) -> JsonAnswer:
    rec = _record(body.hand)
    shapes = answers.special_shapes(body.special)
    return answer_response(rec.id, lambda: answers.readings_answer(rec, backend=body.backend, shapes=shapes))


@router.post(
    "/waits",
    summary="the tiles a 13-tile hand waits for (scored with a profile), or the best discards of 14",
    responses=answers_in("waits", "scored_waits", "discards", "error_line"),
)
async def waits(body: WaitsRequest, state: State, token: TokenHeader = None) -> JsonAnswer:
    rec = _record(body.hand)
    if body.profile is None:
        state.profiles([], body.profile_toml, token=token)  # an uploaded text must be named to be sent
        if body.discards:
            raise ArbiterError("bad_arguments", "discards needs a profile: the waits it leaves are scored")
        shapes = answers.special_shapes(body.special)
        return answer_response(rec.id, lambda: answers.waits_answer(rec, backend=body.backend, shapes=shapes))
    if body.special is not None:
        raise ArbiterError("bad_arguments", "special cannot be used with a profile: the profile's shapes decide")
    profile = state.profile(body.profile, body.profile_toml, token=token)
    if body.discards:
        return await state.analyse(lambda: answer_response(
            rec.id, lambda: answers.discards_answer(rec, profile, backend=body.backend)))
    return await state.analyse(lambda: answer_response(
        rec.id, lambda: answers.scored_waits_answer(rec, profile, backend=body.backend)))


@router.post(
    "/shanten",
    summary="how far a hand is from winning: each form, the useful tiles, the best discards",
    responses=answers_in("shanten", "error_line"),
)
async def shanten(body: ShantenRequest, state: State, token: TokenHeader = None) -> JsonAnswer:
    rec = _record(body.hand)
    profile = state.profile(body.profile, body.profile_toml, token=token)
    seen = check_seen(rec.hand, seen_from_json(body.seen))
    return await state.search(lambda: answer_response(rec.id, lambda: answers.shanten_answer(rec, profile, seen=seen)))


@router.post(
    "/targets",
    summary="the highest-scoring complete hands within a few new tiles",
    responses=answers_in("targets", "error_line"),
)
async def targets(body: TargetsRequest, state: State, token: TokenHeader = None) -> JsonAnswer:
    rec = _record(body.hand)
    profile = state.profile(body.profile, body.profile_toml, token=token, limit=body.limit)
    seen = check_seen(rec.hand, seen_from_json(body.seen))
    return await state.search(lambda: answer_response(rec.id, lambda: answers.targets_answer(
        rec, profile, depth=body.depth, seen=seen, at_least=body.at_least, top=body.top, backend=body.backend,
        search=body.search)))


@router.post(
    "/explain",
    summary="every reading ranked, the best rule by rule, suppressed rules, and why (not) a rule",
    responses=answers_in("explain", "error_line"),
)
async def explain(body: ExplainRequest, state: State, token: TokenHeader = None) -> JsonAnswer:
    rec = _record(body.hand)
    profile = state.profile(body.profile, body.profile_toml, token=token, limit=body.limit)
    return await state.analyse(lambda: answer_response(
        rec.id, lambda: answers.explain_answer(rec, profile, why=body.why, backend=body.backend)))


@router.post(
    "/verify",
    summary="the verdict on a claimed total or claimed rules, item by item",
    responses=answers_in("verify", "error_line"),
)
async def verify(body: VerifyRequest, state: State, token: TokenHeader = None) -> JsonAnswer:
    rec = _record(body.hand)
    profile = state.profile(body.profile, body.profile_toml, token=token, limit=body.limit)
    return answer_response(rec.id, lambda: answers.verify_answer(rec, profile, body.claim, backend=body.backend))


@router.post(
    "/compare",
    summary="one hand under several profiles, side by side",
    responses=answers_in("compare"),
)
async def compare(body: CompareRequest, state: State, token: TokenHeader = None) -> JsonAnswer:
    rec = _record(body.hand)
    profiles = state.profiles(body.profiles, body.profile_toml, token=token)
    return await state.analyse(lambda: answer_response(
        rec.id, lambda: answers.compare_answer(rec, profiles, backend=body.backend)))


# --- profiles ---------------------------------------------------------------------------------------

@router.get(
    "/profiles",
    summary="the built-in profiles (profiles list --json)",
    responses=answers_in("profiles", errors=()),
)
async def profiles() -> JsonAnswer:
    from ..profiles.describe import profile_list

    return JsonAnswer({"profiles": profile_list()})


@router.get(
    "/profiles/diff",
    summary="what two profiles disagree on (profiles diff A B --json)",
    responses=answers_in("profile_diff", errors=(422,)),
)
async def profiles_diff(
    state: State,
    a: Annotated[str, Query(max_length=200)],
    b: Annotated[str, Query(max_length=200)],
) -> JsonAnswer:
    from ..profiles.describe import profile_diff

    return JsonAnswer(profile_diff(state.builtin(a), state.builtin(b)))


@router.get(
    "/profiles/{profile_id}",
    summary="one profile resolved (profiles show ID --json)",
    responses=answers_in("profile_table", errors=(404,)),
)
async def profile_show(profile_id: str, state: State) -> JsonAnswer:
    """One profile; a name that is no profile is 404 (``unknown_profile``): the address names the
    thing to show, as ``/api/games/ID`` names a game (a profile named in a body or a query is an
    option of the request, bad input: 422)."""
    from ..profiles.describe import profile_table

    try:
        profile = state.builtin(profile_id)
    except ArbiterError as exc:
        raise NotFoundError(exc.code, exc.message) from None
    return JsonAnswer(profile_table(profile))


@router.post(
    "/profiles",
    summary="check an uploaded house-rules profile; answers it resolved (profiles show)",
    responses=answers_in("profile_table"),
)
async def profile_upload(body: ProfileUpload, state: State, token: TokenHeader = None) -> JsonAnswer:
    from ..profiles.describe import profile_table

    return JsonAnswer(profile_table(state.upload(body.text, token=token)))


# --- games ------------------------------------------------------------------------------------------

@router.get(
    "/games",
    summary="every game in the ledger (game list --json)",
    responses=answers_in("games", errors=()),
)
def games_list(state: State) -> JsonAnswer:
    from ..table.export import games_json

    with state.ledger() as ledger:
        return JsonAnswer(games_json(ledger.games()))


@router.post(
    "/games",
    summary="start a game (game new --json)",
    responses=answers_in("game"),
)
def game_new(body: NewGameRequest, state: State, token: TokenHeader = None) -> JsonAnswer:
    from ..table import games
    from ..table.export import game_json

    if body.profile_toml is not None:
        raise ArbiterError(
            "unsupported_profile",
            "profile_toml: a game from the web is played under a built-in profile (the ledger keeps a game's "
            "profile for its replay, and an uploaded one lives only in the requests that carry it); start a game "
            "on house rules from the command line with their file: game new --profile FILE",
        )
    profile = state.builtin(body.profile)  # never a file named from the web
    with state.ledger_write(token) as ledger, ledger.transaction():
        gid = games.new_game(
            ledger, profile=profile.id, players=body.players, limit=body.limit, rounds=body.rounds,
            after_east_win=body.after_east_win, after_draw=body.after_draw,
        )
        game = ledger.game(gid)
        return JsonAnswer(game_json(game, []))


@router.get(
    "/games/{game_id}",
    summary="a game and its ledger (game show --json)",
    responses=answers_in("game", errors=(404, 422)),
)
def game_show(game_id: GameId, state: State) -> JsonAnswer:
    from ..table.export import game_json

    with state.ledger() as ledger:
        game = ledger.game(game_id)
        return JsonAnswer(game_json(game, ledger.hands(game)))


@router.post(
    "/games/{game_id}/hands",
    summary="record a hand (game hand / game draw --json), or with preview its settlement (--preview)",
    responses=answers_in("game_hand", errors=(*POSTED, 404)),
)
def game_hand(game_id: GameId, body: HandFactsRequest, state: State, token: TokenHeader = None) -> JsonAnswer:
    from ..table import games

    if body.preview:
        with state.ledger() as ledger:
            game = ledger.game(game_id)
            _, result = games.preview_hand(ledger, game, body.facts(), expected_hand=body.expected_hand)
            return JsonAnswer(result)
    with state.ledger_write(token) as ledger:
        game = ledger.game(game_id)
        _, result = games.record_hand(ledger, game, body.facts(), expected_hand=body.expected_hand)
        return JsonAnswer(result)


@router.delete(
    "/games/{game_id}/hands/last",
    summary="undo the last hand (game undo --json)",
    responses=answers_in("game_undo", errors=(403, 404, 422)),
)
def game_undo(game_id: GameId, state: State, token: TokenHeader = None) -> JsonAnswer:
    from ..table import games
    from ..table.export import undo_json

    with state.ledger_write(token) as ledger, ledger.transaction():
        game = ledger.game(game_id)
        return JsonAnswer(undo_json(game, games.undo_hand(ledger, game)))


@router.get(
    "/games/{game_id}/export",
    summary="the ledger as JSON or CSV (game export)",
    responses=refusals(404, 422),
)
def game_export(
    game_id: GameId, state: State, format: Literal["json", "csv"] = "json"  # noqa: A002  # the CLI's option name
) -> Response:
    from ..table.export import export_game

    with state.ledger() as ledger:
        game = ledger.game(game_id)
        text = export_game(game, ledger.hands(game), format)
    media = "text/csv" if format == "csv" else "application/json"
    name = f"game-{game.id}.{format}"
    return PlainTextResponse(
        text + "\n", media_type=media, headers={"Content-Disposition": f'attachment; filename="{name}"'}
    )


@router.get("/games/{game_id}/replay", summary="recompute every hand; the differences (game replay --json)",
    responses=answers_in("game_replay", errors=(404, 422)),
)
def game_replay(game_id: GameId, state: State) -> JsonAnswer:
    from ..table import games
    from ..table.export import replay_json

    with state.ledger() as ledger, ledger.snapshot():
        game = ledger.game(game_id)
        return JsonAnswer(replay_json(game, games.replay(ledger, game)))
