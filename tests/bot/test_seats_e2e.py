"""Seats and tables, by clicks over the loopback Discord: a removed player stays removed;
several tables in one channel each hear its chat and its deletions; a write another process
made first is refused once, then the next press works."""

from __future__ import annotations

import asyncio

import pytest

from bot.storage.sqlite import Store
from bot.texts.i18n import t
from tests import factories
from tests.bot.story import (
    card_buttons,
    open_hand,
    open_table,
    pick,
    play_turn,
    private_answer,
    start_table,
    stored_table,
    turn_message,
    turn_posted_again,
)
from tests.discord_emulator import Actor

pytestmark = pytest.mark.asyncio


def in_french(actor: Actor, channel=None) -> Actor:
    """The same person, with Discord set to French."""
    return Actor(actor.emu, actor.user, channel or actor.channel, "fr")


async def test_a_removed_player_stays_removed_through_the_game_and_its_rematch(
    emu, world, roomy_channels, pop_bot
):
    ana, ben = world.ana, world.ben
    number, thread = await start_table(emu, world, ana, [ben], sets=1)
    first = await turn_message(emu, ana, thread, "Set 1/1 · turn 1**")
    hand = await open_hand(ben, first)  # ben's hand, open before he is removed
    removed = await ana.at(thread).slash("table", "remove", player=ben.user)
    assert "seat was removed" in (await removed.wait_message()).text
    ben_fr = in_french(ben, thread)
    told = t("refusal.removed", "fr")
    # Any button of his seat says so, privately and in his language; none gives it back.
    await private_answer(await ben_fr.click(first, label="My hand"), told)
    card = card_buttons(hand)[0]
    await private_answer(
        await ben_fr.click(hand, custom_id=next(b["custom_id"] for b in hand.buttons)), told
    )
    left = await ben_fr.at(thread).slash("table", "leave")
    await private_answer(left, t("refusal.not_seated", "fr"))  # he has no seat to leave
    table, state = await stored_table(pop_bot, number)
    seat = table.seat_of_user(ben.id)
    assert seat.ai
    assert ben.id in table.removed
    assert card in state.hands[seat.id]  # his press chose nothing

    # The AI plays his seat to the end; his Rematch is refused, ana's deals the same seats.
    for k in range(1, 9):
        await play_turn(emu, [ana], thread, f"Set 1/1 · turn {k}**", pick=lambda h: h[:2])
    final = await emu.wait_for(
        lambda: next(
            (m for m in ana.visible_messages(thread) if "Rematch" in m.button_labels), None
        ),
        30,
        "the rematch button",
    )
    await private_answer(await ben_fr.click(final, label="Rematch"), told)
    await ana.click(final, label="Rematch")
    again = await turn_message(emu, ana, thread, "Set 1/1 · turn 1**")
    assert again.id != first.id
    await private_answer(await ben_fr.click(again, label="My hand"), told)
    table, _ = await stored_table(pop_bot, number)
    assert table.games == 2
    seat = table.seat_of_user(ben.id)
    assert seat.ai
    assert seat.away_at_deal  # the rematch is not his to be rated on


async def test_a_player_removed_in_the_lobby_cannot_join_again(emu, world, pop_bot):
    ana, ben = world.ana, world.ben
    _, thread, lobby = await open_table(emu, world, ana)
    await ben.click(lobby, label="Join")
    await (await ana.at(thread).slash("table", "remove", player=ben.user)).wait_message()
    await emu.wait_for(lambda: "Ben" not in lobby.text, 10, "the lobby to drop ben")
    await private_answer(await ben.click(lobby, label="Join"), t("refusal.removed", "en"))
    assert "Ben" not in lobby.text


async def restarted(emu, pop_bot):
    """Restart the bot and wait until it has resumed: its tables."""
    await pop_bot.restart()
    tables = pop_bot.client.tables
    await emu.wait_for(lambda: tables.time.scheduler.task, 10, "the bot to resume")
    return tables


async def number_removed(emu, player, thread, text):
    """A seated player says a number in the thread: the table-talk rule removes it."""
    said = await player.at(thread).send(text)
    await emu.wait_for(lambda: said.deleted, 10, f"{text!r} to be removed")


