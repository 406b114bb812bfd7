"""AI players think in a separate process, so the event loop never waits on the GIL.

One small pool for the whole process, started on first use (a hard Pop decision takes up to a
fifth of a second of pure Python; every other table goes on meanwhile). The functions it runs
are the games' own `ai_move`s: plain, picklable, deterministic from their arguments.
"""

from __future__ import annotations

import asyncio
import atexit
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

_pool: ProcessPoolExecutor | None = None


def _workers() -> int:
    return max(1, min(2, (os.cpu_count() or 2) - 1))


def pool() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        # forkserver: a clean child, not a fork of a process that runs threads and sockets.
        context = multiprocessing.get_context("forkserver")
        _pool = ProcessPoolExecutor(max_workers=_workers(), mp_context=context)
        atexit.register(_pool.shutdown, wait=False, cancel_futures=True)
    return _pool


async def run(fn: Callable[..., Any], *args: Any) -> Any:
    """fn(*args) in the pool; the pool is started again if a worker died."""
    global _pool
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(pool(), fn, *args)
    except BrokenProcessPool:
        _pool = None
        return await loop.run_in_executor(pool(), fn, *args)
