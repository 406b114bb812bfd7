"""One background loop of the table layer (a challenge's ends, seasons' ends, tournaments'
rounds): started once, started again only if it ended, stopped by a cancel that is waited for."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any


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
