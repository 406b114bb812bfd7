"""Private games (Pop's Enigma), through the real bot on the loopback Discord: they have a limit
of their own per player and take no place among a channel's or a server's tables; one left
alone ends (on the test clock); no `/table` command reaches someone else's; the AI never plays
one and no result of the AI's is credited to its player. And many `/… new` at once by one user
never open more tables than the limit."""

from __future__ import annotations

import asyncio
import re
import time

import pytest

from bot.commands.table import none_here
from bot.model.life import LEFT_ALONE
from bot.running.main import create_bot, load_settings
from bot.texts.i18n import t
from engine.pop.enigma import load_pack, solve
from tests.bot.story import card_buttons, play_enigma, press_card
from tests.clock import TestClock

PACK = {p.id: p for p in load_pack()}


@pytest.fixture
async def tight_bot(fast_bot_env, start_bot, monkeypatch):
    """The issue's limits: 2 tables a user, 3 a channel, 4 a server; 3 Enigmas a player."""
    monkeypatch.setenv("POP_TABLES_PER_USER", "2")
    monkeypatch.setenv("POP_TABLES_PER_CHANNEL", "3")
    monkeypatch.setenv("POP_TABLES_PER_SERVER", "4")
    monkeypatch.setenv("POP_PRIVATE_TABLES_PER_USER", "3")
    return await start_bot(lambda: create_bot(load_settings()))


async def answer(asked) -> str:
    return (await asked.wait_message()).text


async def open_enigma(player, **options):
    """`/pop enigma`: the puzzle's private message, with its buttons."""
    message = await (await player.slash("pop", "enigma", **options)).wait_message(
        lambda m: m.buttons
    )
    assert message.ephemeral
    return message


async def stored(bot, table_id):
    return (await bot.client.tables.store.load(table_id))[0]


def table_of(message) -> int:
    """The table a private message's buttons belong to (`pop:<table>:<epoch>:…`)."""
    return int(message.buttons[0]["custom_id"].split(":")[1])


async def solve_it(emu, bot, player, message):
    """Pick a solution and Confirm: the result's private message."""
    table = await stored(bot, table_of(message))
    puzzle = PACK[table.options["puzzle_id"]]
    return await play_enigma(emu, player, message, solve(puzzle.grid, puzzle.hand)[0])


async def test_enigmas_have_their_own_limit_and_take_no_tables_place(emu, world, tight_bot):
    ana, ben = world.ana, world.ben
    for _ in range(3):
        await open_enigma(ana)
    for _ in range(3):  # beyond her own limit: politely refused, and nothing is stored
        refused = await (await ana.slash("pop", "enigma")).wait_message()
        assert refused.ephemeral
        assert refused.text == t("refusal.limit.private", "en", n=3)
    rows = await tight_bot.client.tables.store.fetch("SELECT COUNT(*) FROM game_tables")
    assert rows[0][0] == 3
    # Her three Enigmas take no place here, in another channel, or among her hosted tables.
    assert "opened" in await answer(await ben.slash("pop", "new", sets=1))
    assert "opened" in await answer(await ben.at(world.general).slash("pop", "new", sets=1))
    assert "opened" in await answer(await ana.slash("pop", "new", sets=1))
    assert "opened" in await answer(await ana.slash("coloretto", "new"))
    # Her public tables count as before.
    said = await answer(await ana.slash("colorpop", "new"))
    assert said == t("refusal.limit.user", "en", n=2)


async def test_try_again_stays_within_the_players_limit(emu, world, tight_bot):
    ana = world.ana
    first = await open_enigma(ana)
    first_id = table_of(first)  # its buttons go once it is solved
    result = await solve_it(emu, tight_bot, ana, first)
    for _ in range(3):  # her limit of open Enigmas, the solved one not among them
        await open_enigma(ana)
    retried = await ana.click(result, label="Try again")
    told = await retried.wait_message()
    assert told.ephemeral
    assert told.text == t("refusal.limit.private", "en", n=3)
    assert (await stored(tight_bot, first_id)).status == "finished"
    tables = await tight_bot.client.tables.store.open_tables(world.guild.id)
    assert len(tables) == 3


async def test_many_new_at_once_by_one_user_never_pass_the_limit(emu, world, tight_bot):
    ana = world.ana
    asked = [ana.slash("pop", "new", sets=1) for _ in range(8)]
    asked += [ana.slash("coloretto", "new") for _ in range(4)]
    asked += [ana.slash("pop", "enigma") for _ in range(6)]
    said = [await answer(a) for a in await asyncio.gather(*asked)]
    tables = await tight_bot.client.tables.store.open_tables(world.guild.id)
    assert len([tb for tb in tables if not tb.private]) == 2
    assert len([tb for tb in tables if tb.private]) == 3
    assert sum("opened" in s for s in said) == 2
    assert said.count(t("refusal.limit.user", "en", n=2)) == 10
    assert said.count(t("refusal.limit.private", "en", n=3)) == 3


