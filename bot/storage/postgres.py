"""PostgreSQL through asyncpg, for `POP_DATABASE_URL=postgresql://…`: the same migrations, SQL
and behaviour as the SQLite `Store` (both are `SqlStore`s); only connections differ.

The SQL is written once in SQLite's flavour; `postgres_sql` is the one place that translates the
two differences that matter here (`?` placeholders, the auto-increment key). Several bot
processes may share the database: reads take no row locks, and the optimistic version check in
`save` (`UPDATE … WHERE id = ? AND version = ?`) makes the slower of two writers fail with
`StaleWrite` instead of overwriting the other. Migrations hold an advisory lock, so two processes
starting at once do not both apply them.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlsplit

import asyncpg  # type: ignore[import-untyped]  # asyncpg ships no type information

from .store import SqlStore, Tx

MIGRATION_LOCK = 0x706F705F6D6967  # "pop_mig": the advisory lock key migrations hold
# "popt": with (a part of) a server's id, the advisory lock a table's opening holds (its limits)
SERVER_LOCK = 0x706F7074


class SchemaMissing(Exception):
    """The search_path names a schema that does not exist, and this role may not create it."""


@functools.lru_cache(maxsize=256)
def postgres_sql(sql: str) -> str:
    """SQLite-flavoured SQL as PostgreSQL reads it: `?` → `$1, $2, …` (outside quoted text),
    `INTEGER PRIMARY KEY AUTOINCREMENT` → `BIGSERIAL PRIMARY KEY`."""
    sql = sql.replace("INTEGER PRIMARY KEY AUTOINCREMENT", "BIGSERIAL PRIMARY KEY")
    out: list[str] = []
    n = 0
    quoted = False
    for ch in sql:
        if ch == "'":
            quoted = not quoted
        if ch == "?" and not quoted:
            n += 1
            out.append(f"${n}")
        else:
            out.append(ch)
    return "".join(out)


def _rowcount(status: str) -> int:
    """The row count in a command status such as "UPDATE 1" or "INSERT 0 1"."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class _PgTx:
    dialect = "postgresql"

    def __init__(self, con: asyncpg.Connection) -> None:
        self.con = con

    async def execute(self, sql: str, *args: Any) -> int:
        return _rowcount(await self.con.execute(postgres_sql(sql), *args))

    async def insert(self, sql: str, *args: Any) -> int:
        return int(await self.con.fetchval(postgres_sql(sql) + " RETURNING id", *args))

    async def fetch(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        return [tuple(row) for row in await self.con.fetch(postgres_sql(sql), *args)]


class PostgresStore(SqlStore):
    """A pool of asyncpg connections; each transaction runs on one of them."""

    kind = "postgresql"

    def __init__(
        self,
        url: str,
        *,
        schema: str | None = None,
        min_size: int = 1,
        max_size: int = 5,
        timeout: float = 10.0,
    ) -> None:
        self.url = url
        self.schema = schema  # tables live here instead of the search_path's default
        self.min_size, self.max_size, self.timeout = min_size, max_size, timeout
        self.pool: asyncpg.Pool | None = None

    async def open(self, *, migrate: bool = True) -> None:
        settings = {"application_name": "pop-bot"}
        if self.schema:
            settings["search_path"] = self.schema
        self.pool = await asyncpg.create_pool(
            self.url,
            min_size=self.min_size,
            max_size=self.max_size,
            timeout=self.timeout,
            server_settings=settings,
        )
        if migrate:
            await self.ensure_schema()
            await self.migrate()

    async def missing_schema(self) -> str | None:
        """The schema the search_path puts first when none of its schemas exists (where
        `CREATE TABLE` would fail: "no schema has been selected"), else None."""
        current, path, user = (
            await self.fetch(
                "SELECT current_schema(), current_setting('search_path'), current_user"
            )
        )[0]
        if current is not None:
            return None
        first = str(path).split(",")[0].strip()
        first = first[1:-1].replace('""', '"') if first.startswith('"') else first
        return str(user) if first in ("$user", "") else first

    async def may_create_schema(self) -> bool:
        return bool(
            (await self.fetch("SELECT has_database_privilege(current_database(), 'CREATE')"))[0][0]
        )

    async def ensure_schema(self) -> str | None:
        """Create the search_path's schema when it is missing (the schema created, or None);
        SchemaMissing, one clear sentence, when this role may not."""
        name = await self.missing_schema()
        if name is None:
            return None
        if not await self.may_create_schema():
            user = (await self.fetch("SELECT current_user"))[0][0]
            raise SchemaMissing(
                f"the schema {name} (POP_DATABASE_URL's search_path) does not exist and "
                f"{user} may not create it: run CREATE SCHEMA {quote_ident(name)} "
                f"AUTHORIZATION {quote_ident(user)} as the database owner"
            )
        async with self.transaction() as tx:
            await tx.execute(f"CREATE SCHEMA IF NOT EXISTS {quote_ident(name)}")
        return name

    async def close(self) -> None:
        if self.pool is not None:
            pool, self.pool = self.pool, None
            await pool.close()

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """All or nothing (READ COMMITTED; the version check guards concurrent writers)."""
        async with self._pool().acquire() as con, con.transaction():
            yield _PgTx(con)

    async def fetch(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        return [tuple(row) for row in await self._pool().fetch(postgres_sql(sql), *args)]

    async def _lock_migrations(self, tx: Tx) -> None:
        await tx.execute("SELECT pg_advisory_xact_lock(?)", MIGRATION_LOCK)

    async def _lock_server(self, tx: Tx, guild_id: int) -> None:
        # Two 32-bit keys (apart from the migrations' one 64-bit key); two servers sharing the
        # low bits only wait for each other.
        await tx.execute("SELECT pg_advisory_xact_lock(?, ?)", SERVER_LOCK, guild_id & 0x7FFFFFFF)

    async def _has_table(self, name: str) -> bool:
        rows = await self.fetch("SELECT to_regclass(?) IS NOT NULL", name)
        return bool(rows[0][0])

    async def describe(self) -> str:
        version = (await self.fetch("SHOW server_version"))[0][0]
        return f"postgresql {safe_url(self.url)} (PostgreSQL {version.split()[0]})"

    def _pool(self) -> asyncpg.Pool:
        if self.pool is None:
            raise RuntimeError("the store is not open")
        return self.pool


def quote_ident(name: str) -> str:
    """A PostgreSQL identifier, quoted."""
    return '"' + name.replace('"', '""') + '"'


def safe_url(url: str) -> str:
    """The URL's user, host, port and database, never its password or query."""
    parts = urlsplit(url)
    user = f"{parts.username}@" if parts.username else ""
    try:
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        port = ""
    return f"{user}{parts.hostname or 'localhost'}{port}{parts.path or '/'}"
