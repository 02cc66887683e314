"""The state of the hand page, as a form: the hand text, its context, the profile, the questions asked.

The same state travels three ways: as the page's query string (a share link: ``/?hand=...``),
as the JSON the page's script posts when the hand changes, and back into a
:class:`~mahjong_arbiter.notation.json_hand.HandRecord` read by the engine.  The hand text takes
any notation the CLI takes (MPSZ, the MCR helper string, bonus tiles in braces) or one JSON hand.

An uploaded profile's text travels in a link compressed (zlib, then URL-safe base64) as
``house``; a link longer than :data:`~mahjong_arbiter.web.config.MAX_LINK` is not offered.

>>> form = RulingForm.from_pairs([("hand", "123m456m789m123pEE"), ("self_drawn", "1"), ("seat", "S")])
>>> form.query()
'hand=123m456m789m123pEE&profile=mcr&self_drawn=1&seat=S'
>>> RulingForm.from_pairs(parse_qsl(form.query())) == form
True
"""

from __future__ import annotations

import base64
import binascii
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, Final
from urllib.parse import parse_qsl, urlencode

from ..errors import ArbiterError, HandError
from ..jsonio import loads
from ..notation.json_hand import HandRecord, record_from_json
from ..notation.text_record import record_from_text
from .config import MAX_HAND_TEXT, MAX_LINK, MAX_PROFILE
from .models import ParseRequest

__all__ = ["RulingForm", "parse_request", "pack_profile", "unpack_profile", "FLAGS", "parse_qsl"]

FLAGS: Final = ("self_drawn", "last_of_kind", "kong", "last_tile")
"""The context toggles of the form, named as the CLI's flags (``--self-drawn``, ``--kong``, ...)."""

_LISTS: Final = ("events", "compare")
_TEACHING: Final = ("seen", "depth", "at_least")
"""The teaching panel's fields (a link leaves out those at their defaults)."""


def parse_request(body: ParseRequest) -> HandRecord:
    """The hand of an ``/api/parse`` request, read as the CLI reads a HAND with its flags."""
    return record_from_text(
        body.text, win=body.win, honour_order=body.honour_order, thirteen=body.thirteen, partial=body.partial,
        self_drawn=body.self_drawn, seat=body.seat, round=body.round,
        flowers=None if body.flowers is None else str(body.flowers),
        last_of_kind=body.last_of_kind, kong=body.kong, last_tile=body.last_tile, events=body.events,
    )


def pack_profile(text: str) -> str:
    """An uploaded profile's text as it travels in a link: zlib-compressed, URL-safe base64."""
    return base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")


def unpack_profile(packed: str) -> str:
    """The text :func:`pack_profile` packed; a damaged link is bad input (``bad_link``)."""
    try:
        raw = base64.b64decode(packed + "=" * (-len(packed) % 4), altchars=b"-_", validate=True)
        inflater = zlib.decompressobj()
        data = inflater.decompress(raw, MAX_PROFILE + 1)
        if len(data) > MAX_PROFILE or inflater.unconsumed_tail:
            raise ArbiterError("too_large", f"the profile in the link is larger than {MAX_PROFILE} bytes")
        if not inflater.eof:
            raise ValueError("truncated")
        return data.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as exc:
        if isinstance(exc, ArbiterError):
            raise
        raise ArbiterError("bad_link", "the house rules in this link are damaged (copy the whole link)") from None


def _flag(value: object) -> bool:
    return value in (True, "1", "true", "on")


