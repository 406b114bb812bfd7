"""The store's contract, on SQLite and on PostgreSQL alike (see conftest.py for the fixtures)."""

from __future__ import annotations

import asyncio
import sqlite3
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.model.table import Seat, Table
from bot.running.open_store import is_postgres_url, open_store
from bot.running.settings import Settings
from bot.storage.sqlite import Store
from bot.storage.store import Delivery, Move, Result, StaleWrite, migrations
from engine.pop.adapter import POP, PopOptions
from tests import factories

ALL = [number for number, _ in migrations()]


def a_table(
    channel_id: int = 20, thread_id: int | None = None, status: str = "lobby", game: str = "pop"
) -> Table:
    """A table in guild 10, opened in channel 20 unless said."""
    return factories.a_table(
        game, guild_id=10, channel_id=channel_id, thread_id=thread_id, status=status
    )


def a_table_with_game() -> tuple[Table, str]:
    """A Pop table being played, and its game's state as the store keeps it (dumped)."""
    table = a_table(thread_id=30, status="playing")
    table.seats = factories.people("ana", "ben", "cleo")
    table.options, table.seed, table.games = {"mode": "competitive"}, 7, 1
    state = POP.start(PopOptions(), [s.id for s in table.seats], table.seed)
    return table, POP.dump_state(state)


def a_move(seq: int, seat: str = "1", cards: tuple[int, ...] = (3,), game_no: int = 1) -> Move:
    return Move(game_no, seq, seat, int(seat) if seat.isdigit() else None, list(cards))


async def moved(store, table: Table, state: str | None = None, **kwargs) -> None:
    """Save `table` one version on (how the table layer commits a change)."""
    table.version += 1
    await store.save(table, state, **kwargs)


async def count(store, sql: str, *args) -> int:
    return (await store.fetch(sql, *args))[0][0]


# --- Migrations -----------------------------------------------------------------------------


async def test_migrations_apply_once_and_are_recorded(make_store):
    store = make_store()
    await store.open(migrate=False)
    try:
        assert ALL
        assert await store.pending() == ALL
        assert await store.migrate() == ALL
        assert await store.applied() == set(ALL)
        assert await store.pending() == []
        rows = await store.fetch("SELECT version, applied_at FROM schema_migrations")
        assert sorted(v for v, _ in rows) == ALL
        assert all(at for _, at in rows)
        assert await store.migrate() == []  # nothing twice
        assert await count(store, "SELECT COUNT(*) FROM game_tables") == 0
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
        assert (
            sorted(await second.fetch("SELECT version, applied_at FROM schema_migrations"))
            == recorded
        )
        assert await count(second, "SELECT COUNT(*) FROM game_tables") == 1
    finally:
        await second.close()


async def test_a_migration_failing_midway_leaves_nothing(make_store, monkeypatch):
    broken = "CREATE TABLE half_done (x INTEGER);\nINSERT INTO no_such_table VALUES (1)"
    monkeypatch.setattr("bot.storage.store.migrations", lambda: [(1, "SELECT 1"), (999, broken)])
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


# --- Tables, moves and deliveries -----------------------------------------------------------


async def test_insert_save_load_round_trip_a_table_with_a_game_state(store):
    table, state = a_table_with_game()
    table_id = await store.insert_table(table)
    assert table_id == table.id
    assert table_id > 0
    loaded, loaded_state = await store.load(table_id)
    assert loaded == table
    assert loaded_state is None

    loaded.seats[0].timeouts = 2
    await moved(store, loaded, state)
    again, again_state = await store.load(table_id)
    assert again == loaded
    assert again.version == 1
    assert again.seats[0].timeouts == 2
    assert again.game == "pop"
    assert again.options == {"mode": "competitive"}
    assert again_state == state
    assert POP.dump_state(POP.load_state(again_state)) == state
    assert await store.moves(table_id, 1) == []  # no player moved
    assert await store.load(table_id + 1000) is None


