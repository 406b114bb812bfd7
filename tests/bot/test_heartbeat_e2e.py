"""`pop-bot check --alive`, run in a process of its own as a container's HEALTHCHECK runs it,
tells a live bot from a hung or disconnected one by the bot's heartbeat: the real bot on the
loopback Discord, its event loop blocked, then its gateway cut."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.running.heartbeat import STALE_AFTER
from bot.running.main import create_bot, load_settings

ROOT = Path(__file__).resolve().parents[2]
EVERY = 1.0  # seconds between heartbeats here (10 by default)


def check_alive(cwd: Path, **settings: str | None) -> tuple[int, list[str], str]:
    """(exit code, its "alive" lines, all it printed) of `pop-bot check --alive` with this
    process's settings (the bot's), but for the given ones (None: unset)."""
    env = os.environ | {"PYTHONPATH": str(ROOT)} | settings
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "check", "--alive"],
        cwd=cwd,
        env={name: value for name, value in env.items() if value is not None},
        capture_output=True,
        text=True,
        timeout=60,
    )
    alive = [line for line in done.stdout.splitlines() if re.match(r"^(ok|FAIL) +alive ", line)]
    return done.returncode, alive, done.stdout + done.stderr


async def until_checked(
    cwd: Path, wanted: Callable[[list[str]], bool], what: str, timeout: float = 30
) -> tuple[int, list[str]]:
    """Run the check (beside the running bot) until its alive lines are as wanted."""
    deadline = time.monotonic() + timeout
    while True:
        code, lines, output = await asyncio.to_thread(check_alive, cwd)
        assert "Traceback" not in output, output
        if wanted(lines):
            return code, lines
        if time.monotonic() > deadline:
            raise AssertionError(f"the check never said {what}: {output}")
        await asyncio.sleep(EVERY / 2)


def connected(lines: list[str]) -> bool:
    return len(lines) == 1 and lines[0].startswith("ok   alive      the bot: connected to Discord")


@pytest.fixture
def beating_env(fast_bot_env, monkeypatch):
    monkeypatch.setenv("POP_HEARTBEAT_EVERY", str(EVERY))
    return fast_bot_env


async def test_check_alive_sees_a_live_bot_a_blocked_loop_and_a_cut_gateway(
    emu, beating_env, start_bot
):
    await start_bot(lambda: create_bot(load_settings()))
    here = f"pid {os.getpid()} on "  # the bot runs in this process
    code, [line] = await until_checked(beating_env, connected, "the bot is connected")
    assert code == 0
    assert re.fullmatch(
        rf"ok   alive      the bot: connected to Discord \(last heartbeat \d+ s ago, {here}\S+\)",
        line,
    )

    # The bot's event loop (this test's) hangs: it writes no heartbeat, whatever its threads do.
    time.sleep(STALE_AFTER * EVERY + 1.5)
    code, [line], output = check_alive(beating_env)  # still hung while the check runs
    assert code == 1, output
    assert re.fullmatch(
        r"FAIL alive      the bot: no heartbeat for \d+ s \(it beats every 1 s\): its event loop"
        rf" is stuck, or the process is gone \({here}\S+\)",
        line,
    )
    # The loop turns again: so does the heartbeat.
    code, _ = await until_checked(beating_env, connected, "the bot is alive again")
    assert code == 0

    # The network between the bot and Discord's gateway is cut: discord.py keeps retrying.
    await emu.cut_gateway()
    code, [line] = await until_checked(
        beating_env, lambda lines: lines[0].startswith("FAIL"), "the gateway is down"
    )
    assert code == 1
    assert re.fullmatch(
        r"FAIL alive      the bot: disconnected from Discord's gateway for \d+ s \(last heartbeat"
        rf" \d+ s ago, {here}\S+\)",
        line,
    )
    emu.restore_gateway()
    code, _ = await until_checked(beating_env, connected, "the bot reconnected", timeout=60)
    assert code == 0
