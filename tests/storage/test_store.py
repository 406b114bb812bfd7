"""The store's contract, on SQLite and on PostgreSQL alike (see conftest.py for the fixtures)."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.settings import Settings
from bot.storage import StaleWrite, Store, migrations, open_store
from bot.table import Seat, Table
from engine.pop.game import new_game

ALL = [number for number, _ in migrations()]


def a_table(channel_id: int = 20, thread_id: int | None = None, status: str = "lobby") -> Table:
    return Table(guild_id=10, channel_id=channel_id, thread_id=thread_id, host_id=1,
                 status=status)


def a_table_with_game() -> Table:
    table = a_table(thread_id=30, status="playing")
    table.seats = [Seat(id=str(u), user_id=u, name=n) for u, n in
                   ((1, "ana"), (2, "ben"), (3, "cleo"))]
    table.game = new_game("competitive", [s.id for s in table.seats], seed=7)
    return table


async def count(store, sql: str, *args) -> int:
    return (await store.fetch(sql, *args))[0][0]


# --- Migrations -----------------------------------------------------------------------------

async def test_migrations_apply_once_and_are_recorded(make_store):
    store = make_store()
    await store.open(migrate=False)
    try:
        assert ALL and await store.pending() == ALL
        assert await store.migrate() == ALL
        assert await store.applied() == set(ALL)
        assert await store.pending() == []
        rows = await store.fetch("SELECT version, applied_at FROM schema_migrations")
        assert sorted(v for v, _ in rows) == ALL and all(at for _, at in rows)
        assert await store.migrate() == []  # nothing twice
        assert await count(store, "SELECT COUNT(*) FROM pop_tables") == 0
    finally:
        await store.close()


async def test_a_second_open_applies_nothing(make_store):
    first = make_store()
    await first.open()
    await first.insert_table(a_table())
    recorded = sorted(await first.fetch("SELECT version, applied_at FROM schema_migrations"))
    await first.close()

    second = make_store()
    await second.open()
    try:
        assert await second.migrate() == []
        assert sorted(await second.fetch(
            "SELECT version, applied_at FROM schema_migrations")) == recorded
        assert await count(second, "SELECT COUNT(*) FROM pop_tables") == 1
    finally:
        await second.close()


async def test_a_migration_failing_midway_leaves_nothing(make_store, monkeypatch):
    broken = "CREATE TABLE half_done (x INTEGER);\nINSERT INTO no_such_table VALUES (1)"
    monkeypatch.setattr("bot.storage.migrations", lambda: [(1, "SELECT 1"), (999, broken)])
    store = make_store()
    await store.open(migrate=False)
    try:
        with pytest.raises(Exception, match="no_such_table"):
            await store.migrate()
        assert await store.applied() == {1}
        assert not await store._has_table("half_done")
        assert await store.pending() == [999]
    finally:
        await store.close()


async def test_two_processes_migrating_at_once_apply_each_migration_once(make_store):
    stores = [make_store() for _ in range(3)]
    for s in stores:
        await s.open(migrate=False)
    try:
        results = await asyncio.gather(*(s.migrate() for s in stores))
        assert sorted(n for applied in results for n in applied) == ALL
        assert await count(stores[0], "SELECT COUNT(*) FROM schema_migrations") == len(ALL)
    finally:
        for s in stores:
            await s.close()


# --- Tables and actions ---------------------------------------------------------------------

async def test_insert_save_load_round_trip_a_table_with_a_game(store):
    table = a_table_with_game()
    table_id = await store.insert_table(table)
    assert table_id == table.id and table_id > 0
    loaded = await store.load(table_id)
    assert loaded == table and loaded.game is not None
    assert loaded.game.hands == table.game.hands

    loaded.version += 1
    loaded.seats[0].timeouts = 2
    await store.save(loaded, "pick", user_id=1, payload={"cards": [3, 4]})
    again = await store.load(table_id)
    assert again == loaded and again.version == 1 and again.seats[0].timeouts == 2
    assert await store.actions(table_id) == [(1, "pick", {"cards": [3, 4]})]
    assert await store.load(table_id + 1000) is None


async def test_ids_are_distinct_and_big_discord_ids_survive(store):
    big = 1_234_567_890_123_456_789  # Discord snowflakes need 64 bits
    first, second = a_table(channel_id=big), a_table(thread_id=big + 1)
    await store.insert_table(first)
    await store.insert_table(second)
    assert second.id > first.id
    assert (await store.load(first.id)).channel_id == big
    assert [t.id for t in await store.tables_in(big + 1)] == [second.id]


async def test_a_stale_save_raises_and_changes_nothing(store):
    table = a_table()
    await store.insert_table(table)
    winner = table.model_copy(deep=True)
    loser = table.model_copy(deep=True)
    winner.version, winner.status = 1, "playing"
    await store.save(winner, "start", user_id=1)

    loser.version, loser.status = 1, "cancelled"  # computed from version 0 too
    with pytest.raises(StaleWrite):
        await store.save(loser, "cancel", user_id=2)
    assert await store.load(table.id) == winner
    assert await store.actions(table.id) == [(1, "start", {})]


async def test_two_processes_saving_the_same_version_one_wins(make_store):
    """Each store is a separate connection (a separate bot process); both read version 0."""
    a, b = make_store(), make_store()
    await a.open()
    await b.open()
    try:
        table = a_table()
        await a.insert_table(table)
        copies = [await a.load(table.id), await b.load(table.id)]
        for n, copy in enumerate(copies):
            copy.version, copy.lobby_message_id = 1, 100 + n
        outcomes = await asyncio.gather(a.save(copies[0], "x"), b.save(copies[1], "y"),
                                        return_exceptions=True)
        assert sorted(type(o).__name__ for o in outcomes) == ["NoneType", "StaleWrite"]
        won = copies[outcomes.index(None)]
        assert await a.load(table.id) == won and await b.load(table.id) == won
        assert len(await b.actions(table.id)) == 1
    finally:
        await a.close()
        await b.close()


async def test_table_and_version_are_unique_in_actions(store):
    table = a_table()
    await store.insert_table(table)
    table.version = 1
    await store.save(table, "start")
    with pytest.raises(Exception) as raised:
        async with store.transaction() as tx:
            await tx.execute("INSERT INTO pop_actions (table_id, version, user_id, kind, payload,"
                             " created_at) VALUES (?, 1, NULL, 'again', '{}', 'now')", table.id)
    assert type(raised.value).__name__ in ("IntegrityError", "UniqueViolationError")
    assert await store.actions(table.id) == [(1, "start", {})]


async def test_a_save_failing_midway_leaves_nothing(store):
    """The action insert fails after the table's update ran: the update is rolled back."""
    table = a_table()
    await store.insert_table(table)
    async with store.transaction() as tx:  # an action already sits where the next one goes
        await tx.execute("INSERT INTO pop_actions (table_id, version, user_id, kind, payload,"
                         " created_at) VALUES (?, 1, NULL, 'squatter', '{}', 'now')", table.id)
    changed = table.model_copy(deep=True)
    changed.version, changed.status = 1, "playing"
    with pytest.raises(Exception) as raised:
        await store.save(changed, "start")
    assert not isinstance(raised.value, StaleWrite)
    assert await store.load(table.id) == table  # still version 0, still in the lobby
    assert await store.actions(table.id) == [(1, "squatter", {})]


