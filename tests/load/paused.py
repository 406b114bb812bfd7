"""The paused tables of `python -m tests.load --paused N`: N Pop tables whose threads refuse the
bot's posts (a moderator took away Send Messages in Threads in their channels), stored as paused
with their turn's message owed, and pressed again and again by their players while the other
tables play. Every try of a paused table is a refused request (403), and Discord bans a bot at
10,000 invalid requests in 10 minutes: what matters is how many the bot makes.

The copies are made as `--idle` makes its slow tables (`tests.load.idle`: one table played for
real, copied N times straight into the database before the measured bot starts): to the bot, a
restart with N paused tables, each owing its turn's message (so each is loaded at start).

What it measures beside the playing tables' figures, from the bot's start to the end:

- the invalid requests (401, 403, 429) the bot made, in all and in the last minute (its pace
  once the start is over; ×10 is what 10 minutes at that pace would make);
- the presses on paused tables (My hand, at `PRESSES_PER_SECOND` over all of them, round
  robin): each is told the table is paused; their answer latency p50/p99.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.model.table import Table

from .idle import IdleTables, _press

PRESSES_PER_SECOND = 20.0
INVALID_STATUSES = (401, 403, 429)


class PausedTables(IdleTables):
    """The copies, paused, in channels that refuse the bot's posts in their threads."""

    owes_work = True  # a paused table tries again after a restart: each one is loaded

    def __init__(self, emu, count: int, seed: int = 1) -> None:
        from tests.discord_emulator import Perm  # here: the bot's process never imports it

        super().__init__(emu, count, seed)
        self.due_count = 0  # no deadline: the table waits for its permission
        for _guild, channel, _people in self.guilds:
            emu.deny(channel, emu.bot_user, Perm.SEND_MESSAGES_IN_THREADS)

    def shape(self, table: Table) -> None:
        """Paused for a lost permission, its turn's message refused and still owed."""
        table.paused = "forbidden"
        table.turn_message_epoch = None

    async def press(self) -> None:
        """The seated players press My hand on their paused tables, round robin, for ever."""
        pressing: set[asyncio.Task] = set()
        try:
            while True:
                for actor, message in self.clickable.values():
                    task = asyncio.create_task(_press(actor, message))
                    pressing.add(task)
                    task.add_done_callback(pressing.discard)
                    await asyncio.sleep(1 / PRESSES_PER_SECOND)
        finally:
            for task in pressing:
                task.cancel()

    def paused_figures(self, emu, resumed_at: float, end: float) -> dict[str, Any]:
        from .bench_load import _rounded, percentile  # here: bench_load imports this module

        presses = [
            i
            for i in emu.interactions.values()
            if i.user.id in self.user_ids and i.type == 3 and resumed_at <= i.created_at < end
        ]
        latencies = [(i.answered_at - i.created_at) * 1000 for i in presses if i.responded]
        invalid = [
            r for r in emu.request_log if r.status in INVALID_STATUSES and resumed_at <= r.at < end
        ]
        last_minute = sum(1 for r in invalid if r.at >= end - 60)
        seconds = max(end - resumed_at, 1e-9)
        return {
            "paused_tables": self.count,
            "paused_presses": len(presses),
            "paused_presses_unanswered": sum(1 for i in presses if not i.responded),
            "paused_press_ms_p50": _rounded(percentile(latencies, 50)),
            "paused_press_ms_p99": _rounded(percentile(latencies, 99)),
            "seconds_since_start": round(seconds, 1),
            "invalid_requests_since_start": len(invalid),
            "invalid_403_since_start": sum(1 for r in invalid if r.status == 403),
            "invalid_in_last_minute": last_minute,
            "invalid_last_minute_x10": last_minute * 10,
        }
