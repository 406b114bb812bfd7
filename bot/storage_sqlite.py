"""SQLite through aiosqlite: the embedded default (`POP_DATABASE_PATH`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import aiosqlite

from .storage import SqlStore, Tx

# aiosqlite's DEBUG lines hold every statement with its parameters: the tables' rows, a game's
# committed secret seed (docs/fair-deals.md) and its hidden cards among them. Never log them.
logging.getLogger("aiosqlite").setLevel(logging.INFO)


class _SqliteTx:
    dialect = "sqlite"

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    # One trip to aiosqlite's thread per statement: every trip waits for that thread (and the
    # GIL, shared with the threads drawing pictures), and every action's commit waits on them.
    # The cursors are left to the garbage collector rather than closed with a trip of their own.

    async def execute(self, sql: str, *args: Any) -> int:
        cursor = await self.db.execute(sql, args)
        return cursor.rowcount

    async def insert(self, sql: str, *args: Any) -> int:
        cursor = await self.db.execute(sql, args)
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def fetch(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        return [tuple(row) for row in await self.db.execute_fetchall(sql, args)]


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
        # WAL with NORMAL: a commit survives the process dying (what a restart needs); only a
        # power cut may lose the last commits. It spares an fsync per action.
        await self.db.execute("PRAGMA synchronous=NORMAL")
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

    async def fetch(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        async with self.lock:
            return await _SqliteTx(self._db()).fetch(sql, *args)

    async def _has_table(self, name: str) -> bool:
        return bool(
            await self.fetch("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", name)
        )

    async def journal_mode(self) -> str:
        return str((await self.fetch("PRAGMA journal_mode"))[0][0])

    async def describe(self) -> str:
        return f"sqlite {self.path} ({(await self.journal_mode()).upper()})"

    def _db(self) -> aiosqlite.Connection:
        if self.db is None:
            raise RuntimeError("the store is not open")
        return self.db
