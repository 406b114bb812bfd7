"""One background loop of the table layer (a challenge's ends, seasons' ends, tournaments'
rounds): started once, started again only if it ended, stopped by a cancel that is waited for;
`Looping`, the part that runs one, started and stopped with the bot and woken early."""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from .clock import Clock

log = logging.getLogger("pop.tables")


class LoopTask:
    def __init__(self, name: str, run: Callable[[], Coroutine[Any, Any, None]]) -> None:
        self.name, self.run = name, run
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self.run(), name=self.name)

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)


class Looping:
    """A part of the table layer that runs one background loop (`looping`): started and stopped
    with the bot, woken early (`clock_changed`: a new clock, or a setting that moves its next
    due time) through `woken`, which its loop waits on."""

    loop: LoopTask
    woken: asyncio.Event
    clock: Callable[[], Clock]  # the table layer's (a test's, when it hands one)

    def looping(self, name: str, run: Callable[[], Coroutine[Any, Any, None]]) -> None:
        self.woken = asyncio.Event()
        self.loop = LoopTask(name, run)

    def start(self) -> None:
        self.loop.start()

    async def stop(self) -> None:
        await self.loop.stop()

    def clock_changed(self) -> None:
        self.woken.set()

    async def until_due(
        self, do_due: Callable[[], Awaitable[float]], what: str, poll: float
    ) -> None:
        """For ever: `do_due()` does what is due and says when the next is due; then wait
        until then, at most `poll` seconds, or until woken. A failure (the database down for a
        moment) is logged, and read again at the next wake."""
        while True:
            self.woken.clear()
            next_due = math.inf
            try:
                next_due = await do_due()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("%s could not be read", what)
            clock = self.clock()
            await clock.wait(min(next_due, clock.now() + poll), self.woken)
