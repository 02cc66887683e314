"""The JSON result schema: the one contract every JSON document the program writes follows.

The schema is a JSON Schema (draft 2020-12) shipped with the package,
``mahjong_arbiter/schema/result.schema.json``; each command's document is one of its ``$defs``
(``score``, ``explain``, ``verify``, ``compare``, ``readings``, ``waits``, ``scored_waits``,
``discards``, ``shanten``, ``targets``, ``parse``, ``settle``, ``profiles``, ``profile_table``, ``profile_diff``,
``events``, ``rulebook``, ``stats``, and ``error_line`` for a hand that could not be answered).  Every document carries
``schema_version`` (:data:`SCHEMA_VERSION`), placed by :func:`document` right after ``id`` (by
:func:`document_line` in a document written as text).

>>> document({"id": "h1", "total": 8})
{'id': 'h1', 'schema_version': 1, 'total': 8}
>>> document({"payments": []})
{'schema_version': 1, 'payments': []}
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, Final

__all__ = ["SCHEMA_VERSION", "SCHEMA_PATH", "document", "document_line", "result_schema"]

SCHEMA_VERSION: Final = 1
"""The version of the result schema every JSON document states (a change of meaning bumps it)."""

SCHEMA_PATH: Final = Path(__file__).with_name("result.schema.json")


def document(body: Mapping[str, Any]) -> dict[str, Any]:
    """*body* as a document of the schema: ``schema_version`` after ``id`` (first when no ``id``)."""
    out: dict[str, Any] = {"id": body["id"]} if "id" in body else {}
    out["schema_version"] = SCHEMA_VERSION
    out.update((k, v) for k, v in body.items() if k not in ("id", "schema_version"))
    return out


def document_line(id_json: str, rest: str) -> str:
    """A document written as JSON text, as :func:`document` orders it: ``id`` (*id_json*, already
    JSON), ``schema_version``, then *rest*: the other members, each led by ``", "``, and the
    closing brace.

    >>> document_line('"h1"', ', "total": 8}')
    '{"id": "h1", "schema_version": 1, "total": 8}'
    """
    return f'{{"id": {id_json}, "schema_version": {SCHEMA_VERSION}{rest}'


@cache
def result_schema() -> dict[str, Any]:
    """The JSON Schema itself, parsed (for validators and the web API's documentation)."""
    schema: dict[str, Any] = json.loads(SCHEMA_PATH.read_text("utf-8"))
    return schema
