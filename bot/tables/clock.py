"""The time the turn timer and the idle sweep read, and how they wait for a moment.

Everything time-based in the table layer asks one `Clock`, so that a test can hand the running
bot a clock of its own (`TableLayer.use_clock`) and move it hours ahead at once instead of waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """The Unix time now."""
        ...

    async def wait(self, until: float, woken: asyncio.Event) -> None:
        """Return at `until`, or as soon as `woken` is set, whichever comes first."""
        ...


class SystemClock:
    """The machine's clock."""

    def now(self) -> float:
        return time.time()

    async def wait(self, until: float, woken: asyncio.Event) -> None:
        delay = until - self.now()
        if delay > 0 and not woken.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(woken.wait(), delay)
