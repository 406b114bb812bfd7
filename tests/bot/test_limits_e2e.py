"""Limits, through the real bot on the loopback Discord: a user, a channel and a server have
at most so many open tables (each told why, privately, in their language), and a user who
clicks faster than the rate is told once and nothing more is done for those clicks."""

from __future__ import annotations

import asyncio

import pytest

from bot.running.main import create_bot, load_settings
from bot.texts.i18n import t
from tests.bot.story import is_lobby, start_table, turn_message


@pytest.fixture
async def limited_bot(fast_bot_env, start_bot, monkeypatch):
    monkeypatch.setenv("POP_TABLES_PER_USER", "2")
    monkeypatch.setenv("POP_TABLES_PER_CHANNEL", "3")
    monkeypatch.setenv("POP_CLICKS_PER_SECOND", "3")
    return await start_bot(lambda: create_bot(load_settings()))


async def open_one(player) -> str:
    """`/pop new` by `player`: the answer's text."""
    opened = await player.slash("pop", "new", sets=1)
    return (await opened.wait_message()).text


async def test_a_user_and_a_channel_open_only_so_many_tables(
    emu, world, roomy_channels, limited_bot
):
    ana, ben = world.ana, world.ben
    assert "opened" in await open_one(ana)
    assert "opened" in await open_one(ana)
    refused = await ana.slash("pop", "new", sets=1)
    told = await refused.wait_message()
    assert told.ephemeral
    assert told.text == t("refusal.limit.user", "en", n=2)
    assert "opened" in await open_one(ben)  # the channel's third
    assert await open_one(ben) == t("refusal.limit.channel", "en", n=3)
    # Cancelling one frees its place.
    lobby = await emu.wait_for(
        lambda: next(
            (m for m in ana.visible_messages(world.guild.threads[0]) if is_lobby(m)), None
        ),
        10,
        "ana's first lobby",
    )
    await asyncio.sleep(1.0)  # her three commands count against her click rate
    await ana.click(lobby, label="Cancel")
    await emu.wait_for(lambda: "cancelled" in lobby.text, 10, "the lobby to say it was cancelled")
    assert "opened" in await open_one(ben)
    tables = await limited_bot.client.tables.store.open_tables(world.guild.id)
    assert len(tables) == 3


async def test_clicks_beyond_the_rate_are_told_once_and_do_nothing(
    emu, world, roomy_channels, limited_bot
):
    ana, ben = world.ana, world.ben
    _, thread = await start_table(emu, world, ana, [ben], sets=1)
    message = await turn_message(emu, ana, thread, "Set 1/1 · turn 1**")
    await asyncio.sleep(1.0)  # the clicks of the lobby are a second ago: a full bucket
    clicks = await asyncio.gather(*(ana.click(message, label="My hand") for _ in range(8)))
    answers = await asyncio.gather(*(c.wait_message() for c in clicks[:3]))
    assert all(a.ephemeral and a.buttons for a in answers)  # her hand, three times
    told = [
        c
        for c in clicks[3:]
        if c.interaction.original is not None
        and c.interaction.original.text == t("refusal.too_fast", "en")
    ]
    assert len(told) == 1
    assert all(c.responded for c in clicks)  # every click acknowledged: none "failed"
    # Once she slows down, her clicks work again.
    await asyncio.sleep(1.0)
    hand = await (await ana.click(message, label="My hand")).wait_message(lambda m: m.buttons)
    assert hand.ephemeral


async def test_commands_count_against_the_rate_too(emu, world, limited_bot):
    ana = world.ana
    await asyncio.sleep(1.0)  # a full bucket
    asked = await asyncio.gather(*(ana.slash("table", "show") for _ in range(5)))
    answers = [await a.wait_message() for a in asked]
    too_fast = [a for a in answers if a.text == t("refusal.too_fast", "en")]
    assert len(too_fast) == 2  # three within the rate, and each command beyond it is told
    assert all(a.ephemeral for a in answers)