@dataclass(frozen=True)
class RulingForm:
    """The hand page's state.  Field names are the query parameters of a share link."""

    hand: str = ""
    profile: str = "mcr"
    house: str | None = None
    """The uploaded profile's text (in a link: packed by :func:`pack_profile`)."""
    self_drawn: bool = False
    last_of_kind: bool = False
    kong: bool = False
    last_tile: bool = False
    seat: str = "E"
    round: str = "E"
    events: tuple[str, ...] = ()
    honour_order: str = "tenhou"
    why: str = ""
    claim: str = ""
    compare: tuple[str, ...] = ()
    game: int | None = None
    seen: str = ""
    """Tiles seen on the table, written like a hand (``1m1m5pE``): the teaching panel's unseen counts."""
    depth: str = "2"
    """The teaching panel's targets: at most this many new tiles (the engine checks 1 to 3)."""
    at_least: str = ""
    """The teaching panel's targets: only those scoring at least this (a number; empty: any)."""
    extra: dict[str, str] = field(default_factory=dict, compare=False)

    @classmethod
    def from_pairs(cls, pairs: Iterable[tuple[str, str]]) -> RulingForm:
        """The form from query-string pairs (repeated ``events`` and ``compare`` collect); a field
        that cannot be read is bad input (:meth:`read_pairs` keeps the rest instead)."""
        form, problems = cls.read_pairs(pairs)
        if problems:
            raise problems[0]
        return form

    @classmethod
    def read_pairs(cls, pairs: Iterable[tuple[str, str]]) -> tuple[RulingForm, tuple[ArbiterError, ...]]:
        """The form of a share link's query-string pairs, and what could not be read in it (as
        :meth:`read`: a damaged ``house`` or a ``game`` that is not a number is left out, alone)."""
        values: dict[str, Any] = {}
        lists: dict[str, list[str]] = {name: [] for name in _LISTS}
        problems: list[ArbiterError] = []
        for key, value in pairs:
            if key in lists:
                lists[key].extend(v for v in value.split(",") if v)
            elif key == "house":
                try:
                    values["house"] = unpack_profile(value) if value else None
                except ArbiterError as exc:
                    values.pop("house", None)
                    problems.append(exc)
            else:
                values[key] = value
        form, more = cls.read({**values, **{k: v for k, v in lists.items() if v}})
        return form, (*problems, *more)

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> tuple[RulingForm, tuple[ArbiterError, ...]]:
        """The form from decoded JSON or query values (unknown keys ignored, values bounded), and the
        message of each field that cannot be read (a ``game`` that is not a number, house rules
        over the size limit).  Such a field keeps its default and every other field is kept: one
        bad field in a link costs the ruling nothing but itself, and the page says which it was.

        Fields the engine reads (the hand, the seat, the events, the honour order, ...) are kept as
        given: the engine's own message refuses them when the ruling is made."""
        known = {f.name for f in fields(cls)} - {"extra"}
        kwargs: dict[str, Any] = {}
        problems: list[ArbiterError] = []
        for key, value in data.items():
            if key not in known:
                continue
            try:
                kwargs[key] = _field(key, value)
            except ArbiterError as exc:
                problems.append(exc)
        return cls(**kwargs), tuple(problems)

    def with_hand(self, text: str) -> RulingForm:
        return replace(self, hand=text)

    @property
    def json_hand(self) -> bool:
        """Whether the hand text is one JSON hand (which keeps its own context)."""
        text = self.hand.strip()
        return text.startswith("{") and text[1:].lstrip().startswith('"')

    def other_hand(self, text: str, *, self_drawn: bool) -> RulingForm:
        """The form of another hand's ruling under this profile and context (a target's, won as
        *self_drawn* says): the questions, the game and the teaching fields are left behind."""
        blank = RulingForm()
        return replace(self, hand=text, self_drawn=self_drawn, why="", claim="", game=None, seen=blank.seen,
                       depth=blank.depth, at_least=blank.at_least)

    def query(self, *, house: bool = True) -> str:
        """The query string of this state (defaults left out, the house rules packed when *house*)."""
        pairs: list[tuple[str, str]] = [("hand", self.hand), ("profile", self.profile)]
        if house and self.house is not None:
            pairs.append(("house", pack_profile(self.house)))
        pairs += [(flag, "1") for flag in FLAGS if getattr(self, flag)]
        pairs += [(name, getattr(self, name)) for name in ("seat", "round") if getattr(self, name) != "E"]
        if self.honour_order != "tenhou":
            pairs.append(("honour_order", self.honour_order))
        pairs += [("events", e) for e in self.events]
        pairs += [(name, getattr(self, name)) for name in ("why", "claim") if getattr(self, name)]
        if self.compare:
            pairs.append(("compare", ",".join(self.compare)))
        if self.game is not None:
            pairs.append(("game", str(self.game)))
        blank = RulingForm()
        pairs += [(name, getattr(self, name)) for name in _TEACHING if getattr(self, name) != getattr(blank, name)]
        return urlencode(pairs)

    def share_link(self, base: str) -> tuple[str | None, str]:
        """The share link (``None`` when it would be too long) and a sentence about it."""
        link = f"{base}?{self.query()}"
        if len(link) <= MAX_LINK:
            if self.house is not None:
                return link, "The link carries the house rules (compressed): it opens this ruling anywhere."
            return link, "The link opens this ruling: hand, context and profile."
        return None, (
            f"This ruling cannot be shared as a link: the house rules do not fit in one ({len(link)} characters, "
            f"at most {MAX_LINK}). Share the profile file and the hand instead."
        )

    def record(self) -> HandRecord:
        """The hand the form describes, read by the engine (a JSON hand keeps its own context)."""
        text = self.hand.strip()
        if not text:
            raise HandError("tile_count", "the hand is empty: tap tiles or type a hand")
        if self.json_hand:
            return record_from_json(loads(text))
        return record_from_text(
            text, honour_order=self.honour_order,
            self_drawn=self.self_drawn, seat=self.seat, round=self.round, last_of_kind=self.last_of_kind,
            kong=self.kong, last_tile=self.last_tile, events=self.events,
        )


def _field(key: str, value: object) -> Any:
    """The value of the form's field *key* from decoded JSON or a query value (bounded); bad input
    (:class:`ArbiterError`) when the form itself cannot hold it."""
    if key in FLAGS:
        return _flag(value)
    if key in _LISTS:
        items = value if isinstance(value, list | tuple) else [value]
        return tuple(str(v)[:60] for v in items[:20] if str(v))
    if key == "game":
        return _game_id(value)
    if key == "house":
        if value in (None, ""):
            return None
        if len(str(value).encode("utf-8")) > MAX_PROFILE:
            raise ArbiterError("too_large", f"the uploaded profile is larger than {MAX_PROFILE} bytes")
        return str(value)
    return str(value)[: MAX_HAND_TEXT if key in ("hand", "claim", "seen") else 200]


def _game_id(value: object) -> int | None:
    text = str(value).strip()
    if not text:
        return None
    if not text.isdigit() or len(text) > 12:
        raise ArbiterError("bad_arguments", f"a game is named by its number, not {text[:20]!r}")
    return int(text)
