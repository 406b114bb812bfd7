"""No lost game: restarts, stale / forged / double clicks, strangers, away players, many tables."""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3

import pytest

from tests.bot.story import (
    card_buttons,
    open_hand,
    pick,
    pick_and_confirm,
    play_turn,
    scoreboard,
    start_table,
    stored_table,
    turn_message,
)
from tests.bot.test_game_e2e import assert_record_replays_to_announced_scores
from tests.clock import TestClock

pytestmark = pytest.mark.asyncio


async def table_version(bot_runner, table_id=1):
    return (await stored_table(bot_runner, table_id))[0].version


async def settled_version(bot_runner, table_id=1):
    """The table's version once the bot's background work (outbox, hand records) is done."""
    while True:
        version = await table_version(bot_runner, table_id)
        await asyncio.sleep(0.3)
        if version == await table_version(bot_runner, table_id):
            return version


async def test_a_choice_survives_a_restart_before_the_reveal(emu, world, roomy_channels, pop_bot):
    ana, ben, cleo = world.ana, world.ben, world.cleo
    _, thread = await start_table(emu, world, ana, [ben, cleo], sets=1)
    first = await turn_message(emu, ana, thread, "Set 1/1 · turn 1**")
    hand = await open_hand(ana, first)
    chosen = card_buttons(hand)[0]
    assert (await pick(ana, hand, chosen)).responded
    await emu.wait_for(lambda: "✅ Ana" in first.text, 10, "the table to show ana chose")

    await pop_bot.restart()  # the process stops after one seat chose, before the reveal

    for player in (ben, cleo):  # the same table message still works after the restart
        other = await open_hand(player, first)
        await pick(player, other, card_buttons(other)[0])
    await emu.wait_for(
        lambda: any(f"Ana placed **{chosen}**" in m.text for m in ana.visible_messages(thread)),
        20,
        "ana's card, chosen before the restart, to be placed",
    )
    for k in range(2, 9):
        await play_turn(emu, [ana, ben, cleo], thread, f"Set 1/1 · turn {k}**")
    final = await scoreboard(emu, ana, thread)
    await assert_record_replays_to_announced_scores(world, thread, final, [ana, ben, cleo])


async def test_stale_forged_double_and_stranger_clicks_change_nothing(
    emu, world, roomy_channels, pop_bot
):
    ana, ben, cleo = world.ana, world.ben, world.cleo
    _, thread = await start_table(emu, world, ana, [ben], ai=1, sets=1)
    first = await turn_message(emu, ana, thread, "Set 1/1 · turn 1**")
    ana_hand = await open_hand(ana, first)

    async def refused(result, words):
        message = await result.wait_message()
        assert message.ephemeral
        assert message.visible_to(result.interaction.user)
        assert words in message.text, message.text
        return message

    # A stranger (not seated) is politely told so, and nothing changes.
    before = await settled_version(pop_bot)
    await refused(await cleo.click(first, label="My hand"), "no seat")
    # Forged or malformed ids for the turn in play: "not a valid button", nothing changes.
    for forged in ("pop:1:1:card:99", "pop:1:x:hand", "pop:987654:1:hand", "pop:1:1:start"):
        await refused(await ana.forge_click(first, forged), "button is not valid")
    for forged in ("pop:1:1:card:99", "pop:1:1:rematch"):  # not buttons of ana's hand
        await refused(await ana.forge_click(ana_hand, forged), "button is not valid")
    assert await table_version(pop_bot) == before

    # A double click: both clicks are answered, the pick is applied once.
    card = card_buttons(ana_hand)[0]
    results = await asyncio.gather(pick(ana, ana_hand, card), pick(ana, ana_hand, card))
    assert all(r.responded for r in results)
    assert (await stored_table(pop_bot))[1].choices[str(ana.id)] == [card]

    # ben's pick reveals the turn: his double click applies once, the second one is stale.
    ben_hand = await open_hand(ben, first)
    ben_card = card_buttons(ben_hand)[0]
    results = await asyncio.gather(pick(ben, ben_hand, ben_card), pick(ben, ben_hand, ben_card))
    assert all(r.responded for r in results)
    await turn_message(emu, ana, thread, "Set 1/1 · turn 2**")
    game = (await stored_table(pop_bot))[1]
    assert game.records[0].turns[0]["plays"][str(ben.id)] == [ben_card]
    assert len(game.records[0].turns) == 1
    assert str(ben.id) not in game.choices

    # A click on the first turn's buttons now: "that turn is over", nothing changes.
    before = await settled_version(pop_bot)
    await refused(await ana.forge_click(first, "pop:1:1:hand"), "turn is over")
    await refused(await ana.forge_click(first, f"pop:1:1:card:{card}"), "turn is over")
    assert await table_version(pop_bot) == before


