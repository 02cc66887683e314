"""JSON lines of results joined from parts written once: the batch writer.

A batch writes the same few groups, Items and suppressed entries over and over: a group's JSON
object is written once per process and kept (:func:`group_json`); so is a suppressed entry's,
and an Item's up to its ``sets``.  :func:`result_line` and :func:`readings_line` join those
parts into the JSON document of one hand, exactly as
``dumps(document({**data, "id": hand_id}))`` writes its ``data`` (``Result.to_dict()``, the
``readings`` answer): the dict writers stay the definition of each object, and
``tests/test_result_json.py`` checks the two agree byte for byte under every built-in profile
(odd ids, special shapes, every arithmetic's fields).  A result whose fields would collide with
the standard keys (or have a key that is not a string) is written the general way.

>>> from mahjong_arbiter.solver.reading import Group
>>> from mahjong_arbiter.tiles import Tile
>>> group_json(Group.pung(Tile.of("E")))
'{"kind": "pung", "tiles": ["E", "E", "E"], "concealed": true, "declared": false}'
"""

from __future__ import annotations

from functools import lru_cache
from json.encoder import encode_basestring
from typing import Any, Final

from .jsonio import dumps, finished, value_text
from .result import Item, Result, Suppressed, group_text
from .schema import document, document_line
from .solver.reading import Group, Reading

__all__ = ["group_json", "reading_json", "result_line", "readings_line"]

_RESULT_KEYS: Final = frozenset(
    {"id", "schema_version", "profile", "fingerprint", "unit", "total", "items", "suppressed", "reading",
     "alternatives", "notes"}
)
"""The keys ``Result.to_dict`` writes itself: an arithmetic field of the same name would replace
one in place, which only the general writer reproduces (as it does a key JSON must convert)."""

_GROUPS: dict[int, str] = {}
"""Each group's JSON object, by :attr:`~mahjong_arbiter.solver.reading.Group.order` (equal for
equal groups and only for them; an integer hashes in C, a Group through its ``__hash__``)."""
_SET_NAMES: dict[int, str] = {}
"""Each group's compact text as a JSON string, by its order."""
_SHAPES: dict[str, str] = {}
_ENDS: dict[tuple[int, int, str], str] = {}
"""A Reading's members after its groups, by its winning group's order, its winning tile's index
and its wait's value (an enum member hashes through Python)."""
_SUPPRESSED: dict[tuple[Any, ...], str] = {}
_ITEM_HEADS: dict[tuple[Any, ...], str] = {}
_HEADS: dict[tuple[Any, ...], tuple[str, tuple[str, ...]] | None] = {}
"""A result's members from ``profile`` to ``total`` and the text before each arithmetic field's
value, by profile, fingerprint, unit and the fields' keys (None: written the general way)."""

_SHARED: dict[int, tuple[object, str]] = {}
"""The JSON text of each Suppressed entry and each Item without sets met, by ``id``, with the object
itself: the selection hands the same few objects (one per rule and cause, one per rule held
about the whole hand) to result after result, and one look-up by identity costs less than the
tuple of fields that keys :data:`_SUPPRESSED` and :data:`_ITEM_HEADS`.  An entry holds its
object, so no other object can take its id while the entry stands; the table is emptied when
it reaches :data:`_SHARED_LIMIT` entries (an arithmetic that makes new objects for each hand
only refills it)."""
_SHARED_LIMIT: Final = 4096

# Most parts of a line are looked up in the tables above with C-level calls (a KeyError when one
# is missing): each Python call costs a hand more than the look-up it makes, and a line has
# dozens of parts.


def group_json(group: Group) -> str:
    """``group.to_dict()`` as JSON text (written once per distinct group)."""
    found = _GROUPS.get(group.order)
    if found is None:
        found = _GROUPS[group.order] = dumps(group.to_dict())
    return found


def _set_name(group: Group) -> str:
    """The group's compact text (``123m``) as a JSON string, as an Item's ``sets`` holds it."""
    found = _SET_NAMES.get(group.order)
    if found is None:
        found = _SET_NAMES[group.order] = finished(value_text(group_text(group)))
    return found


def _set_names(instance: tuple[Group, ...]) -> str:
    """One instance of an Item's ``sets``: its groups' names, joined."""
    try:
        return ", ".join([_SET_NAMES[g.order] for g in instance])
    except KeyError:
        return ", ".join(map(_set_name, instance))


def _shape_head(shape: str) -> str:
    found = _SHAPES.get(shape)
    if found is None:
        found = _SHAPES[shape] = finished(f'{{"shape": {value_text(shape)}, "groups": [')
    return found


def _end(reading: Reading, key: tuple[int, int, str]) -> str:
    found = _ENDS[key] = finished(
        f'], "winning": {group_json(reading.winning)}, "winning_tile": {value_text(reading.winning_tile.token)}, '
        f'"wait": {value_text(key[2])}}}'
    )
    return found


def reading_json(reading: Reading) -> str:
    """``reading.to_dict()`` as JSON text."""
    try:
        groups = ", ".join([_GROUPS[g.order] for g in reading.groups])
    except KeyError:
        groups = ", ".join(map(group_json, reading.groups))
    key = (reading.winning.order, reading.winning_tile.index, reading.wait._value_)
    end = _ENDS.get(key) or _end(reading, key)
    return f"{_SHAPES.get(reading.shape) or _shape_head(reading.shape)}{groups}{end}"


def _suppressed_json(entry: Suppressed) -> str:
    """``entry.to_dict()`` as JSON text (written once per rule, cause and count; kept by identity
    too, :data:`_SHARED`)."""
    key = (entry.id, entry.name, entry.by, entry.relation, entry.source, type(entry.count), entry.count)
    found = _SUPPRESSED.get(key)
    if found is None:
        found = _SUPPRESSED[key] = dumps(entry.to_dict())
    _share(entry, found)
    return found


