"""JSON on the wire: request bodies decoded by the project's safe decoder, answers written by its
one serialiser (:mod:`mahjong_arbiter.jsonio`), so the web refuses and writes exactly what the CLI does.

:class:`JsonRoute` is the API router's route class: its requests decode with
:func:`mahjong_arbiter.jsonio.loads` (UTF-8 only, bounded nesting, finite numbers, no lone
surrogates); a body it refuses is 422 ``bad_json`` with the decoder's message.
:class:`JsonAnswer` is every JSON response: :func:`mahjong_arbiter.jsonio.dumps`.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request, Response
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException

from ..errors import ArbiterError
from ..jsonio import dumps, loads
from ..schema import document

__all__ = ["JsonAnswer", "JsonRoute", "BadJsonBody"]


class JsonAnswer(JSONResponse):
    """A JSON response written by the project's one serialiser (no NaN, UTF-8 as is); an object is
    a document of the result schema, so it carries ``schema_version`` as the command line's do."""

    def render(self, content: Any) -> bytes:
        return dumps(document(content) if isinstance(content, dict) else content).encode("utf-8")


class BadJsonBody(HTTPException):
    """A request body the decoder refused (422 ``bad_json``)."""

    def __init__(self, message: str) -> None:
        super().__init__(422, message)


class _SafeRequest(Request):
    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            try:
                self._json = loads(await self.body())
            except ArbiterError as exc:
                raise BadJsonBody(exc.message) from None
        return self._json


class JsonRoute(APIRoute):
    """An API route whose request bodies are decoded by :func:`mahjong_arbiter.jsonio.loads`."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def safe(request: Request) -> Response:
            return await handler(_SafeRequest(request.scope, request.receive))

        return safe
