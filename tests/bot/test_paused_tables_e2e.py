"""Paused tables end to end, on a test clock (`tables.use_clock`): a table whose thread refuses
the bot's posts tries again when a player asks, on a back-off that doubles (10 s, 20 s, 40 s …
to minutes) however often they press; a permission change seen on the gateway starts it again
at once; and several paused tables' tries are spaced by the process's budget of tries, each
try refused being an invalid request that Discord counts toward its ban."""

from __future__ import annotations

import pytest

from bot.texts.i18n import t
from tests.bot.story import play_turn, start_table, turn_message
from tests.clock import TestClock
from tests.discord_emulator import Perm

pytestmark = pytest.mark.asyncio


def refused_posts(emu, threads) -> int:
    """The bot's requests into these threads that Discord refused (403: invalid requests)."""
    paths = tuple(f"/channels/{thread.id}/" for thread in threads)
    return sum(1 for r in emu.request_log if r.status == 403 and any(p in r.path for p in paths))


async def paused_table(emu, world, players, tables, channel):
    """A table of two in `channel`, paused: its reveal's post refused. (number, thread, a hand
    message a player can press)."""
    ana, ben = (p.at(channel) for p in players)
    number, thread = await start_table(emu, world, ana, [ben], sets=1)
    await turn_message(emu, ana, thread, "Set 1/1 · turn 1**")
    emu.deny(channel, emu.bot_user, Perm.SEND_MESSAGES_IN_THREADS)
    await play_turn(emu, [ana, ben], thread, "Set 1/1 · turn 1**", pick=lambda h: h[:2])
    await emu.wait_for(lambda: tables.held.cache[number].table.paused, 20, "the table to pause")
    hand = next(m for m in ben.visible_messages(thread) if m.ephemeral and m.buttons)
    return number, thread, hand


async def press(player, hand) -> None:
    told = await player.click(hand, label=hand.button_labels[0])
    await told.wait_message(lambda m: m.text == t("refusal.paused", "en"))


async def test_a_paused_table_backs_off_and_a_channel_update_starts_it_again(
    emu, world, roomy_channels, pop_bot
):
    tables = pop_bot.client.tables
    clock = TestClock()
    tables.use_clock(clock)
    number, thread, hand = await paused_table(
        emu, world, (world.ana, world.ben), tables, world.games
    )
    ben = world.ben.at(thread)
    await emu.wait_for(lambda: not tables.outboxes.of(number).busy(), 10, "the outbox at rest")
    paused_at, refused = clock.now(), refused_posts(emu, [thread])
    tried_at = []

    async def wait_for_try(expected: bool) -> None:
        """A try is made (and refused), or none; either way the outbox is at rest after."""
        nonlocal refused
        if expected:
            await emu.wait_for(lambda: refused_posts(emu, [thread]) > refused, 10, "a try")
        await emu.wait_for(lambda: not tables.outboxes.of(number).busy(), 10, "the outbox at rest")
        if refused_posts(emu, [thread]) > refused:
            tried_at.append(round(clock.now() - paused_at))
        refused = refused_posts(emu, [thread])

    # Ben presses every 5 s for 130 s: the table tries 10, 30 and 70 s after it paused.
    for _ in range(26):
        clock.advance(5)
        elapsed = round(clock.now() - paused_at)
        await wait_for_try(elapsed in (10, 30, 70))
        await press(ben, hand)
        await wait_for_try(False)
    assert tried_at == [10, 30, 70]
    # A channel update (permission still missing): it tries at once, and backs off from 10 s.
    emu.deny(world.games, emu.bot_user, Perm.ADD_REACTIONS)
    await wait_for_try(True)
    await press(ben, hand)
    clock.advance(5)
    await wait_for_try(False)
    clock.advance(5)
    await wait_for_try(True)
    assert tried_at == [10, 30, 70, 130, 140]
    assert tables.held.cache[number].table.paused
    # The permission back (a channel update): it tries at once and plays on.
    emu.set_overwrite(world.games, emu.bot_user)
    await turn_message(emu, world.ana, thread, "Set 1/1 · turn 2**")
    await emu.wait_for(lambda: not tables.held.cache[number].table.paused, 10, "it plays on")
    assert refused_posts(emu, [thread]) == refused


async def test_paused_tables_tries_are_spaced_by_the_budget_of_tries(emu, world, pop_bot):
    tables = pop_bot.client.tables
    clock = TestClock()
    tables.use_clock(clock)
    retries = tables.channels.retries
    # A try every 10 s over all tables, for the test (1 a second in the bot).
    retries.rate, retries.burst, retries.tokens = 0.1, 1.0, 1.0
    channels = [world.games, emu.add_text_channel(world.guild, "more-games")]
    paused = [
        await paused_table(emu, world, (world.ana, world.ben), tables, channel)
        for channel in channels
    ]
    threads = [thread for _, thread, _ in paused]
    await emu.wait_for(
        lambda: not any(tables.outboxes.of(n).busy() for n, _, _ in paused), 10, "the outboxes"
    )
    refused, tried = refused_posts(emu, threads), retries.tried
    clock.advance(60)  # every back-off is over, the budget full (one try)
    # The server's channels change (a role, say): both tables would try at once.
    emu.deny(world.games, emu.bot_user, Perm.ADD_REACTIONS)
    await emu.wait_for(lambda: refused_posts(emu, threads) == refused + 1, 10, "one try")
    await emu.wait_for(
        lambda: not any(tables.outboxes.of(n).busy() for n, _, _ in paused), 10, "the outboxes"
    )
    assert refused_posts(emu, threads) == refused + 1  # the other waits for the budget
    clock.advance(10)
    await emu.wait_for(lambda: refused_posts(emu, threads) == refused + 2, 10, "the other try")
    assert retries.tried == tried + 2
