"""Inputs as numbered lines of bytes, and whole JSON documents, read without surprises.

>>> import io
>>> [(line.number, line.raw) for line in iter_lines(io.BytesIO(b'\\xef\\xbb\\xbf{"a": 1}\\n\\n  \\n[2]\\n'))]
[(1, b'{"a": 1}'), (4, b'[2]')]
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import IO, Any, Final, NamedTuple

from ..errors import ArbiterError
from ..jsonio import loads

__all__ = ["MAX_LINE_BYTES", "MAX_DOCUMENT_BYTES", "Line", "iter_lines", "read_lines", "read_document"]

MAX_LINE_BYTES: Final = 1 << 20
"""The longest line read whole (1 MiB; a JSON hand is under 1 KiB).  A longer line is cut and
reported as bad input; the rest of it is skipped without being kept in memory."""

MAX_DOCUMENT_BYTES: Final = 16 << 20
"""The largest single JSON document read (16 MiB; one hand's facts are a few KiB)."""

_BOM: Final = b"\xef\xbb\xbf"


class Line(NamedTuple):
    """One non-blank input line: its 1-based number, its bytes (newline removed) and whether it
    was longer than :data:`MAX_LINE_BYTES` (then *raw* holds only its start).

    A named tuple, not a frozen dataclass: one is made per input line, and a frozen dataclass
    sets each field through ``object.__setattr__``, several times the cost."""

    number: int
    raw: bytes
    cut: bool = False


_NEW_LINE: Final = tuple.__new__
"""``Line(...)`` without the named tuple's Python-level ``__new__`` (one per input line): the same value."""


def _open(path: str, what: str) -> IO[bytes]:
    try:
        return open(path, "rb")  # noqa: SIM115  # the caller closes it
    except OSError as exc:
        reason = "it is a folder" if isinstance(exc, IsADirectoryError) else exc.strerror or type(exc).__name__
        raise ArbiterError("bad_input", f"cannot read {what} {path}: {reason}") from None


def _stdin() -> IO[bytes]:
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is not None:
        return buffer  # type: ignore[no-any-return]
    import io  # a text stream substituted for stdin (tests): read its text as UTF-8

    return io.BytesIO(sys.stdin.read().encode("utf-8", "surrogateescape"))


def iter_lines(handle: IO[bytes]) -> Iterator[Line]:
    """The non-blank lines of *handle*, numbered from 1, a leading byte-order mark dropped."""
    number = 0
    while True:
        chunk = handle.readline(MAX_LINE_BYTES + 2)  # room for the line's own CR LF
        if not chunk:
            return
        number += 1
        cut = len(chunk) > MAX_LINE_BYTES and len(chunk.removesuffix(b"\n").removesuffix(b"\r")) > MAX_LINE_BYTES
        if cut:
            rest = chunk
            while rest and not rest.endswith(b"\n"):  # skip the rest of the line, chunk by chunk
                rest = handle.readline(MAX_LINE_BYTES)
            chunk = chunk[:MAX_LINE_BYTES]
        if number == 1:
            chunk = chunk.removeprefix(_BOM)
        raw = chunk.rstrip(b"\r\n")
        if cut or (raw and not raw.isspace()):  # isspace: the whitespace strip() removes, without a copy
            yield _NEW_LINE(Line, (number, raw, cut))


def read_lines(path: str) -> Iterator[Line]:
    """The lines of the file *path* (``-``: standard input), as :func:`iter_lines` gives them.

    Raises
    ------
    ArbiterError
        ``bad_input`` when the file cannot be opened (missing, a folder, no permission); the
        error is raised when iteration starts.
    """
    if path == "-":
        yield from iter_lines(_stdin())
        return
    with _open(path, "input") as handle:
        yield from iter_lines(handle)


def read_document(path: str | None, what: str = "input") -> Any:
    """One JSON document from the file *path* (``None`` or ``-``: standard input), decoded by
    :func:`mahjong_arbiter.jsonio.loads` (UTF-8, byte-order mark allowed, bounded depth, finite
    numbers).

    Raises
    ------
    ArbiterError
        ``bad_input`` for a file that cannot be read or is larger than :data:`MAX_DOCUMENT_BYTES`;
        ``bad_json`` for its content (the message names the file).
    """
    if path is None or path == "-":
        data = _stdin().read(MAX_DOCUMENT_BYTES + 1)
        name = "standard input"
    else:
        with _open(path, what) as handle:
            try:
                data = handle.read(MAX_DOCUMENT_BYTES + 1)
            except OSError as exc:
                raise ArbiterError("bad_input", f"cannot read {what} {path}: {exc.strerror}") from None
        name = path
    if len(data) > MAX_DOCUMENT_BYTES:
        raise ArbiterError("bad_input", f"{name}: larger than {MAX_DOCUMENT_BYTES >> 20} MiB; not one hand's facts")
    try:
        return loads(data)
    except ArbiterError as exc:
        raise ArbiterError(exc.code, f"{name}: {exc.message}") from None
