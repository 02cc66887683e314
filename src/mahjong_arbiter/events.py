"""The event registry: every fact a hand's context can carry, what it means, and when it is impossible.

The facts live in ``data/events.toml`` (read and checked once, at import): the context flags
(self-drawn, robbing a kong, a kong's replacement tile, last tile of the wall, last of its kind),
the values every context has (seat and prevailing wind, bonus tiles) and the named events of
``--event`` (Heaven's Blessing, Original Call, ...).  Each :class:`Fact` has its words for players,
its source and its preconditions on the hand.

:func:`validate_context` applies the preconditions, once, after the hand is parsed and before any
scoring: a fact the tiles or the seat make impossible raises
:class:`~mahjong_arbiter.errors.HandError` with code ``bad_context``, naming the fact and the count
that breaks it.  Which rule of a profile a fact can earn is derived, not stored: each rule declares
the facts it reads (:func:`mahjong_arbiter.rules.registry.rule`), and
:mod:`mahjong_arbiter.profiles.events` joins that with the profile.

>>> FACTS["robbing_kong"].requires["copies_elsewhere"]
3
>>> sorted(implied_events(frozenset({"earths_blessing"})))
['earths_blessing', 'first_turn_win']
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from operator import attrgetter
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from .errors import HandError
from .tiles import Tile

if TYPE_CHECKING:
    from .hand import Context, Hand

__all__ = [
    "Example",
    "Fact",
    "FACTS",
    "EVENT_NAMES",
    "KINDS",
    "CHECKS",
    "DATA_FILE",
    "holds",
    "given_facts",
    "implied_events",
    "validate_context",
    "Check",
    "context_checks",
    "hand_checks",
    "facts_key",
    "FactsKey",
    "NO_FACTS",
    "apply_checks",
    "refusal_text",
]

DATA_FILE: Final = Path(__file__).parent / "data" / "events.toml"
KINDS: Final = ("flag", "value", "event")
"""``flag``: a true/false field of the context; ``value``: a field every context has (seat wind,
prevailing wind, bonus tiles); ``event``: a named fact given with ``--event``."""

CHECKS: Final = (
    "self_drawn",
    "seat",
    "not_seat",
    "copies_elsewhere",
    "kongs_at_least",
    "flowers_at_least",
    "claimed_melds_at_most",
    "declared_melds_at_most",
    "with",
    "without",
)
"""The precondition checks a fact's ``requires`` table may hold, in the order they are applied."""

_FIELDS: Final = frozenset(
    {"kind", "title", "given", "meaning", "source", "requires", "because", "implies", "examples"}
)
EXAMPLE_CONTEXT_FIELDS: Final = frozenset(
    {"self_drawn", "kong_related", "last_tile", "last_of_kind", "seat_wind", "prevailing_wind", "events"}
)
"""The context fields an example may set (named as in the JSON hand format); bonus tiles go in the
hand string's braces."""


