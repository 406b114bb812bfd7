"""The process's one scheduler, on a test clock: it fires each due table once, sleeps until the
next wake (a stored timer brought forward wakes it at once), leaves other shards' tables alone,
tries a wake that moved nothing again a minute later, and sweeps idle tables."""

from __future__ import annotations

import asyncio

from bot.storage.people import Wake
from bot.tables.scheduler import READ_AGAIN_AFTER, RETRY_AFTER, Scheduler
from tests.clock import TestClock


class Wakes:
    """A store whose `game_tables.wake_at` is a dict (table → (guild, at))."""

    def __init__(self) -> None:
        self.at: dict[int, tuple[int, float]] = {}
        self.queries = 0

    async def next_wakes(self, limit: int = 200, shards=None) -> list[Wake]:  # noqa: ARG002
        self.queries += 1
        rows = sorted(self.at.items(), key=lambda item: (item[1][1], item[0]))
        return [Wake(t, g, at) for t, (g, at) in rows[:limit]]


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


async def running(store, fired, swept=None, *, moves=True, **kwargs):
    """A scheduler on a test clock; each fire moves its table's timer on (`moves`: as the
    driver's commit does), or leaves it as it was."""
    clock = TestClock(1_000.0)

    async def fire(table_id: int) -> None:
        fired.append((table_id, clock.now()))
        if moves:
            store.at.pop(table_id, None)

    scheduler = Scheduler(
        store,
        fire,
        (swept.append if swept is not None else lambda _now: None),
        clock=clock,
        **kwargs,
    )
    scheduler.start()
    await settle()
    return scheduler, clock


async def test_due_tables_fire_once_and_the_next_one_on_time():
    store, fired = Wakes(), []
    store.at = {1: (7, 900.0), 2: (7, 1_060.0), 3: (7, 5_000.0)}
    scheduler, clock = await running(store, fired)
    try:
        assert fired == [(1, 1_000.0)]  # due already (a deadline passed while the bot was down)
        assert scheduler.next_at == 1_060.0
        clock.advance(59)
        await settle()
        assert [t for t, _ in fired] == [1]
        clock.advance(1)
        await settle()
        assert fired[1:] == [(2, 1_060.0)]
        clock.advance(hours=2)
        await settle()
        assert [t for t, _ in fired] == [1, 2, 3]
    finally:
        await scheduler.stop()


async def test_a_timer_stored_sooner_wakes_the_scheduler_at_once():
    store, fired = Wakes(), []
    store.at = {3: (7, 5_000.0)}
    scheduler, clock = await running(store, fired)
    try:
        queries = store.queries
        scheduler.expect(6_000.0)  # later than the next one: nothing to look at
        await settle()
        assert store.queries == queries
        store.at[4] = (7, 1_010.0)
        scheduler.expect(1_010.0)
        await settle()
        assert store.queries == queries + 1
        assert scheduler.next_at == 1_010.0
        clock.advance(10)
        await settle()
        assert fired == [(4, 1_010.0)]
    finally:
        await scheduler.stop()


async def test_a_wake_that_moved_nothing_fires_again_a_minute_later():
    store, fired = Wakes(), []
    store.at = {1: (7, 900.0)}
    scheduler, clock = await running(store, fired, moves=False)
    try:
        clock.advance(RETRY_AFTER / 2)
        await settle()
        assert len(fired) == 1  # not again while it may still be at work
        clock.advance(RETRY_AFTER / 2)
        await settle()
        assert len(fired) == 2
    finally:
        await scheduler.stop()


async def test_a_sharded_process_wakes_only_its_own_guilds():
    store, fired = Wakes(), []
    store.at = {1: (7, 900.0), 2: (8, 950.0), 3: (8, 2_000.0), 4: (7, 3_000.0)}
    scheduler, _clock = await running(store, fired, moves=False, owns=lambda guild: guild == 7)
    try:
        assert [t for t, _ in fired] == [1]
        assert scheduler.next_at == 3_000.0
    finally:
        await scheduler.stop()


async def test_the_sweep_runs_on_the_clock():
    store, fired, swept = Wakes(), [], []
    scheduler, clock = await running(store, fired, swept, sweep_every=150)
    try:
        assert swept == [1_000.0]
        clock.advance(100)
        await settle()
        assert swept == [1_000.0]
        clock.advance(50)
        await settle()
        assert swept == [1_000.0, 1_150.0]
    finally:
        await scheduler.stop()


async def test_a_store_that_fails_is_asked_again_after_5_seconds_not_at_once():
    """A store that fails (down, or closed under a stopping bot) is read again 5 s later,
    even while a sweep is due: never in a loop that floods the log."""

    class Failing(Wakes):
        async def next_wakes(self, limit: int = 200, shards=None) -> list[Wake]:  # noqa: ARG002
            self.queries += 1
            await asyncio.sleep(0)  # a real store's query lets the loop run
            raise OSError("the database is down")

    store, fired, swept = Failing(), [], []
    scheduler, clock = await running(store, fired, swept)
    try:
        await asyncio.sleep(0.05)  # real time: a loop that does not wait would read hundreds
        assert store.queries == 1
        clock.advance(READ_AGAIN_AFTER - 1)
        await settle()
        assert store.queries == 1
        clock.advance(1)
        await settle()
        assert store.queries == 2
        assert fired == []
    finally:
        await scheduler.stop()


async def test_a_scheduler_stopped_before_it_started_does_not_start():
    """A bot closed while it was still resuming: the resume's end must not start the timers
    on a database that is about to close."""
    store = Wakes()
    store.at = {1: (7, 900.0)}
    scheduler = Scheduler(store, lambda _t: asyncio.sleep(0), lambda _now: None)
    await scheduler.stop()
    scheduler.start()
    await settle()
    assert scheduler.task is None
    assert store.queries == 0
