"""The ASGI app: FastAPI (on Starlette) with the JSON API, the pages, and the safety around them.

* Errors: bad input (:class:`~mahjong_arbiter.errors.ArbiterError`, a request the models refuse,
  a body that is not JSON) is 422; a missing token 403; an unknown game, profile or page 404; a
  method the address does not take 405 (with ``Allow``); a body over the limit 413, one not sent
  as JSON 415.  Anything else is a bug: 500, with a one-line message and no traceback sent.  Under
  ``/api/`` and ``/ui/`` each is the CLI's error line ``{"id", "schema_version", "error": {"code",
  "message"}}`` (``id``: the id of the hand the request carried, else null); elsewhere a page.
* HEAD is answered wherever GET is, with GET's headers and no body (:class:`HeadAsGet`).
* Headers: a Content Security Policy that allows only the app's own script and stylesheet and
  requests to itself; no framing, no referrer, no content sniffing.
* Host: on a loopback address only local Host headers are served (no DNS rebinding).
* Origin: a request that changes something (any method but GET, HEAD, OPTIONS) sent by a browser
  from another site's page is refused (403 ``cross_origin``), token or not.
* Bodies are limited (:data:`~mahjong_arbiter.web.config.MAX_BODY`); responses are compressed.
"""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, MutableMapping
from contextlib import asynccontextmanager
from typing import Any, Final

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import HTMLResponse, Response
from starlette.exceptions import HTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.routing import Match

from .. import __version__
from ..errors import ArbiterError, NotFoundError
from . import api, pages
from .config import ServerConfig
from .jsonwire import BadJsonBody, JsonAnswer, hand_id_of
from .state import AppState, TokenError

__all__ = ["create_app", "openapi_with_results", "CSP", "HeadAsGet"]

CSP: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
_HEADERS: Final = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)
_STATUS_OF_CODE: Final = {"token_required": 403, "no_game": 404, "not_found": 404, "too_large": 413}
_log = logging.getLogger("mahjong_arbiter.web")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyTooLarge(HTTPException):
    """A request body over the limit (HTTP 413)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request body is larger than {limit} bytes")


class SafetyMiddleware:
    """Adds the security headers to every response, refuses bodies over *limit* bytes, and says how
    long the app took (``Server-Timing: app;dur=<ms>``, from the request's arrival to its answer's
    first byte: what ``benchmarks/web_serving.py`` reads)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers", ()))
        if scope.get("method") not in _SAFE_METHODS and _cross_origin(headers):
            response = _error_response(scope, 403, "cross_origin", _CROSS_ORIGIN)
            await response(scope, receive, self._with_headers(send))
            return
        declared = headers.get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            response = _error_response(scope, 413, "too_large", f"the request body is larger than {self.limit} bytes")
            await response(scope, receive, self._with_headers(send))
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        await self.app(scope, limited, self._with_headers(send))

    @staticmethod
    def _with_headers(send: Send) -> Send:
        started = time.perf_counter()

        async def wrapped(message: Message) -> None:
            if message["type"] == "http.response.start":
                took = f"app;dur={(time.perf_counter() - started) * 1000:.3f}".encode()
                message["headers"] = [*message.get("headers", []), *_HEADERS, (b"server-timing", took)]
            await send(message)

        return wrapped


