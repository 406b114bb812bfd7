"""Tables in a real database: SQLite through aiosqlite (WAL mode), with numbered migrations.

Every accepted action is written with the table's new state in ONE transaction, before the
interaction is answered; `(table_id, version)` is the actions' primary key and the update only
applies to the version it was computed from, so nothing is ever applied twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from importlib import resources

import aiosqlite

from .table import ACTIVE, Table


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


class Store:
    def __init__(self, path: str) -> None:
        self.path = path
        self.db: aiosqlite.Connection | None = None
        # One connection serves every table: its transactions must not interleave.
        self.lock = asyncio.Lock()

    async def open(self) -> None:
        self.db = await aiosqlite.connect(self.path, isolation_level=None)
        await self.db.execute("PRAGMA journal_mode=WAL")
        await self.db.execute("PRAGMA foreign_keys=ON")
        await self.db.execute("PRAGMA busy_timeout=5000")
        await self.migrate()

    async def close(self) -> None:
        if self.db is not None:
            async with self.lock:
                await self.db.close()
                self.db = None

    @contextlib.asynccontextmanager
    async def transaction(self, begin: str = "BEGIN IMMEDIATE") -> AsyncIterator[
            aiosqlite.Connection]:
        """All or nothing, and one at a time on this connection."""
        async with self.lock:
            db = self._db()
            await db.execute(begin)
            try:
                yield db
            except BaseException:
                await db.execute("ROLLBACK")
                raise
            await db.execute("COMMIT")

    async def _rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        async with self.lock, self._db().execute(sql, args) as cur:
            return list(await cur.fetchall())

    async def migrate(self) -> list[int]:
        """Apply the migrations not applied yet, each in its own transaction."""
        async with self.transaction() as db:
            await db.execute("CREATE TABLE IF NOT EXISTS schema_migrations "
                             "(version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
        done = {row[0] for row in await self._rows("SELECT version FROM schema_migrations")}
        applied = []
        for number, sql in migrations():
            if number in done:
                continue
            async with self.transaction() as db:
                for statement in filter(str.strip, sql.split(";")):
                    await db.execute(statement)
                await db.execute("INSERT INTO schema_migrations VALUES (?, ?)", (number, _now()))
            applied.append(number)
        return applied

    async def insert_table(self, table: Table) -> int:
        now = _now()
        async with self.transaction() as db:
            cur = await db.execute(
                "INSERT INTO pop_tables (guild_id, channel_id, thread_id, status, version, data,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, '{}', ?, ?)",
                (table.guild_id, table.channel_id, table.thread_id, table.status, table.version,
                 now, now))
            table.id = cur.lastrowid
            await db.execute("UPDATE pop_tables SET data = ? WHERE id = ?",
                             (table.model_dump_json(), table.id))
        return table.id

    async def save(self, table: Table, kind: str, user_id: int | None = None,
                   payload: dict | None = None) -> None:
        """Write the table at its new version and the action that led there, atomically.

        `table.version` must already be the new version (one more than the stored one).
        """
        now = _now()
        async with self.transaction() as db:
            cur = await db.execute(
                "UPDATE pop_tables SET status = ?, thread_id = ?, version = ?, data = ?,"
                " updated_at = ? WHERE id = ? AND version = ?",
                (table.status, table.thread_id, table.version, table.model_dump_json(), now,
                 table.id, table.version - 1))
            if cur.rowcount != 1:
                raise StaleWrite(f"table {table.id} is not at version {table.version - 1}")
            await db.execute(
                "INSERT INTO pop_actions (table_id, version, user_id, kind, payload, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (table.id, table.version, user_id, kind, json.dumps(payload or {}), now))

    async def load(self, table_id: int) -> Table | None:
        rows = await self._rows("SELECT data FROM pop_tables WHERE id = ?", (table_id,))
        return Table.model_validate_json(rows[0][0]) if rows else None

    async def active_tables(self) -> list[Table]:
        """Tables in their lobby or being played: what a restarted bot picks up again."""
        marks = ", ".join("?" for _ in ACTIVE)
        rows = await self._rows(
            f"SELECT data FROM pop_tables WHERE status IN ({marks}) ORDER BY id", ACTIVE)
        return [Table.model_validate_json(r[0]) for r in rows]

    async def tables_in(self, channel_id: int, statuses: tuple[str, ...] = ACTIVE
                        ) -> list[Table]:
        """Tables (active ones, by default) whose thread, or channel, is this one."""
        marks = ", ".join("?" for _ in statuses)
        rows = await self._rows(
            f"SELECT data FROM pop_tables WHERE status IN ({marks})"
            " AND (thread_id = ? OR (thread_id IS NULL AND channel_id = ?)) ORDER BY id",
            (*statuses, channel_id, channel_id))
        return [Table.model_validate_json(r[0]) for r in rows]

    async def actions(self, table_id: int) -> list[tuple[int, str, dict]]:
        rows = await self._rows("SELECT version, kind, payload FROM pop_actions"
                                " WHERE table_id = ? ORDER BY version", (table_id,))
        return [(v, k, json.loads(p)) for v, k, p in rows]

    def _db(self) -> aiosqlite.Connection:
        if self.db is None:
            raise RuntimeError("the store is not open")
        return self.db
