"""JSON in and out, safely: the one decoder of untrusted JSON and the one serialiser of results.

Reading (:func:`loads`)
    Bytes must be UTF-8 (a leading byte-order mark is dropped, as editors on Windows write one);
    the document may nest at most :data:`MAX_DEPTH` arrays and objects (a hand nests three);
    numbers must be finite and exact in any JSON reader (``NaN``, ``Infinity``, ``1e400`` and
    integers beyond +-2**53 are refused); strings may not hold lone surrogates (``"\\ud800"``
    is no character, so it could never be written back as UTF-8); an object may not name a key
    twice (``{"profile": "mcr", "profile": "bmja"}`` is ambiguous: readers differ on which wins).  Every problem is an
    :class:`~mahjong_arbiter.errors.ArbiterError` with code ``bad_json`` and a message that
    says what is wrong, never a traceback.
Writing (:func:`dumps`)
    Every JSON result the program prints goes through :func:`dumps`: UTF-8 text as is,
    ``allow_nan=False`` (so no output ever holds ``NaN`` or ``Infinity``; a non-finite number
    reaching the writer is an internal error, not silent bad JSON).  A writer that joins JSON
    text from pieces (:mod:`mahjong_arbiter.result_json`) writes each value with
    :func:`value_text` and passes the joined text through :func:`finished`: the same bytes.

>>> loads(b'\\xef\\xbb\\xbf{"a": [1, 2.5]}')
{'a': [1, 2.5]}
>>> loads('{"claim": NaN}')
Traceback (most recent call last):
    ...
mahjong_arbiter.errors.ArbiterError: not JSON: NaN is not a number JSON can carry; give a finite number
>>> loads('{"profile": "mcr", "profile": "bmja"}')
Traceback (most recent call last):
    ...
mahjong_arbiter.errors.ArbiterError: the key "profile" is given twice in one object; give each key once
>>> dumps({"id": "Zoë", "total": 32})
'{"id": "Zoë", "total": 32}'
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from json.encoder import encode_basestring
from typing import Any, Final

from .errors import ArbiterError

__all__ = ["MAX_DEPTH", "MAX_SAFE_INTEGER", "loads", "dumps", "value_text", "finished", "shown"]

MAX_DEPTH: Final = 64
"""How deeply arrays and objects may nest (a JSON hand nests 3 deep, a settlement's facts 4)."""

MAX_SAFE_INTEGER: Final = 2**53 - 1
"""The largest integer every JSON reader holds exactly (larger claims or scores are refused)."""

_BOM: Final = "\ufeff"
_STRING: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET: Final = re.compile(r"[^\[\]{}]+")
_LONE_SURROGATE: Final = re.compile(r"[\ud800-\udfff]")


def _bad(detail: str) -> ArbiterError:
    return ArbiterError("bad_json", f"not JSON: {detail}")


def _depth(text: str) -> int:
    """The deepest nesting of arrays and objects in *text* (strings skipped), in linear time."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depth = deepest = 0
    for ch in brackets:
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
    return deepest


def _constant(name: str) -> Any:
    raise _bad(f"{name} is not a number JSON can carry; give a finite number")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _bad(f"{text} is too large for a number (it would be infinite)")
    return value


def _int(text: str) -> int:
    if len(text) < 16:  # at most 15 digits: below 2**53
        return int(text)
    digits = text.lstrip("-")
    if len(digits) > 16 or abs(int(text)) > MAX_SAFE_INTEGER:
        shown = text if len(text) <= 20 else f"{text[:12]}... ({len(digits)} digits)"
        raise _bad(f"the whole number {shown} is too large (at most {MAX_SAFE_INTEGER})")
    return int(text)


def _check_strings(value: Any) -> None:
    """Refuse lone surrogates anywhere in a decoded document (keys and values)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found = _LONE_SURROGATE.search(item)
            if found:
                raise _bad(f"a string holds the lone surrogate \\u{ord(found.group()):04x}, which is no character")
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def loads(data: bytes | str) -> Any:
    """Decode one untrusted JSON document (see the module docstring for what is refused).

    Raises
    ------
    ArbiterError
        Code ``bad_json``: not UTF-8, not JSON, nested too deeply, a number out of range, a lone
        surrogate, a key given twice in one object.
    """
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _bad(f"not UTF-8 text (byte {exc.start + 1} is 0x{data[exc.start]:02x})") from None
    else:
        text = data
    text = text.removeprefix(_BOM)
    # the depth is at most the number of opening brackets: counted in C, the scan is needed only
    # for a document with more of them than the limit
    if text.count("[") + text.count("{") > MAX_DEPTH and _depth(text) > MAX_DEPTH:
        raise _bad(f"arrays and objects nested more than {MAX_DEPTH} deep")
    try:
        value, end = _SCAN(text, 0)  # the decoder's own scanner: one document from the first character
    except (StopIteration, ValueError, RecursionError, ArbiterError):
        end = -1
    if end != len(text):  # whitespace around it, more than one value, or no value: decoded again, the
        value = _decoded(text)  # full way, which accepts the first two and words every problem
    # a lone surrogate comes from a \\u escape, or from a str given with one (UTF-8 bytes hold none)
    if "\\u" in text or (not isinstance(data, bytes) and _LONE_SURROGATE.search(text)):
        _check_strings(value)
    return value


def _decoded(text: str) -> Any:
    """*text* decoded by :data:`_DECODER` (leading and trailing whitespace allowed), every problem
    as a ``bad_json`` error."""
    try:
        return _DECODER.decode(text)
    except ArbiterError:
        raise
    except json.JSONDecodeError as exc:
        raise _bad(f"{exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except (ValueError, RecursionError) as exc:  # a number Python itself will not convert
        raise _bad(str(exc) or type(exc).__name__) from None


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object from its members, refusing a key given twice (the decoder would keep the last)."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                shown = dumps(key if len(key) <= 40 else key[:40] + "...")
                raise ArbiterError("bad_json", f"the key {shown} is given twice in one object; give each key once")
            seen.add(key)
    return obj


_DECODER: Final = json.JSONDecoder(
    parse_constant=_constant, parse_float=_float, parse_int=_int, object_pairs_hook=_object
)
"""Made once (``json.loads`` with hooks builds a decoder per call)."""
_SCAN: Final[Callable[[str, int], tuple[Any, int]]] = _DECODER.scan_once  # type: ignore[attr-defined]
"""The decoder's scanner, called directly for a document that starts at its first character and
ends at its last (a JSON line as written): ``decode`` would match whitespace at both ends first."""


def dumps(value: object, *, pretty: bool = False) -> str:
    """*value* as JSON text: the one serialiser of everything the program prints as JSON.

    Raises ``ValueError`` on a non-finite float (``allow_nan=False``): such a number is a bug
    upstream and must surface as an internal error, never as ``NaN`` in a result.  A lone
    surrogate (a command-line argument that was not UTF-8) is written as its ``\\u`` escape, so
    the text can always be encoded.
    """
    return finished(json.dumps(value, ensure_ascii=False, allow_nan=False, indent=2 if pretty else None))


_CONSTANTS: Final = {None: "null", True: "true", False: "false"}


def finished(text: str) -> str:
    """JSON text as :func:`dumps` finishes it: a lone surrogate written as its ``\\u`` escape."""
    if text.isascii():  # checked in C: ASCII text holds no surrogate
        return text
    try:
        text.encode("utf-8")  # in C, and it fails exactly when the text holds a surrogate
    except UnicodeEncodeError:
        return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    return text


def value_text(value: object) -> str:
    """*value* as :func:`dumps` writes it, before :func:`finished` (strings, whole numbers,
    finite floats, booleans and null without the encoder's per-call set-up; anything else
    through :func:`json.dumps` with :func:`dumps`'s settings).

    >>> value_text("Zoë"), value_text(8), value_text(0.5), value_text(None), value_text([True])
    ('"Zoë"', '8', '0.5', 'null', '[true]')
    """
    if value is None or value is True or value is False:
        return _CONSTANTS[value]
    if type(value) is str:
        return encode_basestring(value)  # the C escaper dumps uses (ensure_ascii off)
    if type(value) is int:
        return int.__repr__(value)
    if type(value) is float and math.isfinite(value):
        return float.__repr__(value)
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


SHOWN_LENGTH: Final = 60
"""How much of a refused value a message quotes."""


def shown(value: object) -> str:
    """A value read from JSON, as a message that refuses it quotes it: in JSON's own words
    (``null``, ``true``, ``"1m"``, ``[1, 2]``), cut to :data:`SHOWN_LENGTH` characters.

    >>> shown(None), shown(True), shown("1m"), shown([1, "E"]), shown({"a": 1})
    ('null', 'true', '"1m"', '[1, "E"]', 'an object')
    """
    if isinstance(value, dict):
        return "an object"
    try:
        text = value_text(value)
    except (TypeError, ValueError):  # not a JSON value (a caller's own object): its Python form
        text = repr(value)
    return text if len(text) <= SHOWN_LENGTH else text[: SHOWN_LENGTH - 1] + "…"
