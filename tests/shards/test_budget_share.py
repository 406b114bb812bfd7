"""Two bot processes on one token share its global limit: each takes its shards' share of the
request budget, so together they stay under the limit and never meet a global 429.

The emulator's global limit is lowered to 6 requests per second and the budget set to 4
(POP_REQUEST_RATE): each process of two shards takes 2 per second (at most 3 in any second with
its burst of one). Without the split each would send 4 a second, 8 together, and the emulator
would answer global 429s. Both processes are kept busy
opening tables at once (each request-hungry: a thread, the lobby, its edits, the first turn)
for a few seconds. Each process keeps its tables in its own SQLite file: the subject is the
shared limit, not the shared database (tests/shards/test_two_processes.py).
"""

from __future__ import annotations

import asyncio
from bisect import bisect_left

from tests.bot.story import start_table
from tests.discord_emulator.ratelimit import Window
from tests.discord_emulator.server import TOKEN_ROUTES
from tests.shards.test_two_processes import BotProcess, bot_process_env, guild_with_players

LIMIT = 6  # the emulator's global limit in this test, per second
RATE = 4  # the token's budget, split between the two processes: 2 per second each


async def test_two_processes_together_stay_under_the_global_limit(emu, tmp_path):
    emu.global_window = Window(LIMIT, 1.0, bucket="global")
    emu.message_rate = (50, 5.0)  # the subject is the global limit, not the per-channel one
    worlds = [guild_with_players(emu, shard) for shard in (0, 1)]
    env = bot_process_env(emu) | {
        "POP_SHARD_COUNT": "2",
        "POP_REQUEST_RATE": str(RATE),
        "POP_STEP_DELAY": "0",
        "POP_TURN_TIMER": "0",
        "POP_LOG_LEVEL": "INFO",
    }
    procs = []
    for shard in (0, 1):
        workdir = tmp_path / f"shard-{shard}"
        workdir.mkdir()
        procs.append(
            BotProcess(
                shard, env | {"POP_DATABASE_PATH": str(workdir / "pop.sqlite3")}, workdir / "log"
            )
        )

    def ready(shard: int) -> bool:
        session = emu.session_for(worlds[shard].guild)
        return session is not None and session.ready and "ready as" in procs[shard].log.read_text()

    try:
        for proc in procs:
            proc.start()
        await emu.wait_for(lambda: ready(0) and ready(1), 30, "both processes")
        began = emu.clock.now()
        # Every player of both guilds opens a table with two AI seats and starts it, at once.
        await asyncio.gather(
            *(start_table(emu, w, player, ai=2, sets=1) for w in worlds for player in w.players)
        )

        def turns() -> int:
            return sum(1 for m in emu.messages.values() if "My hand" in m.button_labels)

        await emu.wait_for(lambda: turns() == 6, 60, "every table's first turn")
        ended = emu.clock.now()
    finally:
        for proc in procs:
            proc.stop()

    budgeted = [
        r for r in emu.request_log if began <= r.at <= ended and not r.path.startswith(TOKEN_ROUTES)
    ]
    times = sorted(r.at for r in budgeted)
    peak = max(bisect_left(times, t + 1.0) - i for i, t in enumerate(times))
    per_guild = [0, 0]
    for r in budgeted:
        channel = next((int(p) for p in r.path.split("/") if p.isdigit()), None)
        found = emu.channel_by_id(channel) if channel else None
        guild = getattr(found, "guild", None)
        for shard, world in enumerate(worlds):
            if guild is world.guild:
                per_guild[shard] += 1
    print(
        f"{len(budgeted)} budgeted requests in {ended - began:.1f} s, per guild {per_guild}, "
        f"peak {peak} in one second (limit {LIMIT})"
    )
    assert emu.global_rate_limited() == 0
    assert peak <= LIMIT  # together under the limit, in every second
    assert min(per_guild) >= 8  # both processes were busy, for seconds at their share
    assert ended - began >= 3
