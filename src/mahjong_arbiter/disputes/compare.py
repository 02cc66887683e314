"""``compare``: one hand under several profiles side by side.

One column per profile: its total and unit, or "not a winning hand" and the reason.  One row per
rule that scores differently between the columns, keyed by the rule's English name so that a
rule shared by two profiles (``mcr`` and ``mcr-mil`` share ids; classical and Hong Kong profiles
use their own) lines up on one row.  A cell shows what the rule is worth in that column
(``16``, ``2 x1``), ``suppressed`` when it held but an edge removed it, ``-`` when it did not
count, and ``n/a`` when the profile has no such rule.  Rows that read the same in every column
are counted, not shown; the totals come last.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import NotWinningError
from ..hand import Context, Hand
from ..notation.render import hand_text
from ..profiles.model import Profile
from ..result import Item, Result
from .breakdown import value_text
from .names import find_rules, normalise
from .style import Style, table

__all__ = ["Column", "Row", "Comparison", "compare", "line_up"]


@dataclass(frozen=True)
class Column:
    """One profile's outcome: a Result, or the reason the hand does not win under it."""

    profile: str
    result: Result | None
    error: str = ""

    @property
    def heading(self) -> str:
        return self.profile

    @property
    def total_text(self) -> str:
        if self.result is None:
            return "not a winning hand"
        return f"{self.result.total:g} {self.result.unit}"

    def to_dict(self) -> dict[str, Any]:
        if self.result is None:
            return {"profile": self.profile, "error": {"code": "not_winning", "message": self.error}}
        return self.result.to_dict()


@dataclass(frozen=True)
class Row:
    """A rule across the columns: its English name and one cell per profile (in column order)."""

    name: str
    cells: tuple[str, ...]

    @property
    def differs(self) -> bool:
        return len(set(self.cells)) > 1


@dataclass(frozen=True)
class Comparison:
    """The columns, the rows that differ, how many rows agree."""

    hand: Hand
    context: Context
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    same: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": None,
            "profiles": [c.profile for c in self.columns],
            "columns": {c.profile: c.to_dict() for c in self.columns},
            "rows": [{"name": r.name, "cells": dict(zip([c.profile for c in self.columns], r.cells, strict=True))}
                     for r in self.rows],
            "same": self.same,
            "totals": {c.profile: (c.result.total if c.result else None) for c in self.columns},
        }

    def to_text(self, style: Style, *, ascii: bool = False) -> str:
        lines = [hand_text(self.hand, self.context, ascii=ascii), ""]
        header = ("rule", *(c.heading for c in self.columns))
        body = [(r.name, *r.cells) for r in self.rows]
        totals = ("total", *(c.total_text for c in self.columns))
        rendered = table([header, *body, totals], align="<" + ">" * len(self.columns))
        lines.append(style.bold(rendered[0]))
        lines.extend(rendered[1:-1])
        if self.same:
            lines.append(style.dim(f"({self.same} rule{'s' if self.same != 1 else ''} score the same in every column)"))
        lines.append(style.bold(rendered[-1]))
        for c in self.columns:
            if c.result is None:
                lines.append(f"{c.profile}: not a winning hand: {c.error}")
        return "\n".join(lines)


def _item_text(item: Item, unit: str) -> str:
    """``16``, ``4 x3``; with its unit when it is not the column's (``1 double``)."""
    value = f"{item.value:g}" if item.value_key == unit else value_text(item.value, item.value_key)
    return f"{value} x{item.count}" if item.count != 1 else value


def _cell(profile: Profile, result: Result | None, rule_ids: list[str]) -> str:
    """What the rules *rule_ids* (one name) are worth in one column; two rules of one name (a
    classical "No chows" in points and as a double) show both values with their units."""
    if result is None:
        return ""
    counted = [i for i in result.items if i.id in rule_ids]
    if counted:
        return " + ".join(_item_text(i, result.unit) for i in counted)
    if any(s.id in rule_ids for s in result.suppressed):
        return "suppressed"
    return "-" if any(rid in profile.rules for rid in rule_ids) else "n/a"


def compare(hand: Hand, context: Context, profiles: list[Profile], *, backend: str = "fast") -> Comparison:
    """Score *hand* under each of *profiles* and line the rules up by English name."""
    from ..scoring import score

    columns: list[Column] = []
    for profile in profiles:
        try:
            columns.append(Column(profile.id, score(hand, context, profile, backend=backend)))
        except NotWinningError as exc:
            columns.append(Column(profile.id, None, exc.message))
    return line_up(hand, context, profiles, columns)


def line_up(hand: Hand, context: Context, profiles: list[Profile], columns: list[Column]) -> Comparison:
    """The rows of a comparison: every rule counted or suppressed in some column, one row per rule id
    (two profiles that spell one rule differently, "Mah-Jong" and "Mahjong", share a row) or else
    per English name (the same fan in two rule families)."""
    names: dict[str, str] = {}
    ids: dict[str, list[str]] = {}
    key_of_id: dict[str, str] = {}
    for column in columns:
        if column.result is None:
            continue
        for rid, name in [(i.id, i.name) for i in column.result.items] + [
            (s.id, s.name) for s in column.result.suppressed
        ]:
            key = key_of_id.setdefault(rid, normalise(name))
            names.setdefault(key, name)
            if rid not in ids.setdefault(key, []):
                ids[key].append(rid)
    rows: list[Row] = []
    for key, name in names.items():
        cells = []
        for profile, column in zip(profiles, columns, strict=True):
            known = [rid for rid in ids[key] if rid in profile.rules]
            known += [e.id for e in find_rules(profile, name) if e.id not in known]
            cells.append(_cell(profile, column.result, known or ids[key]))
        rows.append(Row(name, tuple(cells)))
    differing = tuple(r for r in rows if r.differs)
    return Comparison(hand, context, tuple(columns), differing, len(rows) - len(differing))
