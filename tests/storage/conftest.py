"""Fixtures for the storage tests: every store test runs on SQLite (a file in tmp_path) and on
PostgreSQL (a fresh schema per test, selected through `search_path`, dropped at teardown).

PostgreSQL is the one at $POP_TEST_DATABASE_URL, else postgres@ or root@127.0.0.1:5432/test
(trust auth, as on the development machine and CI). When none answers, the PostgreSQL cases are
skipped with the reason printed in pytest's summary.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import Callable

import pytest

from bot.storage.sqlite import Store
from bot.storage.store import SqlStore

CANDIDATE_URLS = (
    "postgresql://postgres@127.0.0.1:5432/test",
    "postgresql://root@127.0.0.1:5432/test",
)


async def _first_reachable(urls: list[str]) -> tuple[str | None, str]:
    try:
        import asyncpg
    except ImportError:
        return None, "asyncpg is not installed (pip install '.[postgres]')"
    errors = []
    for url in urls:
        try:
            con = await asyncpg.connect(url, timeout=3)
        except Exception as e:  # refused, unknown user, no database: try the next one
            errors.append(f"{url}: {type(e).__name__}: {e}")
            continue
        await con.close()
        return url, ""
    return None, "PostgreSQL is not reachable: " + "; ".join(errors)


@pytest.fixture(scope="session")
def pg_url() -> str:
    """A PostgreSQL URL that answers, or the test is skipped with the reason."""
    urls = (
        [os.environ["POP_TEST_DATABASE_URL"]]
        if os.environ.get("POP_TEST_DATABASE_URL")
        else list(CANDIDATE_URLS)
    )
    url, reason = asyncio.run(_first_reachable(urls))
    if url is None:
        pytest.skip(reason)
    return url


@pytest.fixture
async def pg_schema(pg_url: str):
    """(url, schema): a fresh, empty schema for one test, dropped afterwards."""
    import asyncpg

    schema = f"pop_test_{uuid.uuid4().hex[:12]}"
    con = await asyncpg.connect(pg_url)
    try:
        await con.execute(f"CREATE SCHEMA {schema}")
        yield pg_url, schema
    finally:
        await con.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        await con.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request) -> str:
    return request.param


@pytest.fixture
def make_store(backend: str, tmp_path, request) -> Callable[[], SqlStore]:
    """A factory of unopened stores on ONE database (several calls: several "processes")."""
    if backend == "sqlite":
        path = str(tmp_path / "pop.sqlite3")
        return lambda: Store(path)
    url, schema = request.getfixturevalue("pg_schema")
    from bot.storage.postgres import PostgresStore

    return lambda: PostgresStore(url, schema=schema)


@pytest.fixture
async def store(make_store):
    """An open, migrated store on a fresh database."""
    s = make_store()
    await s.open()
    yield s
    await s.close()
