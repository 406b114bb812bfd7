"""Games that last a day, end to end on the loopback Discord, on a test clock the test hands the
running bot (`tables.use_clock`): a 24-hour table mentions the seats whose turn it is on the
turn's own message (or on the move's message the turn rides on), reminds the one still to act
at half time, and lets the AI play at the deadline; pings off means no mention; an archived
thread comes back on the next move (or, when the bot may not reopen it, the parent channel is
told once); a restart keeps the deadline; an idle table leaves memory and comes back at its next
click, timer or chat line, and a restart leaves a table that waits for people (in play or in its
lobby) in the database; the `timer:` option suggests and reads what people type."""

from __future__ import annotations

import re

from bot.texts.i18n import t
from engine.coloretto import game as rules
from engine.coloretto.adapter import COLORETTO
from tests.bot.story import (
    card_buttons,
    open_hand,
    open_table,
    pick_and_confirm,
    start_table,
    stored_table,
    turn_message,
)
from tests.bot.test_coloretto_e2e import host_starts, live, press, seed_where, start_coloretto
from tests.clock import TestClock
from tests.discord_emulator import Perm

DAY = 24 * 3600


async def day_table(emu, world, pop_bot, *, timer="24h"):
    """Ana and Ben at a Pop table whose turns last `timer`, on a test clock: (clock, thread)."""
    clock = TestClock()
    pop_bot.client.tables.use_clock(clock)
    _, thread = await start_table(emu, world, world.ana, [world.ben], sets=1, timer=timer)
    return clock, thread


async def plays(emu, player, message):
    hand = await open_hand(player, message)
    await pick_and_confirm(emu, player, hand, card_buttons(hand)[:2])


def bot_posts(emu, channel):
    return [m for m in emu.messages.values() if m.channel is channel and m.author is emu.bot_user]


def said(emu, channel, words):
    return [m for m in bot_posts(emu, channel) if words in m.text]


def deadline_of(message) -> int:
    return int(re.search(r"<t:(\d+):R>", message.text)[1])


async def restarted(emu, pop_bot):
    """Restart the bot and wait until it has resumed (its timers start last): its tables."""
    await pop_bot.restart()
    tables = pop_bot.client.tables
    await emu.wait_for(lambda: tables.time.scheduler.task, 10, "the bot to resume")
    return tables


async def one_said(emu, channel, words, what):
    return await emu.wait_for(lambda: said(emu, channel, words), 10, what)


async def test_a_day_long_turn_pings_on_turn_reminds_at_half_time_and_ends_with_the_ai(
    emu, world, roomy_channels, pop_bot
):
    ana, ben = world.ana, world.ben
    clock, thread = await day_table(emu, world, pop_bot)
    first = await turn_message(emu, ana, thread, "Set 1/1 · turn 1**")
    # The turn's own message mentions both seats, and pings exactly them; nothing else pings.
    assert first.text.endswith(f"🔔 Your turn: <@{ana.id}> <@{ben.id}>")
    assert first.pinged == [ana.user, ben.user]
    assert deadline_of(first) == int(clock.now() + DAY)
    others = [m for m in emu.messages.values() if m.author is emu.bot_user and m is not first]
    assert others
    assert [m for m in others if m.pinged] == []
    await plays(emu, ana, first)

    clock.advance(hours=11, minutes=59)
    assert said(emu, thread, "⏰") == []
    clock.advance(minutes=1)  # half the time left: one short reminder, for ben alone
    [reminder] = await one_said(emu, thread, "⏰", "the reminder")
    assert (
        reminder.text
        == f"⏰ Still your turn, <@{ben.id}>: time runs out <t:{deadline_of(first)}:R>."
    )
    assert reminder.pinged == [ben.user]
    assert not reminder.buttons

    clock.advance(hours=11)
    assert said(emu, thread, "⌛") == []
    clock.advance(hours=1)  # the deadline: the AI plays for ben, the next turn pings again
    await one_said(emu, thread, "⌛ Time is up: the AI played this turn for Ben.", "the timeout")
    second = await turn_message(emu, ana, thread, "Set 1/1 · turn 2**")
    assert second.pinged == [ana.user, ben.user]
    assert deadline_of(second) == int(clock.now() + DAY)
    assert len(said(emu, thread, "⏰")) == 1  # reminded once a turn
    # The thread does not fill with pings: the two turns' messages and the one reminder.
    assert [m for m in bot_posts(emu, thread) if m.pinged] == [first, reminder, second]


