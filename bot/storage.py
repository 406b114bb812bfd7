"""Tables in a real database, with numbered migrations: SQLite (WAL mode) or PostgreSQL.

Every accepted action is written with the table's new state in ONE transaction, before the
interaction is answered; `(table_id, version)` is the actions' primary key and the update only
applies to the version it was computed from, so nothing is ever applied twice — not even by two
processes sharing one PostgreSQL database: the second writer gets `StaleWrite`.

`SqlStore` holds the behaviour, written once in SQL with `?` placeholders; `Store` (SQLite,
through aiosqlite) and `PostgresStore` (asyncpg, in `storage_pg.py`, which translates the few
dialect differences) only supply connections and transactions. `open_store(settings)` picks one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from importlib import resources
from typing import TYPE_CHECKING, Any, Protocol

import aiosqlite

from .table import ACTIVE, Outcome, Table

if TYPE_CHECKING:
    from .settings import Settings
    from .storage_pg import PostgresStore


class StaleWrite(RuntimeError):
    """The table changed in the database since it was read (another process wrote it)."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def migrations() -> list[tuple[int, str]]:
    """The numbered SQL files in bot/migrations, in order."""
    files = resources.files("bot").joinpath("migrations")
    found = []
    for entry in files.iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:3].isdigit():
            found.append((int(name[:3]), entry.read_text(encoding="utf-8")))
    return sorted(found)


def statements(sql: str) -> list[str]:
    """A migration file's statements (split on `;`; migrations keep `;` out of literals)."""
    return [s for s in sql.split(";") if s.strip()]


class Tx(Protocol):
    """One open transaction, whatever the database. SQL uses `?` placeholders."""

    async def execute(self, sql: str, *args: Any) -> int:
        """Run a statement; the number of rows it changed."""

    async def insert(self, sql: str, *args: Any) -> int:
        """Run an INSERT into a table with an `id` key; the new row's id."""

    async def fetch(self, sql: str, *args: Any) -> list[tuple]:
        """Run a query; its rows."""