@dataclass(frozen=True, slots=True)
class Example:
    """A hand on which a fact holds: a hand string (winning tile last, bonus tiles in braces) and the
    other context fields, named as in the JSON hand format."""

    hand: str
    context: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Fact:
    """One fact of the context, as the registry file states it.

    Attributes
    ----------
    name : str
        The id (``robbing_kong``, ``heavens_blessing``): the event name for events.
    kind : str
        One of :data:`KINDS`.
    title, given, meaning : str
        Its name, how to give it (CLI and JSON) and what it means at the table, in players' words.
    source : str
        The document that defines it.
    requires : mapping
        The preconditions (:data:`CHECKS` keys); ``because`` gives the reason of each.
    implies : tuple of str
        Events that hold whenever this one does.
    examples : tuple of Example
        Hands on which the fact holds and earns its rules.
    """

    name: str
    kind: str
    title: str
    given: str
    meaning: str
    source: str
    requires: Mapping[str, Any]
    because: Mapping[str, str]
    implies: tuple[str, ...] = ()
    examples: tuple[Example, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (``mahjong-arbiter events --json``)."""
        return {
            "name": self.name,
            "kind": self.kind,
            "title": self.title,
            "given": self.given,
            "meaning": self.meaning,
            "source": self.source,
            "requires": dict(self.requires),
            "because": dict(self.because),
            "implies": list(self.implies),
            "refused_when": refusal_text(self),
            "examples": [{"hand": e.hand, "context": dict(e.context)} for e in self.examples],
        }


def _load(path: Path) -> dict[str, Fact]:
    """Read and check the registry file; any problem is a RuntimeError naming the fact and field."""
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    table = raw.get("fact")
    if set(raw) != {"fact"} or not isinstance(table, dict):
        raise RuntimeError(f"{path.name}: the file holds only [fact.NAME] tables")
    facts: dict[str, Fact] = {}
    for name, entry in table.items():
        where = f"{path.name}: fact {name}"
        if not isinstance(entry, dict):
            raise RuntimeError(f"{where}: must be a table")
        unknown = set(entry) - _FIELDS
        if unknown:
            raise RuntimeError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
        kind = entry.get("kind")
        if kind not in KINDS:
            raise RuntimeError(f"{where}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
        for text in ("title", "meaning", "source"):
            if not isinstance(entry.get(text), str) or not entry[text].strip():
                raise RuntimeError(f"{where}: {text} must be a non-empty text")
        given = entry.get("given", f"--event {name}; JSON \"events\": [\"{name}\"]" if kind == "event" else None)
        if not isinstance(given, str) or not given.strip():
            raise RuntimeError(f"{where}: given must say how the fact is given")
        requires = entry.get("requires", {})
        because = entry.get("because", {})
        if not isinstance(requires, dict) or not isinstance(because, dict):
            raise RuntimeError(f"{where}: requires and because are tables")
        for check, value in requires.items():
            _check_value(where, check, value)
        if set(because) != set(requires) or not all(isinstance(v, str) and v.strip() for v in because.values()):
            raise RuntimeError(f"{where}: because must give one reason (text) for each check of requires")
        implies = entry.get("implies", [])
        if not isinstance(implies, list) or not all(isinstance(e, str) for e in implies):
            raise RuntimeError(f"{where}: implies must be a list of event names")
        facts[name] = Fact(
            name, kind, entry["title"], given, entry["meaning"], entry["source"],
            MappingProxyType(dict(requires)), MappingProxyType(dict(because)), tuple(implies),
            _examples(where, entry.get("examples", [])),
        )
    for fact in facts.values():
        for other in (*fact.requires.get("with", ()), *fact.requires.get("without", ())):
            if other not in facts or facts[other].kind == "value":
                raise RuntimeError(f"{path.name}: fact {fact.name}: with/without names {other!r}, not a flag or event")
        for other in fact.implies:
            if other not in facts or facts[other].kind != "event":
                raise RuntimeError(f"{path.name}: fact {fact.name}: implies {other!r}, which is not an event")
    return facts


def _examples(where: str, value: object) -> tuple[Example, ...]:
    if not isinstance(value, list):
        raise RuntimeError(f"{where}: examples must be a list of {{ hand, context }} tables")
    out = []
    for i, item in enumerate(value):
        ok = isinstance(item, dict) and isinstance(item.get("hand"), str) and set(item) <= {"hand", "context"}
        context = item.get("context", {}) if isinstance(item, dict) else None
        if not ok or not isinstance(context, dict) or not set(context) <= EXAMPLE_CONTEXT_FIELDS:
            raise RuntimeError(
                f"{where}: examples[{i}] needs a hand string and context fields among "
                f"{', '.join(sorted(EXAMPLE_CONTEXT_FIELDS))}"
            )
        out.append(Example(item["hand"], MappingProxyType(dict(context))))
    return tuple(out)


def _check_value(where: str, check: str, value: object) -> None:
    if check not in CHECKS:
        raise RuntimeError(f"{where}: unknown check {check!r}; the checks are {', '.join(CHECKS)}")
    if check == "self_drawn":
        ok = isinstance(value, bool)
    elif check in ("seat", "not_seat"):
        ok = value in ("E", "S", "W", "N")
    elif check in ("with", "without"):
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
    else:
        ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 4
    if not ok:
        raise RuntimeError(f"{where}: requires.{check} has a wrong value {value!r}")


FACTS: Final[Mapping[str, Fact]] = MappingProxyType(_load(DATA_FILE))
"""Every fact of the registry by name, in the file's order."""

EVENT_NAMES: Final[tuple[str, ...]] = tuple(name for name, f in FACTS.items() if f.kind == "event")
"""The names ``--event`` accepts."""


def implied_events(events: frozenset[str]) -> frozenset[str]:
    """*events* with every event they imply (Earth's Blessing implies a first-turn win)."""
    found = set(events)
    todo = list(events)
    while todo:
        fact = FACTS.get(todo.pop())
        for other in fact.implies if fact is not None else ():
            if other not in found:
                found.add(other)
                todo.append(other)
    return frozenset(found)


def holds(name: str, context: Context) -> bool:
    """Whether the flag or event *name* holds in *context* (a value fact always holds)."""
    kind = FACTS[name].kind
    if kind == "event":
        return context.has(name)
    if kind == "value":
        return True
    return bool(_FLAGS[name](context))


_FLAGS: Final = {
    name: attrgetter(name)
    for name in ("self_drawn", "robbing_kong", "kong_replacement", "last_tile", "last_of_kind")
}
"""How each flag is read off a context (the context attribute of the same name)."""
_GIVEN: Final = tuple((name, fact.kind) for name, fact in FACTS.items() if fact.kind != "value")
"""The facts a caller can give (flags and events), in registry order, with their kind."""


def given_facts(context: Context) -> tuple[str, ...]:
    """The flags and events the caller gave (implied events included), in registry order."""
    if not context.events:  # flags only (no event holds without one given): asked for every hand scored
        key = (context.self_drawn, context.kong_related, context.last_tile, context.last_of_kind)
        found = _FLAGS_GIVEN.get(key)
        if found is None:
            found = _FLAGS_GIVEN[key] = tuple(name for name, read in _GIVEN_FLAGS if read(context))
        return found
    return tuple(
        name for name, kind in _GIVEN if (context.has(name) if kind == "event" else _FLAGS[name](context))
    )


_GIVEN_FLAGS: Final = tuple((name, _FLAGS[name]) for name, kind in _GIVEN if kind != "event")
"""The flags among :data:`_GIVEN`, in registry order, each with its reader."""
_FLAGS_GIVEN: Final[dict[tuple[bool, bool, bool, bool], tuple[str, ...]]] = {}
"""The flags given, by the context fields every flag is read from (self-drawn, kong-related, last
tile, last of its kind: robbing a kong and a kong's replacement tile are read from the first two),
each answer derived on first use."""


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _sets(n: int, what: str) -> str:
    return f"{n} {what} set" + ("" if n == 1 else "s")


def _broken(check: str, value: Any, hand: Hand, context: Context) -> str | None:
    """What breaks *check* on this hand and context, or None when it holds."""
    if check in _FROM_FACTS:
        return _broken_by_facts(check, value, context)
    if check in ("seat", "not_seat"):
        wind = Tile.of(value)
        if (context.seat_wind is wind) == (check == "seat"):
            return None
        return f"it needs seat {wind}, not {context.seat_wind}" if check == "seat" else f"it cannot be seat {wind}"
    if check == "copies_elsewhere":
        tile = hand.winning_tile
        if tile is None:
            return None
        held = hand.standing_counts[tile.index]  # (not a pass over Hand.all_tiles: it sorts every tile)
        for meld in hand.melds:
            held += meld.tiles.count(tile)
        if held + value <= 4:
            return None
        return (
            f"the hand holds {tile} {_times(held)} (the winning tile included) and {value} more are elsewhere: "
            f"{held + value} copies of a tile that has four"
        )
    if check == "kongs_at_least":
        kongs = 0  # (a loop, not len(Hand.kongs): a property building a tuple)
        for meld in hand.melds:
            if meld.kind == "kong":
                kongs += 1
        if kongs >= value:
            return None
        return f"it needs at least {value} declared kong{'s' if value != 1 else ''}; the hand declares {kongs}"
    if check == "flowers_at_least":
        if context.flowers >= value:
            return None
        return f"it needs at least {value} flower or season; the player holds {context.flowers}"
    if check == "claimed_melds_at_most":
        claimed = [m for m in hand.melds if m.exposed]
        if len(claimed) <= value:
            return None
        shown = " ".join(f"[{m}]" for m in claimed)
        limit = f"; at most {value} can be" if value else ""
        return f"the hand has {_sets(len(claimed), 'claimed')} ({shown}){limit}"
    if check == "declared_melds_at_most":
        if len(hand.melds) <= value:
            return None
        shown = " ".join(f"[{m}]" for m in hand.melds)
        limit = f"; at most {value} can be" if value else ""
        return f"the hand has {_sets(len(hand.melds), 'declared')} ({shown}){limit}"
    raise AssertionError(check)  # pragma: no cover - the loader admits only CHECKS


_FROM_FACTS: Final = frozenset({"self_drawn", "with", "without"})
"""The checks that read nothing but the flags and events given (:func:`_broken_by_facts`): one
answer for every context that gives the same facts."""


def _broken_by_facts(check: str, value: Any, context: Context) -> str | None:
    """:func:`_broken` of a check of :data:`_FROM_FACTS`."""
    if check == "self_drawn":
        if context.self_drawn == value:
            return None
        return "it needs a self-drawn win, but the hand was won on a discard" if value else (
            "it needs a win on a discard, but the hand is self-drawn"
        )
    if check == "with":
        missing = [FACTS[n] for n in value if not holds(n, context)]
        if not missing:
            return None
        return "it needs " + " and ".join(f"{f.title.lower()} ({f.given.split(';')[0]})" for f in missing)
    if check == "without":
        clash = [FACTS[n] for n in value if holds(n, context)]
        if not clash:
            return None
        return "it cannot go with " + " or ".join(f.title.lower() for f in clash)
    raise AssertionError(check)  # pragma: no cover - the caller passes _FROM_FACTS only


_REQUIRED: Final = {
    name: tuple((check, fact.requires[check]) for check in CHECKS if check in fact.requires)
    for name, fact in FACTS.items()
}
"""Each fact's preconditions in :data:`CHECKS` order, with their values (read once, not per hand)."""


Check = tuple[Fact, str, Any]
"""One precondition to apply: the fact that holds, the check (a :data:`CHECKS` key) and its value."""


FactsKey = tuple[bool, bool, bool, bool, frozenset[str]]
"""The context fields the flags and events given are read from: the four flags and the events."""

NO_FACTS: Final[FactsKey] = (False, False, False, False, frozenset())
"""The :func:`facts_key` of a context that gives no flag and no event (most hands)."""


def facts_key(context: Context) -> FactsKey:
    """The fields of *context* the facts it gives are read from (:func:`given_facts`): every
    answer derived from those facts alone is kept by this key."""
    return context.self_drawn, context.kong_related, context.last_tile, context.last_of_kind, context.events


def context_checks(context: Context) -> tuple[Check, ...]:
    """The preconditions of every flag and event *context* gives (implied events included), in the
    order :func:`validate_context` applies them: the facts in registry order, each fact's checks in
    :data:`CHECKS` order.  Empty for most contexts (no flag but a kong's needs a check).

    Derived once per set of facts given (read from the four flags and the events, as
    :func:`given_facts`) and kept: every hand scored or parsed asks.

    >>> from mahjong_arbiter.hand import Context
    >>> [(fact.name, check) for fact, check, _ in context_checks(Context(kong_related=True))]
    [('robbing_kong', 'copies_elsewhere')]
    """
    key = facts_key(context)
    found = _CHECKS.get(key)
    if found is None:
        found = _CHECKS[key] = tuple(
            (FACTS[name], check, value) for name in given_facts(context) for check, value in _REQUIRED[name]
        )
    return found


def hand_checks(context: Context) -> tuple[Check, ...]:
    """:func:`context_checks` without those the facts given alone decide and that hold: what is
    left to apply to a hand (a broken one stays, in its place, to be raised).  Derived once per
    set of facts given, as :func:`context_checks`.

    >>> from mahjong_arbiter.hand import Context
    >>> [check for _, check, _ in hand_checks(Context(events=frozenset({"flower_replacement"}), self_drawn=True))]
    ['flowers_at_least']
    """
    key = facts_key(context)
    found = _HAND_CHECKS.get(key)
    if found is None:
        found = _HAND_CHECKS[key] = tuple(
            (fact, check, value) for fact, check, value in context_checks(context)
            if check not in _FROM_FACTS or _broken_by_facts(check, value, context) is not None
        )
    return found


_CHECKS: Final[dict[FactsKey, tuple[Check, ...]]] = {}
"""The preconditions to apply, by the context fields the facts given are read from (see
:func:`context_checks`), each answer derived on first use."""
_HAND_CHECKS: Final[dict[FactsKey, tuple[Check, ...]]] = {}
"""The same for :func:`hand_checks`."""


def apply_checks(hand: Hand, context: Context, checks: tuple[Check, ...]) -> None:
    """Apply *checks* (:func:`hand_checks` or :func:`context_checks` of *context*) to *hand*:
    :func:`validate_context` for a caller that has the checks already.

    Raises
    ------
    HandError
        ``bad_context``, as :func:`validate_context`.
    """
    for fact, check, value in checks:
        problem = _broken(check, value, hand, context)
        if problem is not None:
            raise HandError(
                "bad_context",
                f"{fact.title} ({fact.given.split(';')[0]}) is impossible here: {problem}. "
                f"Why: {fact.because[check]}",
            )


def validate_context(hand: Hand, context: Context) -> None:
    """Refuse a context the hand makes impossible: the preconditions of every fact that holds.

    Raises
    ------
    HandError
        ``bad_context``, naming the fact, how it was given and what breaks it (a tile count, the
        seat, the declared sets), with the reason at the table.

    Examples
    --------
    >>> from mahjong_arbiter.hand import Context, Hand
    >>> hand = Hand(tuple(Tile.of(t) for t in "1m 1m 2m 3m 4m 5m 6m 7m 8m 9m E E E 1m".split()),
    ...             winning_tile=Tile.of("1m"))
    >>> try:
    ...     validate_context(hand, Context(kong_related=True))
    ... except HandError as exc:
    ...     print(exc.message.split(":")[1].strip())
    the hand holds 1m 3 times (the winning tile included) and 3 more are elsewhere
    """
    checks = hand_checks(context)
    if checks:  # (most contexts give no fact with a precondition)
        apply_checks(hand, context, checks)


def refusal_text(fact: Fact) -> list[str]:
    """When *fact* is refused, in players' words: one phrase per check of its ``requires``."""
    out = []
    req = fact.requires
    for check in CHECKS:
        if check not in req:
            continue
        value = req[check]
        if check == "self_drawn":
            out.append("won on a discard" if value else "self-drawn")
        elif check == "seat":
            out.append(f"the seat is not {value}")
        elif check == "not_seat":
            out.append(f"the seat is {value}")
        elif check == "copies_elsewhere":
            out.append(f"the hand holds more than {4 - value} of the winning tile")
        elif check == "kongs_at_least":
            out.append("no declared kong" if value == 1 else f"fewer than {value} declared kongs")
        elif check == "flowers_at_least":
            out.append("no bonus tile held" if value == 1 else f"fewer than {value} bonus tiles held")
        elif check == "claimed_melds_at_most":
            out.append("a claimed set" if value == 0 else f"more than {value} claimed sets")
        elif check == "declared_melds_at_most":
            out.append("any declared set" if value == 0 else f"more than {value} declared sets")
        elif check == "with":
            out.extend(f"without {n}" for n in value)
        else:
            out.extend(f"with {n}" for n in value)
    return out
