"""Games as JSON and CSV, the same for every face (``game show --json``, ``game export``, the web API).

* :func:`game_meta` — a game's settings: id, time, profile and fingerprint, policy, limit, rounds,
  players in chair order;
* :func:`game_json` — the game and its ledger rows (:func:`~.games.ledger_rows`), what
  ``game show --json`` and ``game export --format json`` print;
* :func:`games_json`, :func:`undo_json`, :func:`replay_json` — ``game list``, ``undo`` and
  ``replay`` with ``--json``;
* :func:`game_csv` — one line per hand: the table state, then per player seat, score, net and
  running total, then the payments, the incidents (as ``game show`` words them) and the
  settlement's notes, each a cell of items joined by ``; ``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any, Final

from ..jsonio import dumps
from ..schema import document
from .games import ReplayReport, ledger_rows
from .ledger import GameRow, HandRow
from .render import incident_text

__all__ = [
    "game_meta", "game_json", "games_json", "undo_json", "replay_json", "game_csv", "csv_cell", "export_game",
    "EXPORT_FORMATS",
]

EXPORT_FORMATS = ("json", "csv")


_FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A cell a spreadsheet will not run: text starting like a formula gets a leading quote
    (numbers stay numbers; a negative net is a number, not text).

    >>> csv_cell("=1+1"), csv_cell(-5), csv_cell("Ann")
    ("'=1+1", -5, 'Ann')
    """
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


def game_meta(game: GameRow) -> dict[str, Any]:
    """A game's settings as JSON."""
    return {
        "id": game.id,
        "created_at": game.created_at,
        "profile": game.profile,
        "fingerprint": game.fingerprint,
        "fingerprint_scheme": game.fingerprint_scheme,
        "version": game.version,
        "limit": game.limit,
        "rounds": game.rounds,
        "players": list(game.players),
    }


def game_json(game: GameRow, hands: Sequence[HandRow]) -> dict[str, Any]:
    """``{"game": settings, "hands": ledger rows}`` (``game show --json``, ``game new --json``)."""
    return {"game": game_meta(game), "hands": ledger_rows(game, hands)}


def games_json(games: Sequence[GameRow]) -> dict[str, Any]:
    """``{"games": [settings, ...]}`` (``game list --json``)."""
    return {"games": [game_meta(g) for g in games]}


def undo_json(game: GameRow, number: int) -> dict[str, Any]:
    """``{"game": id, "removed": hand number}`` (``game undo --json``)."""
    return {"game": game.id, "removed": number}


def replay_json(game: GameRow, report: ReplayReport) -> dict[str, Any]:
    """``{"game", "hands", "differences", "notes"}`` (``game replay --json``)."""
    return {"game": game.id, "hands": report.hands, "differences": list(report.differences),
            "notes": list(report.notes)}


def game_csv(game: GameRow, hands: Sequence[HandRow]) -> str:
    """The ledger as CSV text (a header line, then one line per hand; no final newline); cells that
    would start a spreadsheet formula are neutralised (:func:`csv_cell`)."""
    rows = ledger_rows(game, hands)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    columns = ["hand", "prevailing", "east", "winner", "self_drawn", "discarder"]
    players = game.players
    per_player = [f"{p} {what}" for p in players for what in ("seat", "score", "net", "total")]
    header = columns + per_player + ["payments", "incidents", "notes"]
    writer.writerow([csv_cell(h) for h in header])
    for row in rows:
        cells = [row[c] if row[c] is not None else "" for c in columns]
        for p in players:
            cells += [row["seats"][p], row["scores"][p], row["net"][p], row["totals"][p]]
        cells.append("; ".join(f"{x['from']} pays {x['to']} {x['amount']} ({x['why']})" for x in row["payments"]))
        cells.append("; ".join(incident_text(i) for i in row["incidents"]))
        cells.append("; ".join(row["notes"]))
        writer.writerow([csv_cell(c) for c in cells])
    return buffer.getvalue().rstrip("\n")


def export_game(game: GameRow, hands: Sequence[HandRow], fmt: str) -> str:
    """The game exported as *fmt* (``json`` or ``csv``), as ``game export`` writes it."""
    if fmt == "json":
        return dumps(document(game_json(game, hands)), pretty=True)
    return game_csv(game, hands)