async def test_ids_are_distinct_and_big_discord_ids_survive(store):
    big = 1_234_567_890_123_456_789  # Discord snowflakes need 64 bits
    first, second = a_table(channel_id=big), a_table(thread_id=big + 1, game="coloretto")
    await store.insert_table(first)
    await store.insert_table(second)
    assert second.id > first.id
    assert (await store.load(first.id))[0].channel_id == big
    assert [t.id for t in await store.tables_in(big + 1)] == [second.id]
    assert (await store.load(second.id))[0].game == "coloretto"
    first.seats = [Seat(id=str(big), user_id=big, name="ana")]
    await moved(store, first, move=a_move(1, str(big)), results=[Result(big, "solo", True, 3, {})])
    assert (await store.load(first.id))[0].seats[0].user_id == big
    assert await store.fetch("SELECT user_id FROM game_moves") == [(big,)]
    assert await store.leaderboard(10) == [(big, 1, 1)]


async def test_a_stale_save_raises_and_changes_nothing(store):
    table = a_table()
    await store.insert_table(table)
    winner = table.model_copy(deep=True)
    loser = table.model_copy(deep=True)
    winner.status = "playing"
    await moved(store, winner, "{}", move=a_move(1))

    loser.status = "cancelled"  # computed from version 0 too
    with pytest.raises(StaleWrite):
        await moved(
            store,
            loser,
            None,
            move=a_move(2),
            posts_due=True,
            results=[Result(1, "competitive", True, 1, {})],
        )
    assert await store.load(table.id) == (winner, "{}")
    assert await store.moves(table.id, 1) == [("1", [3])]
    assert (await store.delivery(table.id)).idle
    assert await count(store, "SELECT COUNT(*) FROM game_results") == 0


async def test_two_processes_saving_the_same_version_one_wins(make_store):
    """Each store is a separate connection (a separate bot process); both read version 0."""
    a, b = make_store(), make_store()
    await a.open()
    await b.open()
    try:
        table = a_table()
        await a.insert_table(table)
        copies = [(await a.load(table.id))[0], (await b.load(table.id))[0]]
        for n, copy in enumerate(copies):
            copy.version, copy.lobby_message_id = 1, 100 + n
        outcomes = await asyncio.gather(
            a.save(copies[0], None, move=a_move(1, "1")),
            b.save(copies[1], None, move=a_move(1, "2")),
            return_exceptions=True,
        )
        assert sorted(type(o).__name__ for o in outcomes) == ["NoneType", "StaleWrite"]
        won = outcomes.index(None)
        assert (await a.load(table.id))[0] == copies[won] == (await b.load(table.id))[0]
        assert await b.moves(table.id, 1) == [(str(won + 1), [3])]
    finally:
        await a.close()
        await b.close()


async def test_moves_are_unique_per_table_game_and_seq(store):
    table = a_table()
    await store.insert_table(table)
    await moved(store, table, move=a_move(1))
    with pytest.raises(Exception, match=r"(?i)unique") as raised:
        async with store.transaction() as tx:
            await tx.execute(
                "INSERT INTO game_moves (table_id, game_no, seq, seat, user_id, move,"
                " created_at) VALUES (?, 1, 1, 'x', NULL, '[9]', 'now')",
                table.id,
            )
    assert type(raised.value).__name__ in ("IntegrityError", "UniqueViolationError")
    # The same seq in another game (a rematch) or at another table is a different move.
    await moved(store, table, move=a_move(1, game_no=2, cards=(5,)))
    other = a_table()
    await store.insert_table(other)
    await moved(store, other, move=a_move(1, "2"))
    assert await store.moves(table.id, 1) == [("1", [3])]
    assert await store.moves(table.id, 2) == [("1", [5])]
    assert await store.moves(other.id, 1) == [("2", [3])]


async def test_a_save_failing_midway_leaves_nothing(store):
    """The move's insert fails after the table's update ran: the update is rolled back."""
    table = a_table()
    await store.insert_table(table)
    async with store.transaction() as tx:  # a move already sits where the next one goes
        await tx.execute(
            "INSERT INTO game_moves (table_id, game_no, seq, seat, user_id, move,"
            " created_at) VALUES (?, 1, 1, 'squatter', NULL, '[1]', 'now')",
            table.id,
        )
    changed = table.model_copy(deep=True)
    changed.status = "finished"
    with pytest.raises(Exception, match=r"(?i)unique") as raised:
        await moved(
            store,
            changed,
            "{}",
            move=a_move(1),
            posts_due=True,
            results=[Result(1, "competitive", True, 1, {})],
        )
    assert not isinstance(raised.value, StaleWrite)
    assert await store.load(table.id) == (table, None)  # still version 0, still in the lobby
    assert await store.moves(table.id, 1) == [("squatter", [1])]
    assert (await store.delivery(table.id)).idle
    assert await count(store, "SELECT COUNT(*) FROM game_results") == 0


