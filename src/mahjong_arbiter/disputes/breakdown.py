"""A Result as aligned text: the counted rules, the suppressed ones with their sources, the total last.

Used by every dispute command so that a breakdown reads the same everywhere::

    rule              value      times  subtotal  sets
    Pure Straight     16 points         16        123p 456p 789p
    ...
    total: 28 points
"""

from __future__ import annotations

from ..result import Item, Result, group_text
from .style import Style, table

__all__ = ["value_text", "item_rows", "breakdown_lines", "suppressed_lines"]


def value_text(value: int | float, value_key: str) -> str:
    """``16 points``, ``1 doubles`` -> ``1 double``, ``0.5 limit``."""
    unit = value_key[:-1] if value_key.endswith("s") and value == 1 else value_key
    return f"{value:g} {unit}"


def _sets(item: Item) -> str:
    return " ".join(group_text(g) for inst in item.sets for g in inst)


def item_rows(result: Result) -> list[tuple[str, str, str, str, str]]:
    """One row per counted rule: name, value, times, subtotal, the sets it used."""
    return [
        (i.name, value_text(i.value, i.value_key), f"x{i.count}" if i.count != 1 else "", f"{i.subtotal:g}", _sets(i))
        for i in result.items
    ]


def suppressed_lines(result: Result, style: Style) -> list[str]:
    """The rules that held but did not count: what suppressed each, how, and the source."""
    if not result.suppressed:
        return []
    rows = [(s.name + (f" x{s.count}" if s.count != 1 else ""), result.suppression_reason(s),
             f"[{s.source}]") for s in result.suppressed]
    return [style.bold("suppressed (held, but not counted):")] + ["  " + line for line in table(rows)]


def breakdown_lines(result: Result, style: Style, *, suppressed: bool = True) -> list[str]:
    """The counted rules as an aligned table, then the arithmetic's fields, suppressed rules, the total."""
    head = ("rule", "value", "times", "subtotal", "sets")
    lines = [f"profile {result.profile} (fingerprint {result.fingerprint})"]
    body = table([head, *item_rows(result)], align="<<>><")
    lines.append("  " + style.dim(body[0]))
    lines.extend("  " + line for line in body[1:])
    lines.extend(f"  {name}: {value}" for name, value in result.shown_fields())
    for note in result.notes:
        lines.append(f"  note: {note}")
    if suppressed:
        lines.extend(suppressed_lines(result, style))
    lines.append(style.bold(f"total: {value_text(result.total, result.unit)}"))
    return lines
