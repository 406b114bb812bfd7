"""A fifth game costs its own folder and one registration line: four in a row
(`tests/fourrow/`), registered by this test alone, plays end to end through the real bot on
the loopback Discord — the lobby, moves by clicks, a refusal, a restart in the middle, the
results, `/table record`, and the record read back by `pop-bot replay`."""

from __future__ import annotations

import json
import re

import pytest

from bot import cli
from bot.games import GAMES, register, unregister
from bot.running.main import create_bot, load_settings
from tests.fourrow.entry import ENTRY
from tests.fourrow.game import FOURROW

pytestmark = pytest.mark.asyncio


@pytest.fixture
def fourrow():
    """Four in a row at the tables, for this test only."""
    register(ENTRY)
    yield ENTRY
    unregister(ENTRY.key)
    assert ENTRY.key not in GAMES


def thread_of(world, number):
    return next((c for c in world.guild.threads if f"#{number}" in c.name), None)


async def turn_message(emu, actor, thread, move):
    header = f"move {move}**"
    return await emu.wait_for(
        lambda: next(
            (m for m in reversed(actor.visible_messages(thread)) if header in m.text and m.buttons),
            None,
        ),
        20,
        f"the table message of move {move}",
    )


async def drop(emu, bot, actor, thread, number, move, column):
    """`actor` presses column `column` on move `move`'s message; the move is then made."""
    message = await turn_message(emu, actor, thread, move)
    await actor.click(message, label=f"⬇ {column}")
    await emu.wait_for(
        lambda: len(bot.client.tables.held.cache[number].state.drops) >= move, 10, f"move {move}"
    )


async def test_four_in_a_row_plays_end_to_end(
    emu, world, roomy_channels, fourrow, fast_bot_env, start_bot, capsys, tmp_path
):
    bot = await start_bot(lambda: create_bot(load_settings()))
    ana, ben = world.ana, world.ben
    # The lobby: the game's own command, the table layer's buttons.
    opened = await ana.slash("fourrow", "new")
    number = int(re.search(r"#(\d+)", (await opened.wait_message()).text).group(1))
    thread = await emu.wait_for(lambda: thread_of(world, number), 10, "the table's thread")
    lobby = await emu.wait_for(
        lambda: next((m for m in ana.visible_messages(thread) if "Join" in m.button_labels), None),
        10,
        "the lobby",
    )
    assert "Four in a row — table" in lobby.text
    await ben.click(lobby, label="Join")
    await ana.click(lobby, label="Start")
    first = await turn_message(emu, ana, thread, 1)
    assert len(first.attachments) == 1
    assert "Columns from the left" in first.attachments[0].description
    state = bot.client.tables.held.cache[number].state
    players = {str(ana.id): ana, str(ben.id): ben}
    on_turn, other = players[state.first], next(p for s, p in players.items() if s != state.first)

    # A refusal: the seat not on turn presses a column; nothing changes.
    refused = await other.click(first, label="⬇ 1")
    answer = await refused.wait_message()
    assert answer.ephemeral
    assert answer.visible_to(other.user)
    assert "not your turn" in answer.text
    assert bot.client.tables.held.cache[number].state.drops == []

    # The first seat stacks column 1, the other column 2; a restart comes in the middle.
    for move, (actor, column) in enumerate(
        [(on_turn, 1), (other, 2), (on_turn, 1), (other, 2), (on_turn, 1), (other, 2)], 1
    ):
        await drop(emu, bot, actor, thread, number, move, column)
        if move == 3:
            await bot.restart()
    await drop(emu, bot, on_turn, thread, number, 7, 1)  # four in column 1: a win

    results = await emu.wait_for(
        lambda: next(
            (m for m in ana.visible_messages(thread) if "wins with four in a row" in m.text),
            None,
        ),
        20,
        "the results",
    )
    assert bot.client.tables.held.cache[number].table.seat(state.first).name in results.text
    assert "Rematch" in results.button_labels
    # Every turn's buttons went with its turn (the restart's one too): only Rematch is left.
    await emu.wait_for(
        lambda: (
            [m.button_labels for m in ana.visible_messages(thread) if m.buttons] == [["Rematch"]]
        ),
        10,
        "the last turn's buttons to go",
    )

    # The record, and `pop-bot replay` reading it by its format.
    asked = await ana.at(thread).slash("table", "record")
    message = await asked.wait_message(lambda m: m.attachments)
    record = json.loads(await ana.download(message.attachments[0]))
    assert record["format"] == FOURROW.record_format
    assert record["drops"] == [1, 2, 1, 2, 1, 2, 1]
    path = tmp_path / "fourrow.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    capsys.readouterr()
    assert cli.main(["replay", str(path)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary == {"winner": state.first, "moves": 7, "line": [[1, 1], [1, 2], [1, 3], [1, 4]]}
