"""Whole games through the real bot and the real discord.py, over the wire, by clicks only."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.bot.story import card_buttons, cards_mentioned, table_number, thread_of

pytestmark = pytest.mark.asyncio


async def open_table(emu, world, host, **options):
    opened = await host.slash("pop", "new", **options)
    message = await opened.wait_message()
    number = table_number(message)
    thread = await emu.wait_for(lambda: thread_of(world, number), 10, "the table's thread")
    lobby = await emu.wait_for(
        lambda: next((m for m in host.visible_messages(thread) if "Join" in m.button_labels),
                     None), 10, "the lobby message")
    return number, thread, lobby


async def play_turn(emu, players, thread, header, pick=lambda hand: hand[:1]):
    """Every player opens their hand from the table message of this turn and picks.
    Returns the table message, and what each player held and picked."""
    turn_message = await emu.wait_for(
        lambda: next((m for m in reversed(players[0].visible_messages(thread))
                      if "My hand" in m.button_labels and header in m.content), None),
        20, f"the table message of {header}")
    held, picked = {}, {}
    for player in players:
        opened = await player.click(turn_message, label="My hand")
        hand_message = await opened.wait_message(lambda m: m.buttons)
        assert hand_message.ephemeral and hand_message.visible_to(player.user)
        held[player.name] = hand = card_buttons(hand_message)
        picked[player.name] = pick(hand)
        for card in picked[player.name]:
            result = await player.click(hand_message, custom_id=next(
                b["custom_id"] for b in hand_message.buttons
                if b["custom_id"].endswith(f":card:{card}")))
            assert result.responded
        if any(b.get("label") == "Confirm" for b in hand_message.buttons):
            await player.click(hand_message, label="Confirm")
    return turn_message, held, picked


def assert_no_secret_shown(public, turns):
    """While a card is in a hand, no public message mentions it (text or picture alt text)."""
    public = sorted(public, key=lambda m: m.id)
    for i, (turn_message, held, picked) in enumerate(turns):
        secret = set().union(*map(set, held.values())) - set().union(*map(set, picked.values()))
        until = turns[i + 1][0].id if i + 1 < len(turns) else float("inf")
        for message in public:
            if turn_message.id <= message.id < until:
                assert not cards_mentioned(message) & secret, message.content
    never_played = secret
    for message in public:
        assert not cards_mentioned(message) & never_played, message.content


async def test_three_seat_competitive_game_by_clicks(emu, world, pop_bot, tmp_path):
    ana, ben, cleo = world.ana, world.ben, world.cleo
    number, thread, lobby = await open_table(emu, world, ana, mode="competitive", sets=1)
    await ben.click(lobby, label="Join")
    await cleo.click(lobby, label="Join")
    assert "Ana, Ben, Cleo" in lobby.content
    await ana.click(lobby, label="Start")

    turns = [await play_turn(emu, [ana, ben, cleo], thread, f"Set 1/1 · turn {k}**")
             for k in range(1, 9)]

    final = await emu.wait_for(
        lambda: next((m for m in ana.visible_messages(thread) if "Winner" in m.content
                      or "Shared victory" in m.content), None), 30, "the scoreboard")
    assert "Rematch" in final.button_labels and final.attachments

    # Each player's ephemeral messages are theirs alone, and show only their own cards.
    for player, others in ((ana, (ben, cleo)), (ben, (ana, cleo)), (cleo, (ana, ben))):
        mine = player.ephemeral_messages(thread)
        assert len(mine) >= 8
        for message in mine:
            assert all(message not in o.visible_messages(thread) for o in others)
    assert_no_secret_shown([m for m in ana.visible_messages(thread) if not m.ephemeral], turns)
    await assert_record_replays_to_announced_scores(world, thread, final, [ana, ben, cleo])


def replay_summary(record_bytes: bytes, tmp_path) -> dict:
    path = tmp_path / "record.json"
    path.write_bytes(record_bytes)
    done = subprocess.run([sys.executable, "-m", "bot.cli", "replay", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


async def assert_record_replays_to_announced_scores(world, thread, final, players):
    """/pop record gives the pop-record/1 of the game; it replays to the announced scores."""
    asked = await players[0].at(thread).slash("pop", "record")
    message = await asked.wait_message(lambda m: m.attachments)
    record = await players[0].download(message.attachments[0])
    summary = replay_summary(record, Path(tempfile.mkdtemp()))
    announced = {}
    for line in final.content.splitlines():
        if line.startswith("**Set"):
            for name, score in re.findall(r"(\w+) (\d+)", line.split("—", 1)[1]):
                announced.setdefault(name, 0)
                announced[name] += int(score)
    by_name = {str(p.id): p.name.capitalize() for p in players}
    assert {by_name[s]: n for s, n in summary["totals"].items()} == announced
    winners = [by_name[s] for s in summary["winners"]]
    assert all(w in final.content for w in winners)