def _share(part: object, text: str) -> None:
    """Keep *text* as the JSON of the object *part* (:data:`_SHARED`)."""
    if len(_SHARED) >= _SHARED_LIMIT:
        _SHARED.clear()
    _SHARED[id(part)] = (part, text)


def _item_head(item: Item, key: tuple[Any, ...]) -> str:
    """``item.to_dict()`` as JSON text up to its ``sets`` (written once per rule, value and count:
    the value's type is part of the key, for ``1`` and ``1.0`` are equal but written apart)."""
    bare = dumps(Item(item.id, item.name, item.value_key, item.value, item.count).to_dict())
    if not bare.endswith(', "sets": []}'):
        raise AssertionError(f"Item.to_dict no longer ends with its sets: {bare}")
    found = _ITEM_HEADS[key] = bare[: -len("[]}")]
    return found


def _items_json(items: tuple[Item, ...]) -> str:
    """The Items as the members of a JSON array."""
    parts = []
    for item in items:
        found = _SHARED.get(id(item))
        if found is not None and found[0] is item:  # (most Items: a rule about the whole hand)
            parts.append(found[1])
            continue
        key = (item.id, item.name, item.value_key, type(item.value), item.value, item.count)
        head = _ITEM_HEADS.get(key) or _item_head(item, key)
        sets = item.sets
        if len(sets) == 1 and sets[0]:
            parts.append(f"{head}[[{_set_names(sets[0])}]]}}")
        elif any(sets):
            parts.append(f"{head}[[{'], ['.join([_set_names(instance) for instance in sets if instance])}]]}}")
        else:
            text = head + "[]}"
            _share(item, text)
            parts.append(text)
    return ", ".join(parts)


def _heads(result: Result, key: tuple[Any, ...]) -> tuple[str, tuple[str, ...]] | None:
    """What :data:`_HEADS` holds for *key*: None when the fields must be written the general way
    (a key that is not a string, or one of the keys ``Result.to_dict`` writes itself, which
    such a field replaces in place)."""
    keys = key[3:]
    if not _RESULT_KEYS.isdisjoint(keys) or not all(type(name) is str for name in keys):
        found = None
    else:
        head = (
            f', "profile": {value_text(result.profile)}, "fingerprint": {value_text(result.fingerprint)}, '
            f'"unit": {value_text(result.unit)}, "total": '
        )
        found = (finished(head), tuple(finished(f", {value_text(name)}: ") for name in keys))
    _HEADS[key] = found
    return found


def _value(value: object) -> str:
    """*value* as :func:`~mahjong_arbiter.jsonio.dumps` writes it (finished), the usual kinds
    without a further call."""
    if type(value) is int:
        return int.__repr__(value)
    if type(value) is bool:
        return "true" if value else "false"
    if type(value) is str:
        text = encode_basestring(value)
        return text if text.isascii() else finished(text)
    return finished(value_text(value))


@lru_cache(maxsize=1024)
def _note(note: str) -> str:
    """A note as a JSON string (the same few notes come with hand after hand)."""
    return finished(value_text(note))


def result_line(result: Result, hand_id: str | None) -> str:
    """``dumps(document({**result.to_dict(), "id": hand_id}))``, joined from parts.

    Every part is finished (:func:`~mahjong_arbiter.jsonio.finished`) on its own, the parts
    written once when they are written: the line needs no pass of its own (a lone surrogate is
    escaped alike in a part and in the whole)."""
    fields = result.fields
    key = (result.profile, result.fingerprint, result.unit, *fields)
    heads = _HEADS.get(key, _UNSEEN)
    if heads is _UNSEEN:
        heads = _heads(result, key)
    if heads is None:
        return dumps(document({**result.to_dict(), "id": hand_id}))
    head, field_heads = heads  # type: ignore[misc]
    total = result.total
    body = [head, int.__repr__(total) if type(total) is int else _value(total)]
    for field_head, value in zip(field_heads, fields.values(), strict=True):
        body += (field_head, _CONSTANTS[value] if type(value) is bool else _value(value))
    suppressed = ", ".join([
        found[1] if (found := _SHARED.get(id(e))) is not None and found[0] is e else _suppressed_json(e)
        for e in result.suppressed
    ])
    body += (', "items": [', _items_json(result.items),
             '], "suppressed": [', suppressed,
             '], "reading": ', "null" if result.reading is None else reading_json(result.reading),
             ', "alternatives": [')
    if result.alternatives:
        body.append(", ".join(
            f'{{"reading": {reading_json(a.reading)}, "total": {_value(a.total)}}}' for a in result.alternatives
        ))
    body += ('], "notes": [', ", ".join(map(_note, result.notes)), "]}")
    return document_line(_value(hand_id), "".join(body))


_UNSEEN: Final = ("unseen",)
_CONSTANTS: Final = {True: "true", False: "false"}


def readings_line(hand_id: str | None, data: dict[str, Any]) -> str:
    """The ``readings`` answer *data*, its ``readings`` left as Reading values
    (``readings_answer(..., dicts=False)``), with *hand_id*: as
    ``dumps(document({**data, "id": hand_id}))`` writes the answer with dicts, the Readings
    joined from their groups' parts and every other field as it comes."""
    body = "".join(
        f', "readings": [{", ".join(map(reading_json, value))}]' if key == "readings"
        else f", {value_text(key)}: {value_text(value)}"
        for key, value in data.items()
        if key not in ("id", "schema_version")
    )
    return finished(document_line(value_text(hand_id), body + "}"))
