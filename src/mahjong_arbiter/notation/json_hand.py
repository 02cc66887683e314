"""The JSON hand format of issue 2: one object per hand, JSONL for many.

Fields (in this order on output); every field but ``concealed`` and ``winning_tile`` may be
left out and then takes the default shown:

=================== ================================ =============================================
field               value                            default
=================== ================================ =============================================
``id``              a string                         null (no id; batch output writes ``null``)
``concealed``       standing tiles, the winning      required
                    tile included: ``["1m", "E"]``
``melds``           ``[{"kind", "tiles", "exposed",  ``[]``
                    "claimed", "from", "added"}]``   (in a meld: ``exposed`` true, ``claimed`` and
                                                     ``from`` none, ``added`` false)
``winning_tile``    a tile, or null for a hand of    required
                    13 tiles (``waits``, losers)
``self_drawn``      true / false                     false
``last_of_kind``    true / false                     false
``kong_related``    true / false                     false
``last_tile``       true / false                     false
``seat_wind``       ``"E"`` ``"S"`` ``"W"`` ``"N"``  ``"E"``
``prevailing_wind`` ``"E"`` ``"S"`` ``"W"`` ``"N"``  ``"E"``
``flowers``         a count 0-8, or a list such as   0
                    ``["f1", "s3"]``
``events``          names, see ``events.EVENT_NAMES`` ``[]``
=================== ================================ =============================================

Tiles are canonical tokens (``"3m"``, ``"E"``, ``"C"`` red, ``"F"`` green, ``"P"`` white): the
``z`` digits are refused here, since their dragons depend on an order.  A concealed kong is a
meld with ``"exposed": false``; ``from`` is the player a claimed set came from, seen from its owner
(``"left"``, ``"opposite"``, ``"right"``) and ``added`` marks a kong completed from a claimed
pung.  A ``schema_version`` (as ``parse --json`` writes) must be the program's own and is
otherwise ignored.  Any other field is an error (``unknown_field``) unless the
command reading the hand allows it (e.g. ``claim``); allowed extra fields are kept in
:attr:`HandRecord.extra` and written back after the standard ones.

>>> rec = record_from_json({"id": "h1", "concealed": ["1m", "1m", "E", "E", "E", "2p", "3p", "4p",
...     "7s", "8s", "9s", "C", "C", "C"], "winning_tile": "1m", "seat_wind": "S"})
>>> rec.hand.is_complete, str(rec.context.seat_wind), record_to_json(rec)["melds"]
(True, 'S', [])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from ..errors import HandError
from ..hand import CLAIM_SOURCES, Context, Hand, Meld, MeldKind, validate_context
from ..jsonio import shown
from ..schema import SCHEMA_VERSION
from ..tiles import ALL_BONUS, ALL_PLAYING, Tile

__all__ = ["HandRecord", "FIELDS", "record_from_json", "record_to_json", "context_to_json", "meld_to_json"]

FIELDS: Final = (
    "id",
    "concealed",
    "melds",
    "winning_tile",
    "self_drawn",
    "last_of_kind",
    "kong_related",
    "last_tile",
    "seat_wind",
    "prevailing_wind",
    "flowers",
    "events",
)
"""The standard fields, in output order."""

_REQUIRED: Final = frozenset({"concealed", "winning_tile"})
_MAX_LIST: Final = 18  # four kongs and a pair: no list of tiles in a hand is longer
_MELD_FIELDS: Final = ("kind", "tiles", "exposed", "claimed", "from", "added")
_FLAGS: Final = ("self_drawn", "last_of_kind", "kong_related", "last_tile")
_MELD_KINDS: Final = tuple(k.value for k in MeldKind)
_TOKENS: Final = {t.token: t for t in (*ALL_PLAYING, *ALL_BONUS)}
"""Each tile's canonical token (``Tile.of`` of it, which :func:`_tile` returns)."""


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One JSON hand: its id, the hand, the context and the extra fields a command allowed."""

    id: str | None
    hand: Hand
    context: Context
    extra: dict[str, Any] = field(default_factory=dict)


def _tile(value: object, where: str) -> Tile:
    if not isinstance(value, str):
        raise HandError("unknown_tile", f"{where}: a tile is a string such as \"3m\" or \"E\", not {shown(value)}")
    if value.endswith("z"):
        raise HandError(
            "unknown_tile",
            f"{where}: {shown(value)}: write honours as letters in JSON (E S W N, C red, F green, P white)",
        )
    try:
        tile = Tile.of(value)
    except HandError:
        raise HandError("unknown_tile", f"{where}: unknown tile {shown(value)}") from None
    return tile


def _tiles(value: object, where: str) -> tuple[Tile, ...]:
    if not isinstance(value, list):
        raise HandError("bad_json", f"{where} must be a list of tiles, not {shown(value)}")
    if len(value) > _MAX_LIST:
        raise HandError("tile_count", f"{where} lists {len(value)} tiles; a hand holds at most 18")
    try:  # every item a canonical token: one lookup each (what _tile would return for it)
        tiles = tuple(map(_TOKENS.__getitem__, value))
    except (KeyError, TypeError):  # not a token, or not hashable: _tile says which and why
        return tuple(_tile(v, f"{where}[{i}]") for i, v in enumerate(value))
    return tiles


def _flag(obj: Mapping[str, object], name: str, default: bool, where: str = "") -> bool:
    value = obj.get(name, default)
    if not isinstance(value, bool):
        raise HandError("bad_json", f"{where}{name} must be true or false, not {shown(value)}")
    return value


def _meld(value: object, i: int) -> Meld:
    where = f"melds[{i}]"
    if not isinstance(value, dict):
        raise HandError("bad_json", f"{where} must be an object with kind and tiles, not {shown(value)}")
    for key in value:
        if key not in _MELD_FIELDS:
            raise HandError(
                "unknown_field", f"{where}: unknown field {key!r}; a meld has {', '.join(_MELD_FIELDS)}"
            )
    for key in ("kind", "tiles"):
        if key not in value:
            raise HandError("missing_field", f"{where}: the field {key!r} is required")
    if value["kind"] not in _MELD_KINDS:
        raise HandError(
            "bad_meld", f"{where}: kind must be one of {', '.join(_MELD_KINDS)}, not {shown(value['kind'])}"
        )
    claimed = value.get("claimed")
    source = value.get("from")
    if source is not None and source not in CLAIM_SOURCES:
        raise HandError("bad_claim", f"{where}.from must be one of {', '.join(CLAIM_SOURCES)}, not {shown(source)}")
    try:
        return Meld(
            MeldKind(value["kind"]),
            _tiles(value["tiles"], f"{where}.tiles"),
            exposed=_flag(value, "exposed", True, f"{where}."),
            claimed=None if claimed is None else _tile(claimed, f"{where}.claimed"),
            claimed_from=source,
            added=_flag(value, "added", False, f"{where}."),
        )
    except HandError as exc:
        if exc.message.startswith(where):
            raise
        raise HandError(exc.code, f"{where}: {exc.message}") from None


def _flowers(value: object) -> tuple[int, tuple[Tile, ...] | None]:
    if isinstance(value, bool) or not isinstance(value, int | list):
        raise HandError(
            "bad_flowers", f"flowers must be a count or a list such as [\"f1\", \"s3\"], not {shown(value)}"
        )
    if isinstance(value, int):
        return value, None
    if len(value) > 8:
        raise HandError("bad_flowers", f"flowers lists {len(value)} tiles; there are 8 flowers and seasons")
    tiles = tuple(_tile(v, f"flowers[{i}]") for i, v in enumerate(value))
    for t in tiles:
        if not t.is_bonus:
            raise HandError("bad_flowers", f"flowers: {t} is not a flower (f1-f4) or season (s1-s4)")
    return 0, tiles


def record_from_json(
    obj: object, *, extra_fields: frozenset[str] = frozenset(), partial: bool = False, thirteen: bool = False
) -> HandRecord:
    """Read one JSON hand (already decoded) into a :class:`HandRecord`, checking every field.

    With *partial* a hand without a winning tile may hold fewer than 13 tiles (a loser's).  With
    *thirteen* (a loser's hand, the hands of ``waits``) the hand has no winning tile, so
    ``winning_tile`` may be left out; given, it must be null.

    Raises
    ------
    HandError
        ``unknown_field`` naming a field that is neither standard nor in *extra_fields*,
        ``missing_field``, ``bad_json`` for a wrong type, and the vocabulary's codes for the
        hand and context themselves (a contradiction between them is ``bad_context``).
    """
    if not isinstance(obj, dict):
        raise HandError("bad_json", f"a hand is a JSON object, not {shown(obj)}")
    for key in obj:
        if key not in FIELDS and key not in extra_fields and key != "schema_version":
            raise HandError("unknown_field", f"unknown field {key!r}; the fields are {', '.join(FIELDS)}")
    if obj.get("schema_version", SCHEMA_VERSION) != SCHEMA_VERSION:
        raise HandError(
            "bad_json", f"schema_version {shown(obj['schema_version'])}: this program reads version {SCHEMA_VERSION}"
        )
    for key in sorted(_REQUIRED - ({"winning_tile"} if thirteen else set())):
        if key not in obj:
            raise HandError("missing_field", f"the field {key!r} is required")
    ident = obj.get("id")
    if ident is not None and not isinstance(ident, str):
        raise HandError("bad_json", f"id must be a string, not {shown(ident)}")
    melds = obj.get("melds", [])
    if not isinstance(melds, list):
        raise HandError("bad_json", f"melds must be a list of meld objects, not {shown(melds)}")
    if len(melds) > 4:
        raise HandError("tile_count", f"melds lists {len(melds)} melds; a hand has at most 4")
    win = obj.get("winning_tile")
    if thirteen and win is not None:
        raise HandError("tile_count", 'this command takes a hand of 13 tiles: leave out "winning_tile" (or give null)')
    hand = Hand(
        _tiles(obj["concealed"], "concealed"),
        tuple(_meld(m, i) for i, m in enumerate(melds)),
        None if win is None else _tile(win, "winning_tile"),
        partial=partial,
    )
    flowers, bonus = _flowers(obj.get("flowers", 0))
    if hand.size == 0 and not (flowers or bonus):  # bonus tiles alone are a partial loser's hand; nothing is not
        raise HandError("tile_count", "the hand is empty: no tiles and no bonus tiles given")
    events = obj.get("events", [])
    if not isinstance(events, list) or not all(isinstance(e, str) for e in events):
        raise HandError("bad_json", f"events must be a list of names, not {shown(events)}")
    context = Context(
        **{name: _flag(obj, name, False) for name in _FLAGS},
        seat_wind=_wind(obj.get("seat_wind", "E"), "seat_wind"),
        prevailing_wind=_wind(obj.get("prevailing_wind", "E"), "prevailing_wind"),
        flowers=flowers,
        bonus_tiles=bonus,
        events=frozenset(events),
    )
    validate_context(hand, context)
    extra = {key: obj[key] for key in obj if key in extra_fields and key not in FIELDS}
    return HandRecord(ident, hand, context, extra)


def _wind(value: object, name: str) -> Tile:
    if not isinstance(value, str) or value not in ("E", "S", "W", "N"):
        raise HandError("bad_wind", f"{name} must be one of \"E\" \"S\" \"W\" \"N\", not {shown(value)}")
    return Tile.of(value)


def context_to_json(context: Context) -> dict[str, Any]:
    """The context fields of the JSON hand format."""
    flowers: int | list[str] = (
        context.flowers if context.bonus_tiles is None else [str(t) for t in context.bonus_tiles]
    )
    return {
        **{name: bool(getattr(context, name)) for name in _FLAGS},
        "seat_wind": str(context.seat_wind),
        "prevailing_wind": str(context.prevailing_wind),
        "flowers": flowers,
        "events": sorted(context.events),
    }


def meld_to_json(meld: Meld) -> dict[str, Any]:
    """One meld object; ``claimed`` and ``from`` only when known, ``added`` only when true."""
    out: dict[str, Any] = {
        "kind": meld.kind.value,
        "tiles": [str(t) for t in meld.tiles],
        "exposed": meld.exposed,
    }
    if meld.claimed is not None:
        out["claimed"] = str(meld.claimed)
    if meld.claimed_from is not None:
        out["from"] = meld.claimed_from
    if meld.added:
        out["added"] = True
    return out


def record_to_json(rec: HandRecord) -> dict[str, Any]:
    """The JSON object for *rec*, standard fields in order, then its extra fields.

    ``id`` is written only when the record has one; ``flowers`` is a list when the bonus tiles
    are known and a count otherwise.
    """
    out: dict[str, Any] = {} if rec.id is None else {"id": rec.id}
    out["concealed"] = [str(t) for t in rec.hand.concealed]
    out["melds"] = [meld_to_json(m) for m in rec.hand.melds]
    out["winning_tile"] = None if rec.hand.winning_tile is None else str(rec.hand.winning_tile)
    out.update(context_to_json(rec.context))
    out.update(rec.extra)
    return out
