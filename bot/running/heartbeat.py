"""The running bot's heartbeat, read by `pop-bot check --alive` in a process of its own (a
container's HEALTHCHECK), which cannot otherwise tell a hung or disconnected bot from a healthy
one.

Every `every` seconds the bot writes one row per shard it runs (migration 008), from its event
loop: a loop that is stuck writes none. Each row says whether that shard's gateway connection
to Discord was up at the beat, and since when. The check fails when a shard's last beat is
older than `STALE_AFTER` beats, or its gateway has been down longer than `DOWN_AFTER` beats (a
reconnect takes a second or two). Rows are keyed by shard and shard count, so several shard
processes on one database (PostgreSQL, or SQLite) each keep their own.

Heartbeats are read by another process: they carry the machine's clock, never the tables'
(which a test may move by hand).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.storage.store import SqlStore

log = logging.getLogger("pop.heartbeat")

STALE_AFTER = 3  # beats missed: the event loop is stuck, or the process is gone
DOWN_AFTER = 2  # beats with the gateway down: more than a reconnect
STOP_TIMEOUT = 5.0  # seconds a stopping bot gives its last beat ("stopped")

STARTING, UP, DOWN, STOPPED = "starting", "up", "down", "stopped"


@dataclass(frozen=True)
class Beat:
    """One shard's last heartbeat."""

    shard: int
    shard_count: int
    host: str
    pid: int
    every: float
    beat_at: float
    gateway: str
    since: float


class Heartbeat:
    """Writes this process's heartbeat rows every `every` seconds while it runs; `stop` writes
    a last one saying it stopped."""

    def __init__(
        self,
        store: SqlStore,
        shard_count: int,
        shards: Sequence[int],
        gateway_up: Callable[[int], bool],
        every: float,
    ) -> None:
        self.store, self.shard_count, self.every = store, shard_count, every
        self.gateway_up = gateway_up
        self.host, self.pid = socket.gethostname(), os.getpid()
        started = time.time()
        self.states = {shard: (STARTING, started) for shard in shards}
        self.task: asyncio.Task[None] | None = None
        self.failing = False

    def start(self) -> None:
        self.task = asyncio.create_task(self._run(), name="heartbeat")

    async def _run(self) -> None:
        while True:
            try:
                await self.beat()
            except Exception as e:  # a database that does not answer: the check sees no beat
                if not self.failing:
                    log.warning("heartbeat not written: %s: %s", type(e).__name__, e)
                self.failing = True
            else:
                if self.failing:
                    log.info("heartbeat written again")
                self.failing = False
            await asyncio.sleep(self.every)

    async def beat(self, *, stopped: bool = False) -> None:
        now = time.time()
        for shard, (state, _since) in self.states.items():
            seen = STOPPED if stopped else UP if self.gateway_up(shard) else DOWN
            if seen == DOWN and state == STARTING:
                seen = STARTING  # not connected yet: not a disconnection
            if seen != state:
                self.states[shard] = (seen, now)
        await write_beats(
            self.store,
            [
                Beat(shard, self.shard_count, self.host, self.pid, self.every, now, state, since)
                for shard, (state, since) in self.states.items()
            ],
        )

    async def stop(self) -> None:
        """No more beats; a last one says the bot stopped (so the check says so, rather than
        calling it stuck)."""
        if self.task is None:
            return
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task
        self.task = None
        try:
            async with asyncio.timeout(STOP_TIMEOUT):
                await self.beat(stopped=True)
        except Exception as e:
            log.warning("last heartbeat not written: %s: %s", type(e).__name__, e)


async def write_beats(store: SqlStore, beats: Sequence[Beat]) -> None:
    async with store.transaction() as tx:
        for b in beats:
            await tx.execute(
                "INSERT INTO bot_heartbeats"
                " (shard, shard_count, host, pid, every, beat_at, gateway, since)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (shard, shard_count) DO UPDATE"
                " SET host = excluded.host, pid = excluded.pid, every = excluded.every,"
                " beat_at = excluded.beat_at, gateway = excluded.gateway, since = excluded.since",
                b.shard,
                b.shard_count,
                b.host,
                b.pid,
                b.every,
                b.beat_at,
                b.gateway,
                b.since,
            )


async def read_beats(store: SqlStore, shard_count: int) -> dict[int, Beat] | None:
    """The last beat of each shard of this shard count, by shard; None when the database has
    no heartbeats table (no pop-bot that beats has run on it)."""
    if not await store._has_table("bot_heartbeats"):
        return None
    rows = await store.fetch(
        "SELECT shard, shard_count, host, pid, every, beat_at, gateway, since"
        " FROM bot_heartbeats WHERE shard_count = ?",
        shard_count,
    )
    return {
        int(shard): Beat(
            int(shard),
            int(count),
            str(host),
            int(pid),
            float(every),
            float(beat_at),
            str(gateway),
            float(since),
        )
        for shard, count, host, pid, every, beat_at, gateway, since in rows
    }


def verdicts(
    beats: dict[int, Beat], shards: Sequence[int], shard_count: int, now: float
) -> list[tuple[bool, str]]:
    """(alive, one line) for each shard the check expects to be running."""
    return [_verdict(beats.get(shard), shard, shard_count, now) for shard in shards]


def _verdict(beat: Beat | None, shard: int, shard_count: int, now: float) -> tuple[bool, str]:
    who = "the bot" if shard_count == 1 else f"shard {shard} of {shard_count}"
    if beat is None:
        return False, f"{who}: no heartbeat: is pop-bot run running against this database?"
    age, lasted = max(0.0, now - beat.beat_at), max(0.0, now - beat.since)
    where = f"pid {beat.pid} on {beat.host}"
    if beat.gateway == STOPPED:
        return False, f"{who}: stopped {span(age)} ago ({where})"
    if age > STALE_AFTER * beat.every:
        return False, (
            f"{who}: no heartbeat for {span(age)} (it beats every {beat.every:g} s): its event"
            f" loop is stuck, or the process is gone ({where})"
        )
    last = f"last heartbeat {span(age)} ago, {where}"
    down_too_long = lasted > DOWN_AFTER * beat.every
    if beat.gateway == UP:
        return True, f"{who}: connected to Discord ({last})"
    if beat.gateway == STARTING:
        if down_too_long:
            return (
                False,
                f"{who}: not connected to Discord since it started {span(lasted)} ago ({last})",
            )
        return True, f"{who}: starting, not connected to Discord yet ({last})"
    if down_too_long:
        return False, f"{who}: disconnected from Discord's gateway for {span(lasted)} ({last})"
    return True, f"{who}: reconnecting to Discord's gateway ({span(lasted)} so far; {last})"


def span(seconds: float) -> str:
    """A duration as an operator reads it: 4 s, 12 min, 3.5 h."""
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"
