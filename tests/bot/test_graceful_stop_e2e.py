"""A graceful stop in the middle of a table's posts: `pop-bot run`, in a process group of its
own, gets SIGTERM while the reveal's steps are shown on the turn's message, as systemd stops a
service (every process of it: the bot, its picture workers and their forkserver). Discord then
fails every edit and post. The bot ends quietly (exit 0, no traceback in its log, no process left
behind), and the next start shows what was left, each picture once and in order. Work a stop interrupts
elsewhere (a hand's redraw, an AI seat's move) ends in one quiet line too."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from pathlib import Path

import pytest

from tests.bot.story import (
    card_buttons,
    open_hand,
    open_table,
    pick_and_confirm,
    start_table,
    turn_message,
)

pytestmark = pytest.mark.asyncio


async def start_process(emu, tmp_path: Path, name: str):
    """`pop-bot run` against the emulator, in a process group of its own; its log in a file."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("POP_", "DISCORD_"))}
    env.update(
        {
            "DISCORD_TOKEN": emu.token,
            "POP_DATABASE_PATH": str(tmp_path / "pop.sqlite3"),
            "POP_DISCORD_API_BASE": emu.api_base,
            "POP_DISCORD_GATEWAY_URL": emu.gateway_url,
            "POP_STEP_DELAY": "0.5",  # the next step is due well within the stop's grace
            "POP_TURN_TIMER": "0",
            "POP_PICTURE_WORKERS": "1",  # drawn in a worker process, as in production
        }
    )
    log_path = tmp_path / f"{name}.log"
    with log_path.open("wb") as log:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot.cli",
            "run",
            env=env,
            stdout=log,
            stderr=log,
            start_new_session=True,
        )
    try:
        await emu.wait_for(
            lambda: process.returncode is not None or "ready as" in log_path.read_text(),
            30,
            "the bot to be ready",
        )
    except TimeoutError:
        await stopped(process)
        raise AssertionError(log_path.read_text()[-3000:]) from None
    assert process.returncode is None, log_path.read_text()[-3000:]
    return process, log_path


async def stopped(process, sig: int = signal.SIGKILL) -> None:
    """Signal the process's whole group (a service's every process) and wait for the bot."""
    if process.returncode is None:
        os.killpg(process.pid, sig)
        await asyncio.wait_for(process.wait(), 30)


def group_gone(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    return False


def step_pictures(message) -> list[str]:
    """The reveal's step pictures the turn's message shows (its story, edited in place)."""
    return [a.filename for a in message.attachments if a.filename.startswith("s1-t1-")]


async def test_a_stop_amid_posts_is_quiet_and_the_next_start_posts_the_rest(emu, world, tmp_path):
    ana, ben = world.ana, world.ben
    process, log_path = await start_process(emu, tmp_path, "first")
    try:
        _, thread, lobby = await open_table(emu, world, ana, sets=1)
        await ben.click(lobby, label="Join")
        await ana.click(lobby, label="Start")
        first = await turn_message(emu, ana, thread, "Set 1/1 · turn 1**", timeout=30)
        for player in (ana, ben):
            hand = await open_hand(player, first)
            await pick_and_confirm(emu, player, hand, card_buttons(hand)[:2])
        # The reveal's first step is on the turn's message: the service is stopped, and
        # Discord fails every edit and post after it (as it did the tester's).
        await emu.wait_for(lambda: step_pictures(first), 30, "the reveal's first step")
        os.killpg(process.pid, signal.SIGTERM)
        failing = [
            emu.fail_next(503, 1000, method="PATCH", path=f"/messages/{first.id}"),
            emu.fail_message_posts(503, seconds=60),
        ]
        await asyncio.wait_for(process.wait(), 30)
    finally:
        await stopped(process)
    said = log_path.read_text()
    assert process.returncode == 0, said[-3000:]
    assert "SIGTERM" in said, said[-3000:]
    assert "closed" in said, said[-3000:]
    assert "Traceback" not in said, said[-3000:]
    await emu.wait_for(lambda: group_gone(process.pid), 10, "the bot's workers to end with it")
    assert failing[1].hits == 0  # the stop posted nothing after the edit it was making
    posted_before = step_pictures(first)
    assert posted_before
    for fault in failing:
        fault.cancel()
    # The next start tells the rest of the story from where it stopped; and stops quietly
    # too, just as its new turn redraws the players' hands.
    process, log_path = await start_process(emu, tmp_path, "second")
    try:
        await turn_message(emu, ana, thread, "Set 1/1 · turn 2**", timeout=60)
    finally:
        await stopped(process, signal.SIGTERM)
    said = log_path.read_text()
    assert process.returncode == 0, said[-3000:]
    assert "Traceback" not in said, said[-3000:]
    steps = step_pictures(first)
    assert steps[: len(posted_before)] == posted_before or len(first.attachments) == 10
    numbers = [int(name[6:8]) for name in steps]
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))  # each once, in order
    assert first.button_labels == []


async def test_work_a_stop_interrupts_ends_in_one_quiet_line(
    emu, world, pop_bot, caplog, monkeypatch
):
    ana, ben = world.ana, world.ben
    number, thread = await start_table(emu, world, ana, [ben], sets=1)
    first = await turn_message(emu, ana, thread, "Set 1/1 · turn 1**")
    await open_hand(ana, first)
    tables = pop_bot.client.tables
    box = tables.outboxes.of(number)
    seat = tables.held.cache[number].table.seat_of_user(ana.user.id)
    await emu.wait_for(
        lambda: tables.held.cache[number].table.seat(seat.id).private, 10, "her hand"
    )

    async def session_closed(*_args, **_kwargs):
        tables.stopping = True  # the stop began while the hand's edit was on its way
        raise RuntimeError("Session is closed")

    async def ai_move():
        raise RuntimeError("the workers are gone")

    monkeypatch.setattr(box.transport, "edit_private", session_closed)
    caplog.set_level(logging.INFO)
    tables.outboxes.of(number).redraw_private(seat.id)
    assert box.privates.task is not None
    await box.privates.task
    tables.work.run(ai_move(), f"ai-{number}")
    await emu.wait_for(lambda: not tables.work.tasks, 10, "the AI seat's work to end")
    loud = [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]
    assert loud == []
    assert "private message not redrawn" in caplog.text
    assert f"ai-{number}: left for the next start (RuntimeError)" in caplog.text