async def test_a_transaction_raising_midway_leaves_nothing(store):
    with pytest.raises(RuntimeError, match="midway"):  # noqa: PT012  (the raise is the point)
        async with store.transaction() as tx:
            new_id = await tx.insert(
                "INSERT INTO game_tables (game, guild_id, channel_id, thread_id, status, version,"
                " data, created_at, updated_at) VALUES ('pop', 1, 2, NULL, 'lobby', 0, '{}',"
                " 'now', 'now')"
            )
            assert new_id > 0
            raise RuntimeError("midway")
    assert await count(store, "SELECT COUNT(*) FROM game_tables") == 0
    # And the store still works afterwards.
    assert await store.insert_table(a_table()) > 0


async def test_moves_come_back_in_order_as_json(store):
    table = a_table()
    await store.insert_table(table)
    stored = [
        a_move(seq, seat, cards)
        for seq, seat, cards in ((1, "2", (4, 5)), (2, "ai-1", (1,)), (3, "1", (50, 49, 48)))
    ]
    for move in stored:
        await moved(store, table, move=move)
    assert await store.moves(table.id, 1) == [(m.seat, m.move) for m in stored]
    assert await store.fetch("SELECT user_id FROM game_moves ORDER BY seq") == [(2,), (None,), (1,)]
    assert await store.moves(table.id, 2) == []


async def test_delivery_progress_is_kept_apart_from_the_table(store):
    table = a_table()
    await store.insert_table(table)
    assert await store.delivery(table.id) == Delivery(0, 1, 0, True)
    assert await store.delivery(table.id + 1000) == Delivery(0, 1, 0, True)  # unknown table
    table.games = 1
    await moved(store, table, "{}", move=a_move(1), posts_due=True)
    assert not (await store.delivery(table.id)).idle
    await store.delivered(table.id, Delivery(1, 1, 2, False))
    assert await store.delivery(table.id) == Delivery(1, 1, 2, False)
    await store.delivered(table.id, Delivery(1, 2, 0, True))
    assert await store.delivery(table.id) == Delivery(1, 2, 0, True)
    # Delivering writes neither the table (its version stays) nor a move.
    assert (await store.load(table.id))[0].version == 1
    assert len(await store.moves(table.id, 1)) == 1
    await moved(store, table, "{}")  # a save without posts_due leaves the progress alone
    assert await store.delivery(table.id) == Delivery(1, 2, 0, True)


async def test_tables_in_and_tables_to_resume_filter(store):
    lobby_here = a_table(channel_id=20)
    playing_in_thread = a_table(channel_id=20, thread_id=31, status="playing")
    finished_here = a_table(channel_id=20, status="finished")
    elsewhere = a_table(channel_id=21, status="playing", game="colourist")
    cancelled_thread = a_table(channel_id=21, thread_id=32, status="cancelled")
    still_posting = a_table(channel_id=22, status="finished")
    for t in (
        lobby_here,
        playing_in_thread,
        finished_here,
        elsewhere,
        cancelled_thread,
        still_posting,
    ):
        await store.insert_table(t)
    # The game's last move finished the table; its pictures are not all out yet.
    await moved(store, still_posting, "{}", move=a_move(1), posts_due=True)

    def ids(tables):
        return [t.id for t in tables]

    async def resumed():
        return [table.id for table, _ in await store.tables_to_resume()]

    assert await resumed() == [lobby_here.id, playing_in_thread.id, elsewhere.id, still_posting.id]
    # A table with a thread is found in its thread, not in the channel it started from.
    assert ids(await store.tables_in(20)) == [lobby_here.id]
    assert ids(await store.tables_in(31)) == [playing_in_thread.id]
    assert ids(await store.tables_in(20, ("finished",))) == [finished_here.id]
    assert ids(await store.tables_in(32, ("finished", "cancelled"))) == [cancelled_thread.id]
    assert ids(await store.tables_in(32)) == []
    assert ids(await store.tables_in(99)) == []
    assert ids(await store.tables_in(20, ())) == []

    # Everything posted: the finished table is no longer resumed.
    await store.delivered(still_posting.id, Delivery(0, 2, 0, True))
    assert still_posting.id not in await resumed()
    # A status change through save moves a table between the lists.
    playing_in_thread.status = "finished"
    await moved(store, playing_in_thread, None)
    assert playing_in_thread.id not in await resumed()
    assert ids(await store.tables_in(31, ("finished",))) == [playing_in_thread.id]
    # tables_to_resume brings each table's state along.
    assert dict((t.id, s) for t, s in await store.tables_to_resume())[lobby_here.id] is None


