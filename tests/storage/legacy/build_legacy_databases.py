# mypy: ignore-errors
"""How tests/storage/legacy/pop-0.2.sqlite3 was made: the OLD bot (schema 001–002, commit ecd1c0b)
played through the emulator, and its database copied while it ran. Not collected by pytest here
(it imports the old bot); to rebuild the file:

    git worktree add /tmp/oldpop ecd1c0b
    cp tests/storage/legacy/build_legacy_databases.py /tmp/oldpop/tests/bot/test_build_legacy.py
    cd /tmp/oldpop && LEGACY_OUT=$PWD/pop-0.2.sqlite3 \
        /work/main/.venv/bin/python -m pytest -q tests/bot/test_build_legacy.py

Tables, in order of their ids: 1 a finished two-player game (results), 2 an Enigma attempt
(solved), 3 a cooperative game in turn 1 with ben's signal and ana's pick, 4 a lobby, 5 a
competitive game in turn 2 where only ana has picked, 6 a competitive game whose turn 2 was
revealed but only part of its step pictures were posted (the copy is taken while the bot waits
between two pictures). Beside it, pop-0.2.discord.json: the Discord side at that moment (ids,
threads, the bot's public messages and their buttons), for the end-to-end test.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3

import pytest

from engine.pop.enigma import load_pack, solve
from tests.bot.story import (
    open_hand,
    open_table,
    pick_and_confirm,
    play_turn,
    scoreboard,
    start_table,
    turn_message,
)

pytestmark = pytest.mark.asyncio
PACK = {p.id: p for p in load_pack()}


def copy_database(source: str, target: str) -> None:
    """A consistent copy of a live WAL database (the backup API reads one snapshot)."""
    if os.path.exists(target):
        os.remove(target)
    with sqlite3.connect(source) as live, sqlite3.connect(target) as copy:
        live.backup(copy)
        copy.execute("PRAGMA journal_mode=DELETE")
    with sqlite3.connect(target) as copy:
        copy.execute("VACUUM")


async def test_build(emu, world, roomy_channels, bot_env, pop_bot):
    ana, ben, cleo = world.ana, world.ben, world.cleo
    service = pop_bot.client.service

    # 1: a finished two-player game (the two-player variant: two cards a turn).
    _, thread = await start_table(emu, world, ana, [ben], sets=1)
    for k in range(1, 9):
        await play_turn(
            emu, [ana, ben], thread, f"Set 1/1 · turn {k}**", pick=lambda hand: hand[:2]
        )
    await scoreboard(emu, ana, thread)

    # 2: an Enigma, solved.
    opened = await ana.slash("pop", "enigma", difficulty="easy")
    message = await opened.wait_message(lambda m: m.buttons)
    puzzle = PACK[re.search(r"Enigma (e\d+)", message.content).group(1)]
    for card in solve(puzzle.grid, puzzle.hand)[0]:
        await ana.click(
            message,
            custom_id=next(
                b["custom_id"] for b in message.buttons if b["custom_id"].endswith(f":card:{card}")
            ),
        )
    await emu.wait_for(lambda: "5 of 5" in message.content, 10, "five cards selected")
    await ana.click(message, label="Confirm")
    await emu.wait_for(
        lambda: any(
            "Try again" in m.button_labels and m.id > message.id for m in ana.ephemeral_messages()
        ),
        20,
        "the result",
    )

    # 3: cooperative, turn 1: ben signals, ana picks.
    _, coop = await start_table(emu, world, ana, [ben, cleo], mode="coop")
    turn = await emu.wait_for(
        lambda: next((m for m in ana.visible_messages(coop) if "Signal" in m.button_labels), None),
        10,
        "turn 1",
    )
    menu = await (await ben.click(turn, label="Signal")).wait_message(lambda m: m.components)
    option = menu.iter_components()[0]["options"][0]["value"]
    await ben.choose(menu, option)
    colour, column = option.split(":")
    await emu.wait_for(
        lambda: any(
            f"**{colour}** — I'd like column **{column}**" in m.content
            for m in ana.visible_messages(coop)
        ),
        10,
        "the signal",
    )
    hand = await open_hand(ana, turn)
    await pick_and_confirm(emu, ana, hand, [int(hand.buttons[0]["custom_id"].rsplit(":", 1)[1])])

    # 4: a lobby.
    await open_table(emu, world, cleo)

    # 5: competitive, turn 1 played, turn 2: only ana has picked.
    _, mid_turn = await start_table(emu, world, ben, [ana, cleo], sets=1)
    await play_turn(emu, [ben, ana, cleo], mid_turn, "Set 1/1 · turn 1**")
    turn = await turn_message(emu, ana, mid_turn, "Set 1/1 · turn 2**")
    hand = await open_hand(ana, turn)
    await pick_and_confirm(emu, ana, hand, [int(hand.buttons[0]["custom_id"].rsplit(":", 1)[1])])

    # 6: competitive, turn 2 revealed and still being posted.
    _, revealing = await start_table(emu, world, cleo, [ana, ben], sets=1)
    await play_turn(emu, [cleo, ana, ben], revealing, "Set 1/1 · turn 1**")
    turn = await turn_message(emu, ana, revealing, "Set 1/1 · turn 2**")
    for player in (cleo, ana):
        hand = await open_hand(player, turn)
        await pick_and_confirm(
            emu, player, hand, [int(hand.buttons[0]["custom_id"].rsplit(":", 1)[1])]
        )
    service.step_delay = 120  # the outbox waits between two step pictures: copy then
    hand = await open_hand(ben, turn)
    await pick_and_confirm(emu, ben, hand, [int(hand.buttons[0]["custom_id"].rsplit(":", 1)[1])])
    path = str(bot_env / "pop.sqlite3")

    def posting() -> bool:
        with sqlite3.connect(path) as db:
            row = db.execute("SELECT data FROM pop_tables WHERE id = 6").fetchone()
        reveals = json.loads(row[0])["reveals"]
        return bool(reveals) and reveals[0]["posted"] >= 1

    await emu.wait_for(posting, 20, "the first step picture of turn 2")
    copy_database(path, os.environ["LEGACY_OUT"])
    snapshot_discord(emu, world, os.environ["LEGACY_OUT"].replace(".sqlite3", ".discord.json"))


def snapshot_discord(emu, world, target: str) -> None:
    """What Discord holds that the database points at: the ids of the guild, channel, users and
    bot, the tables' threads, and the bot's public messages in them (text and buttons; pictures
    left out), so a test can rebuild that world around the database."""
    threads = world.guild.threads
    where = {world.games.id} | {t.id for t in threads}
    snapshot = {
        "bot": emu.bot_user.id,
        "guild": world.guild.id,
        "games": world.games.id,
        "users": {p.name: p.user.id for p in (world.ana, world.ben, world.cleo)},
        "threads": [{"id": t.id, "name": t.name} for t in threads],
        "messages": [
            {
                "id": m.id,
                "channel": m.channel.id,
                "content": m.content,
                "components": m.components,
                "files": [a.filename for a in m.attachments],
            }
            for m in sorted(emu.messages.values(), key=lambda m: m.id)
            if m.author is emu.bot_user and not m.ephemeral and m.channel.id in where
        ],
    }
    with open(target, "w", encoding="utf-8") as out:
        json.dump(snapshot, out, indent=1, ensure_ascii=False)