async def test_with_pings_off_the_bot_never_mentions_you(emu, world, roomy_channels, pop_bot):
    ana, ben = world.ana, world.ben
    off = await (await ben.slash("settings", "pings", state="off")).wait_message()
    assert off.ephemeral
    assert off.text == t("settings.pings_off", "en")
    clock, thread = await day_table(emu, world, pop_bot)
    first = await turn_message(emu, ana, thread, "Set 1/1 · turn 1**")
    assert first.text.endswith(f"🔔 Your turn: <@{ana.id}>")
    assert f"<@{ben.id}>" not in first.text
    assert first.pinged == [ana.user]
    await plays(emu, ana, first)
    clock.advance(hours=12)
    [reminder] = await one_said(emu, thread, "⏰", "the reminder")
    assert reminder.text.startswith("⏰ Still your turn, **Ben**:")  # named, not mentioned
    assert reminder.pinged == []
    # Ana turns hers off too: the next turn's message mentions nobody at all.
    await (await ana.slash("settings", "pings", state="off")).wait_message()
    clock.advance(hours=12)
    second = await turn_message(emu, ana, thread, "Set 1/1 · turn 2**")
    assert "🔔" not in second.text
    assert second.pinged == []
    on = await (await ben.slash("settings", "pings", state="on")).wait_message()
    assert on.text == t("settings.pings_on", "en")
    assert [m for m in emu.messages.values() if m.pinged and m.author is emu.bot_user] == [first]


async def test_an_archived_thread_comes_back_on_the_next_move(emu, world, roomy_channels, pop_bot):
    ana, ben = world.ana, world.ben
    _clock, thread = await day_table(emu, world, pop_bot)
    first = await turn_message(emu, ana, thread, "Set 1/1 · turn 1**")
    emu.advance(hours=25)  # a day without a message: Discord archives the thread
    assert thread.archived
    await plays(emu, ana, first)  # her choice edits the turn's message: the bot reopens it
    await emu.wait_for(lambda: not thread.archived, 10, "the thread to come back")
    await emu.wait_for(lambda: "✅ Ana" in first.text, 10, "ana shown as chosen")
    emu.advance(hours=25)
    assert thread.archived
    await plays(emu, ben, first)  # the reveal's post brings it back by itself
    await turn_message(emu, ana, thread, "Set 1/1 · turn 2**")
    assert not thread.archived
    assert said(emu, world.games, "paused") == []


async def test_a_locked_archived_thread_is_said_once_in_the_parent_channel(
    emu, world, roomy_channels, pop_bot
):
    ana, ben = world.ana, world.ben
    _clock, thread = await day_table(emu, world, pop_bot)
    first = await turn_message(emu, ana, thread, "Set 1/1 · turn 1**")
    emu.deny(world.games, emu.bot_user, Perm.MANAGE_THREADS)
    emu.archive_thread(thread, locked=True)  # a moderator closed it; the bot may not reopen it
    await plays(emu, ana, first)
    notice = t("pause.notice.archived", "en", game="Pop", id=1)
    await one_said(emu, world.games, notice, "the notice in the parent channel")
    for _ in range(2):  # asking again is answered privately, and not said again
        refused = await (await ben.click(first, label="My hand")).wait_message()
        assert refused.text == t("refusal.paused", "en")
    assert len(said(emu, world.games, notice)) == 1
    emu.set_thread_state(thread, archived=False, locked=False)  # a moderator opens it again
    await emu.wait_for(lambda: "✅ Ana" in first.text, 10, "the owed edit")
    tables = pop_bot.client.tables
    await emu.wait_for(lambda: not tables.held.cache[1].table.paused, 10, "the table to go on")
    await plays(emu, ben, first)
    await turn_message(emu, ana, thread, "Set 1/1 · turn 2**")
    assert len(said(emu, world.games, notice)) == 1


