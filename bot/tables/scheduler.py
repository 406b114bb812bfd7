"""One scheduler for the whole process: it wakes the tables whose turn timer is due (a
reminder, a deadline) and sweeps idle tables out of memory.

The timers live in the database (`game_tables.wake_at`, written with every version of a
table), not in tasks: one query reads the next ones, whether the table is in memory or not,
so a deadline fires on time after a restart too. The scheduler sleeps until the soonest of
them (or a minute at most: another process may have written one); a commit that brings a
table's timer forward wakes it at once (`expect`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Awaitable, Callable

from bot.storage.people import PeopleQueries

from .clock import Clock, SystemClock

log = logging.getLogger("pop.timer")

POLL = 60.0  # seconds: the longest sleep (a wake written by another process is seen by then)
RETRY_AFTER = 60.0  # seconds before a wake that did not move its table's timer fires again
READ_AGAIN_AFTER = 5.0  # seconds before the timers are read again when reading them failed


class Scheduler:
    def __init__(
        self,
        store: PeopleQueries,
        fire: Callable[[int], Awaitable[None]],
        sweep: Callable[[float], None],
        *,
        owns: Callable[[int], bool] | None = None,
        clock: Clock | None = None,
        sweep_every: float = 60.0,
    ) -> None:
        self.store = store
        self.fire = fire  # a table's timer is due: `AiSeats.wake` does what it asks
        self.sweep = sweep  # idle tables leave memory (given the time now)
        self.owns = owns  # a sharded process wakes only its own guilds' tables
        self.shards: tuple[int, tuple[int, ...]] | None = None  # and reads only theirs
        self.clock: Clock = clock or SystemClock()
        self.sweep_every = sweep_every
        self.woken = asyncio.Event()
        self.next_at = math.inf  # the soonest wake known, not yet due
        self.next_sweep = -math.inf
        self.fired: dict[int, tuple[float, float]] = {}  # table → (its wake, when it fired)
        self.firing: set[asyncio.Task[None]] = set()
        self.task: asyncio.Task[None] | None = None
        self.stopped = False

    def start(self) -> None:
        # Never after a stop: a bot closed while it was still resuming (its database closed
        # next) must not start reading timers from it.
        if not self.stopped and (self.task is None or self.task.done()):
            self.task = asyncio.create_task(self._run(), name="scheduler")

    async def stop(self) -> None:
        self.stopped = True
        for task in [self.task, *self.firing]:
            if task is not None:
                task.cancel()
        await asyncio.gather(
            *(t for t in [self.task, *self.firing] if t is not None), return_exceptions=True
        )

    def expect(self, when: float | None) -> None:
        """A table's timer was just stored: look again if it comes before the soonest known."""
        if when is not None and when < self.next_at:
            self.woken.set()

    def use_clock(self, clock: Clock) -> None:
        self.clock = clock
        self.woken.set()

    async def _run(self) -> None:
        while True:
            self.woken.clear()
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database may be down for a moment: try again soon
                log.exception("the turn timers could not be read")
                # Not sooner, whatever else is due (a sweep): a store that keeps failing (closed,
                # or down) would otherwise be asked again at once, and the log flooded.
                again = self.clock.now() + READ_AGAIN_AFTER
                while self.clock.now() < again:
                    self.woken.clear()
                    await self.clock.wait(again, self.woken)
                continue
            now = self.clock.now()
            await self.clock.wait(min(self.next_at, now + POLL, self.next_sweep), self.woken)

    async def tick(self) -> None:
        """Fire every due wake (each once, beside the others), note the next one, sweep."""
        now = self.clock.now()
        self.next_at = math.inf
        for wake in await self.store.next_wakes(shards=self.shards):
            if self.owns is not None and not self.owns(wake.guild_id):
                continue
            if wake.at > now:
                self.next_at = min(self.next_at, wake.at)
                break
            fired = self.fired.get(wake.table_id)
            if fired is not None and fired[0] == wake.at and now < fired[1] + RETRY_AFTER:
                self.next_at = min(self.next_at, fired[1] + RETRY_AFTER)
                continue  # fired already, still being handled (or it failed: later)
            self.fired[wake.table_id] = (wake.at, now)
            self._fire(wake.table_id)
        self.fired = {t: f for t, f in self.fired.items() if now < f[1] + RETRY_AFTER}
        if now >= self.next_sweep:
            self.next_sweep = now + self.sweep_every
            self.sweep(now)

    def _fire(self, table_id: int) -> None:
        async def fire() -> None:
            with contextlib.suppress(asyncio.CancelledError):
                try:
                    await self.fire(table_id)
                except Exception:
                    log.exception("table %s: its turn timer failed", table_id)

        task = asyncio.create_task(fire(), name=f"timer-{table_id}")
        self.firing.add(task)
        task.add_done_callback(self.firing.discard)