async def test_a_seat_that_times_out_three_times_is_played_by_the_ai(
    emu, world, roomy_channels, pop_bot
):
    ana, ben = world.ana, world.ben
    clock = TestClock()
    pop_bot.client.tables.use_clock(clock)  # the turn timer reads the test's clock
    _, thread = await start_table(emu, world, ana, [ben], sets=1, timer="2m")

    def notices():
        return [m.text for m in ana.visible_messages(thread) if "⌛" in m.text]

    for k in range(1, 4):  # ana plays; ben never does
        message = await turn_message(emu, ana, thread, f"Set 1/1 · turn {k}**")
        assert "Time runs out" in message.text
        hand = await open_hand(ana, message)
        await pick_and_confirm(emu, ana, hand, card_buttons(hand)[:2])
        if k == 1:  # 30 s before the end, ben is told (and pinged: his pings are on)
            clock.advance(90)
            warning = await emu.wait_for(
                lambda: next(
                    (m for m in ana.visible_messages(thread) if "seconds left" in m.text),
                    None,
                ),
                10,
                "the warning",
            )
            assert f"<@{ben.id}>" in warning.text
            assert warning.pinged == [ben.user]
        clock.advance(120)
        await emu.wait_for(lambda k=k: len(notices()) >= k, 10, f"timeout {k}")
    assert notices()[:3] == ["⌛ Time is up: the AI played this turn for Ben."] * 2 + [
        "⌛ Time is up again: an AI now plays for Ben. Press **My hand** to take the seat back."
    ]
    # From now on the AI picks for ben at once: ana's pick alone reveals turn 4.
    message = await turn_message(emu, ana, thread, "Set 1/1 · turn 4**")
    assert "✅ Ben" in message.text
    hand = await open_hand(ana, message)
    await pick_and_confirm(emu, ana, hand, card_buttons(hand)[:2])
    await turn_message(emu, ana, thread, "Set 1/1 · turn 5**")


async def test_twenty_tables_at_once_meet_every_deadline_and_post_every_step(emu, world, pop_bot):
    ana = world.ana
    tables = []
    for _ in range(20):
        _, thread = await start_table(emu, world, ana, ai=1, sets=1)
        tables.append(thread)
    start = len(emu.interactions)

    async def two_turns(thread):
        for k in (1, 2):
            message = await turn_message(emu, ana, thread, f"Set 1/1 · turn {k}**")
            hand = await open_hand(ana, message)
            await pick_and_confirm(emu, ana, hand, card_buttons(hand)[:2])
        await turn_message(emu, ana, thread, "Set 1/1 · turn 3**")

    await asyncio.gather(*(two_turns(thread) for thread in tables))
    played = list(emu.interactions.values())[start:]
    assert len(played) == 20 * 2 * 4
    late = [i for i in played if i.answered_at is None or i.answered_at - i.created_at > 3]
    assert late == []
    for thread in tables:  # every step picture arrived, in order, with none missing
        names = [
            a.filename
            for m in sorted(ana.visible_messages(thread), key=lambda m: m.id)
            for a in m.attachments
            if re.match(r"s1-t\d-\d\d", a.filename)
        ]
        for turn in (1, 2):
            steps = [int(n[6:8]) for n in names if n.startswith(f"s1-t{turn}-")]
            first = 1 if len(steps) < 10 else steps[0]  # its message shows the latest ten
            assert steps == list(range(first, first + len(steps)))
            assert len(steps) >= 5


