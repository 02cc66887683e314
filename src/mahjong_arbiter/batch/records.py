"""One input line to a hand record, or a :class:`BadRecord` that says what is wrong with it.

>>> from mahjong_arbiter.batch.lines import Line
>>> bad = read_record(Line(3, b'{"concealed": ["1m"], "winning_tile": "1m", "claim": NaN}'))
>>> bad.line, bad.error.code, bad.error.message
(3, 'bad_json', 'line 3: not JSON: NaN is not a number JSON can carry; give a finite number')
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..errors import ArbiterError, HandError
from ..jsonio import loads
from ..notation.json_hand import HandRecord, record_from_json
from .lines import MAX_LINE_BYTES, Line

__all__ = ["BadRecord", "read_record"]


@dataclass(frozen=True, slots=True)
class BadRecord:
    """An input hand that could not be read: its id (if it had one), the error, the line."""

    id: str | None
    error: ArbiterError
    line: int | None = None


def read_record(
    line: Line, *, extra_fields: frozenset[str] = frozenset(), thirteen: bool = False, partial: bool = False
) -> HandRecord | BadRecord:
    """The JSON hand on *line* (:func:`~mahjong_arbiter.notation.json_hand.record_from_json`).

    *extra_fields* are the fields the command allows beside the standard ones (``claim``); with
    *thirteen* the hand has no winning tile (``winning_tile`` may be left out); with *partial* such
    a hand may hold fewer than 13 tiles (a loser's partial hand).  Never raises for anything in the line: every
    problem comes back as a :class:`BadRecord` whose message starts ``line N:``.
    """
    obj: object = None  # what the line decoded to: its id is looked for only when the hand is refused
    try:
        if line.cut:
            raise HandError("bad_json", f"the line is longer than {MAX_LINE_BYTES >> 20} MiB; no hand is that long")
        obj = loads(line.raw)
        return record_from_json(obj, extra_fields=extra_fields, thirteen=thirteen, partial=partial)
    except ArbiterError as exc:
        ident = obj.get("id") if isinstance(obj, dict) else None
        if not isinstance(ident, str):
            ident = None if line.cut else _id_of_refused(line.raw)
        return BadRecord(ident, type(exc)(exc.code, f"line {line.number}: {exc.message}"), line.number)


class _Pairs(list[tuple[str, object]]):
    """A JSON object as its (key, value) pairs in order, repeated keys kept."""


def _id_of_refused(raw: bytes) -> str | None:
    """The ``id`` of a line the strict reader refused for another field (NaN, a number JSON
    cannot carry exactly, a lone surrogate), read by the lenient standard reader: kept when it
    is one plain string given once at the top; None for anything less certain (no object, an id
    given twice, an id that is itself not text).

    >>> _id_of_refused(b'{"id": "h-nan", "claim": NaN}'), _id_of_refused(b'{"id": "a", "id": "b"}')
    ('h-nan', None)
    """
    try:
        top = json.loads(raw, object_pairs_hook=_Pairs)
    except (ValueError, RecursionError):  # not JSON even to the lenient reader, or not UTF-8
        return None
    ids = [value for key, value in top if key == "id"] if isinstance(top, _Pairs) else []
    if len(ids) != 1 or not isinstance(ids[0], str):
        return None
    try:
        ids[0].encode("utf-8")  # a lone surrogate in the id itself: no id to echo
    except UnicodeEncodeError:
        return None
    return ids[0]
