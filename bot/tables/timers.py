"""Time in the table layer: its clock, the process's one scheduler (turn timers from the
database, `bot.tables.scheduler`) and the sweep that lets idle tables leave memory."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from .clock import Clock, SystemClock
from .held import TableCache
from .scheduler import Scheduler

IDLE_AFTER = 600.0  # seconds untouched after which a table in play leaves memory


class Timekeeping:
    def __init__(
        self,
        registry: TableCache,
        fire: Callable[[int], Awaitable[None]],
        forget: Callable[[int, float], None],
        *,
        idle_after: float = IDLE_AFTER,
    ) -> None:
        self.clock: Clock = SystemClock()
        self.idle_after = idle_after
        self.registry = registry
        self.forget = forget  # (table, untouched since): it leaves memory if it may
        self.scheduler = Scheduler(
            registry.store, fire, self.sweep, clock=self.clock, sweep_every=idle_after / 4
        )
        registry.now = self.now
        registry.wakes = self.scheduler.expect

    def now(self) -> float:
        return self.clock.now()

    def use_clock(self, clock: Clock) -> None:
        """Another clock from now on (a test's): the scheduler looks again at once."""
        self.clock = clock
        self.scheduler.use_clock(clock)

    def start(
        self,
        owns: Callable[[int], bool] | None,
        shards: tuple[int, tuple[int, ...]] | None = None,
    ) -> None:
        """Run the scheduler; a sharded process (`shards`: count, its ids) for its guilds."""
        self.scheduler.owns, self.scheduler.shards = owns, shards
        self.scheduler.start()

    async def stop(self) -> None:
        await self.scheduler.stop()

    def sweep(self, now: float) -> None:
        """Tables nobody touched for `idle_after` leave memory (those that may)."""
        before = now - self.idle_after
        for table_id in self.registry.untouched(before):
            self.forget(table_id, before)