async def test_a_table_that_falls_behind_groups_steps_and_drops_none(
    emu, world, roomy_channels, fast_bot_env, monkeypatch, start_bot
):
    """Pictures are paced (here 0.8 s apart); a player racing ahead through the hand message,
    updated in place each turn, makes the outbox catch up with several steps per message."""
    from bot.running.main import create_bot, load_settings

    monkeypatch.setenv("POP_STEP_DELAY", "0.8")
    await start_bot(lambda: create_bot(load_settings()))
    ana = world.ana
    # Five seats: no Chief, and ana's pick alone reveals each turn.
    _, thread = await start_table(emu, world, ana, ai=4, sets=1)
    first = await turn_message(emu, ana, thread, "Set 1/1 · turn 1**")
    hand = await open_hand(ana, first)
    for k in range(1, 5):
        await emu.wait_for(lambda n=k: f"turn {n}" in hand.text, 10, f"the hand of turn {k}")
        await pick(ana, hand, card_buttons(hand)[0])
    await turn_message(emu, ana, thread, "Set 1/1 · turn 5**", timeout=90)
    messages = sorted(ana.visible_messages(thread), key=lambda m: m.id)
    per_message = [
        [a.filename for a in m.attachments if re.match(r"s1-t\d-\d\d", a.filename)]
        for m in messages
    ]
    assert max(map(len, per_message)) > 1  # it caught up by grouping steps
    names = [n for group in per_message for n in group]
    for turn in (1, 2, 3, 4):
        steps = [int(n[6:8]) for n in names if n.startswith(f"s1-t{turn}-")]
        first = 1 if len(steps) < 10 else steps[0]  # a turn's message shows the latest ten
        assert steps == list(range(first, first + len(steps)))
        assert len(steps) >= 5
    assert [n[:5] for n in names] == sorted(n[:5] for n in names)  # turns in order


async def test_an_ai_pick_cut_short_by_a_stop_is_made_on_start(
    emu, world, roomy_channels, fast_bot_env, pop_bot
):
    """The process stops while an AI seat is still thinking: started again, the AI picks."""
    ana = world.ana
    _, thread = await start_table(emu, world, ana, ai=1, sets=1)
    first = await turn_message(emu, ana, thread, "Set 1/1 · turn 1**")
    await pop_bot.stop()
    # As if the stop came before the AI chose: its move and its secret pick are not stored.
    database = sqlite3.connect(fast_bot_env / "pop.sqlite3")
    (data, state) = database.execute("SELECT data, state FROM game_tables WHERE id = 1").fetchone()
    table, game = json.loads(data), json.loads(state)
    assert game["choices"].pop("ai-1")
    table["moves"] -= 1
    assert (
        database.execute("DELETE FROM game_moves WHERE table_id = 1 AND seat = 'ai-1'").rowcount
        == 1
    )
    # The version before the AI's move said the table owed work (an AI seat to act), so a
    # restart loads it. (The stored version may owe work already: its turn's text, when the
    # stop came before that was shown.)
    rewritten = database.execute(
        "UPDATE game_tables SET data = ?, state = ?, owes_work = 1 WHERE id = 1",
        (json.dumps(table), json.dumps(game)),
    )
    assert rewritten.rowcount == 1
    database.commit()
    database.close()

    await pop_bot.start()
    await emu.wait_for(
        lambda: (
            "✅ Robo Ada" in first.text
            or any("turn 2**" in m.text for m in ana.visible_messages(thread))
        ),
        10,
        "the AI to pick",
    )
    hand = await open_hand(ana, first)
    await pick_and_confirm(emu, ana, hand, card_buttons(hand)[:2])
    await turn_message(emu, ana, thread, "Set 1/1 · turn 2**")  # ana's pick alone revealed it
