"""The bot's global request budget: a token bucket ahead of discord.py, so overload slows tables
instead of ending in a storm of 429s (and Discord's ban at 10,000 invalid requests per 10 min).

Discord allows a bot 50 requests per second over all its routes. Every REST request discord.py
makes goes through its one aiohttp session; `http_trace` hooks it (an aiohttp trace, handed to
discord.Client) so that each request, at the moment it goes on the wire, first takes a token
from a `Budget` refilled a safe margin under that limit (`POP_REQUEST_RATE`, 40 per second).
On the wire, not on entering `HTTPClient.request`: discord.py may hold a request there for
seconds on a route's own limit (5 messages per 5 s a channel), and tokens taken before that
wait let the held requests leave later in a bunch, over the global limit (measured: a global
429 at 146 tables). discord.py's own retries take a token too. Several processes on one token
split the rate: each takes `rate × len(shard_ids) / shard_count` (`process_share`).

Interaction routes (the initial callback, followups, edits of an interaction's messages: paths
under /interactions/ and /webhooks/) carry their own token and are exempt from the global limit:
they never wait here; nor do the gateway and attachment downloads (not under /api/).

Waiting requests are served by priority, highest first: `ANSWER` (what a player's click waits on:
the default), `TURN` (turn and lobby messages, a turn message's story, notices), `STEP` (step
pictures, results, edits). Within one priority the servers take turns (round robin, one request
each: deficit round robin with equal costs), first come first served within a server, so one busy
server's pictures cannot delay another's. The caller sets the priority around a call with
`priority(level)`, and the server with `serving(guild_id)` (context variables, so they reach
discord.py's `request` unchanged).

`tight()` says the budget is the bottleneck (a request waited long, or many wait; and it stays
so while the bucket is still used beyond `RELAX_BELOW` of its rate): the outbox then groups
several steps per message and drops edits nobody needs.

Invalid requests (401, 403, 429: Discord counts them for its ban) are counted over a rolling
10 minutes from every HTTP answer (an aiohttp trace, so discord.py's own retries of a 429 count
too), each logged, with a warning once the count passes `INVALID_WARN_AT`. A 429 of the global
limit all the same (another process on the token, requests bunched on their way) slows the
budget down (`slow_down`), and it wins the set rate back over a minute.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterator
from contextvars import ContextVar
from typing import Any

import aiohttp

from .shares import FairQueue

log = logging.getLogger("pop.budget")

ANSWER, TURN, STEP = 0, 1, 2  # served in this order
EXEMPT = ("/interactions/", "/webhooks/")  # route prefixes (after /api/vN): interaction tokens
TIGHT_WAIT = 0.5  # seconds: a request waiting longer (or a backlog this long) is tight
TIGHT_HOLD = 10.0  # seconds the budget stays tight after the last sign of it
# ... and longer while more than this part of the rate is used: grouped posts cost a third of
# ungrouped ones, so going back to one step per message then would only make it tight again.
RELAX_BELOW = 0.4
INVALID_PERIOD = 600.0  # Discord's window for invalid requests (10 minutes)
INVALID_WARN_AT = 500  # a warning well below Discord's ban at 10,000
INVALID_STATUSES = frozenset({401, 403, 429})
EPSILON = 1e-9  # a token short by rounding is a token
SLOW_DOWN = 0.8  # a global 429 all the same (another process, a lagging Discord): rate × this
SLOWEST = 0.5  # ... but never under this part of the set rate
RECOVERY = 60.0  # seconds to win back the whole set rate after slowing down

_priority: ContextVar[int] = ContextVar("pop_request_priority", default=ANSWER)
_guild: ContextVar[int | None] = ContextVar("pop_request_guild", default=None)


@contextlib.contextmanager
def priority(level: int) -> Iterator[None]:
    """The priority of the requests made inside this block (by this task)."""
    token = _priority.set(level)
    try:
        yield
    finally:
        _priority.reset(token)


@contextlib.contextmanager
def serving(guild_id: int | None) -> Iterator[None]:
    """The server the requests made inside this block are for (its share of the budget)."""
    token = _guild.set(guild_id)
    try:
        yield
    finally:
        _guild.reset(token)


def budgeted(path: str) -> bool:
    """Whether a request to this URL path counts against the global limit: a REST path
    (``/api/v10/channels/1/messages``) but not an interaction route."""
    before, api, rest = path.partition("/api/v")
    if not api or before:
        return False
    _version, _, route = rest.partition("/")
    return not f"/{route}".startswith(EXEMPT)


def process_share(rate: float, shard_ids: list[int] | None, shard_count: int | None) -> float:
    """This process's part of the token's rate: its shards' share of all shards."""
    if shard_count is None or shard_ids is None:
        return rate
    return rate * len(shard_ids) / shard_count