async def test_a_restart_resumes_only_the_open_tables_that_owe_work(store):
    waiting = a_table(channel_id=40, thread_id=41, status="playing")
    at_work = a_table(channel_id=40, thread_id=42, status="playing")
    lobby = factories.a_table(guild_id=8, channel_id=43)
    done = a_table(channel_id=40, status="finished")
    for t in (waiting, at_work, lobby, done):
        await store.insert_table(t)

    async def resumed():
        return {table.id for table, _ in await store.tables_to_resume()}

    assert await resumed() == {waiting.id, at_work.id, lobby.id}  # new tables owe their posts
    await moved(store, waiting, "{}", owes_work=False)  # it waits for a person
    await moved(store, at_work, "{}", owes_work=True)  # an AI seat must act
    await moved(store, lobby, None, owes_work=False)
    assert await resumed() == {at_work.id}
    # A table that owes nothing but still has posts to make is resumed all the same.
    await moved(store, waiting, "{}", posts_due=True, owes_work=False)
    assert await resumed() == {waiting.id, at_work.id}
    # Where every open table plays, a few integers each (finished ones aside).
    assert sorted(await store.open_places()) == [
        (waiting.id, 10, 41),
        (at_work.id, 10, 42),
        (lobby.id, 8, 43),
    ]
    # A resumed table found to owe nothing is skipped next time, unless it changed since.
    await store.owes_nothing(at_work.model_copy(update={"version": at_work.version - 1}))
    assert at_work.id in await resumed()
    await store.owes_nothing(at_work)
    assert at_work.id not in await resumed()


async def test_a_turn_text_shown_leaves_the_table_owing_nothing_at_its_version(store):
    """The edit made, the table's flag is cleared in its data and its row owes nothing, at the
    same version (a table loaded again owes nothing; a newer version is left as it is)."""
    table = a_table(channel_id=40, thread_id=41, status="playing")
    await store.insert_table(table)
    table.text_owed = True  # a seat chose: stored with the choice
    await moved(store, table, "{}", owes_work=True)
    assert [t.text_owed for t, _ in await store.tables_to_resume()] == [True]
    shown = table.model_copy(update={"text_owed": False})
    await store.owes_nothing(shown.model_copy(update={"version": table.version - 1}))
    assert (await store.load(table.id))[0].text_owed  # an older version's: nothing changed
    await store.owes_nothing(shown)
    stored = (await store.load(table.id))[0]
    assert (stored.text_owed, stored.version) == (False, table.version)
    assert await store.tables_to_resume() == []


# --- Results --------------------------------------------------------------------------------


async def finish(store, guild_id: int, game: str, results: list[Result]) -> Table:
    table = factories.a_table(game, guild_id=guild_id, channel_id=1, status="playing", games=1)
    await store.insert_table(table)
    table.status = "finished"
    await moved(store, table, "{}", results=results)
    return table


