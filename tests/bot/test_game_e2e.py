"""Whole games through the real bot and the real discord.py, over the wire, by clicks only."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.bot.story import assert_no_secret_shown, open_table, play_turn, scoreboard

pytestmark = pytest.mark.asyncio


async def test_three_seat_competitive_game_by_clicks(emu, world, pop_bot, tmp_path):
    ana, ben, cleo = world.ana, world.ben, world.cleo
    # Discord's limit of 5 messages a window on the thread, in a window of 1 s instead of 5 s:
    # the game's 99 posts wait on it as they would on Discord (it fills 19 times either way,
    # and the table falls behind and groups steps), in 20 s instead of 96 s.
    emu.message_rate = (5, 1.0)
    # Two sets: a new deal and the game's totals, at two thirds of a 3-set game's time.
    _number, thread, lobby = await open_table(emu, world, ana, sets=2)  # competitive
    await ben.click(lobby, label="Join")
    await cleo.click(lobby, label="Join")
    assert "Ana, Ben, Cleo" in lobby.text
    await ana.click(lobby, label="Start")

    turns = [
        await play_turn(emu, [ana, ben, cleo], thread, f"Set {n}/2 · turn {k}**")
        for n in (1, 2)
        for k in range(1, 9)
    ]

    final = await scoreboard(emu, ana, thread)
    assert "Rematch" in final.button_labels
    assert final.attachments

    # Each player's ephemeral messages are theirs alone, and show only their own cards.
    for player, others in ((ana, (ben, cleo)), (ben, (ana, cleo)), (cleo, (ana, ben))):
        mine = player.ephemeral_messages(thread)
        assert len(mine) >= 16
        for message in mine:
            assert all(message not in o.visible_messages(thread) for o in others)
    assert_no_secret_shown([m for m in ana.visible_messages(thread) if not m.ephemeral], turns)
    await assert_record_replays_to_announced_scores(world, thread, final, [ana, ben, cleo])

    # Buttons dispatch by template, so discord.py keeps none of the 16+ hands' views: left
    # tracked, each ephemeral one would stay in memory 15 minutes with a timer task.
    store = pop_bot.client._connection._view_store
    assert not store._views
    assert not store._synced_message_views
    lingering = [t for t in asyncio.all_tasks() if "timeout_task" in t.get_coro().__qualname__]
    assert not lingering


def replay_summary(record_bytes: bytes, tmp_path) -> dict:
    path = tmp_path / "record.json"
    path.write_bytes(record_bytes)
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "replay", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


async def assert_record_replays_to_announced_scores(world, thread, final, players):
    """/pop record gives the pop-record/1 of the game; it replays to the announced scores."""
    asked = await players[0].at(thread).slash("table", "record")
    message = await asked.wait_message(lambda m: m.attachments)
    record = await players[0].download(message.attachments[0])
    with tempfile.TemporaryDirectory() as folder:  # removed after, unlike mkdtemp's
        summary = replay_summary(record, Path(folder))
    announced = {}
    lines = [
        line
        for m in sorted(players[0].visible_messages(thread), key=lambda m: m.id)
        for line in m.text.splitlines()
    ]
    set_lines = [line for line in lines if re.match(r"\*\*Set \d+\*\* —", line)]
    assert len(set_lines) == len(summary["sets"])
    for line in set_lines:
        for name, score in re.findall(r"(\w+) (\d+)", line.split("—", 1)[1]):
            announced[name] = announced.get(name, 0) + int(score)
    by_name = {str(p.id): p.name.capitalize() for p in players}
    assert {by_name[s]: n for s, n in summary["totals"].items()} == announced
    winners = [by_name[s] for s in summary["winners"]]
    assert all(w in final.text for w in winners)
