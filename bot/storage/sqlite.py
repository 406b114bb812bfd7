"""SQLite through aiosqlite: the embedded default (`POP_DATABASE_PATH`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import stat
from collections.abc import AsyncIterator
from typing import Any

import aiosqlite

from .store import SqlStore, Tx

# aiosqlite's DEBUG lines hold every statement with its parameters: the tables' rows, a game's
# committed secret seed (docs/fair-deals.md) and its hidden cards among them. Never log them.
logging.getLogger("aiosqlite").setLevel(logging.INFO)

log = logging.getLogger("pop.storage")

# The database holds live secret seeds, hands and recent interaction tokens: its owner alone
# may read it. SQLite gives the -wal, -shm and -journal files it creates the database file's
# own mode, so a file created owner-only keeps them owner-only too.
OWNER_ONLY = 0o600
BESIDE = ("-wal", "-shm", "-journal")


def keep_private(path: str) -> None:
    """Create the SQLite file at `path` owner-only (0600) when it does not exist yet; make an
    existing one, and the files beside it, owner-only when others may read them, with a log
    line saying so. Paths SQLite does not take as a plain file are left alone."""
    if path in ("", ":memory:") or path.startswith("file:"):
        return
    try:  # created here, before SQLite, which would create it readable by everyone (0644)
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, OWNER_ONLY))
    except FileExistsError:
        pass
    except OSError:
        return  # no such folder, say: SQLite's own error says so when it opens
    tightened = []
    for name in (path, *(path + suffix for suffix in BESIDE)):
        try:
            mode = os.stat(name).st_mode
            if stat.S_ISREG(mode) and stat.S_IMODE(mode) & 0o077:
                os.chmod(name, OWNER_ONLY)
                tightened.append(f"{name} ({stat.S_IMODE(mode):04o})")
        except FileNotFoundError:
            continue
        except OSError as e:  # not its owner: say so, the bot can still run
            log.warning("cannot make %s owner-only (0600): %s", name, e.strerror or e)
    if tightened:
        log.warning(
            "the SQLite database could be read by other users: %s now owner-only (0600)",
            ", ".join(tightened),
        )


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
        if migrate:  # opened to run; `pop-bot check` opens it to look and changes nothing
            keep_private(self.path)
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