async def test_a_transaction_raising_midway_leaves_nothing(store):
    with pytest.raises(RuntimeError, match="midway"):
        async with store.transaction() as tx:
            new_id = await tx.insert(
                "INSERT INTO pop_tables (guild_id, channel_id, thread_id, status, version, data,"
                " created_at, updated_at) VALUES (1, 2, NULL, 'lobby', 0, '{}', 'now', 'now')")
            assert new_id > 0
            raise RuntimeError("midway")
    assert await count(store, "SELECT COUNT(*) FROM pop_tables") == 0
    # And the store still works afterwards.
    assert await store.insert_table(a_table()) > 0


async def test_tables_in_and_active_tables_filter(store):
    lobby_here = a_table(channel_id=20)
    playing_in_thread = a_table(channel_id=20, thread_id=31, status="playing")
    finished_here = a_table(channel_id=20, status="finished")
    elsewhere = a_table(channel_id=21, status="playing")
    cancelled_thread = a_table(channel_id=21, thread_id=32, status="cancelled")
    for t in (lobby_here, playing_in_thread, finished_here, elsewhere, cancelled_thread):
        await store.insert_table(t)

    def ids(tables):
        return [t.id for t in tables]

    assert ids(await store.active_tables()) == [lobby_here.id, playing_in_thread.id,
                                                elsewhere.id]
    # A table with a thread is found in its thread, not in the channel it started from.
    assert ids(await store.tables_in(20)) == [lobby_here.id]
    assert ids(await store.tables_in(31)) == [playing_in_thread.id]
    assert ids(await store.tables_in(20, ("finished",))) == [finished_here.id]
    assert ids(await store.tables_in(32, ("finished", "cancelled"))) == [cancelled_thread.id]
    assert ids(await store.tables_in(32)) == []
    assert ids(await store.tables_in(99)) == []

    # A status change through save moves the table between the lists.
    playing_in_thread.version, playing_in_thread.status = 1, "finished"
    await store.save(playing_in_thread, "end")
    assert playing_in_thread.id not in ids(await store.active_tables())
    assert ids(await store.tables_in(31, ("finished",))) == [playing_in_thread.id]


