"""A table's limits are checked in the same transaction that opens it, under its server's lock
(`SqlStore.insert_table(table, admit)`): many openings at once, from two processes on one
database, never open more than the limits allow. And the private games an older bot left open
get an end (migration 009). On SQLite and on PostgreSQL alike."""

from __future__ import annotations

import asyncio
import time

import pytest

import bot.storage.store
from bot.model.life import LEFT_ALONE
from bot.model.limits import Limits, admit
from bot.model.posts import Refusal
from tests import factories

LIMITS = Limits(tables_per_user=3, tables_per_channel=5, tables_per_server=50, private_per_user=2)


def a_table(game: str = "pop", *, host: int = 1, private: bool = False, status: str = "lobby"):
    return factories.a_table(
        game, guild_id=10, channel_id=20, host_id=host, private=private, status=status
    )


async def open_many(stores, tables) -> tuple[int, list[str]]:
    """Each table opened at once through the stores in turn: (how many opened, the refusals)."""

    async def one(store, table) -> str | None:
        try:
            await store.insert_table(table, admit(LIMITS, table))
        except Refusal as no:
            return no.key
        return None

    said = await asyncio.gather(
        *(one(stores[i % len(stores)], table) for i, table in enumerate(tables))
    )
    return said.count(None), [key for key in said if key is not None]


async def test_many_openings_at_once_by_two_processes_keep_the_limit(make_store):
    stores = [make_store(), make_store()]  # two processes sharing one database
    for store in stores:
        await store.open()
    try:
        # Sixteen `/… new` by one user at once, of two games, half through each process.
        games = [a_table("pop" if i % 2 else "coloretto") for i in range(16)]
        opened, refused = await open_many(stores, games)
        assert opened == 3
        assert set(refused) == {"refusal.limit.user"}
        assert len(await stores[0].open_tables(10)) == 3
        # Private games count apart: the same user still opens as many as theirs allow.
        opened, refused = await open_many(stores, [a_table(private=True) for _ in range(8)])
        assert (opened, set(refused)) == (2, {"refusal.limit.private"})
        # And another user's table is not refused by them.
        assert (await open_many(stores, [a_table(host=2)]))[0] == 1
    finally:
        for store in stores:
            await store.close()


async def test_a_private_game_dealt_again_is_refused_when_its_player_has_too_many(store):
    finished = a_table(private=True, status="finished")
    await store.insert_table(finished)
    for _ in range(2):
        await store.insert_table(a_table(private=True, status="playing"))
    again = finished.model_copy(update={"status": "playing", "version": 1})
    with pytest.raises(Refusal) as no:
        await store.save(again, None, admit=admit(LIMITS, again))
    assert no.value.key == "refusal.limit.private"
    assert (await store.load(finished.id))[0].status == "finished"  # nothing was written
    one_less = (await store.open_tables(10))[0].model_copy(update={"status": "cancelled"})
    one_less.version += 1
    await store.save(one_less, None)
    await store.save(again, None, admit=admit(LIMITS, again))
    assert (await store.load(finished.id))[0].status == "playing"


async def test_private_games_open_before_migration_009_end_an_hour_after_it(
    make_store, monkeypatch
):
    every = bot.storage.store.migrations()
    monkeypatch.setattr(bot.storage.store, "migrations", lambda: [m for m in every if m[0] < 9])
    store = make_store()
    await store.open()
    try:  # as an older bot left them: an abandoned Enigma, a finished one, a public table
        abandoned = a_table(private=True, status="playing")
        finished = a_table(private=True, status="finished")
        public = a_table(status="playing")
        for table in (abandoned, finished, public):
            await store.insert_table(table)
        monkeypatch.setattr(bot.storage.store, "migrations", lambda: every)
        before = time.time()
        assert await store.migrate() == [n for n, _ in every if n >= 9]  # 009 and later
        after = time.time()
        ended = {
            t.id: t for t, _ in [await store.load(x.id) for x in (abandoned, finished, public)]
        }
        assert before + LEFT_ALONE <= ended[abandoned.id].turn_deadline <= after + LEFT_ALONE
        assert ended[finished.id].turn_deadline is None
        assert ended[public.id].turn_deadline is None
        wakes = await store.next_wakes()
        assert [w.table_id for w in wakes] == [abandoned.id]
    finally:
        await store.close()