class SqlStore:
    """What the bot asks of its database. Subclasses supply `open`, `close`, `transaction`,
    `fetch` (a read outside any transaction, without locking rows), `_has_table` and
    `describe`."""

    kind = "sql"

    async def open(self, *, migrate: bool = True) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    def transaction(self) -> contextlib.AbstractAsyncContextManager[Tx]:
        raise NotImplementedError

    async def fetch(self, sql: str, *args: Any) -> list[tuple]:
        raise NotImplementedError

    async def _has_table(self, name: str) -> bool:
        raise NotImplementedError

    async def describe(self) -> str:
        """One line for `pop-bot check`: which database, where (never a password)."""
        raise NotImplementedError

    async def _lock_migrations(self, tx: Tx) -> None:
        """Keep other processes from migrating at the same time (until the transaction ends)."""

    # --- Migrations ---------------------------------------------------------------------

    async def applied(self) -> set[int]:
        """The migrations recorded in this database (none if it was never migrated)."""
        if not await self._has_table("schema_migrations"):
            return set()
        return {row[0] for row in await self.fetch("SELECT version FROM schema_migrations")}

    async def pending(self) -> list[int]:
        """The migrations this code has that the database has not applied yet."""
        done = await self.applied()
        return [number for number, _ in migrations() if number not in done]

    async def migrate(self) -> list[int]:
        """Apply the migrations not applied yet, each in its own transaction."""
        async with self.transaction() as tx:
            await self._lock_migrations(tx)
            await tx.execute("CREATE TABLE IF NOT EXISTS schema_migrations "
                             "(version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
        applied = []
        for number, sql in migrations():
            async with self.transaction() as tx:
                await self._lock_migrations(tx)
                # Read again under the lock: another process may have just applied it.
                if await tx.fetch("SELECT 1 FROM schema_migrations WHERE version = ?", number):
                    continue
                for statement in statements(sql):
                    await tx.execute(statement)
                await tx.execute("INSERT INTO schema_migrations VALUES (?, ?)", number, _now())
            applied.append(number)
        return applied

    # --- Tables and actions -------------------------------------------------------------

    async def insert_table(self, table: Table) -> int:
        now = _now()
        async with self.transaction() as tx:
            table.id = await tx.insert(
                "INSERT INTO pop_tables (guild_id, channel_id, thread_id, status, version, data,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, '{}', ?, ?)",
                table.guild_id, table.channel_id, table.thread_id, table.status, table.version,
                now, now)
            await tx.execute("UPDATE pop_tables SET data = ? WHERE id = ?",
                             table.model_dump_json(), table.id)
        return table.id

    async def save(self, table: Table, kind: str, user_id: int | None = None,
                   payload: dict | None = None, *, outcome: Outcome | None = None) -> None:
        """Write the table at its new version and the action that led there, atomically.

        `table.version` must already be the new version (one more than the stored one);
        `StaleWrite` if the stored one is not the version before it (and nothing is written).
        A game that ends in this action brings its `outcome`, written in the same transaction.
        """
        now = _now()
        async with self.transaction() as tx:
            changed = await tx.execute(
                "UPDATE pop_tables SET status = ?, thread_id = ?, version = ?, data = ?,"
                " updated_at = ? WHERE id = ? AND version = ?",
                table.status, table.thread_id, table.version, table.model_dump_json(), now,
                table.id, table.version - 1)
            if changed != 1:
                raise StaleWrite(f"table {table.id} is not at version {table.version - 1}")
            await tx.execute(
                "INSERT INTO pop_actions (table_id, version, user_id, kind, payload, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                table.id, table.version, user_id, kind, json.dumps(payload or {}), now)
            if outcome is not None:
                await self._record_outcome(tx, outcome, now)

    async def _record_outcome(self, tx: Tx, outcome: Outcome, now: str) -> None:
        for row in outcome.results:
            await tx.execute(
                "INSERT INTO pop_results (table_id, game_no, guild_id, user_id, mode, won, sets,"
                " score, level, difficulty, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                outcome.table_id, outcome.game_no, outcome.guild_id, row.user_id, outcome.mode,
                int(row.won), row.sets, row.score, row.level, row.difficulty, now)
        if outcome.enigma is not None:
            e = outcome.enigma
            await tx.execute(
                "INSERT INTO pop_enigma_tries (table_id, game_no, guild_id, user_id, puzzle_id,"
                " day, daily, solved, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                outcome.table_id, outcome.game_no, outcome.guild_id, e.user_id, e.puzzle_id,
                e.day, int(e.daily), int(e.solved), now)

    # --- Stats ---------------------------------------------------------------------------

    async def player_stats(self, guild_id: int, user_id: int) -> dict:
        """One player's record in one server (see bot/stats.py for what each figure means)."""
        rows = await self.fetch(
            "SELECT mode, won, sets, score, level, difficulty FROM pop_results"
            " WHERE guild_id = ? AND user_id = ?", guild_id, user_id)
        solved = await self.fetch(
            "SELECT COUNT(DISTINCT puzzle_id) FROM pop_enigma_tries"
            " WHERE guild_id = ? AND user_id = ? AND solved = 1", guild_id, user_id)
        return {"rows": rows, "enigmas_solved": solved[0][0] if solved else 0}

    async def leaderboard(self, guild_id: int, limit: int = 10) -> list[tuple[int, int, int]]:
        """(user, wins, games) of the server's players, most wins first."""
        rows = await self.fetch(
            "SELECT user_id, SUM(won), COUNT(*) FROM pop_results WHERE guild_id = ?"
            " GROUP BY user_id ORDER BY SUM(won) DESC, COUNT(*) ASC, user_id ASC LIMIT ?",
            guild_id, limit)
        return [(int(u), int(w), int(g)) for u, w, g in rows]

    async def enigma_day(self, guild_id: int, day: str) -> list[tuple[int, int, bool]]:
        """Today's daily Enigma in a server: (user, tries, solved), solvers first."""
        rows = await self.fetch(
            "SELECT user_id, COUNT(*), MAX(solved) FROM pop_enigma_tries"
            " WHERE guild_id = ? AND day = ? AND daily = 1 GROUP BY user_id", guild_id, day)
        found = [(int(u), int(n), bool(s)) for u, n, s in rows]
        return sorted(found, key=lambda r: (not r[2], r[1], r[0]))

    async def load(self, table_id: int) -> Table | None:
        rows = await self.fetch("SELECT data FROM pop_tables WHERE id = ?", table_id)
        return Table.model_validate_json(rows[0][0]) if rows else None

    async def active_tables(self) -> list[Table]:
        """Tables in their lobby or being played: what a restarted bot picks up again."""
        marks = ", ".join("?" for _ in ACTIVE)
        rows = await self.fetch(
            f"SELECT data FROM pop_tables WHERE status IN ({marks}) ORDER BY id", *ACTIVE)
        return [Table.model_validate_json(r[0]) for r in rows]

    async def tables_in(self, channel_id: int, statuses: tuple[str, ...] = ACTIVE
                        ) -> list[Table]:
        """Tables (active ones, by default) whose thread, or channel, is this one."""
        if not statuses:
            return []
        marks = ", ".join("?" for _ in statuses)
        rows = await self.fetch(
            f"SELECT data FROM pop_tables WHERE status IN ({marks})"
            " AND (thread_id = ? OR (thread_id IS NULL AND channel_id = ?)) ORDER BY id",
            *statuses, channel_id, channel_id)
        return [Table.model_validate_json(r[0]) for r in rows]

    async def actions(self, table_id: int) -> list[tuple[int, str, dict]]:
        rows = await self.fetch("SELECT version, kind, payload FROM pop_actions"
                                " WHERE table_id = ? ORDER BY version", table_id)
        return [(v, k, json.loads(p)) for v, k, p in rows]


class _SqliteTx:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def execute(self, sql: str, *args: Any) -> int:
        async with self.db.execute(sql, args) as cur:
            return cur.rowcount

    async def insert(self, sql: str, *args: Any) -> int:
        async with self.db.execute(sql, args) as cur:
            assert cur.lastrowid is not None
            return cur.lastrowid

    async def fetch(self, sql: str, *args: Any) -> list[tuple]:
        async with self.db.execute(sql, args) as cur:
            return [tuple(row) for row in await cur.fetchall()]


class Store(SqlStore):
    """SQLite through aiosqlite: one connection, WAL mode, writers serialised by the lock."""

    kind = "sqlite"

    def __init__(self, path: str) -> None:
        self.path = path
        self.db: aiosqlite.Connection | None = None
        # One connection serves every table: its transactions must not interleave.
        self.lock = asyncio.Lock()

    async def open(self, *, migrate: bool = True) -> None:
        self.db = await aiosqlite.connect(self.path, isolation_level=None)
        await self.db.execute("PRAGMA journal_mode=WAL")
        await self.db.execute("PRAGMA foreign_keys=ON")
        await self.db.execute("PRAGMA busy_timeout=5000")
        if migrate:
            await self.migrate()

    async def close(self) -> None:
        if self.db is not None:
            async with self.lock:
                await self.db.close()
                self.db = None

    @contextlib.asynccontextmanager
    async def transaction(self, begin: str = "BEGIN IMMEDIATE") -> AsyncIterator[Tx]:
        """All or nothing, and one at a time on this connection."""
        async with self.lock:
            db = self._db()
            await db.execute(begin)
            try:
                yield _SqliteTx(db)
            except BaseException:
                await db.execute("ROLLBACK")
                raise
            await db.execute("COMMIT")

    async def fetch(self, sql: str, *args: Any) -> list[tuple]:
        async with self.lock:
            return await _SqliteTx(self._db()).fetch(sql, *args)

    async def _has_table(self, name: str) -> bool:
        return bool(await self.fetch(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", name))

    async def journal_mode(self) -> str:
        return str((await self.fetch("PRAGMA journal_mode"))[0][0])

    async def describe(self) -> str:
        return f"sqlite {self.path} ({(await self.journal_mode()).upper()})"

    def _db(self) -> aiosqlite.Connection:
        if self.db is None:
            raise RuntimeError("the store is not open")
        return self.db


def is_postgres_url(url: str) -> bool:
    return url.split("://", 1)[0] in ("postgres", "postgresql")


def open_store(settings: Settings) -> Store | PostgresStore:
    """The store the settings ask for: PostgreSQL when POP_DATABASE_URL is set, else SQLite at
    POP_DATABASE_PATH. Not opened yet: `await store.open()` connects and migrates."""
    url = settings.database_url
    if not url:
        return Store(settings.database_path)
    if not is_postgres_url(url):
        raise ValueError("POP_DATABASE_URL must start with postgresql:// (or postgres://); "
                         "for SQLite, leave it unset and set POP_DATABASE_PATH")
    from .storage_pg import PostgresStore

    return PostgresStore(url)

