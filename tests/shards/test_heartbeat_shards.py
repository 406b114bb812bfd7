"""Two processes of one bot, one shard each, on one PostgreSQL: each beats for its own shard,
`pop-bot check --alive` with the deployment's shard count judges every shard, and with a
process's own POP_SHARD_IDS (its container's HEALTHCHECK) only that process's shards."""

from __future__ import annotations

import asyncio
import os
import re

from bot.running.main import create_bot, load_settings
from tests.bot.test_heartbeat_e2e import check_alive


async def test_each_shard_process_beats_for_its_own_shard(
    emu, bot_env, start_bot, pg_schema, monkeypatch
):
    url, schema = pg_schema
    for shard in (0, 1):
        emu.add_guild(f"Club {shard}", shard=(shard, 2))
    for name, value in {
        "POP_DATABASE_URL": f"{url}?search_path={schema}",
        "POP_SHARD_COUNT": "2",
        "POP_HEARTBEAT_EVERY": "1",
        "POP_STEP_DELAY": "0",
        "POP_TURN_TIMER": "0",
    }.items():
        monkeypatch.setenv(name, value)
    runners = []
    for shard in (0, 1):  # two "processes", each built from its own settings
        monkeypatch.setenv("POP_SHARD_IDS", str(shard))
        runners.append(await start_bot(lambda: create_bot(load_settings())))
    here = rf"pid {os.getpid()} on \S+"

    async def check(**settings: str | None) -> tuple[int, list[str]]:
        for _ in range(60):  # until both have beaten since their gateway connected
            code, lines, output = await asyncio.to_thread(check_alive, bot_env, **settings)
            assert "Traceback" not in output, output
            if "starting" not in output:
                return code, lines
            await asyncio.sleep(0.5)
        raise AssertionError(output)

    code, lines = await check(POP_SHARD_IDS=None)  # the whole deployment
    assert code == 0, lines
    assert len(lines) == 2
    for shard, line in enumerate(lines):
        assert re.fullmatch(
            rf"ok   alive      shard {shard} of 2: connected to Discord \(last heartbeat \d+ s"
            rf" ago, {here}\)",
            line,
        )

    await runners[1].stop()  # shard 1's process stops (a deploy, a crash cleaned up)
    code, lines = await check(POP_SHARD_IDS=None)
    assert code == 1
    assert lines[0].startswith("ok   alive      shard 0 of 2: connected to Discord")
    assert re.fullmatch(rf"FAIL alive      shard 1 of 2: stopped \d+ s ago \({here}\)", lines[1])
    code, lines = await check(POP_SHARD_IDS="0")  # shard 0's own container's check
    assert code == 0
    assert len(lines) == 1
    assert lines[0].startswith("ok   alive      shard 0 of 2: connected to Discord")