async def test_results_are_rows_per_seat_and_feed_the_stats(store):
    a = await finish(
        store,
        10,
        "pop",
        [
            Result(1, "competitive", True, 12, {"sets": 3}),
            Result(2, "competitive", False, 30, {"sets": 3}),
        ],
    )
    await finish(
        store,
        10,
        "pop",
        [
            Result(1, "coop", True, 0, {"level": "legend"}),
            Result(2, "coop", True, 0, {"level": "legend"}),
        ],
    )
    await finish(
        store,
        10,
        "coloretto",
        [Result(2, "classic", True, 41, {}), Result(3, "classic", False, 20, {})],
    )
    await finish(store, 11, "pop", [Result(1, "solo", True, 5, {"difficulty": 2})])
    rows = await store.fetch(
        "SELECT table_id, game_no, game, user_id, mode, won, score, day"
        " FROM game_results WHERE table_id = ? ORDER BY user_id",
        a.id,
    )
    today = (await store.fetch("SELECT MAX(day) FROM game_results"))[0][0]
    assert rows == [
        (a.id, 1, "pop", 1, "competitive", 1, 12, today),
        (a.id, 1, "pop", 2, "competitive", 0, 30, today),
    ]

    assert await store.player_results(10, 1, "pop") == [
        ("competitive", True, 12, {"sets": 3}),
        ("coop", True, 0, {"level": "legend"}),
    ]
    assert await store.player_results(10, 2, "coloretto") == [("classic", True, 41, {})]
    assert await store.player_results(11, 2, "pop") == []  # another server
    # Most wins first; fewer games breaks a tie; then the user id.
    assert await store.leaderboard(10) == [(1, 2, 2), (2, 2, 3), (3, 0, 1)]
    assert await store.leaderboard(10, "pop") == [(1, 2, 2), (2, 1, 2)]
    assert await store.leaderboard(10, limit=1) == [(1, 2, 2)]
    assert await store.leaderboard(12) == []
    assert await store.results_on_day(10, "pop", "coop", today) == [
        (1, True, {"level": "legend"}),
        (2, True, {"level": "legend"}),
    ]
    assert await store.results_on_day(10, "pop", "coop", "1999-01-01") == []


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.tuples(st.integers(1, 4), st.booleans(), st.sampled_from(["pop", "colourist"])),
        min_size=1,
        max_size=12,
    )
)
def test_the_leaderboard_counts_what_was_saved(tmp_path, games):
    """Each example: games of one seat each; the leaderboard equals counting them by hand."""

    async def run() -> tuple[list, list]:
        store = Store(str(tmp_path / f"lb-{uuid.uuid4().hex}.sqlite3"))
        await store.open()
        try:
            for user, won, game in games:
                await finish(store, 10, game, [Result(user, "m", won, 0, {})])
            return await store.leaderboard(10, limit=100), await store.leaderboard(10, "pop")
        finally:
            await store.close()

    board, pop_board = asyncio.run(run())

    def expected(only: str | None) -> list[tuple[int, int, int]]:
        tally: dict[int, list[int]] = {}
        for user, won, game in games:
            if only is None or game == only:
                tally.setdefault(user, [0, 0])
                tally[user][0] += won
                tally[user][1] += 1
        return sorted(((u, w, g) for u, (w, g) in tally.items()), key=lambda r: (-r[1], r[2], r[0]))

    assert board == expected(None)
    assert pop_board == expected("pop")[:10]


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
    from bot.storage.postgres import postgres_sql, safe_url

    assert (
        postgres_sql("SELECT ? , '?', x FROM t WHERE a = ? AND b IN (?, ?)")
        == "SELECT $1 , '?', x FROM t WHERE a = $2 AND b IN ($3, $4)"
    )
    assert postgres_sql("id INTEGER PRIMARY KEY AUTOINCREMENT,") == "id BIGSERIAL PRIMARY KEY,"
    assert (
        safe_url("postgresql://pop:s3cret@db.example:6543/pop?sslmode=require")
        == "pop@db.example:6543/pop"
    )


def test_open_store_chooses_the_backend_from_the_settings(monkeypatch):
    monkeypatch.delenv("POP_DATABASE_URL", raising=False)
    sqlite = open_store(Settings(DISCORD_TOKEN="t", POP_DATABASE_PATH="/tmp/x.sqlite3"))
    assert isinstance(sqlite, Store)
    assert sqlite.path == "/tmp/x.sqlite3"

    pytest.importorskip("asyncpg", reason="asyncpg is not installed (the postgres extra)")
    from bot.storage.postgres import PostgresStore

    url = "postgresql://pop@db:5432/pop"
    pg = open_store(Settings(DISCORD_TOKEN="t", POP_DATABASE_URL=url))
    assert isinstance(pg, PostgresStore)
    assert pg.url == url
    with pytest.raises(ValueError, match="postgresql://"):
        open_store(Settings(DISCORD_TOKEN="t", POP_DATABASE_URL="mysql://db/pop"))


def test_is_postgres_url():
    assert is_postgres_url("postgresql://pop@db/pop")
    assert is_postgres_url("postgres://db/pop")
    assert not is_postgres_url("sqlite:///x.db")
    assert not is_postgres_url("/var/pop.sqlite3")
