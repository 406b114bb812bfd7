"""Worker processes for the pure CPU work, so the event loop (and aiosqlite's thread) never waits
on the GIL behind it.

Two small pools, each started on first use and started again if a worker died:

- `AI`: the games' own `ai_move`s (a hard Pop decision takes up to a fifth of a second of pure
  Python; every other table goes on meanwhile);
- `PICTURES`: every picture the bot posts (`render/`). At a few hundred tables drawing is most of
  the bot's CPU; in the bot's own process it kept database commits waiting for the GIL.

The functions they run are plain module-level functions of picklable arguments, deterministic
from them. `POP_PICTURE_WORKERS=0` (`Settings.picture_workers`) draws in the calling thread
instead: one process, as before.
"""

from __future__ import annotations

import asyncio
import atexit
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
# The forkserver imports these first: the entry script, and the one that has it and its
# workers outlive a SIGTERM sent to the whole process group (`bot.tables.worker_start`).
PRELOAD = ["__main__", "bot.tables.worker_start"]
R = TypeVar("R")


class Workers:
    """A process pool of `size` workers (0: run in the calling thread), started on first use;
    `nice`: how much lower than the bot's their CPU priority is."""

    def __init__(self, size: int, nice: int = 0) -> None:
        self.size = size
        self.nice = nice
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()  # pictures are submitted from several threads

    def _get(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                # forkserver: a clean child, not a fork of a process that runs threads and sockets
                context = multiprocessing.get_context("forkserver")
                context.set_forkserver_preload(PRELOAD)
                self._pool = ProcessPoolExecutor(
                    max_workers=self.size,
                    mp_context=context,
                    initializer=os.nice,
                    initargs=(self.nice,),
                )
                atexit.register(self._pool.shutdown, wait=False, cancel_futures=True)
            return self._pool

    def _broken(self, pool: ProcessPoolExecutor) -> None:
        with self._lock:
            if self._pool is pool:
                self._pool = None

    def _submit(self, fn: Callable[..., R], args: Any, kwargs: Any) -> Future[R]:
        """Submit to the pool; a pool broken by a dead worker is replaced, once."""
        pool = self._get()
        try:
            future = pool.submit(fn, *args, **kwargs)
        except BrokenProcessPool:  # a worker died earlier
            self._broken(pool)
            pool = self._get()
            future = pool.submit(fn, *args, **kwargs)
        # A worker that dies under this call breaks the pool: the next call gets a fresh one.
        future.add_done_callback(lambda done: self._forget_if_broken(pool, done))
        return future

    def _forget_if_broken(self, pool: ProcessPoolExecutor, done: Future[Any]) -> None:
        if not done.cancelled() and isinstance(done.exception(), BrokenProcessPool):
            self._broken(pool)

    def call(self, fn: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> R:
        """fn(*args, **kwargs) in a worker, waiting here: for code that already runs in a
        thread (a face's post, drawn off the event loop)."""
        if self.size == 0:
            return fn(*args, **kwargs)
        try:
            return self._submit(fn, args, kwargs).result()
        except BrokenProcessPool:  # the worker died under this call: again, in a fresh pool
            return self._submit(fn, args, kwargs).result()

    async def run(self, fn: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> R:
        """fn(*args, **kwargs) in a worker, awaited."""
        if self.size == 0:
            return await asyncio.to_thread(fn, *args, **kwargs)
        try:
            return await asyncio.wrap_future(self._submit(fn, args, kwargs))
        except BrokenProcessPool:
            return await asyncio.wrap_future(self._submit(fn, args, kwargs))


CORES = os.cpu_count() or 2
# A little below the bot too: when the cores are busy, a click's answer comes before a move.
AI = Workers(max(1, min(2, CORES - 1)), nice=5)
# Drawing is the bulk of the bot's CPU under load: a worker per core (the event loop itself
# needs little), at most 4. At a lower priority: when the cores are all busy, answering a click
# goes first and a picture waits a little (it is paced seconds apart anyway).
PICTURES = Workers(max(1, min(4, CORES)), nice=10)
