"""Migration 006 on both databases: numbered migrations may leave gaps (others land later and
are applied then), a playing table's timer is stored beside it (`wake_at`, one query finds the
next ones), and each person's pings setting is kept."""

from __future__ import annotations

import pytest

import bot.storage.store
from bot.storage.store import migrations
from tests import factories


def _only(numbers: set[int]):
    every = migrations()
    return lambda: [(n, sql) for n, sql in every if n in numbers]


async def test_a_gap_in_the_numbers_is_fine_and_filled_later(make_store, monkeypatch):
    every = {n for n, _ in migrations()}
    assert 6 in every
    # This code has 001–003 and 006; 004 and 005 come with another branch, later.
    monkeypatch.setattr(bot.storage.store, "migrations", _only({1, 2, 3, 6}))
    store = make_store()
    await store.open()
    try:
        assert await store.applied() == {1, 2, 3, 6}
        monkeypatch.setattr(
            bot.storage.store,
            "migrations",
            lambda: [*_only({1, 2, 3})(), (4, "SELECT 4"), *_only({6})()],
        )
        assert await store.pending() == [4]
        assert await store.migrate() == [4]  # applied after 006, once
        assert await store.migrate() == []
        assert await store.applied() == {1, 2, 3, 4, 6}
    finally:
        await store.close()


def _playing(deadline: float | None, *, timer: int = 3600, warned: bool = False):
    table = factories.a_table("pop", guild_id=10, channel_id=20, thread_id=30, status="playing")
    table.settings.turn_timer = timer
    table.turn_deadline, table.warned = deadline, warned
    return table


async def _saved(store, table) -> None:
    await store.insert_table(table)
    table.version += 1
    await store.save(table, None)


async def test_the_next_wakes_come_soonest_first_in_one_query(store):
    late, soon, none = _playing(10_000.0), _playing(5_000.0, warned=True), _playing(None)
    for table in (late, soon, none):
        await _saved(store, table)
    wakes = await store.next_wakes()
    # the 1-hour table is reminded at half its time; the warned one wakes at its deadline
    assert [(w.table_id, w.guild_id, w.at) for w in wakes] == [
        (soon.id, 10, 5_000.0),
        (late.id, 10, 10_000.0 - 1800),
    ]
    late.status = "finished"
    late.version += 1
    await store.save(late, None)
    assert [w.table_id for w in await store.next_wakes()] == [soon.id]


async def test_a_sharded_process_reads_only_its_shards_wakes(store):
    tables = []
    for guild_shard in (0, 1, 2, 3):
        table = _playing(1_000.0 + guild_shard, warned=True)
        table.guild_id = (1000 + guild_shard) << 22  # guild ids on shards 0, 1, 2, 3 of 4
        await _saved(store, table)
        tables.append(table.id)
    mine = await store.next_wakes(shards=(4, (1, 3)))
    assert [w.table_id for w in mine] == [tables[1], tables[3]]
    assert len(await store.next_wakes()) == 4


async def test_a_deadline_keeps_its_precision(store):
    table = _playing(1_900_000_123.25, warned=True)
    await _saved(store, table)
    assert (await store.next_wakes())[0].at == 1_900_000_123.25


async def test_pings_are_on_until_turned_off(store):
    assert await store.pings_off([1, 2, 3]) == set()
    await store.set_pings(2, False)
    await store.set_pings(3, False)
    await store.set_pings(3, True)
    assert await store.pings_off([1, 2, 3]) == {2}
    assert await store.pings_off([]) == set()


@pytest.mark.parametrize("warned", [False, True])
async def test_tables_playing_before_006_get_their_wake(make_store, monkeypatch, warned):
    monkeypatch.setattr(bot.storage.store, "migrations", _only({1, 2, 3}))
    store = make_store()
    await store.open()
    try:
        table = _playing(50_000.0, timer=86_400, warned=warned)
        await store.insert_table(table)  # written as 003 knew it: no wake_at yet
        monkeypatch.setattr(bot.storage.store, "migrations", _only({1, 2, 3, 6}))
        assert await store.migrate() == [6]
        [wake] = await store.next_wakes()
        assert wake.at == (50_000.0 if warned else 50_000.0 - 43_200)
    finally:
        await store.close()
