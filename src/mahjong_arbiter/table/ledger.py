"""The game ledger: games and hands kept in one SQLite file (standard library ``sqlite3``).

* WAL journal, so readers never block the writer; foreign keys on.
* ``schema_migrations`` lists every applied migration (version, description, time) and
  ``PRAGMA user_version`` holds the current version; :data:`MIGRATIONS` is applied in order.
* A game is pinned to its profile id, the profile's fingerprint (``""`` when the profile is a
  bare settlement policy with no profile file), its settlement policy id and its limit.
* A hand is written in one transaction with its evidence: the facts (JSON), the result (the
  table state before it and the settlement, JSON) and one row per payment.  A crash never
  leaves half a hand: SQLite rolls back the unfinished transaction when the file is next opened.

Test hook: when the environment variable ``MAHJONG_ARBITER_TEST_PAUSE_IN_HAND`` is set to a
number of seconds, :meth:`Ledger.add_hand` writes ``paused`` to stderr and sleeps that long
between inserting the hand row and its payment rows, inside the transaction, so a test can
kill the writer there.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from ..errors import ArbiterError

__all__ = ["MIGRATIONS", "GameRow", "HandRow", "TransactionRow", "Ledger", "default_db_path"]

PAUSE_ENV: Final = "MAHJONG_ARBITER_TEST_PAUSE_IN_HAND"

MIGRATIONS: Final[tuple[tuple[str, str], ...]] = (
    (
        "games, hands and transactions",
        """
        CREATE TABLE games (
            id          INTEGER PRIMARY KEY,
            created_at  TEXT NOT NULL,
            profile     TEXT NOT NULL,
            fingerprint TEXT NOT NULL,
            policy      TEXT NOT NULL,
            limit_value INTEGER,
            rounds      INTEGER NOT NULL CHECK (rounds IN (1, 4)),
            players     TEXT NOT NULL,
            options     TEXT NOT NULL
        );
        CREATE TABLE hands (
            id          INTEGER PRIMARY KEY,
            game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            number      INTEGER NOT NULL,
            created_at  TEXT NOT NULL,
            facts       TEXT NOT NULL,
            result      TEXT NOT NULL,
            UNIQUE (game_id, number)
        );
        CREATE TABLE transactions (
            id          INTEGER PRIMARY KEY,
            hand_id     INTEGER NOT NULL REFERENCES hands(id) ON DELETE CASCADE,
            seq         INTEGER NOT NULL,
            payer       TEXT NOT NULL,
            payee       TEXT NOT NULL,
            amount      TEXT NOT NULL,
            why         TEXT NOT NULL,
            UNIQUE (hand_id, seq)
        );
        """,
    ),
)


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/mahjong-arbiter/games.sqlite3`` (default ``~/.local/share/...``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "mahjong-arbiter" / "games.sqlite3"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class GameRow:
    """A game as stored: ``players`` in chair order (chair 0 is East for the first hand)."""

    id: int
    created_at: str
    profile: str
    fingerprint: str
    policy: str
    limit: int | None
    rounds: int
    players: tuple[str, ...]
    options: dict[str, Any]


@dataclass(frozen=True, slots=True)
class TransactionRow:
    """One stored payment between players (names), amount as a fraction string (``"1/2"``)."""

    payer: str
    payee: str
    amount: str
    why: str


@dataclass(frozen=True, slots=True)
class HandRow:
    """A stored hand: its facts and result (decoded JSON) and its payments."""

    id: int
    number: int
    created_at: str
    facts: dict[str, Any]
    result: dict[str, Any]
    transactions: tuple[TransactionRow, ...]


class Ledger:
    """One SQLite ledger file; open it with :meth:`open` (creates and migrates as needed)."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self._db = connection
        self.path = path

    @classmethod
    def open(cls, path: Path | str | None = None) -> Ledger:
        """Open (creating the directory and file if needed) and bring the schema up to date."""
        where = Path(path) if path is not None else default_db_path()
        try:
            where.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(where, isolation_level=None, timeout=10.0)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA foreign_keys=ON")
        except (OSError, sqlite3.Error) as exc:
            raise ArbiterError("bad_db", f"cannot open the ledger {where}: {exc}") from exc
        ledger = cls(db, where)
        ledger._migrate()
        return ledger

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    @property
    def schema_version(self) -> int:
        return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    def _migrate(self) -> None:
        try:
            with self._transaction() as db:
                db.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations ("
                    " version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at TEXT NOT NULL)"
                )
                current = int(db.execute("PRAGMA user_version").fetchone()[0])
                if current > len(MIGRATIONS):
                    raise ArbiterError(
                        "bad_db",
                        f"the ledger {self.path} has schema version {current}, newer than this "
                        f"program's {len(MIGRATIONS)}",
                    )
                for version, (description, script) in enumerate(MIGRATIONS, start=1):
                    if version <= current:
                        continue
                    for statement in script.split(";"):
                        if statement.strip():
                            db.execute(statement)
                    db.execute(
                        "INSERT INTO schema_migrations (version, description, applied_at) VALUES (?, ?, ?)",
                        (version, description, _now()),
                    )
                    db.execute(f"PRAGMA user_version = {version}")
        except sqlite3.DatabaseError as exc:
            raise ArbiterError("bad_db", f"{self.path} is not a usable ledger: {exc}") from exc

    # --- games ---------------------------------------------------------------------------

    def create_game(
        self,
        *,
        profile: str,
        fingerprint: str,
        policy: str,
        limit: int | None,
        rounds: int,
        players: Sequence[str],
        options: dict[str, Any],
    ) -> int:
        """Store a new game and return its id."""
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO games (created_at, profile, fingerprint, policy, limit_value, rounds, players, options)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (_now(), profile, fingerprint, policy, limit, rounds, json.dumps(list(players)), json.dumps(options)),
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    def game(self, game_id: int | None = None) -> GameRow:
        """The game ``game_id``, or the most recent one."""
        query = "SELECT * FROM games " + ("WHERE id = ?" if game_id is not None else "ORDER BY id DESC LIMIT 1")
        row = self._db.execute(query, (game_id,) if game_id is not None else ()).fetchone()
        if row is None:
            missing = f"no game {game_id}" if game_id is not None else "no game yet (start one with game new)"
            raise ArbiterError("no_game", f"{missing} in {self.path}")
        gid, created, profile, fingerprint, policy, limit, rounds, players, options = row
        return GameRow(
            gid, created, profile, fingerprint, policy, limit, rounds, tuple(json.loads(players)), json.loads(options)
        )

    def games(self) -> list[GameRow]:
        """Every game, oldest first."""
        ids = [r[0] for r in self._db.execute("SELECT id FROM games ORDER BY id")]
        return [self.game(i) for i in ids]

    # --- hands ---------------------------------------------------------------------------

    def add_hand(
        self,
        game_id: int,
        number: int,
        facts: dict[str, Any],
        result: dict[str, Any],
        transactions: Sequence[TransactionRow],
    ) -> int:
        """Write one hand, its evidence and its payments in a single transaction."""
        pause = os.environ.get(PAUSE_ENV)
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO hands (game_id, number, created_at, facts, result) VALUES (?, ?, ?, ?, ?)",
                (game_id, number, _now(), json.dumps(facts, sort_keys=True), json.dumps(result, sort_keys=True)),
            )
            hand_id = cursor.lastrowid
            assert hand_id is not None
            if pause:
                print("paused", file=sys.stderr, flush=True)
                time.sleep(float(pause))
            db.executemany(
                "INSERT INTO transactions (hand_id, seq, payer, payee, amount, why) VALUES (?, ?, ?, ?, ?, ?)",
                [(hand_id, seq, t.payer, t.payee, t.amount, t.why) for seq, t in enumerate(transactions)],
            )
            return hand_id

    def hands(self, game_id: int) -> list[HandRow]:
        """The game's hands in order, each with its payments in order."""
        rows = self._db.execute(
            "SELECT id, number, created_at, facts, result FROM hands WHERE game_id = ? ORDER BY number", (game_id,)
        ).fetchall()
        out = []
        for hand_id, number, created, facts, result in rows:
            payments = tuple(
                TransactionRow(*t)
                for t in self._db.execute(
                    "SELECT payer, payee, amount, why FROM transactions WHERE hand_id = ? ORDER BY seq", (hand_id,)
                )
            )
            out.append(HandRow(hand_id, number, created, json.loads(facts), json.loads(result), payments))
        return out

    def delete_last_hand(self, game_id: int) -> int | None:
        """Remove the game's last hand (and its payments); return its number, or ``None``."""
        with self._transaction() as db:
            row = db.execute(
                "SELECT id, number FROM hands WHERE game_id = ? ORDER BY number DESC LIMIT 1", (game_id,)
            ).fetchone()
            if row is None:
                return None
            db.execute("DELETE FROM hands WHERE id = ?", (row[0],))
            return int(row[1])
