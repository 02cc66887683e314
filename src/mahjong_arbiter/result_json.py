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
_HEADS: dict[tuple[str, str, str], str] = {}
_FIELD_HEADS: dict[tuple[Any, ...], tuple[str, ...] | None] = {}
_UNSEEN: Final = ("unseen",)


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


def _shape_head(shape: str) -> str:
    found = _SHAPES.get(shape)
    if found is None:
        found = _SHAPES[shape] = finished(f'{{"shape": {value_text(shape)}, "groups": [')
    return found


def reading_json(reading: Reading) -> str:
    """``reading.to_dict()`` as JSON text."""
    names = _GROUPS
    groups = ", ".join([names.get(g.order) or group_json(g) for g in reading.groups])
    winning, tile, wait = reading.winning, reading.winning_tile, reading.wait._value_
    key = (winning.order, tile.index, wait)
    end = _ENDS.get(key)
    if end is None:
        end = _ENDS[key] = finished(
            f'], "winning": {group_json(winning)}, "winning_tile": {value_text(tile.token)}, '
            f'"wait": {value_text(wait)}}}'
        )
    return f"{_SHAPES.get(reading.shape) or _shape_head(reading.shape)}{groups}{end}"


def _suppressed_json(entry: Suppressed) -> str:
    key = (entry.id, entry.name, entry.by, entry.relation, entry.source, type(entry.count), entry.count)
    found = _SUPPRESSED.get(key)
    if found is None:
        found = _SUPPRESSED[key] = dumps(entry.to_dict())
    return found


def _item_json(item: Item) -> str:
    """``item.to_dict()`` as JSON text: its fields before ``sets`` written once per rule, value
    and count (the value's type is part of the key: ``1`` and ``1.0`` are equal but written apart)."""
    key = (item.id, item.name, item.value_key, type(item.value), item.value, item.count)
    head = _ITEM_HEADS.get(key)
    if head is None:
        bare = dumps(Item(item.id, item.name, item.value_key, item.value, item.count).to_dict())
        if not bare.endswith(', "sets": []}'):
            raise AssertionError(f"Item.to_dict no longer ends with its sets: {bare}")
        head = _ITEM_HEADS[key] = bare[: -len("[]}")]
    if not item.sets:
        return head + "[]}"
    names = _SET_NAMES
    sets = "], [".join(
        [", ".join([names.get(g.order) or _set_name(g) for g in instance]) for instance in item.sets if instance]
    )
    return f"{head}[[{sets}]]}}" if sets else head + "[]}"


def _field_heads(fields: dict[Any, Any]) -> tuple[str, ...] | None:
    """The text before each value of an arithmetic's *fields* (``, "basic": ``), in order; None
    when they must be written the general way (a key that is not a string, or one of the keys
    ``Result.to_dict`` writes itself, which such a field replaces in place)."""
    keys = tuple(fields)
    found = _FIELD_HEADS.get(keys, _UNSEEN)
    if found is _UNSEEN:
        plain = _RESULT_KEYS.isdisjoint(keys) and all(type(key) is str for key in keys)
        found = _FIELD_HEADS[keys] = tuple(finished(f", {value_text(key)}: ") for key in keys) if plain else None
    return found


def _head(result: Result) -> str:
    key = (result.profile, result.fingerprint, result.unit)
    found = _HEADS.get(key)
    if found is None:
        found = _HEADS[key] = finished(
            f', "profile": {value_text(result.profile)}, "fingerprint": {value_text(result.fingerprint)}, '
            f'"unit": {value_text(result.unit)}, "total": '
        )
    return found


def _value(value: object) -> str:
    """*value* as :func:`~mahjong_arbiter.jsonio.dumps` writes it (finished)."""
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
    heads = _field_heads(fields) if fields else ()
    if heads is None:
        return dumps(document({**result.to_dict(), "id": hand_id}))
    body = [_head(result), _value(result.total)]
    for head, value in zip(heads, fields.values(), strict=True):
        body += (head, _value(value))
    body += (', "items": [', ", ".join(map(_item_json, result.items)),
             '], "suppressed": [', ", ".join(map(_suppressed_json, result.suppressed)),
             '], "reading": ', "null" if result.reading is None else reading_json(result.reading),
             ', "alternatives": [')
    if result.alternatives:
        body.append(", ".join(
            f'{{"reading": {reading_json(a.reading)}, "total": {_value(a.total)}}}' for a in result.alternatives
        ))
    body += ('], "notes": [', ", ".join(map(_note, result.notes)), "]}")
    return document_line(_value(hand_id), "".join(body))


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
