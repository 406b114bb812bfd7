"""Fair shares between servers: whatever one server asks for in bulk (requests, pictures to
draw) waits its turn beside the others', so a busy server cannot slow a quiet one down.

Waiting work is kept per server and served round robin, one item each (deficit round robin
with equal costs), first come first served within a server. `FairQueue` holds the waiting
futures (the request budget, `bot.posting.budget`, serves its tokens from one per priority);
`FairGate` lets at most so many jobs run at once (pictures to draw, AI moves to think) and
hands a freed place to the next server in turn.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import AsyncIterator


class FairQueue:
    """Waiting requests: by priority, then the servers in turn, then in arrival order."""

    def __init__(self) -> None:
        # priority → server → its waiting futures; a server's place in the dict is its turn
        self._lanes: dict[int, dict[int | None, deque[asyncio.Future[None]]]] = {}

    def push(self, level: int, guild: int | None, future: asyncio.Future[None]) -> None:
        self._lanes.setdefault(level, {}).setdefault(guild, deque()).append(future)

    def pop(self) -> asyncio.Future[None] | None:
        """The next request to serve (None: none waits)."""
        for level in sorted(self._lanes):
            servers = self._lanes[level]
            while servers:
                guild, waiting = next(iter(servers.items()))
                future = waiting.popleft()
                del servers[guild]
                if waiting:
                    servers[guild] = waiting  # to the back of the round
                if not future.done():  # a caller that gave up is skipped
                    return future
            del self._lanes[level]
        return None

    def __len__(self) -> int:
        """Requests still waiting (callers that gave up aside)."""
        return sum(
            not f.done() for servers in self._lanes.values() for q in servers.values() for f in q
        )

    def __bool__(self) -> bool:
        return any(self._lanes.values())


class FairGate:
    """At most `slots` jobs at once (a worker pool's size); the rest wait, by server in turn.
    A table's outbox draws through one, its AI seats think through another; an answer to a
    click waits for neither."""

    def __init__(self, slots: int) -> None:
        self.slots = max(1, slots)
        self.busy = 0
        self._waiting = FairQueue()

    @contextlib.asynccontextmanager
    async def slot(self, guild: int | None) -> AsyncIterator[None]:
        if self.busy < self.slots and not self._waiting:
            self.busy += 1
        else:
            turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiting.push(0, guild, turn)
            try:
                await turn  # the place is handed over already taken
            except asyncio.CancelledError:
                if turn.done() and not turn.cancelled():
                    self._release()  # handed over just as it was cancelled: pass it on
                raise
        try:
            yield
        finally:
            self._release()

    def _release(self) -> None:
        following = self._waiting.pop()
        if following is None:
            self.busy -= 1
        else:
            following.set_result(None)
