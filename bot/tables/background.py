"""Work the table layer runs beside the clicks (an AI seat's moves, its table talk): each task
kept until it is done (asyncio holds only weak references to tasks), its failure logged when it
happens, not when asyncio collects it; and once the bot stops, in one quiet line: that work is
owed in the database, and the next start does it. A stop waits a little for work in flight
(`finish_or_cancel`), then cancels it."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

log = logging.getLogger("pop.tables")


class Background:
    def __init__(self, stopping: Callable[[], bool]) -> None:
        self.stopping = stopping
        self.tasks: set[asyncio.Task[Any]] = set()

    def run(self, work: Awaitable[Any], name: str) -> None:
        task = asyncio.ensure_future(self._logged(work, name))
        task.set_name(name)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _logged(self, work: Awaitable[Any], name: str) -> None:
        try:
            await work
        except Exception as e:
            if self.stopping():
                log.info("%s: left for the next start (%s)", name, type(e).__name__)
            else:
                log.exception("%s failed", name)


async def finish_or_cancel(tasks: Iterable[asyncio.Task[Any] | None], grace: float) -> None:
    """Let the tasks still running end within `grace` seconds; cancel the others."""
    running = [task for task in tasks if task is not None and not task.done()]
    if not running:
        return
    _, pending = await asyncio.wait(running, timeout=grace)
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
