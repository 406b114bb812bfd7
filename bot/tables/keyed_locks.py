"""Locks by key, each let go with its last user: work on one key runs one at a time (a seat's
redraws of its private message), and nothing is kept for a key nobody is using."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Hashable


class KeyedLocks:
    def __init__(self) -> None:
        # key → its lock, and how many hold or wait for it
        self.locks: dict[Hashable, tuple[asyncio.Lock, list[int]]] = {}

    @contextlib.asynccontextmanager
    async def one_at_a_time(self, key: Hashable) -> AsyncIterator[None]:
        """Hold `key`'s lock; the lock goes once nobody holds or awaits it (so a key whose
        owner left, a table leaving memory, cannot take a lock from under its last user)."""
        lock, users = self.locks.setdefault(key, (asyncio.Lock(), [0]))
        users[0] += 1
        try:
            async with lock:
                yield
        finally:
            users[0] -= 1
            if not users[0]:
                del self.locks[key]
