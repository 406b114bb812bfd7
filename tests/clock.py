"""A clock a test moves by hand: handed to the running bot (`tables.use_clock(clock)`), it
lets a test jump a 24-hour turn timer to its reminder and its deadline without waiting."""

from __future__ import annotations

import asyncio
import time


class TestClock:
    """Stands still until `advance`; every wait it holds wakes when it moves."""

    __test__ = False  # not a test class, whatever pytest thinks of its name

    def __init__(self, start: float | None = None) -> None:
        self.at = time.time() if start is None else start
        self._waiting: set[asyncio.Event] = set()

    def now(self) -> float:
        return self.at

    def advance(self, seconds: float = 0.0, *, minutes: float = 0.0, hours: float = 0.0) -> None:
        self.at += seconds + 60 * minutes + 3600 * hours
        for woken in self._waiting:
            woken.set()  # each waiter looks at the new time itself

    async def wait(self, until: float, woken: asyncio.Event) -> None:
        if self.at >= until or woken.is_set():
            return
        self._waiting.add(woken)
        try:
            await woken.wait()
        finally:
            self._waiting.discard(woken)