async def test_an_enigma_left_alone_ends_on_the_clock(emu, world, pop_bot):
    ana = world.ana
    clock = TestClock()
    pop_bot.client.tables.use_clock(clock)
    message = await open_enigma(ana)
    table_id = table_of(message)
    assert (await stored(pop_bot, table_id)).turn_deadline == clock.now() + LEFT_ALONE
    # Half an hour later she comes back and selects a card: it is not left alone.
    clock.advance(minutes=30)
    await press_card(ana, message, card_buttons(message)[0])
    await emu.wait_for(lambda: "1 of 5" in message.text, 10, "her selection")
    clock.advance(minutes=40)  # 70 minutes after it opened, 40 after her click
    await asyncio.sleep(0.5)
    assert (await stored(pop_bot, table_id)).status == "playing"
    clock.advance(minutes=25)  # an hour and five minutes untouched
    table = await stored_once(pop_bot, table_id, lambda tb: tb.status == "cancelled")
    assert table.turn_deadline is not None  # and no wake is stored for it any more
    assert not await pop_bot.client.tables.store.fetch(
        "SELECT 1 FROM game_tables WHERE id = ? AND wake_at IS NOT NULL", table_id
    )
    # Her buttons say so, privately; nothing was posted in the channel.
    pressed = await press_card(ana, message, card_buttons(message)[1])
    told = await pressed.wait_message()
    assert told.ephemeral
    assert told.text == t("refusal.private_ended", "en")
    assert not [m for m in ana.visible_messages(world.games) if not m.ephemeral]
    moves = await pop_bot.client.tables.store.moves(table_id, 1)
    assert moves == []  # no AI played it


async def stored_once(bot, table_id, wanted, timeout=10.0):
    """The stored table, once `wanted(table)` holds."""
    deadline = time.monotonic() + timeout
    while not wanted(table := await stored(bot, table_id)):
        assert time.monotonic() < deadline, f"table {table_id} stayed {table.status}"
        await asyncio.sleep(0.05)
    return table


async def test_no_table_command_reaches_someone_elses_enigma(emu, world, pop_bot):
    ana, ben, cleo = world.ana, world.ben, world.cleo
    message = await open_enigma(ana, daily=True)
    table_id = table_of(message)
    # While she plays: nothing shows it to Ben, and a moderator cannot take her seat away.
    assert await answer(await ben.slash("table", "show")) == none_here("en")
    assert await answer(await ben.slash("table", "record")) == none_here("en")
    removed = await cleo.slash("table", "remove", player=ana.user)
    assert await answer(removed) == t("refusal.not_seated", "en")
    assert (await stored(pop_bot, table_id)).seats[0].ai is False
    await solve_it(emu, pop_bot, ana, message)
    await emu.wait_for(
        lambda: any("solved today's Enigma" in m.text for m in ben.visible_messages()),
        10,
        "the public announcement",
    )
    # Once solved, its record (the solution) is hers alone: Ben gets none, she gets it privately.
    assert await answer(await ben.slash("table", "record")) == none_here("en")
    record = await (await ana.slash("table", "record")).wait_message()
    assert record.ephemeral
    assert any(a.filename.endswith(".json") for a in record.attachments)
    public = [m for m in ben.visible_messages(world.games) if not m.ephemeral]
    assert not any(m.attachments for m in public)


async def test_leaving_ones_daily_enigma_ends_it_unsolved(emu, world, pop_bot):
    ana, ben = world.ana, world.ben
    message = await open_enigma(ana, daily=True)
    table_id = table_of(message)
    left = await (await ana.slash("table", "leave")).wait_message()
    await asyncio.sleep(1.0)  # what an AI would have done by now: nothing, no AI plays it
    assert await pop_bot.client.tables.store.moves(table_id, 1) == []
    said = [m.text for m in ben.visible_messages(world.games)]
    assert not any(re.search("solved today's Enigma", s) for s in said)
    results = await pop_bot.client.tables.store.fetch("SELECT COUNT(*) FROM game_results")
    assert results[0][0] == 0
    # She is told privately that it ended, unsolved.
    assert left.ephemeral
    assert left.text == t("table.left_private", "en", id=table_id)
    table = await stored(pop_bot, table_id)
    assert table.status == "cancelled"
    assert not table.seats[0].ai
    # Her puzzle's buttons say it ended.
    pressed = await press_card(ana, message, card_buttons(message)[0])
    assert (await pressed.wait_message()).text == t("refusal.private_ended", "en")
    # A new try of the daily puzzle is hers to open.
    again = await open_enigma(ana, daily=True)
    assert sorted(card_buttons(again)) == sorted(card_buttons(message))
