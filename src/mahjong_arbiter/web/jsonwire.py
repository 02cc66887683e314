"""JSON on the wire: request bodies decoded by the project's safe decoder, answers written by its
one serialiser (:mod:`mahjong_arbiter.jsonio`), so the web refuses and writes exactly what the CLI does.

:class:`JsonRoute` is the API router's route class: its requests decode with
:func:`mahjong_arbiter.jsonio.loads` (UTF-8 only, bounded nesting, finite numbers, no lone
surrogates, no key twice); a body it refuses is 422 ``bad_json`` with the decoder's message.  A
body must be sent as JSON (``Content-Type: application/json``, or a ``+json`` type): any other
type is 415 ``bad_content_type``, which says so.  (Reading such a body as JSON anyway would let
another site's page post JSON here with no CORS preflight: a form or a ``text/plain`` fetch is a
"simple" request.)  The id of the hand a body carries is kept for the error
document of the request (:func:`hand_id_of`).
:class:`JsonAnswer` is every JSON response: :func:`mahjong_arbiter.jsonio.dumps`.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, MutableMapping
from typing import Any, Final

from fastapi import Request, Response
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException

from ..errors import ArbiterError
from ..jsonio import dumps, loads
from ..schema import document

__all__ = ["JsonAnswer", "JsonRoute", "BadJsonBody", "BadContentType", "hand_id_of"]


class JsonAnswer(JSONResponse):
    """A JSON response written by the project's one serialiser (no NaN, UTF-8 as is); an object is
    a document of the result schema, so it carries ``schema_version`` as the command line's do."""

    def render(self, content: Any) -> bytes:
        return dumps(document(content) if isinstance(content, dict) else content).encode("utf-8")


class BadJsonBody(HTTPException):
    """A request body the decoder refused (422 ``bad_json``)."""

    def __init__(self, message: str) -> None:
        super().__init__(422, message)


class BadContentType(HTTPException):
    """A request body not sent as JSON (HTTP 415 ``bad_content_type``)."""

    def __init__(self, given: str | None) -> None:
        sent = f"not {given[:60]!r}" if given else "and this request names no Content-Type"
        super().__init__(415, f"the request body must be JSON sent with Content-Type: application/json, {sent}")


def _is_json(content_type: str | None) -> bool:
    media = (content_type or "").split(";", 1)[0].strip().lower()
    return media == "application/json" or (media.startswith("application/") and media.endswith("+json"))


_HAND_ID: Final = "hand_id"
"""Where a request's state keeps the id of the hand its body carried."""


def hand_id_of(scope: MutableMapping[str, Any]) -> str | None:
    """The id of the hand the request of *scope* carried (its body's ``hand.id``), else None."""
    found = getattr(Request(scope).state, _HAND_ID, None)
    return found if isinstance(found, str) else None


class _SafeRequest(Request):
    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            try:
                self._json = loads(await self.body())
            except ArbiterError as exc:
                raise BadJsonBody(exc.message) from None
            hand = self._json.get("hand") if isinstance(self._json, dict) else None
            if isinstance(hand, dict):
                setattr(self.state, _HAND_ID, hand.get("id"))
        return self._json


class JsonRoute(APIRoute):
    """An API route whose request bodies must be JSON, decoded by :func:`mahjong_arbiter.jsonio.loads`."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        takes_body = self.body_field is not None

        async def safe(request: Request) -> Response:
            checked = _SafeRequest(request.scope, request.receive)
            content_type = checked.headers.get("content-type")
            if takes_body and not _is_json(content_type) and await checked.body():
                raise BadContentType(content_type)
            return await handler(checked)

        return safe
