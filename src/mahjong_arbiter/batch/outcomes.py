"""A command's work on one record, with every failure turned into that line's outcome.

>>> from mahjong_arbiter.errors import HandError
>>> def handle(rec):
...     raise HandError("bad_context", "no")
>>> bad = outcome_of(BadRecord("h1", HandError("tile_count", "line 1: 13 tiles")), handle)
>>> bad.status, bad.code, bad.line
(2, 'tile_count', '{"id": "h1", "schema_version": 1, "error": {"code": "tile_count", "message": "line 1: 13 tiles"}}')
>>> batch_status([0, 1, 0]), batch_status([1, 2, 0]), batch_status([])
(1, 2, 0)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any, Final, NamedTuple

from ..answers import error_answer
from ..errors import ArbiterError, NotWinningError
from ..jsonio import dumps
from ..notation.json_hand import HandRecord
from ..schema import document
from .records import BadRecord

__all__ = ["Handler", "Outcome", "outcome_of", "batch_status", "internal_error", "INTERNAL_ERROR"]

Handler = Callable[[HandRecord], tuple[int, dict[str, Any] | str, str]]
"""A command's work on one hand: (exit status, JSON result, text for people).  The JSON result
is a dict, or, from a handler that writes it itself (:mod:`mahjong_arbiter.result_json`), the
document already written as one line of text with the record's id, exactly as
``dumps(document({**result, "id": rec.id}))`` would write the dict."""

INTERNAL_ERROR = 3
"""The exit status of an error in the program itself (never 1, which means "valid but not winning")."""


class Outcome(NamedTuple):
    """What one input line came to: its exit status, its JSON document written as one line
    (``id`` first; an ``error`` object for a line that failed), its text for people, its id and
    its error's code (None when it got a result), and the number of its line in the input (None
    for one HAND).

    A named tuple, not a frozen dataclass: one is made per input line, and a frozen dataclass
    sets each field through ``object.__setattr__``, several times the cost."""

    status: int
    line: str
    text: str
    id: str | None
    code: str | None = None
    number: int | None = None

    def document(self) -> dict[str, Any]:
        """The JSON document as an object (read back from :attr:`line`)."""
        found: dict[str, Any] = json.loads(self.line)
        return found


_NEW_OUTCOME: Final = tuple.__new__
"""``Outcome(...)`` without the named tuple's Python-level ``__new__`` (one per hand of a batch): the
same value."""


def internal_error(exc: BaseException) -> ArbiterError:
    """The one-line report of an exception the program did not expect (code ``internal_error``)."""
    detail = str(exc).splitlines()[0] if str(exc) else ""
    what = f"{type(exc).__name__}: {detail}" if detail else type(exc).__name__
    return ArbiterError("internal_error", f"internal error: {what[:300]}, please report it with this input")


def outcome_of(rec: HandRecord | BadRecord, handle: Handler, number: int | None = None) -> Outcome:
    """*handle* applied to *rec* (from input line *number*): its outcome, or the error object of a
    bad or failing line.

    Bad input (:class:`~mahjong_arbiter.errors.ArbiterError`) is status 2, a hand that does not
    win (:class:`~mahjong_arbiter.errors.NotWinningError`) status 1, any other exception status 3
    with code ``internal_error``: one line never stops a batch.
    """
    error: ArbiterError
    if isinstance(rec, BadRecord):
        ident, error, status = rec.id, rec.error, 2
    else:
        ident = rec.id
        try:
            status, result, text = handle(rec)
        except NotWinningError as exc:
            error, status = exc, 1
        except ArbiterError as exc:
            error, status = exc, 2
        except Exception as exc:  # noqa: BLE001  # the one boundary where a bug becomes an outcome
            error, status = internal_error(exc), INTERNAL_ERROR
        else:
            line = result if isinstance(result, str) else dumps(document({**result, "id": ident}))
            return _NEW_OUTCOME(Outcome, (status, line, text, ident, None, number))
    words = f"error ({error.code}): {error.message}"
    return Outcome(status, dumps(document(error_answer(ident, error))), words, ident, error.code, number)


def batch_status(statuses: Iterable[int]) -> int:
    """The exit status of a batch: the highest of its lines' (2 if any line was bad input, else
    1 if any line is 1, else 0; an internal error, 3, above all), 0 for no lines."""
    return max(statuses, default=0)
