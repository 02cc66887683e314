"""The game ledger: games and hands kept in one SQLite file (standard library ``sqlite3``).

* WAL journal, so readers never block the writer; foreign keys on.
* One transaction per command: :meth:`Ledger.transaction` (``BEGIN IMMEDIATE``) holds the write
  lock from the first read to the last write, so two commands that record, undo or start games
  at once run one after the other, never interleaved; a command that finds the ledger locked
  waits up to :data:`BUSY_TIMEOUT` seconds.  :meth:`Ledger.snapshot` gives a reader one
  consistent view.  Both nest: an inner one joins the outer.
* ``schema_migrations`` lists every applied migration (version, description, time) and
  ``PRAGMA user_version`` holds the current version; :data:`MIGRATIONS` is applied in order.
* A game is pinned to its profile (a built-in id or a house-rules file's path), the profile's
  fingerprint, the fingerprint scheme and the package version it was pinned under, its limit.
* A hand is written in one transaction with its evidence: the facts (JSON), the result (the
  table state before it and the settlement, JSON) and one row per payment.  A crash never
  leaves half a hand: SQLite rolls back the unfinished transaction when the file is next opened.
* A damaged file (corrupted pages) or a row that is not what this program wrote (edited by
  hand) is reported as ``bad_db`` naming the file, the game and the hand, never a traceback.

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
from fractions import Fraction
from pathlib import Path
from typing import Any, Final

from ..errors import ArbiterError

__all__ = [
    "MIGRATIONS",
    "BUSY_TIMEOUT",
    "MAX_GAME_ID",
    "GameRow",
    "HandRow",
    "TransactionRow",
    "Ledger",
    "default_db_path",
]

PAUSE_ENV: Final = "MAHJONG_ARBITER_TEST_PAUSE_IN_HAND"

BUSY_TIMEOUT: Final = 60.0
"""Seconds a command waits for another command's transaction before giving up."""

