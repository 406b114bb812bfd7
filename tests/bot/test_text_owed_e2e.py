"""A seat's secret choice owes the turn message's text an edit (its ✅ mark): the edit is
stored with the choice, so a bot stopped before making it makes it after its restart, once
(an edit that went out before the stop is read back, and not made again); once it is out, the
table owes nothing and a restart leaves it in the database.

The bot is stopped at a fixed point every time: the outbox's text edit is held (before its
request, or after it, before the table heard of it) until the stop begins."""

from __future__ import annotations

import asyncio

import pytest

from bot.posting.turn_message import TurnMessage
from bot.tables.held import TableCache
from tests.bot.test_colourist_e2e import (
    button,
    choose,
    open_colourist,
    pin_seed,
    table_message,
    wait_view,
)

pytestmark = pytest.mark.asyncio


class Hold:
    """Holds the next turn text edit of the first bot until that bot stops, then fails it as
    a kill would: `before` its request, or after it (`before=False`), before the table was told
    the edit went out."""

    def __init__(self, monkeypatch, layer, before: bool) -> None:
        self.layer, self.reached, self.armed = layer, asyncio.Event(), True
        if before:
            edit_text = TurnMessage.edit_text

            async def held_edit(turn, live):
                await self._hold()
                await edit_text(turn, live)

            monkeypatch.setattr(TurnMessage, "edit_text", held_edit)
        else:
            text_shown = TableCache.text_shown

            async def held_shown(held, *args):
                await self._hold()
                await text_shown(held, *args)

            monkeypatch.setattr(TableCache, "text_shown", held_shown)

    async def _hold(self) -> None:
        if not self.armed:
            return
        self.armed = False
        self.reached.set()
        while not self.layer.stopping:
            await asyncio.sleep(0.01)
        raise ConnectionError("killed")


def requests_to(emu, message, method, since=0):
    path = f"/channels/{message.channel.id}/messages/{message.id}"
    return [r for r in emu.request_log[since:] if r.method == method and r.path.endswith(path)]


def public(actor, thread):
    return [m.id for m in actor.visible_messages(thread) if not m.ephemeral]


async def owes_work(pop_bot, number) -> int:
    [(owes,)] = await pop_bot.client.tables.store.fetch(
        "SELECT owes_work FROM game_tables WHERE id = ?", number
    )
    return int(owes)


async def owes_no_work(emu, pop_bot, number) -> None:
    for _ in range(200):
        if await owes_work(pop_bot, number) == 0:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"table #{number} still owes work in the database")


async def restarted(emu, pop_bot):
    """Restart the bot and wait until it has resumed (its timers start last): its tables."""
    await pop_bot.restart()
    tables = pop_bot.client.tables
    await emu.wait_for(lambda: tables.time.scheduler.task, 10, "the bot to resume")
    return tables


async def first_choice(emu, world, pop_bot):
    """Round 1 of a Colourist game of three: the colourist chooses its card, first. (The
    table, its thread, the round's message, where the request log was then.)"""
    players = [world.ana, world.ben, world.cleo]
    number, thread, lobby = await open_colourist(emu, world, players[0], length="short")
    for p in players[1:]:
        await p.click(lobby, custom_id=button(lobby, ":join"))
    pin_seed(pop_bot)
    await players[0].click(lobby, custom_id=button(lobby, ":start"))
    by_id = {str(p.id): p for p in players}
    v = await wait_view(emu, pop_bot, number)
    if v.phase == "picking":  # the colourist keeps one of the words first
        _, picking = await table_message(emu, pop_bot, players[0], thread, number, "en", "picking")
        opened = await by_id[v.colourist].click(picking, custom_id=button(picking, ":choose"))
        private = await opened.wait_message(lambda m: m.buttons)
        await by_id[v.colourist].click(private, custom_id=button(private, ":keep:10"))
    v, message = await table_message(emu, pop_bot, players[0], thread, number, "en", "choosing")
    assert "✅" not in message.text
    since = len(emu.request_log)
    await choose(by_id[v.colourist], message, "red")
    return number, thread, message, since


@pytest.mark.parametrize("before", [True, False], ids=["held-before-its-request", "made-not-told"])
async def test_a_choice_s_mark_owed_at_a_stop_is_shown_after_the_restart_once(
    emu, world, roomy_channels, pop_bot, monkeypatch, before
):
    hold = Hold(monkeypatch, pop_bot.client.tables, before)
    number, thread, message, since = await first_choice(emu, world, pop_bot)
    await asyncio.wait_for(hold.reached.wait(), 10)
    if before:
        assert "✅" not in message.text
    else:
        await emu.wait_for(lambda: "✅" in message.text, 10, "the chosen mark")
    assert await owes_work(pop_bot, number) == 1  # stored with the choice
    posted = public(world.ana, thread)
    restart_at = len(emu.request_log)

    await restarted(emu, pop_bot)

    await emu.wait_for(lambda: "✅" in message.text, 10, "the chosen mark")
    assert message.text.count("✅") == 1
    await owes_no_work(emu, pop_bot, number)
    # the edit made once: after the restart, or before it (then read back, not made again)
    assert len(requests_to(emu, message, "PATCH", since)) == 1
    assert len(requests_to(emu, message, "GET", restart_at)) == 1  # read back: the mark?
    assert public(world.ana, thread) == posted  # nothing posted again


async def test_a_table_whose_mark_is_out_is_left_in_the_database_at_a_restart(
    emu, world, roomy_channels, pop_bot
):
    number, _thread, message, _since = await first_choice(emu, world, pop_bot)
    await emu.wait_for(lambda: "✅" in message.text, 10, "the chosen mark")
    await owes_no_work(emu, pop_bot, number)
    assert number not in [t.id for t, _ in await pop_bot.client.tables.store.tables_to_resume()]

    tables = await restarted(emu, pop_bot)

    assert number not in tables.held.cache  # not resumed: its mark is out


async def test_a_revision_that_changes_nothing_makes_no_edit(emu, world, roomy_channels, pop_bot):
    number, _thread, message, _since = await first_choice(emu, world, pop_bot)
    await emu.wait_for(lambda: "✅" in message.text, 10, "the chosen mark")
    await owes_no_work(emu, pop_bot, number)
    tables = pop_bot.client.tables
    table = (await tables.held.live(number)).table
    transport = tables.outboxes.of(number).transport
    at = len(emu.request_log)
    transport.laid.clear()  # as after a restart: read back from Discord
    await transport.revise(table, message.id, lambda laid: laid)
    assert len(requests_to(emu, message, "GET", at)) == 1
    await transport.revise(table, message.id, lambda laid: laid)  # as laid out here
    assert requests_to(emu, message, "PATCH", at) == []
    await transport.revise(table, message.id, lambda laid: laid.without_controls())
    assert len(requests_to(emu, message, "PATCH", at)) == 1  # a change is made
    assert not message.buttons