async def test_a_restart_in_the_middle_keeps_the_deadline(emu, world, roomy_channels, pop_bot):
    ana = world.ana
    clock, thread = await day_table(emu, world, pop_bot)
    first = await turn_message(emu, ana, thread, "Set 1/1 · turn 1**")
    deadline = deadline_of(first)
    await plays(emu, ana, first)
    clock.advance(hours=6)
    tables = await restarted(emu, pop_bot)  # a redeploy, six hours into the turn
    tables.use_clock(clock)
    assert int((await stored_table(pop_bot))[0].turn_deadline) == deadline
    # It waits for Ben alone, owing nothing itself: the restart left it in the database,
    # knowing only where it plays; its timer loads it.
    assert 1 not in tables.held.cache
    assert tables.held.tables_at(thread.id) == [1]
    clock.advance(hours=5, minutes=59)
    assert said(emu, thread, "⏰") == []
    clock.advance(minutes=1)
    [reminder] = await one_said(emu, thread, "⏰", "the reminder, at half time still")
    assert f"<t:{deadline}:R>" in reminder.text
    clock.advance(hours=12)
    await one_said(emu, thread, "⌛ Time is up: the AI played this turn for Ben.", "the timeout")
    await turn_message(emu, ana, thread, "Set 1/1 · turn 2**")
    assert len(said(emu, thread, "⏰")) == 1


async def test_an_idle_table_leaves_memory_and_comes_back_when_needed(
    emu, world, roomy_channels, pop_bot
):
    ana, ben = world.ana, world.ben
    clock, thread = await day_table(emu, world, pop_bot)
    first = await turn_message(emu, ana, thread, "Set 1/1 · turn 1**")
    tables = pop_bot.client.tables

    async def leaves():
        box = tables.outboxes.boxes.get(1)
        if box is not None:
            await box.idle()  # nothing being posted (a table at work stays)
        clock.advance(minutes=11)  # untouched for longer than POP_IDLE_AFTER (10 minutes)
        await emu.wait_for(lambda: 1 not in tables.held.cache, 10, "the table to leave memory")
        assert tables.held.tables_at(thread.id) == [1]  # where it plays stays known

    await leaves()
    await plays(emu, ana, first)  # a click loads it again
    assert 1 in tables.held.cache
    await emu.wait_for(lambda: "✅ Ana" in first.text, 10, "ana shown as chosen")
    await leaves()
    clock.advance(hours=12)  # its timer loads it again: the reminder
    await one_said(emu, thread, "⏰", "the reminder")
    await leaves()
    await ana.at(thread).send("good luck ben")  # so does a chat line in its thread
    await emu.wait_for(lambda: 1 in tables.held.cache, 10, "the table back in memory")
    await plays(emu, ben, first)
    await turn_message(emu, ana, thread, "Set 1/1 · turn 2**")


async def test_the_timer_option_suggests_and_reads_what_people_type(
    emu, world, roomy_channels, pop_bot
):
    ana = world.ana

    async def suggested(typed, who=ana):
        return await who.autocomplete("pop", "new", focused="timer", timer=typed)

    presets = [
        {"name": "2 minutes", "value": "2m"},
        {"name": "1 hour", "value": "1h"},
        {"name": "24 hours", "value": "24h"},
        {"name": "No timer", "value": "none"},
    ]
    assert await suggested("") == presets
    assert await suggested("36h") == [{"name": "36 hours", "value": "36h"}, *presets]
    assert (await suggested("90 min"))[0] == {"name": "1 hour, 30 minutes", "value": "1h30m"}
    hour, others = presets[1], [p for p in presets if p != presets[1]]
    assert await suggested("60m") == [hour, *others]  # read back first, never twice
    assert (await suggested("100h"))[0] == {"name": "72 hours (the most)", "value": "72h"}
    assert await suggested("soon") == presets
    ana.locale = "ja"
    assert [c["name"] for c in await suggested("")] == ["2分", "1時間", "24時間", "タイマーなし"]

    # What cannot be read is said privately, in the user's language, and nothing opens.
    refused = await (await ana.slash("pop", "new", timer="soon")).wait_message()
    assert refused.ephemeral
    assert refused.text == t("timer.not_understood", "ja", text="soon")
    assert "「soon」" in refused.text
    ana.locale = "en-US"
    refused = await (await ana.slash("pop", "new", timer="73h")).wait_message()
    assert refused.text == t("timer.too_long", "en", text="73h")
    assert "72 hours at most" in refused.text
    assert world.guild.threads == []

    clock = TestClock()
    pop_bot.client.tables.use_clock(clock)
    _, thread = await start_table(emu, world, ana, [world.ben], sets=1, timer="36h")
    assert (await stored_table(pop_bot))[0].settings.turn_timer == 36 * 3600
    first = await turn_message(emu, ana, thread, "Set 1/1 · turn 1**")
    assert deadline_of(first) == int(clock.now() + 36 * 3600)