MAX_GAME_ID: Final = 2**63 - 1
"""The largest game id (a SQLite rowid): a larger number cannot name a game, and SQLite cannot
even be asked about it (the faces refuse it as bad input before the ledger sees it)."""

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
    (
        "settlement from the profile's data; fingerprint scheme and package version kept per game",
        # Settlement policies became profile data: a game settles under its own profile, so the
        # two policy ids that named no profile become the profiles that carried them, the
        # stored facts lose their policy field and a stored settlement names its profile.
        # Games pinned before keep their fingerprint, marked scheme 1 (game replay says so).
        """
        ALTER TABLE games ADD COLUMN fingerprint_scheme INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE games ADD COLUMN version TEXT;
        UPDATE games SET profile = 'hk-old-style-half-spicy' WHERE profile = 'hk-half-spicy';
        UPDATE games SET profile = 'hk-old-style-spicy' WHERE profile = 'hk-spicy';
        UPDATE games SET policy = profile;
        UPDATE hands SET
            facts = json_set(json_remove(facts, '$.policy'), '$.profile',
                             (SELECT profile FROM games WHERE games.id = hands.game_id)),
            result = json_set(json_remove(result, '$.settlement.policy'), '$.settlement.profile',
                              (SELECT profile FROM games WHERE games.id = hands.game_id))
            WHERE json_valid(facts) AND json_valid(result)
        """,
    ),
)


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/mahjong-arbiter/games.sqlite3`` (default ``~/.local/share/...``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "mahjong-arbiter" / "games.sqlite3"


_SQLITE_HEADER: Final = b"SQLite format 3\x00"


def _refuse_other_files(where: Path) -> None:
    """Refuse a file that is not SQLite at all (a JSON file given as ``--db``, say) as *not a
    ledger*, rather than letting SQLite call it damaged.  An empty file is a new ledger."""
    try:
        with where.open("rb") as handle:
            start = handle.read(len(_SQLITE_HEADER))
    except FileNotFoundError:
        return
    except OSError as exc:
        raise ArbiterError("bad_db", f"cannot open the ledger {where}: {exc.strerror}") from None
    if start and not _SQLITE_HEADER.startswith(start[: len(_SQLITE_HEADER)]):
        raise ArbiterError("bad_db", f"{where} is not a ledger (not an SQLite file): give the ledger's path to --db")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class GameRow:
    """A game as stored: ``players`` in chair order (chair 0 is East for the first hand).

    ``fingerprint_scheme`` is the :data:`~mahjong_arbiter.profiles.model.FINGERPRINT_SCHEME` the
    fingerprint was computed under and ``version`` the package version (``None`` before scheme 2).
    """

    id: int
    created_at: str
    profile: str
    fingerprint: str
    limit: int | None
    rounds: int
    players: tuple[str, ...]
    options: dict[str, Any]
    fingerprint_scheme: int = 2
    version: str | None = None


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


def _tampered(where: str, what: str) -> ArbiterError:
    return ArbiterError("bad_db", f"{where}: {what}; the row is not as this program wrote it (edited by hand?)")


def _json_object(text: object, where: str, field: str) -> dict[str, Any]:
    if not isinstance(text, str):
        raise _tampered(where, f"{field} is not text")
    try:
        value = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise _tampered(where, f"{field} is not valid JSON") from None
    if not isinstance(value, dict):
        raise _tampered(where, f"{field} is not a JSON object")
    return value


class Ledger:
    """One SQLite ledger file; open it with :meth:`open` (creates and migrates as needed)."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self._db = connection
        self.path = path
        self._depth = 0

    @classmethod
    def open(cls, path: Path | str | None = None, *, create: bool = True) -> Ledger:
        """Open the ledger and bring its schema up to date.

        With *create* a missing file is created; so is a missing folder, but only the default
        ledger's (the user's data directory): a folder missing from a path given on purpose is
        more likely a typo than a wish, so it is refused (our choice).  Without *create* (a
        command that reads, or records into a game that must already exist) a missing file is
        refused and nothing is created.

        Raises
        ------
        ArbiterError
            ``no_ledger`` when there is no ledger to open (without *create*) or its folder is
            missing; ``bad_db`` when the file cannot be opened, is not a ledger (not SQLite, or
            another program's SQLite file) or is damaged.
        """
        where = Path(path) if path is not None else default_db_path()
        if where.is_dir():
            raise ArbiterError("bad_db", f"cannot open the ledger {where}: it is a directory, not a file")
        if not where.exists():
            if not create:
                start = "game new" + (f" --db {where}" if path is not None else "")
                raise ArbiterError("no_ledger", f"there is no ledger at {where}: start a game with {start}")
            if path is not None and not where.parent.is_dir():
                raise ArbiterError(
                    "no_ledger", f"cannot create the ledger {where}: the folder {where.parent} does not exist"
                )
        _refuse_other_files(where)
        try:
            if path is None:
                where.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(where, isolation_level=None, timeout=BUSY_TIMEOUT)
        except (OSError, sqlite3.Error) as exc:
            raise ArbiterError("bad_db", f"cannot open the ledger {where}: {exc}") from None
        ledger = cls(db, where)
        try:
            with ledger._guard():
                tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                if tables and "schema_migrations" not in tables:  # asked before anything is written to it
                    raise ArbiterError(
                        "bad_db", f"{where} is not a ledger: an SQLite file of another program (no game tables)"
                    )
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA foreign_keys=ON")
                ledger._migrate()
        except BaseException:
            db.close()
            raise
        return ledger

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """SQLite's errors as precise ``bad_db`` / ``busy`` messages naming the file."""
        try:
            yield
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise ArbiterError(
                    "busy",
                    f"the ledger {self.path} stayed locked by another command for {BUSY_TIMEOUT:g} s; try again",
                ) from None
            raise ArbiterError("bad_db", f"the ledger {self.path} cannot be used: {exc}") from None
        except sqlite3.DatabaseError as exc:
            raise ArbiterError("bad_db", f"the ledger {self.path} is damaged ({exc}); restore it from a copy") from None

    @contextmanager
    def _begin(self, statement: str) -> Iterator[sqlite3.Connection]:
        if self._depth:
            self._depth += 1
            try:
                yield self._db
            finally:
                self._depth -= 1
            return
        with self._guard():
            self._db.execute(statement)
        self._depth = 1
        try:
            with self._guard():
                yield self._db
        except BaseException:
            self._depth = 0
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise
        self._depth = 0
        with self._guard():
            self._db.execute("COMMIT")

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction (``BEGIN IMMEDIATE``) around a command's reads and writes: no other
        command writes between them.  Nested calls join the outer transaction.  Rolls back on
        any error, so a refused hand leaves nothing behind."""
        with self._begin("BEGIN IMMEDIATE") as db:
            yield db

    @contextmanager
    def snapshot(self) -> Iterator[sqlite3.Connection]:
        """A read transaction: every read inside sees the same state of the ledger."""
        with self._begin("BEGIN") as db:
            yield db

    @property
    def schema_version(self) -> int:
        with self._guard():
            return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    def _migrate(self) -> None:
        with self.transaction() as db:
            db.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at TEXT NOT NULL)"
            )
            current = int(db.execute("PRAGMA user_version").fetchone()[0])
            if current > len(MIGRATIONS):
                raise ArbiterError(
                    "bad_db",
                    f"the ledger {self.path} has schema version {current}, newer than this program's {len(MIGRATIONS)}",
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

    # --- games ---------------------------------------------------------------------------

    def create_game(
        self,
        *,
        profile: str,
        fingerprint: str,
        fingerprint_scheme: int,
        version: str,
        limit: int | None,
        rounds: int,
        players: Sequence[str],
        options: dict[str, Any],
    ) -> int:
        """Store a new game and return its id."""
        with self.transaction() as db:
            cursor = db.execute(
                "INSERT INTO games (created_at, profile, fingerprint, policy, limit_value, rounds, players, options,"
                " fingerprint_scheme, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    _now(),
                    profile,
                    fingerprint,
                    profile,
                    limit,
                    rounds,
                    json.dumps(list(players)),
                    json.dumps(options),
                    fingerprint_scheme,
                    version,
                ),
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    def _game_row(self, row: Sequence[Any]) -> GameRow:
        gid, created, profile, fingerprint, limit, rounds, players, options, scheme, version = row
        where = f"{self.path}: game {gid}"
        names = json.loads(players) if isinstance(players, str) and _valid_json(players) else None
        if not (isinstance(names, list) and len(names) == 4 and all(isinstance(n, str) and n for n in names)):
            raise _tampered(where, "its players are not four names")
        if len(set(names)) != 4:
            raise _tampered(where, "two players share a name")
        if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit <= 0):
            raise _tampered(where, f"its limit {limit!r} is not a positive whole number")
        if rounds not in (1, 4) or not isinstance(profile, str) or not profile or not isinstance(fingerprint, str):
            raise _tampered(where, "its profile, fingerprint or rounds are not valid")
        if not isinstance(scheme, int) or (version is not None and not isinstance(version, str)):
            raise _tampered(where, "its fingerprint scheme or version are not valid")
        return GameRow(
            gid,
            str(created),
            profile,
            fingerprint,
            limit,
            rounds,
            tuple(names),
            _json_object(options, where, "options"),
            scheme,
            version,
        )

    _GAME_COLUMNS: Final = (
        "id, created_at, profile, fingerprint, limit_value, rounds, players, options, fingerprint_scheme, version"
    )

    def game(self, game_id: int | None = None) -> GameRow:
        """The game ``game_id``, or the most recent one."""
        query = f"SELECT {self._GAME_COLUMNS} FROM games " + (
            "WHERE id = ?" if game_id is not None else "ORDER BY id DESC LIMIT 1"
        )
        with self._guard():
            row = self._db.execute(query, (game_id,) if game_id is not None else ()).fetchone()
        if row is None:
            missing = f"no game {game_id}" if game_id is not None else "no game yet (start one with game new)"
            raise ArbiterError("no_game", f"{missing} in {self.path}")
        return self._game_row(row)

    def games(self) -> list[GameRow]:
        """Every game, oldest first."""
        with self._guard():
            rows = self._db.execute(f"SELECT {self._GAME_COLUMNS} FROM games ORDER BY id").fetchall()
        return [self._game_row(r) for r in rows]

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
        with self.transaction() as db:
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

    def hands(self, game: GameRow) -> list[HandRow]:
        """The game's hands in order, each with its payments in order.

        Raises
        ------
        ArbiterError
            ``bad_db`` for a row that is not as this program wrote it (naming the hand).
        """
        with self.snapshot() as db:
            rows = db.execute(
                "SELECT id, number, created_at, facts, result FROM hands WHERE game_id = ? ORDER BY number", (game.id,)
            ).fetchall()
            payments = db.execute(
                "SELECT t.hand_id, t.payer, t.payee, t.amount, t.why FROM transactions t"
                " JOIN hands h ON h.id = t.hand_id WHERE h.game_id = ? ORDER BY t.hand_id, t.seq",
                (game.id,),
            ).fetchall()
        by_hand: dict[int, list[TransactionRow]] = {}
        for hand_id, payer, payee, amount, why in payments:
            by_hand.setdefault(hand_id, []).append(TransactionRow(payer, payee, amount, why))
        out = []
        for hand_id, number, created, facts, result in rows:
            where = f"{self.path}: game {game.id}, hand {number}"
            transactions = tuple(by_hand.get(hand_id, ()))
            for t in transactions:
                _check_transaction(t, game, where)
            out.append(
                HandRow(
                    hand_id,
                    number,
                    str(created),
                    _json_object(facts, where, "its facts"),
                    _json_object(result, where, "its result"),
                    transactions,
                )
            )
        return out

    def delete_last_hand(self, game_id: int) -> int | None:
        """Remove the game's last hand (and its payments); return its number, or ``None``."""
        with self.transaction() as db:
            row = db.execute(
                "SELECT id, number FROM hands WHERE game_id = ? ORDER BY number DESC LIMIT 1", (game_id,)
            ).fetchone()
            if row is None:
                return None
            db.execute("DELETE FROM hands WHERE id = ?", (row[0],))
            return int(row[1])


def _valid_json(text: str) -> bool:
    try:
        json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return False
    return True


def _check_transaction(t: TransactionRow, game: GameRow, where: str) -> None:
    if t.payer not in game.players or t.payee not in game.players:
        raise _tampered(where, f"a payment names {t.payer!r} and {t.payee!r}, not two players of the game")
    try:
        amount = Fraction(t.amount) if isinstance(t.amount, str) else None
    except (ValueError, ZeroDivisionError):
        amount = None
    if amount is None or amount <= 0 or not isinstance(t.why, str):
        raise _tampered(where, f"a payment of {t.amount!r} is not a positive amount")