class HeadAsGet:
    """Answers HEAD wherever GET is answered (RFC 9110, 9.3.2: a link checker's or a monitor's
    probe): the request goes on as GET and only the response's headers are sent.  A HEAD where no
    GET is answered gets GET's 405."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        # a copy: the server keeps its own scope, which still says HEAD
        await self.app({**scope, "method": "GET"}, receive, headers_only)


_SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})
_CROSS_ORIGIN: Final = "a request from another site's page may not change anything here"


def _cross_origin(headers: dict[bytes, bytes]) -> bool:
    """Whether a browser sent this request from another site's page (its ``Origin`` is not this
    server, or ``Sec-Fetch-Site`` says cross-site): such a page could otherwise post to the ledger
    of a server on 127.0.0.1, which needs no token.  Requests without these headers (curl, scripts,
    the test client) are not a browser acting for another site."""
    if headers.get(b"sec-fetch-site") == b"cross-site":
        return True
    origin = headers.get(b"origin")
    if origin is None:
        return False
    host = headers.get(b"host", b"")
    return origin not in (b"http://" + host, b"https://" + host)


def _is_api(scope: Scope) -> bool:
    path: str = scope.get("path", "")
    return path.startswith("/api/") or path.startswith("/ui/")


def _error_response(
    scope: Scope, status: int, code: str, message: str, headers: Mapping[str, str] | None = None
) -> Response:
    if _is_api(scope):
        line = {"id": hand_id_of(scope), "error": {"code": code, "message": message}}
        return JsonAnswer(line, status_code=status, headers=headers)
    return HTMLResponse(pages.error_page(status, message), status_code=status, headers=headers)


_METHODS: Final = ("DELETE", "GET", "PATCH", "POST", "PUT")


def _allowed_methods(request: Request) -> str:
    """The ``Allow`` header of a 405: each method some route at the request's address takes (the
    router's own names only the first such route's), and HEAD wherever GET (:class:`HeadAsGet`)."""
    routes = request.app.router.routes
    allowed = {
        method for method in _METHODS
        if any(route.matches({**request.scope, "method": method})[0] is Match.FULL for route in routes)
    }
    if "GET" in allowed:
        allowed.add("HEAD")
    return ", ".join(sorted(allowed))


def _validation_message(exc: RequestValidationError) -> str:
    problems = []
    for error in exc.errors()[:5]:
        where = ".".join(str(p) for p in error.get("loc", ()) if p != "body")
        problems.append(f"{where or 'body'}: {error.get('msg', 'invalid')}")
    return "; ".join(problems) or "the request does not match its model"


def create_app(config: ServerConfig | None = None) -> FastAPI:
    """The app for *config* (default: loopback, the default ledger, no token)."""
    settings = config or ServerConfig()
    state = AppState(settings)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        state.uploads.close()

    app = FastAPI(
        title="mahjong-arbiter",
        version=__version__,
        summary="Score any mahjong hand exactly under a named rule profile; the same answers as the CLI's --json.",
        docs_url=None,  # the interactive documentation loads scripts from a CDN: the app stays offline
        redoc_url=None,
        openapi_url="/api/openapi.json",
        default_response_class=JsonAnswer,
        lifespan=lifespan,
    )
    app.state.arbiter = state
    app.include_router(api.router)
    app.include_router(pages.router)

    @app.exception_handler(ArbiterError)
    async def arbiter_error(request: Request, exc: ArbiterError) -> Response:
        if isinstance(exc, TokenError):
            status = 403
        elif isinstance(exc, NotFoundError):
            status = 404
        else:
            status = _STATUS_OF_CODE.get(exc.code, 422)
        return _error_response(request.scope, status, exc.code, exc.message)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> Response:
        return _error_response(request.scope, 422, "bad_request", _validation_message(exc))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        if isinstance(exc, BadJsonBody):
            return _error_response(request.scope, 422, "bad_json", str(exc.detail))
        if exc.status_code == 400:  # a body that could not be read as JSON is bad input
            return _error_response(request.scope, 422, "bad_json", "the request body is not valid JSON")
        codes = {404: "not_found", 405: "method_not_allowed", 413: "too_large", 415: "bad_content_type"}
        headers = dict(exc.headers or {})
        if exc.status_code == 405:
            headers["Allow"] = _allowed_methods(request)
        return _error_response(request.scope, exc.status_code, codes.get(exc.status_code, "http_error"),
                               str(exc.detail), headers)

    @app.exception_handler(Exception)
    async def internal_error(request: Request, exc: Exception) -> Response:
        _log.exception("internal error on %s %s", request.method, request.url.path)
        return _error_response(request.scope, 500, "internal_error",
                               f"internal error: {type(exc).__name__}, please report it with this input")

    app.openapi = openapi_with_results(app)  # type: ignore[method-assign]
    app.add_middleware(HeadAsGet)
    app.add_middleware(GZipMiddleware, minimum_size=800)
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=settings.allowed_hosts())
    app.add_middleware(SafetyMiddleware, limit=settings.max_body)
    return app


def _rebased(value: Any) -> Any:
    """A piece of the result schema with its ``#/$defs/X`` references pointing at the components."""
    if isinstance(value, dict):
        return {k: (f"#/components/schemas/{api.SCHEMA_PREFIX}{v.rsplit('/', 1)[1]}"
                    if k == "$ref" and isinstance(v, str) and v.startswith("#/$defs/") else _rebased(v))
                for k, v in value.items()}
    if isinstance(value, list):
        return [_rebased(v) for v in value]
    return value


def openapi_with_results(app: FastAPI) -> Callable[[], dict[str, Any]]:
    """The app's ``openapi()``: the document FastAPI generates from the request models, with the
    result schema's documents (:func:`mahjong_arbiter.schema.result_schema`) as the components the
    answers refer to, so the answers are documented by the one schema the CLI follows."""
    from ..schema import result_schema

    def generate() -> dict[str, Any]:
        if app.openapi_schema is None:
            document = get_openapi(title=app.title, version=app.version, summary=app.summary, routes=app.routes)
            schemas = document.setdefault("components", {}).setdefault("schemas", {})
            for name, body in result_schema()["$defs"].items():
                schemas[f"{api.SCHEMA_PREFIX}{name}"] = _rebased(body)
            # FastAPI documents a 422 of its own shape on every endpoint with parameters; the app
            # answers bad input with the CLI's error line (:func:`api.refusals`)
            for operations in document.get("paths", {}).values():
                for operation in operations.values():
                    if "422" in operation.get("responses", {}):
                        operation["responses"]["422"] = api.refusals(422)[422]
            for unused in ("HTTPValidationError", "ValidationError"):
                schemas.pop(unused, None)
            app.openapi_schema = document
        return app.openapi_schema

    return generate
