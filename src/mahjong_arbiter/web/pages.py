"""The pages (server-rendered HTML), the fragments the page script asks for (``/ui/...``), and the
app's own static files (one script, one stylesheet).

What runs where (as in :mod:`.api`): the hand page (``/`` with a hand) and its ruling
(``/ui/update``) hold the best discards or the scored waits, which can take a second under a
classical profile, so they run in worker threads (:meth:`AppState.analyse`), as does checking an
uploaded profile (``/ui/profile``: its rulebook); the teaching panel's searches (``/ui/teach``) run
in threads of their own (:meth:`AppState.search`); pages that read the ledger, or build a whole
rulebook, are plain ``def`` (Starlette's thread pool).  The event loop keeps only what takes well
under a millisecond (the static files, the API page), so it serves other requests meanwhile."""

from __future__ import annotations

from html import escape
from importlib import resources
from typing import Annotated, Any, Final

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.responses import HTMLResponse, Response

from ..disputes.html import RULING_CSS
from ..jsonio import loads
from ..notation.svg import TILE_CSS
from . import game_pages, profile_pages
from .forms import RulingForm
from .hand_page import hand_page, update
from .jsonwire import JsonAnswer
from .layout import layout
from .models import GameId
from .state import TOKEN_HEADER, AppState
from .teach_panel import teach

__all__ = ["router", "error_page"]

router = APIRouter(include_in_schema=False)


async def _state(request: Request) -> AppState:
    state: AppState = request.app.state.arbiter
    return state


State = Annotated[AppState, Depends(_state)]
TokenHeader = Annotated[str | None, Header(alias=TOKEN_HEADER)]
TokenQuery = Annotated[str | None, Query(max_length=200)]


def _static(name: str) -> str:
    return resources.files("mahjong_arbiter.web").joinpath("static", name).read_text(encoding="utf-8")


_CSS: Final = TILE_CSS + RULING_CSS + _static("app.css")
_JS: Final = _static("app.js")


def error_page(status: int, message: str) -> str:
    """A page that says what went wrong (no state needed: used by the error handlers)."""
    body = (
        f'<h1>{status}</h1><p class="error" role="alert">{escape(message)}</p>'
        '<p><a href="/">Back to the hand</a></p>'
    )
    return layout(f"Error {status}", body, active="", token_needed=False)


async def _json_body(request: Request) -> Any:
    """The request body decoded by the project's safe decoder; bad input (422 ``bad_json``) otherwise."""
    return loads(await request.body())


@router.get("/static/app.css")
async def app_css() -> Response:
    return Response(_CSS, media_type="text/css", headers={"Cache-Control": "no-cache"})


@router.get("/static/app.js")
async def app_js() -> Response:
    return Response(_JS, media_type="text/javascript", headers={"Cache-Control": "no-cache"})


@router.get("/favicon.ico")
async def favicon() -> Response:
    return Response(status_code=204)


@router.get("/", response_class=HTMLResponse)
async def hand(request: Request, state: State, token: TokenQuery = None) -> HTMLResponse:
    form, problems = RulingForm.read_pairs(request.query_params.multi_items())
    return HTMLResponse(await state.analyse(lambda: hand_page(form, state, token, problems)))


@router.post("/ui/update")
async def ui_update(request: Request, state: State, token: TokenHeader = None) -> JsonAnswer:
    data = await _json_body(request)
    return await state.analyse(lambda: JsonAnswer(update(data, state, token)))


@router.post("/ui/teach")
async def ui_teach(request: Request, state: State, token: TokenHeader = None) -> JsonAnswer:
    data = await _json_body(request)
    return await state.search(lambda: JsonAnswer(teach(data, state, token)))


@router.get("/profiles", response_class=HTMLResponse)
def profiles(state: State) -> HTMLResponse:
    return HTMLResponse(profile_pages.list_page(state))


@router.get("/profiles/diff", response_class=HTMLResponse)
def profiles_diff(
    state: State, a: Annotated[str, Query(max_length=200)], b: Annotated[str, Query(max_length=200)]
) -> HTMLResponse:
    return HTMLResponse(profile_pages.diff_page(state, a, b))


@router.get("/profiles/{profile_id}", response_class=HTMLResponse)
def profile(profile_id: str, state: State) -> HTMLResponse:
    return HTMLResponse(profile_pages.profile_page(state, profile_id))


@router.post("/ui/profile")
async def ui_profile(request: Request, state: State, token: TokenHeader = None) -> JsonAnswer:
    data = await _json_body(request)
    return await state.analyse(lambda: JsonAnswer(profile_pages.check_upload(data, state, token)))


@router.get("/game", response_class=HTMLResponse)
def games(state: State) -> HTMLResponse:
    return HTMLResponse(game_pages.games_page(state))


@router.get("/game/{game_id}", response_class=HTMLResponse)
def game(game_id: GameId, request: Request, state: State) -> HTMLResponse:
    return HTMLResponse(game_pages.game_page(state, game_id, request.query_params.multi_items()))


@router.post("/ui/game/{game_id}/preview")
async def ui_game_preview(game_id: GameId, request: Request, state: State) -> JsonAnswer:
    data = await _json_body(request)
    from starlette.concurrency import run_in_threadpool

    return JsonAnswer(await run_in_threadpool(game_pages.preview, state, game_id, data))


@router.get("/api", response_class=HTMLResponse)
async def api_page(request: Request, state: State) -> HTMLResponse:
    doc = request.app.openapi()
    rows = []
    for path, methods in doc.get("paths", {}).items():
        for method, op in methods.items():
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
            model = body.get("$ref", "").rsplit("/", 1)[-1]
            rows.append(
                f"<tr><td><code>{escape(method.upper())} {escape(path)}</code></td><td>{escape(op.get('summary', ''))}"
                f"</td><td>{escape(model)}</td></tr>"
            )
    table = (
        '<div class="table-wrap"><table><thead><tr><th scope="col">endpoint</th><th scope="col">what</th>'
        f'<th scope="col">request model</th></tr></thead><tbody>{"".join(rows)}</tbody></table></div>'
    )
    body = (
        "<h1>The JSON API</h1><p>Every endpoint answers what the command line prints with <code>--json</code>. "
        "Status 200 for an answer (a hand that does not win is an answer), 422 for bad input, 403 for a write "
        "without the token, 404 for a game or profile the address names that does not exist, 415 for a body "
        "not sent as <code>application/json</code>; each with the command line's error line, "
        "<code>{\"id\", \"schema_version\", \"error\": {\"code\", \"message\"}}</code>. "
        'The OpenAPI document: <a href="/api/openapi.json">/api/openapi.json</a>.</p>' + table
    )
    return HTMLResponse(layout("API", body, active="api", token_needed=state.config.token is not None))