async def test_a_turn_riding_on_the_moves_message_pings_the_next_seat(
    emu, world, roomy_channels, pop_bot
):
    """Coloretto: a seat's move is one message, the next turn riding on it; that message is
    the one that pings the next seat (no separate post for it)."""
    ana, ben = world.ana, world.ben
    pop_bot.client.tables.use_clock(TestClock())
    thread = await start_coloretto(
        emu, world, ana, [ben], bot=pop_bot, timer="24h", seed=seed_where(2, host_starts)
    )

    def pinging():
        return [m for m in bot_posts(emu, thread) if m.pinged]

    await emu.wait_for(pinging, 10, "the first turn's message")
    assert [m.pinged for m in pinging()] == [[ana.user]]
    while rules.current_player((current := await live(pop_bot)).state) == str(ana.id):
        view = COLORETTO.view(current.state, str(ana.id))
        await press(emu, ana, thread, pop_bot, COLORETTO.ai_move(view, "normal", view.version))
    await emu.wait_for(lambda: len(pinging()) == 2, 10, "ben's turn")
    ride = pinging()[-1]
    assert ride.pinged == [ben.user]
    assert ride.attachments  # ana's move's pictures: the same message
    assert ride.text.endswith(f"🔔 Your turn: <@{ben.id}>")


async def test_a_lobby_left_in_the_database_by_a_restart_takes_its_next_join(
    emu, world, roomy_channels, pop_bot
):
    ana, ben = world.ana, world.ben
    _, thread, lobby = await open_table(emu, world, ana)
    await emu.wait_for(
        lambda: pop_bot.client.tables.held.cache[1].table.lobby_message_id, 10, "the lobby posted"
    )
    tables = await restarted(emu, pop_bot)
    assert 1 not in tables.held.cache  # its lobby is out: it waits for people, in the database
    await ben.click(lobby, label="Join")
    await emu.wait_for(lambda: "Ben" in lobby.text, 10, "ben seated in the lobby")
    assert [s.name for s in (await stored_table(pop_bot))[0].seats] == ["Ana", "Ben"]
    await ana.click(lobby, label="Start")
    await turn_message(emu, ana, thread, "Set 1/")


async def test_a_table_stored_as_owing_work_is_loaded_once_and_then_left_in_the_database(
    emu, world, roomy_channels, pop_bot
):
    """A table stored before `owes_work` existed counts as owing work: the next start loads it,
    finds it owes nothing (both people still to choose), and says so; the start after leaves it."""
    _clock, thread = await day_table(emu, world, pop_bot)
    await turn_message(emu, world.ana, thread, "Set 1/1 · turn 1**")
    # Seen in the thread a moment before the bot stores that it is out: its outbox done, it is.
    await pop_bot.client.tables.outboxes.of(1).idle(10)
    store = pop_bot.client.store

    async def owes() -> int:
        return (await store.fetch("SELECT owes_work FROM game_tables WHERE id = 1"))[0][0]

    assert await owes() == 0  # its turn message is out, and only people are to act
    await store.fetch("UPDATE game_tables SET owes_work = 1 WHERE id = 1")  # as migration 007
    assert 1 in (await restarted(emu, pop_bot)).held.cache
    store = pop_bot.client.store
    assert await owes() == 0
    assert 1 not in (await restarted(emu, pop_bot)).held.cache