async def ended(pop_bot, number, timeout=10.0):
    """Wait until the table is stored as cancelled."""
    for _ in range(int(timeout / 0.05)):
        if (await stored_table(pop_bot, number))[0].status == "cancelled":
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"table #{number} did not end")


async def test_an_enigma_opened_in_a_cooperative_thread_leaves_its_table_talk_and_its_turns(
    emu, world, roomy_channels, pop_bot
):
    """Two tables know one thread: the co-op table playing there, and the Enigma ben opens
    from it. Chat lines, a deleted turn message and the thread's deletion reach the co-op
    table as before, in memory and (after a restart) from the database."""
    ana, ben, cleo = world.ana, world.ben, world.cleo
    coop, thread = await start_table(emu, world, ana, [ben, cleo], mode="coop")
    await emu.wait_for(
        lambda: any("never numbers" in m.text for m in ana.visible_messages(thread)),
        10,
        "the table-talk rule",
    )
    puzzle = await (await ben.at(thread).slash("pop", "enigma")).wait_message(lambda m: m.buttons)
    assert puzzle.ephemeral
    enigma = coop + 1
    assert (await stored_table(pop_bot, enigma))[0].private

    await number_removed(emu, ben, thread, "I have the 2 blue ones")
    first = await turn_message(emu, ana, thread, "turn 1**")
    emu.delete_message(first)
    again = await turn_posted_again(emu, ana, thread, first)
    # After a restart neither table is in memory (both wait for a person): where each one
    # plays is read from the database.
    tables = await restarted(emu, pop_bot)
    assert coop not in tables.held.cache
    assert enigma not in tables.held.cache
    await number_removed(emu, cleo, thread, "mine is 7")
    emu.delete_message(again)
    await emu.wait_for(
        lambda: any(
            "turn 1**" in m.text and "My hand" in m.button_labels and m.id > again.id
            for m in ana.visible_messages(thread)
        ),
        10,
        "the turn's message posted again after the restart",
    )

    emu.delete_channel(thread)  # both tables end; only the public one is announced
    await emu.wait_for(
        lambda: any(f"#{coop} has ended" in m.text for m in ana.visible_messages(world.games)),
        20,
        "a notice in the parent channel",
    )
    await ended(pop_bot, coop)
    await ended(pop_bot, enigma)
    assert not any(f"#{enigma}" in m.text for m in ana.visible_messages(world.games))


async def test_a_press_on_a_table_another_process_moved_is_refused_once_then_taken(
    emu, world, roomy_channels, pop_bot, bot_env
):
    """Two processes on one SQLite file (an overlapping deploy): the other one takes Cleo's
    pick while the bot holds the table in memory. Ana's press is computed from that old copy:
    it is refused once, privately and in her language, and her next press is taken."""
    ana, ben, cleo = world.ana, world.ben, world.cleo
    number, thread = await start_table(emu, world, ana, [ben, cleo])
    first = await turn_message(emu, ana, thread, "Set 1/3 · turn 1**")
    hand = await open_hand(ana, first)
    await pop_bot.client.tables.outboxes.of(number).idle()  # the bot writes nothing meanwhile
    other = factories.OtherProcess(Store(str(bot_env / "pop.sqlite3")))
    await other.store.open()
    try:
        _, state = await stored_table(pop_bot, number)
        await other.picks(number, cleo.id, state.hands[str(cleo.id)][0])
    finally:
        await other.store.close()

    card = card_buttons(hand)[0]
    told = t("refusal.table_changed", "fr")
    await private_answer(await pick(in_french(ana, thread), hand, card), told)
    assert (await pick(ana, hand, card)).responded
    await emu.wait_for(
        lambda: "✅ Ana" in first.text and "✅ Cleo" in first.text, 10, "both picks shown"
    )
    moves = await pop_bot.client.tables.store.moves(number, 1)
    assert moves == [(str(cleo.id), [state.hands[str(cleo.id)][0]]), (str(ana.id), [card])]
