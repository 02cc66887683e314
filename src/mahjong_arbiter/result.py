"""The one result shape every profile returns (docs/architecture.md, the parts: result).

``to_dict()`` gives the JSON schema shared by every command::

    {"id", "profile", "fingerprint", "unit", "total", <arithmetic fields>,
     "items": [{"id", "name", <value key>: v, "count", "sets"}],
     "suppressed": [{"id", "name", "by", "relation", "source", "count"}],
     "reading": {...}, "alternatives": [{"reading": {...}, "total": N}], "notes": [...]}

The arithmetic fields are ``basic`` and ``minimum_met`` (MCR), ``points``, ``doubles`` and
``limit_applied`` (classical), ``base_points`` (faan).  ``str()`` is for people.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields, replace
from typing import Any, Final

from .solver.reading import Group, Reading

__all__ = ["Item", "Suppressed", "Alternative", "Result", "group_text", "relation_words"]


_FIELD_WORDS: Final = {
    "basic": "points without flowers",
    "minimum_met": "minimum met",
    "limit_applied": "limit applied",
    "fixed": "fixed-value hand",
    "exposure": "special hand exposed",
    "base_points": "base points",
    "uncapped": "faan before the cap",
    "cap_applied": "cap applied",
    "non_winner_limit": "non-winner limit",
}
"""How an arithmetic field is named to a player (a field not listed: its name with spaces)."""


def relation_words(relation: str) -> str:
    """An edge relation as a verb phrase: ``excludes`` -> ``excluded by``."""
    return {
        "excludes": "excluded by",
        "implies": "already contained in",
    }.get(relation, f"{relation.replace('_', ' ')} by")


def group_text(group: Group) -> str:
    """A group written compactly: ``123m``, ``EEE``, ``147m258p369s`` (kept with the group after
    the first time: groups are shared values, and results write the same few over and over)."""
    text = group._text
    if text is None:
        text = _group_text(group)
        object.__setattr__(group, "_text", text)
    return text


def _group_text(group: Group) -> str:
    out: list[str] = []
    run_suit = ""
    for t in group.tiles:
        if t.is_suited:
            if run_suit and run_suit != t.suit:
                out.append(run_suit)
            out.append(str(t.rank))
            run_suit = t.suit
        else:
            if run_suit:
                out.append(run_suit)
                run_suit = ""
            out.append(t.token)
    if run_suit:
        out.append(run_suit)
    return "".join(out)


def _value_text(item: Item) -> str:
    if item.value_key == "doubles":
        return f"{item.value:g} double" + ("s" if item.value != 1 else "")
    if item.value_key == "limit":
        return "limit" if item.value == 1 else f"{item.value:g} of limit"
    unit = item.value_key[:-1] if item.value_key.endswith("s") and item.value == 1 else item.value_key
    return f"{item.value:g} {unit}"


def _subtotal_text(item: Item) -> str:
    """What the item adds: points or faan (``= 16``), or a multiplier for doubles (``x4``)."""
    if item.value_key == "doubles":
        return f"x{2 ** item.subtotal:g}"
    if item.value_key == "limit":
        return ""
    return f"= {item.subtotal:>4g}"


@dataclass(frozen=True, slots=True)
class Item:
    """A rule that counted: its value under ``value_key`` (points, doubles, limit, faan), how
    many times, and the groups each instance used."""

    id: str
    name: str
    value_key: str
    value: int | float
    count: int = 1
    sets: tuple[tuple[Group, ...], ...] = ()
    source: str = ""

    @property
    def subtotal(self) -> int | float:
        return self.value * self.count

    @classmethod
    def made(
        cls, id: str, name: str, value_key: str, value: int | float, count: int,
        sets: tuple[tuple[Group, ...], ...], source: str,
    ) -> Item:
        """``Item(...)`` with every field given, built as an :class:`_UnfrozenItem` (plain slot
        stores) that then takes this class back, instead of the frozen dataclass's
        ``object.__setattr__`` per field (a scorer makes one per counted rule with sets): the same value.

        >>> Item.made("r", "R", "points", 2, 1, (), "book") == Item("r", "R", "points", 2, 1, (), "book")
        True
        """
        item: Any = _UnfrozenItem()
        item.id = id
        item.name = name
        item.value_key = value_key
        item.value = value
        item.count = count
        item.sets = sets
        item.source = source
        item.__class__ = cls
        made: Item = item
        return made

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            self.value_key: self.value,
            "count": self.count,
            "sets": [[group_text(g) for g in inst] for inst in self.sets if inst],
        }


class _UnfrozenItem(Item):
    """An Item's very layout without the frozen dataclass's ``__setattr__`` and ``__delattr__``:
    :meth:`Item.made` writes an Item's slots while it is one of these (a plain ``STORE_ATTR``, a
    few dozen instructions, where a frozen Item's slot store costs about 350), then gives it back
    its class.  No instance stays of this class; one is made empty (``object.__init__``: a call of
    the class costs a few hundred instructions less than ``object.__new__(cls)``)."""

    __slots__ = ()
    __init__ = object.__init__
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__


@dataclass(frozen=True, slots=True)
class Suppressed:
    """A rule that held but did not count, what stopped it, and how many of its instances."""

    id: str
    name: str
    by: str
    relation: str
    source: str
    count: int = 1

    def to_dict(self) -> dict[str, str | int]:
        return {"id": self.id, "name": self.name, "by": self.by, "relation": self.relation, "source": self.source,
                "count": self.count}

    def reason(self, by_name: str) -> str:
        """What stopped it, in words, given the suppressing rule's name *by_name*.

        A rule stopped by another instance of itself (the non-identical principle: one set
        combination counts once) is "counted once", never "suppressed by" itself.

        >>> Suppressed("mcr.pure-straight", "Pure Straight", "mcr.short-straight", "excludes", "GB").reason("X")
        'excluded by X'
        >>> Suppressed("mcr.mixed-straight", "Mixed Straight", "mcr.mixed-straight", "non-identical", "GB").reason("")
        'counted once (non-identical)'
        """
        if self.by == self.id:
            return f"counted once ({self.relation.replace('_', ' ')})"
        return f"{relation_words(self.relation)} {by_name}"

    @staticmethod
    def merged(entries: Iterable[Suppressed]) -> tuple[Suppressed, ...]:
        """One entry per rule, suppressor, relation and source, counting the instances, in first order.

        >>> a = Suppressed("mcr.short-straight", "Short Straight", "mcr.pure-straight", "non-separation", "GB")
        >>> [(s.id, s.count) for s in Suppressed.merged([a, a])]
        [('mcr.short-straight', 2)]
        """
        counts: dict[tuple[str, str, str, str], Suppressed] = {}
        for entry in entries:
            key = (entry.id, entry.by, entry.relation, entry.source)
            seen = counts.get(key)
            counts[key] = entry if seen is None else replace(seen, count=seen.count + entry.count)
        return tuple(counts.values())


@dataclass(frozen=True, slots=True)
class Alternative:
    """Another Reading of the same hand and what it would score."""

    reading: Reading
    total: int | float

    def to_dict(self) -> dict[str, Any]:
        return {"reading": self.reading.to_dict(), "total": self.total}


@dataclass(frozen=True, slots=True)
class Result:
    """The score of one hand under one profile, able to explain itself."""

    profile: str
    fingerprint: str
    unit: str
    total: int | float
    items: tuple[Item, ...]
    suppressed: tuple[Suppressed, ...] = ()
    reading: Reading | None = None
    alternatives: tuple[Alternative, ...] = ()
    fields: dict[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    id: str | None = None
    readings: tuple[Reading, ...] = field(default=(), compare=False, repr=False)
    """Every Reading the profile let the hand take, in the solver's order (not part of the JSON:
    the best reading and the alternatives are), so a command that explains the score reuses them
    instead of decomposing the hand again."""

    @classmethod
    def assembled(
        cls,
        profile: str,
        fingerprint: str,
        unit: str,
        total: int | float,
        items: tuple[Item, ...],
        suppressed: tuple[Suppressed, ...],
        reading: Reading | None,
        alternatives: tuple[Alternative, ...],
        fields: dict[str, Any],
        notes: tuple[str, ...],
        readings: tuple[Reading, ...],
    ) -> Result:
        """``Result(...)`` with every field but ``id`` given, built as an :class:`_UnfrozenResult`
        (plain slot stores) that then takes this class back, instead of the frozen dataclass's
        ``object.__setattr__`` per field (a scorer makes one per hand): the same value.

        >>> Result.assembled("p", "f", "points", 8, (), (), None, (), {}, (), ()) == Result("p", "f", "points", 8, ())
        True
        """
        made: Any = _UnfrozenResult()
        made.profile = profile
        made.fingerprint = fingerprint
        made.unit = unit
        made.total = total
        made.items = items
        made.suppressed = suppressed
        made.reading = reading
        made.alternatives = alternatives
        made.fields = fields
        made.notes = notes
        made.id = None
        made.readings = readings
        made.__class__ = cls
        result: Result = made
        return result

    def with_id(self, hand_id: str | None) -> Result:
        """This result under another hand id (``dataclasses.replace`` without re-running the
        constructor on eleven unchanged fields: a batch sets the id of every result)."""
        if hand_id == self.id:
            return self
        twin = self._unfrozen_twin()
        twin.id = hand_id
        twin.__class__ = Result
        changed: Result = twin
        return changed

    def with_notes(self, notes: tuple[str, ...]) -> Result:
        """This result with *notes* instead of its own (``dataclasses.replace`` without re-running
        the constructor, as :meth:`with_id`)."""
        twin = self._unfrozen_twin()
        twin.notes = notes
        twin.__class__ = Result
        changed: Result = twin
        return changed

    def _unfrozen_twin(self) -> Any:
        """A copy of this result as an :class:`_UnfrozenResult`, for a ``with_`` method to change
        one field of and give its class back."""
        twin: Any = _UnfrozenResult()
        for name in _RESULT_FIELDS:  # every field, so a field added to Result is copied too
            setattr(twin, name, getattr(self, name))
        return twin

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "profile": self.profile,
            "fingerprint": self.fingerprint,
            "unit": self.unit,
            "total": self.total,
        }
        out.update(self.fields)
        out["items"] = [i.to_dict() for i in self.items]
        out["suppressed"] = [s.to_dict() for s in self.suppressed]
        out["reading"] = self.reading.to_dict() if self.reading else None
        out["alternatives"] = [a.to_dict() for a in self.alternatives]
        out["notes"] = list(self.notes)
        return out

    def suppression_reason(self, suppressed: Suppressed) -> str:
        """Why *suppressed* does not count, naming the counted rule that stopped it."""
        by = next((i.name for i in self.items if i.id == suppressed.by), suppressed.by)
        return suppressed.reason(by)

    def shown_fields(self) -> list[tuple[str, str]]:
        """The arithmetic's fields in a player's words, for text and HTML (the structured ones are
        for JSON): ``("minimum met", "yes")``, ``("fixed-value hand", "Buried Treasure")``."""
        shown = []
        for key, value in self.fields.items():
            if value is None or isinstance(value, list | dict):
                continue
            if isinstance(value, bool):
                text = "yes" if value else "no"
            elif key == "fixed":
                text = next((i.name for i in self.items if i.id == value), str(value))
            elif isinstance(value, float):
                text = f"{value:g}"
            else:
                text = str(value)
            shown.append((_FIELD_WORDS.get(key, key.replace("_", " ")), text))
        return shown

    def to_text(self, *, explain: bool = False) -> str:
        """A readable breakdown: one line per item, aligned, the total last."""
        lines = [f"profile {self.profile} (fingerprint {self.fingerprint})"]
        if self.reading is not None:
            lines.append(f"reading: {self.reading}")
        width = max([len(i.name) for i in self.items] + [8])
        for i in self.items:
            times = f"x{i.count}" if i.count != 1 else ""
            used = " ".join(group_text(g) for inst in i.sets for g in inst)
            row = f"  {i.name:<{width}}  {_value_text(i):>14} {times:>4}  {_subtotal_text(i):>6}   {used}"
            lines.append(row.rstrip())
        lines.extend(f"  {name}: {value}" for name, value in self.shown_fields())
        for note in self.notes:
            lines.append(f"  note: {note}")
        if explain:
            if self.suppressed:
                lines.append("suppressed:")
                for s in self.suppressed:
                    times = f" x{s.count}" if s.count != 1 else ""
                    lines.append(f"  {s.name}{times} ({s.id}): {self.suppression_reason(s)} [{s.source}]")
            if self.alternatives:
                lines.append("other readings:")
                for a in self.alternatives:
                    lines.append(f"  {a.total:>6g}  {a.reading}")
        unit = self.unit[:-1] if self.unit.endswith("s") and self.total == 1 else self.unit  # 1 point, 2 points
        lines.append(f"total: {self.total:g} {unit}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()


class _UnfrozenResult(Result):
    """A Result's very layout without the frozen dataclass's ``__setattr__`` and ``__delattr__``:
    :meth:`Result.assembled` stores a Result's slots while it is one of these, then gives it back
    its class (as :class:`_UnfrozenItem` does for an Item, made empty as it is).  No instance stays
    of this class."""

    __slots__ = ()
    __init__ = object.__init__
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__


_RESULT_FIELDS: Final = tuple(f.name for f in fields(Result))
"""The names of a Result's fields, which :meth:`Result._unfrozen_twin` copies."""