class Budget:
    """A token bucket with a priority queue: `rate` requests per second, at most `burst` at once.

    The clock and the sleep are injectable (tests run it on a fake clock).
    """

    def __init__(
        self,
        rate: float,
        burst: float | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ) -> None:
        if rate <= 0:
            raise ValueError("the request rate must be positive")
        self.rate = self.set_rate = rate
        # No burst by default: requests leave evenly spaced, so that the jitter on their way
        # (and a lagging Discord) has the whole margin under the limit to itself. The bucket
        # never lets more than rate + burst through in any second.
        self.burst = burst if burst is not None else 1.0
        self.clock, self.sleep = clock, sleep
        self.tokens = self.burst
        self.updated = clock()
        self._queue = FairQueue()
        self._dispatcher: asyncio.Task[None] | None = None
        self._tight_until = -math.inf
        self._slowed_at = -math.inf
        self._grants: deque[float] = deque()  # times of the grants of the last TIGHT_HOLD s
        self.granted = 0
        self.waited = 0.0  # seconds, summed over every request that waited
        self.max_wait = 0.0

    @classmethod
    def unlimited(cls) -> Budget:
        """A budget that never makes anyone wait (tests, tools)."""
        return cls(math.inf, math.inf)

    # --- What callers ask -------------------------------------------------------------------

    async def acquire(self, level: int | None = None) -> None:
        """Wait for a token; `level` defaults to the priority set by `priority`."""
        if math.isinf(self.rate):
            return
        level = _priority.get() if level is None else level
        self._refill()
        if not self._queue and self.tokens >= 1 - EPSILON:
            self._grant()
            return
        began = self.clock()
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.push(level, _guild.get(), future)
        if self.backlog() >= self.rate * TIGHT_WAIT:
            self._mark_tight()
        if self._dispatcher is None or self._dispatcher.done():
            self._dispatcher = asyncio.create_task(self._dispatch(), name="request-budget")
        await future  # cancelled: the dispatcher skips it
        waited = self.clock() - began
        self.waited += waited
        self.max_wait = max(self.max_wait, waited)
        if waited >= TIGHT_WAIT:
            self._mark_tight()

    def backlog(self) -> int:
        """Requests waiting for a token."""
        return len(self._queue)

    def tight(self) -> bool:
        """Is the budget the bottleneck now (or was it a moment ago, and still well used)?"""
        now = self.clock()
        if now < self._tight_until:
            return True
        if now < self._tight_until + 1.0 and self.utilisation() >= RELAX_BELOW:
            self._tight_until = now + 1.0  # still busy: tight a while longer
            return True
        return False

    def utilisation(self) -> float:
        """The part of the rate used over the last `TIGHT_HOLD` seconds."""
        since = self.clock() - TIGHT_HOLD
        while self._grants and self._grants[0] <= since:
            self._grants.popleft()
        return len(self._grants) / (self.rate * TIGHT_HOLD)

    # --- The bucket ---------------------------------------------------------------------------

    def slow_down(self) -> None:
        """A 429 of the global limit came all the same: send less for a while (once a second:
        the 429s of one crowded second are one sign)."""
        if self.clock() - self._slowed_at < 1.0:
            return
        self._slowed_at = self.clock()
        self._refill()
        self.rate = max(self.set_rate * SLOWEST, self.rate * SLOW_DOWN)
        log.warning("global rate limit hit: the budget slows to %.1f requests/s", self.rate)

    def _refill(self) -> None:
        now = self.clock()
        if self.rate < self.set_rate:
            self.rate = min(
                self.set_rate, self.rate + (now - self.updated) * self.set_rate / RECOVERY
            )
        self.tokens = min(self.burst, self.tokens + (now - self.updated) * self.rate)
        self.updated = now

    def _grant(self) -> None:
        self.tokens -= 1
        self.granted += 1
        self._grants.append(self.clock())
        if len(self._grants) > 2 * self.rate * TIGHT_HOLD + 2 * self.burst:
            self.utilisation()  # prune

    def _mark_tight(self) -> None:
        self._tight_until = self.clock() + TIGHT_HOLD

    async def _dispatch(self) -> None:
        """Hand out tokens as they come: highest priority first, the servers in turn."""
        while self._queue:
            self._refill()
            while self.tokens >= 1 - EPSILON and (future := self._queue.pop()) is not None:
                self._grant()
                future.set_result(None)
            if self._queue:
                await self.sleep(max((1 - self.tokens) / self.rate, 0.001))


