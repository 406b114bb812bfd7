"""When a paused table may try its channel again. Every try Discord refuses is an invalid request,
and Discord bans a bot at 10,000 of them in 10 minutes: each table backs off, and all the paused
tables together keep within a budget of tries, however many they are.

A paused table tries again only when something asks (a press on it, `/table show`, a restart,
a permission change seen on the gateway), and never before its back-off allows: `FIRST_WAIT`
after its first refusal, doubling after each refusal in a row, to `LONGEST_WAIT`. A try asked
for sooner is made when the back-off ends (one try, however many asks). A permission change
seen on the gateway (`reset`: a channel, a role or the bot's member updated, a thread
unarchived) starts the back-offs of its server's paused tables again: they try at once.

Over all tables, tries go out at most `rate` a second after a first `burst` (the servers in
turn), and none while the process has counted `ceiling` invalid requests in the last 10 minutes,
whatever made them: a process makes at most `burst + rate × 600` tries in 10 minutes (610 at
the defaults; a sharded process its shards' share), far under Discord's 10,000.

Time is the table layer's clock (`bot.tables.clock`): a test moves it instead of waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import heapq
import logging
from collections.abc import Callable

from bot.posting.budget import InvalidRequests
from bot.posting.shares import FairQueue

from .clock import Clock

log = logging.getLogger("pop.tables")

FIRST_WAIT = 10.0  # seconds after a table's first refusal before it may try again
LONGEST_WAIT = 300.0  # ... doubling after each refusal in a row, to this
TRIES_PER_SECOND = 1.0  # over all paused tables (a sharded process: its shards' share)
TRIES_AT_ONCE = 10.0  # the budget's burst
INVALID_CEILING = 1000  # no tries while this many invalid requests are counted in 10 minutes
CEILING_RECHECK = 10.0  # seconds between two looks at the count while over the ceiling


class PausedRetries:
    """Per table, its back-off; over all tables, a token bucket of tries served by server in
    turn. `kick(table)` wakes a table's outbox when it may try (`may_try` then says yes)."""

    def __init__(
        self,
        kick: Callable[[int], None],
        clock: Callable[[], Clock],
        share: float = 1.0,
        invalid: InvalidRequests | None = None,
    ) -> None:
        """`share`: this process's part of the bot token's shards (its part of the budget);
        `invalid`: the invalid requests the process counts (over the last 10 minutes)."""
        self.kick, self.clock = kick, clock
        self.rate, self.burst = TRIES_PER_SECOND * share, TRIES_AT_ONCE
        self.ceiling = INVALID_CEILING * share
        self.invalid_count: Callable[[], int] = invalid.count if invalid else lambda: 0
        self.first_wait, self.longest_wait = FIRST_WAIT, LONGEST_WAIT
        self.refusals: dict[int, int] = {}  # table → refusals in a row
        self.not_before: dict[int, float] = {}  # table → when its back-off ends
        self.asked: dict[int, tuple[float, int | None]] = {}  # table → (its try's time, server)
        self._due: list[tuple[float, int]] = []  # (time, table); stale entries are skipped
        self._turns = FairQueue()  # tries whose time has come, waiting for the budget
        self._queued: set[int] = set()
        self.granted: set[int] = set()  # tables that may try now (once each)
        self.tokens = self.burst
        self.updated: float | None = None
        self.tried = 0  # tries granted since the start
        self.held = False  # over the ceiling of invalid requests: no tries for now
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    # --- What the table layer says and asks ---------------------------------------------------

    def may_try(self, table_id: int, guild_id: int | None) -> bool:
        """A paused table would try again: True if it may now (once); otherwise its try is
        asked for, and the table is kicked when it may."""
        if table_id in self.granted:
            self.granted.discard(table_id)
            return True
        self._ask(table_id, guild_id)
        return False

    def refused(self, table_id: int) -> None:
        """Discord refused the table's post: it waits twice as long as last time."""
        n = self.refusals[table_id] = self.refusals.get(table_id, 0) + 1
        wait = min(self.longest_wait, self.first_wait * 2 ** (n - 1))
        self.not_before[table_id] = self.clock().now() + wait

    def forget(self, table_id: int) -> None:
        """The table is paused no more (a post went out), or ended."""
        for kept in (self.refusals, self.not_before, self.asked):
            kept.pop(table_id, None)
        self.granted.discard(table_id)

    def reset(self, table_id: int) -> None:
        """A permission may have come back: the table's back-off starts again (a try already
        asked for goes as soon as the budget lets it)."""
        self.refusals.pop(table_id, None)
        self.not_before.pop(table_id, None)
        if table_id in self.asked and table_id not in self._queued:
            self._schedule(table_id, self.clock().now(), self.asked[table_id][1])

    def clock_changed(self) -> None:
        """Another clock (a test's): the waiting dispatcher looks at it."""
        self.wake.set()

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    # --- The dispatcher -----------------------------------------------------------------------

    def _ask(self, table_id: int, guild_id: int | None) -> None:
        if table_id in self.asked:
            return  # asked already: one try, however many asks
        now = self.clock().now()
        self._schedule(table_id, max(now, self.not_before.get(table_id, now)), guild_id)

    def _schedule(self, table_id: int, at: float, guild_id: int | None) -> None:
        self.asked[table_id] = (at, guild_id)
        heapq.heappush(self._due, (at, table_id))
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._run(), name="paused-retries")
        self.wake.set()

    async def _run(self) -> None:
        while self.asked:
            self.wake.clear()
            clock = self.clock()
            now = clock.now()
            self._take_due(now)
            self._grant(now)
            until = self._next_look(now)
            if until is None:
                return
            await clock.wait(until, self.wake)

    def _take_due(self, now: float) -> None:
        """Tries whose time has come wait for the budget, by server in turn."""
        while self._due and self._due[0][0] <= now:
            at, table_id = heapq.heappop(self._due)
            asked = self.asked.get(table_id)
            if asked is None or asked[0] != at or table_id in self._queued:
                continue  # forgotten, or asked again for another time
            self._queued.add(table_id)
            turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            turn.add_done_callback(functools.partial(self._let_try, table_id))
            self._turns.push(0, asked[1], turn)

    def _grant(self, now: float) -> None:
        if self.updated is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.updated) * self.rate)
        self.updated = now
        while self.tokens >= 1 and self._turns and self.invalid_count() < self.ceiling:
            turn = self._turns.pop()
            if turn is None:
                break
            self.tokens -= 1
            turn.set_result(None)

    def _let_try(self, table_id: int, _turn: object = None) -> None:
        self._queued.discard(table_id)
        if self.asked.pop(table_id, None) is None:
            return  # forgotten meanwhile (it went on, or ended)
        self.granted.add(table_id)
        self.tried += 1
        self.kick(table_id)

    def _next_look(self, now: float) -> float | None:
        """When the dispatcher looks again (None: nothing is asked for)."""
        if self._turns:
            held = self.invalid_count() >= self.ceiling
            if held and not self.held:
                log.warning(
                    "paused tables wait to try again: %d invalid requests in 10 minutes",
                    self.invalid_count(),
                )
            self.held = held
            if held:
                return now + CEILING_RECHECK
            return now + max((1 - self.tokens) / self.rate, 0.001)
        if self._due:
            return self._due[0][0]
        return None
