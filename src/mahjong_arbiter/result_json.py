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

_GROUPS: dict[Group, str] = {}
_SET_NAMES: dict[Group, str] = {}
_SUPPRESSED: dict[Suppressed, str] = {}
_ITEM_HEADS: dict[tuple[Any, ...], str] = {}
_HEADS: dict[tuple[str, str, str], str] = {}


def group_json(group: Group) -> str:
    """``group.to_dict()`` as JSON text (written once per distinct group)."""
    found = _GROUPS.get(group)
    if found is None:
        found = _GROUPS[group] = dumps(group.to_dict())
    return found


def _set_name(group: Group) -> str:
    """The group's compact text (``123m``) as a JSON string, as an Item's ``sets`` holds it."""
    found = _SET_NAMES.get(group)
    if found is None:
        found = _SET_NAMES[group] = value_text(group_text(group))
    return found


def reading_json(reading: Reading) -> str:
    """``reading.to_dict()`` as JSON text."""
    return (
        f'{{"shape": {value_text(reading.shape)}, "groups": [{", ".join(map(group_json, reading.groups))}], '
        f'"winning": {group_json(reading.winning)}, "winning_tile": {value_text(reading.winning_tile.token)}, '
        f'"wait": {value_text(reading.wait.value)}}}'
    )


def _suppressed_json(entry: Suppressed) -> str:
    found = _SUPPRESSED.get(entry)
    if found is None:
        found = _SUPPRESSED[entry] = dumps(entry.to_dict())
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
    sets = ", ".join(f"[{', '.join(map(_set_name, instance))}]" for instance in item.sets if instance)
    return f"{head}[{sets}]}}"


def _members(fields: dict[str, Any]) -> str:
    """The members of an object, each led by ``", "`` (as they follow other members)."""
    return "".join(f", {value_text(key)}: {value_text(value)}" for key, value in fields.items())


def _head(result: Result) -> str:
    key = (result.profile, result.fingerprint, result.unit)
    found = _HEADS.get(key)
    if found is None:
        found = _HEADS[key] = (
            f', "profile": {value_text(result.profile)}, "fingerprint": {value_text(result.fingerprint)}, '
            f'"unit": {value_text(result.unit)}, "total": '
        )
    return found


def result_line(result: Result, hand_id: str | None) -> str:
    """``dumps(document({**result.to_dict(), "id": hand_id}))``, joined from parts."""
    fields = result.fields
    if not _RESULT_KEYS.isdisjoint(fields) or not all(type(key) is str for key in fields):
        return dumps(document({**result.to_dict(), "id": hand_id}))
    body = [_head(result), value_text(result.total)]
    if fields:
        body.append(_members(fields))
    body.append(f', "items": [{", ".join(map(_item_json, result.items))}]')
    body.append(f', "suppressed": [{", ".join(map(_suppressed_json, result.suppressed))}]')
    body.append(f', "reading": {"null" if result.reading is None else reading_json(result.reading)}')
    alternatives = ", ".join(
        f'{{"reading": {reading_json(a.reading)}, "total": {value_text(a.total)}}}' for a in result.alternatives
    )
    body.append(f', "alternatives": [{alternatives}], "notes": [{", ".join(map(value_text, result.notes))}]}}')
    return finished(document_line(value_text(hand_id), "".join(body)))


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