class InvalidRequests:
    """401, 403 and 429 answers over a rolling window (Discord bans a bot at 10,000 in 10 min)."""

    def __init__(
        self,
        period: float = INVALID_PERIOD,
        warn_at: int = INVALID_WARN_AT,
        *,
        clock: Callable[[], float] = time.monotonic,
        on_global_limit: Callable[[], None] | None = None,
    ) -> None:
        self.period, self.warn_at, self.clock = period, warn_at, clock
        self.on_global_limit = on_global_limit
        self.times: deque[float] = deque()
        self.total = 0
        self._warned_at = -math.inf

    def note(self, status: int, method: str, url: str, *, global_limit: bool = False) -> None:
        if status not in INVALID_STATUSES:
            return
        if global_limit and self.on_global_limit is not None:
            self.on_global_limit()
        now = self.clock()
        self.times.append(now)
        self.total += 1
        count = self.count()
        log.info("invalid request: %s %s answered %d (%d in 10 min)", method, url, status, count)
        if count >= self.warn_at and now - self._warned_at >= 60:
            self._warned_at = now
            log.warning(
                "%d invalid requests (401/403/429) in the last 10 minutes: Discord bans at 10,000",
                count,
            )

    def count(self) -> int:
        """Invalid requests in the last `period` seconds."""
        since = self.clock() - self.period
        while self.times and self.times[0] <= since:
            self.times.popleft()
        return len(self.times)


def http_trace(budget: Budget, invalid: InvalidRequests) -> aiohttp.TraceConfig:
    """The aiohttp trace for discord.Client(http_trace=...): every REST request takes a token of
    the budget as it goes on the wire (interaction routes aside), and every answer is checked
    for an invalid one."""
    config = aiohttp.TraceConfig()

    async def on_request_start(
        _session: aiohttp.ClientSession,
        _context: Any,
        params: aiohttp.TraceRequestStartParams,
    ) -> None:
        if budgeted(params.url.path):
            await budget.acquire()

    async def on_request_end(
        _session: aiohttp.ClientSession,
        _context: Any,
        params: aiohttp.TraceRequestEndParams,
    ) -> None:
        headers = params.response.headers
        invalid.note(
            params.response.status,
            params.method,
            params.url.path,
            global_limit="X-RateLimit-Global" in headers
            or headers.get("X-RateLimit-Scope") == "global",
        )

    config.on_request_start.append(on_request_start)
    config.on_request_end.append(on_request_end)
    return config