async def test_describe_names_the_database(store, backend):
    line = await store.describe()
    assert line.startswith(backend)
    if backend == "sqlite":
        assert line.endswith("(WAL)")
    else:
        assert "PostgreSQL" in line


# --- Backend specifics ----------------------------------------------------------------------

async def test_sqlite_runs_in_wal_mode(tmp_path):
    path = tmp_path / "pop.sqlite3"
    store = Store(str(path))
    await store.open()
    try:
        assert await store.journal_mode() == "wal"
        # WAL is a property of the file: a separate connection sees it too.
        with sqlite3.connect(path) as other:
            assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        await store.close()


def test_postgres_sql_translates_placeholders_and_keys():
    pytest.importorskip("asyncpg", reason="asyncpg is not installed (the postgres extra)")
    from bot.storage_pg import postgres_sql, safe_url

    assert postgres_sql("SELECT ? , '?', x FROM t WHERE a = ? AND b IN (?, ?)") == \
        "SELECT $1 , '?', x FROM t WHERE a = $2 AND b IN ($3, $4)"
    assert postgres_sql("id INTEGER PRIMARY KEY AUTOINCREMENT,") == "id BIGSERIAL PRIMARY KEY,"
    assert safe_url("postgresql://pop:s3cret@db.example:6543/pop?sslmode=require") == \
        "pop@db.example:6543/pop"


def test_open_store_chooses_the_backend_from_the_settings(monkeypatch):
    monkeypatch.delenv("POP_DATABASE_URL", raising=False)
    sqlite = open_store(Settings(DISCORD_TOKEN="t", POP_DATABASE_PATH="/tmp/x.sqlite3"))
    assert isinstance(sqlite, Store) and sqlite.path == "/tmp/x.sqlite3"

    pytest.importorskip("asyncpg", reason="asyncpg is not installed (the postgres extra)")
    from bot.storage_pg import PostgresStore

    url = "postgresql://pop@db:5432/pop"
    pg = open_store(Settings(DISCORD_TOKEN="t", POP_DATABASE_URL=url))
    assert isinstance(pg, PostgresStore) and pg.url == url
    with pytest.raises(ValueError, match="postgresql://"):
        open_store(Settings(DISCORD_TOKEN="t", POP_DATABASE_URL="mysql://db/pop"))
