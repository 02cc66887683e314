"""Text for people: a settlement, a game's ledger.

Every line goes through :func:`printable`: names, triggers and reasons come from users (and
from ledger files anyone can edit), and a terminal must never receive their control or escape
sequences.

>>> from mahjong_arbiter.table.facts import parse_facts
>>> from mahjong_arbiter.table.settlement import settle
>>> print(settlement_text(settle(parse_facts({"profile": "mcr", "winner": "S", "self_drawn": True,
...                                           "scores": {"S": 8}}))))
mcr
  E pays S 16  self-drawn: base 8 + points 8
  W pays S 16  self-drawn: base 8 + points 8
  N pays S 16  self-drawn: base 8 + points 8
net: E -16  S +48  W -16  N -16
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

from .settlement import Settlement, amount_text

__all__ = ["printable", "settlement_text", "signed", "ledger_text", "incident_text"]

_ESCAPE: Final = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI: colours, cursor moves, erasing
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC: window titles, hyperlinks
    r"|\x1b[PX^_][^\x1b]*(?:\x1b\\)?"  # DCS, SOS, PM, APC strings
    r"|\x1b[ -~]?"  # any other escape
    r"|\x9b[0-?]*[ -/]*[@-~]"  # the one-byte CSI
)
_BIDI: Final = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def printable(text: str) -> str:
    """``text`` without terminal escape sequences, control characters or bidirectional overrides.

    >>> printable("Ann\\x1b[31m\\x1b]0;pwned\\x07 Lee\\r\\n")
    'Ann Lee'
    """
    text = _ESCAPE.sub("", text)
    return "".join(c for c in text if unicodedata.category(c) != "Cc" and c not in _BIDI)


def signed(value: Fraction | int | float) -> str:
    """``+12``, ``-0.5``, ``0``."""
    text = amount_text(Fraction(value))
    return text if value <= 0 else "+" + text


def settlement_text(settlement: Settlement) -> str:
    """One payment a line, the notes, then each seat's net."""
    lines = [settlement.profile]
    for p in settlement.payments:
        lines.append(f"  {p.from_seat} pays {p.to_seat} {amount_text(p.amount)}  {p.why}")
    if not settlement.payments:
        lines.append("  no payments")
    lines.extend(f"  note: {n}" for n in settlement.notes)
    lines.append("net: " + "  ".join(f"{s} {signed(v)}" for s, v in settlement.net.items()))
    return "\n".join(printable(line) for line in lines)


def _cell(value: Any) -> str:
    return "" if value is None else str(value)


_COUNTS: Final = {"too_many": "too many tiles", "too_few": "too few tiles"}


def incident_text(incident: Mapping[str, Any]) -> str:
    """A ledger row's incident in words, with what decides its payment (a dead hand's tile count,
    a withdrawn call, an accepted excuse): ``wrong_tile_count by Bob (too many tiles) 15 tiles``.
    ``game show`` and the CSV export both print it so.

    >>> incident_text({"kind": "false_mahjong", "player": "Dan", "trigger": "", "exposed": False})
    'false_mahjong by Dan (withdrawn)'
    """
    marks = [_COUNTS[c] for c in [incident.get("count")] if isinstance(c, str) and c in _COUNTS]
    marks += ["withdrawn"] if incident.get("exposed") is False else []
    marks += ["excused"] if incident.get("excused") is True else []
    text = f"{incident['kind']} by {incident['player']}" + (f" ({', '.join(marks)})" if marks else "")
    return f"{text} {incident.get('trigger', '')}".rstrip()


def ledger_text(players: Sequence[str], rows: Sequence[Mapping[str, Any]], header: str) -> str:
    """The game ledger: one block per hand, then the running totals as a table."""
    lines = [header]
    for row in rows:
        result = "draw" if row["winner"] is None else f"{row['winner']} wins"
        if row["winner"] is not None:
            result += " self-drawn" if row["self_drawn"] else f" on {row['discarder'] or 'a discard'}'s discard"
        lines.append(f"hand {row['hand']}  {row['prevailing']} round  East: {row['east']}  {result}")
        for player in players:
            lines.append(
                f"  {player:<12} {row['seats'][player]}  score {_cell(row['scores'][player]):>5}"
                f"  net {signed(row['net'][player]):>7}  total {signed(row['totals'][player]):>8}"
            )
        lines.extend(f"  incident: {incident_text(incident)}" for incident in row["incidents"])
        for p in row["payments"]:
            lines.append(f"    {p['from']} pays {p['to']} {p['amount']}  {p['why']}")
        lines.extend(f"    note: {n}" for n in row["notes"])
    if not rows:
        lines.append("no hands yet")
    return "\n".join(printable(line) for line in lines)
