"""The table around the game: lobby, commands, rematch, solo, lost permissions, expired hands."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys

import pytest

from bot.texts.i18n import t
from tests.bot.story import (
    card_buttons,
    open_hand,
    open_table,
    pick,
    pick_and_confirm,
    play_turn,
    private_answer,
    start_table,
    stored_table,
    table_number,
    turn_message,
    turn_posted_again,
)
from tests.discord_emulator import Perm

pytestmark = pytest.mark.asyncio


async def test_lobby_join_leave_ai_limits_and_host_rights(emu, world, pop_bot):
    ana, ben, cleo = world.ana, world.ben, world.cleo
    _, _thread, lobby = await open_table(emu, world, ana, mode="coop")
    assert lobby.button_labels == ["Join", "Leave", "Add AI", "Start", "Cancel"]
    await private_answer(await ana.click(lobby, label="Start"), "Seats needed (cooperative): 3–5.")
    await ben.click(lobby, label="Join")
    await private_answer(await ben.click(lobby, label="Join"), "already seated")
    await private_answer(await ben.click(lobby, label="Add AI"), "Only the host")
    await private_answer(await ben.click(lobby, label="Start"), "Only the host")
    for _ in range(3):
        await ana.click(lobby, label="Add AI")
    assert "Seats (5/5" in lobby.text
    assert "Robo Ada 🤖" in lobby.text
    await private_answer(await cleo.click(lobby, label="Join"), "table is full")
    await ben.click(lobby, label="Leave")
    assert "Ben" not in lobby.text
    # The last human leaves: only AI seats remain, so the table is cancelled.
    await ana.click(lobby, label="Leave")
    assert "cancelled" in lobby.text
    assert lobby.buttons == []


async def test_a_moderator_can_cancel_and_the_host_can_remove_a_seat(emu, world, pop_bot):
    ana, ben, cleo = world.ana, world.ben, world.cleo
    _, thread, lobby = await open_table(emu, world, ana)
    await ben.click(lobby, label="Join")
    removed = await ana.at(thread).slash("table", "remove", player=ben.user)
    assert "seat was removed" in (await removed.wait_message()).text
    await emu.wait_for(lambda: "Ben" not in lobby.text, 10, "the lobby to drop ben")
    await private_answer(
        await ben.at(thread).slash("table", "remove", player=ana.user), "Only the host"
    )
    await cleo.click(lobby, label="Cancel")  # cleo manages threads
    assert "cancelled" in lobby.text


async def test_table_rules_help_and_leave_commands(emu, world, roomy_channels, pop_bot):
    ana, ben = world.ana, world.ben
    _, thread = await start_table(emu, world, ana, [ben])
    await emu.wait_for(
        lambda: any("My hand" in m.button_labels for m in ana.visible_messages(thread)),
        10,
        "turn 1",
    )
    shown = await (await ben.at(thread).slash("table", "show")).wait_message()
    assert shown.ephemeral
    assert "turn 1" in shown.text
    assert "⏳ Ana" in shown.text
    rules = await (await ben.slash("pop", "rules", mode="coop")).wait_message()
    assert rules.ephemeral
    assert "never numbers" in rules.text
    helped = await (await ben.slash("help")).wait_message()
    assert "/pop new" in helped.text
    nothing = await (await ben.at(world.general).slash("table", "show")).wait_message()
    assert "no game table here" in nothing.text
    left = await (await ben.at(thread).slash("table", "leave")).wait_message()
    assert "Ben left" in left.text
    # An AI now plays ben's seat: ana's pick alone reveals the turn.
    await play_turn(emu, [ana], thread, "Set 1/3 · turn 1**", pick=lambda h: h[:2])
    await emu.wait_for(
        lambda: any("turn 2**" in m.text for m in ana.visible_messages(thread)), 20, "turn 2"
    )
    # The revealed turn's message shows every seat as chosen, and no buttons any more.
    first = next(m for m in ana.visible_messages(thread) if "turn 1**" in m.text)
    await emu.wait_for(
        lambda: "✅ Ana" in first.text and "⏳" not in first.text and not first.buttons,
        10,
        "turn 1's message closed",
    )


async def test_rematch_deals_a_new_game_for_the_same_seats(emu, world, roomy_channels, pop_bot):
    ana, ben = world.ana, world.ben
    number, thread = await start_table(emu, world, ana, ai=1, sets=1)
    first, _ = await stored_table(pop_bot, number)
    first_hands = []
    for k in range(1, 9):
        _, held, _ = await play_turn(
            emu, [ana], thread, f"Set 1/1 · turn {k}**", pick=lambda h: h[:2]
        )
        first_hands.append(held["ana"])
    final = await emu.wait_for(
        lambda: next(
            (m for m in ana.visible_messages(thread) if "Rematch" in m.button_labels), None
        ),
        30,
        "the rematch button",
    )
    await private_answer(await ben.click(final, label="Rematch"), "no seat")
    await ana.click(final, label="Rematch")
    await emu.wait_for(
        lambda: any("asked for a rematch" in m.text for m in ana.visible_messages(thread)),
        10,
        "the rematch",
    )
    _, held, _ = await play_turn(emu, [ana], thread, "Set 1/1 · turn 1**", pick=lambda h: h[:2])
    again, _ = await stored_table(pop_bot, number)
    # The same seats (ana and her AI, in the same order), in a second game with a new deal.
    assert [(s.id, s.user_id, s.name, s.ai) for s in again.seats] == [
        (s.id, s.user_id, s.name, s.ai) for s in first.seats
    ]
    assert (first.games, again.games) == (1, 2)
    assert again.status == "playing"
    assert again.seed != first.seed
    # Turn 1 of the new game: a full hand again, another one than the first game's.
    assert len(held["ana"]) == len(first_hands[0]) > len(first_hands[-1])
    assert held["ana"] != first_hands[0]


async def test_solo_game_at_the_table_to_its_end(emu, world, roomy_channels, pop_bot):
    ana = world.ana
    _, thread, lobby = await open_table(emu, world, ana, mode="solo", difficulty=1)
    await private_answer(await world.ben.click(lobby, label="Join"), "table is full")
    await ana.click(lobby, label="Start")
    first = await emu.wait_for(
        lambda: next((m for m in ana.visible_messages(thread) if "Hint" in m.button_labels), None),
        10,
        "turn 1",
    )
    hint = await (await ana.click(first, label="Hint")).wait_message()
    suggested = [int(n) for n in hint.text.split("would play ")[1].split(".")[0].split(", ")]
    assert hint.ephemeral
    assert len(suggested) == 5
    k = 1
    while True:
        await play_turn(
            emu,
            [ana],
            thread,
            f"turn {k}**",
            pick=lambda h, first=(k == 1): suggested if first else h[:5],
        )
        done = next(
            (
                m
                for m in ana.visible_messages(thread)
                if "Grid cleared" in m.text or "not cleared" in m.text
            ),
            None,
        )
        if done is None:
            await emu.wait_for(
                lambda n=k: any(
                    f"turn {n + 1}**" in m.text or "cleared" in m.text
                    for m in ana.visible_messages(thread)
                ),
                20,
                "the next turn or the end",
            )
            done = next(
                (
                    m
                    for m in ana.visible_messages(thread)
                    if "Grid cleared" in m.text or "not cleared" in m.text
                ),
                None,
            )
        if done is not None:
            break
        k += 1
    assert done.attachments
    assert k <= 9
    assert "1 hint used" in done.text


async def test_a_lost_permission_pauses_only_that_table(emu, world, roomy_channels, pop_bot):
    ana, ben = world.ana, world.ben
    tables = []
    for channel in (world.general, world.games):  # threads inherit their channel's rights
        _, thread = await start_table(emu, world, ana.at(channel), [ben.at(channel)], sets=1)
        tables.append(thread)
    first, second = tables
    turn_one = await emu.wait_for(
        lambda: next(
            (m for m in ana.visible_messages(first) if "My hand" in m.button_labels), None
        ),
        10,
        "turn 1",
    )
    # Each press tries again at once (the back-off between tries is
    # tests/bot/test_paused_tables_e2e.py's subject).
    pop_bot.client.tables.channels.retries.first_wait = 0
    emu.deny(world.general, emu.bot_user, Perm.SEND_MESSAGES_IN_THREADS)
    await play_turn(emu, [ana, ben], first, "Set 1/1 · turn 1**", pick=lambda h: h[:2])
    await emu.wait_for(
        lambda: any("is paused" in m.text for m in ana.visible_messages(world.general)),
        20,
        "a notice in the parent channel",
    )
    # A press at the paused table is told why nothing happens, and changes nothing.
    assert turn_one.buttons == []  # the closed turn lost its buttons
    hand = next(m for m in ana.visible_messages(first) if m.ephemeral and m.buttons)
    before = await stored_table(pop_bot)
    told = await ana.click(hand, label=hand.button_labels[0])
    await told.wait_message(lambda m: m.text == t("refusal.paused", "en"))
    after = await stored_table(pop_bot)
    assert after[1] == before[1]  # the game is as it was
    assert (after[0].moves, after[0].epoch) == (before[0].moves, before[0].epoch)
    # The other table plays on.
    await play_turn(emu, [ana, ben], second, "Set 1/1 · turn 1**", pick=lambda h: h[:2])
    await play_turn(emu, [ana, ben], second, "Set 1/1 · turn 2**", pick=lambda h: h[:2])
    # Permission back, and Discord says nothing of it: the next press tries again, and the
    # paused table resumes where it stopped.
    del world.general.overwrites[emu.bot_user.id]
    told = await ana.click(hand, label=hand.button_labels[0])
    await told.wait_message(lambda m: m.text == t("refusal.paused", "en"))
    await emu.wait_for(
        lambda: any(
            "turn 2**" in m.text and "My hand" in m.button_labels
            for m in ana.visible_messages(first)
        ),
        30,
        "the paused table to post its steps and turn 2",
    )
    # Told once, though the first press's try was refused again.
    notices = [m for m in ana.visible_messages(world.general) if "is paused" in m.text]
    assert len(notices) == 1
    assert notices[0].text.startswith("Pop table #")
    steps = [
        a.filename
        for m in sorted(ana.visible_messages(first), key=lambda m: m.id)
        for a in m.attachments
        if a.filename.startswith("s1-t1-")
    ]
    # In order, none twice, none missing: the turn's message shows its latest ten steps.
    numbers = [int(n[6:8]) for n in steps]
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))
    assert numbers[0] == 1 or len(numbers) == 10


async def test_a_deleted_thread_ends_its_table_and_others_go_on(emu, world, pop_bot):
    ana, ben = world.ana, world.ben
    threads = []
    for _ in range(2):
        number, thread = await start_table(emu, world, ana, [ben], sets=1)
        threads.append((number, thread))
    (gone_no, gone), (_, kept) = threads
    tables = pop_bot.client.tables
    tables.step_delay = 5  # the reveal's pictures are still being posted when the thread goes
    await play_turn(emu, [ana, ben], gone, "Set 1/1 · turn 1**", pick=lambda h: h[:2])
    await emu.wait_for(lambda: tables.held.cache[gone_no].pending, 10, "the reveal to be posting")
    emu.delete_channel(gone)
    await emu.wait_for(
        lambda: any(f"#{gone_no} has ended" in m.text for m in ana.visible_messages(world.games)),
        20,
        "a notice in the parent channel",
    )
    assert (await stored_table(pop_bot, gone_no))[0].status == "cancelled"
    # Finished for good: it leaves memory, owes no post, and a restart never loads it again.
    tables.step_delay = 0
    await emu.wait_for(lambda: gone_no not in tables.held.cache, 10, "the ended table to leave")
    assert (await tables.store.delivery(gone_no)).idle
    assert gone_no not in {t.id for t, _ in await tables.store.tables_to_resume()}
    await play_turn(emu, [ana, ben], kept, "Set 1/1 · turn 1**", pick=lambda h: h[:2])
    await emu.wait_for(
        lambda: any("turn 2**" in m.text for m in ana.visible_messages(kept)),
        20,
        "the other table's turn 2",
    )


async def test_hands_are_updated_in_place_until_their_token_expires(
    emu, world, roomy_channels, pop_bot
):
    ana, ben = world.ana, world.ben
    _, thread = await start_table(emu, world, ana, [ben], sets=1)
    _, held, _ = await play_turn(
        emu, [ana, ben], thread, "Set 1/1 · turn 1**", pick=lambda h: h[:2]
    )
    ana_hand, ben_hand = ana.ephemeral_messages(thread)[-1], ben.ephemeral_messages(thread)[-1]
    # Turn 2: the same private messages now show turn 2's hands, with live buttons.
    for hand in (ana_hand, ben_hand):
        await emu.wait_for(lambda h=hand: "turn 2" in h.text, 20, "the hand to update")
    assert len(card_buttons(ana_hand)) == 9
    assert set(card_buttons(ana_hand)) != set(held["ana"])
    await pick_and_confirm(emu, ana, ana_hand, card_buttons(ana_hand)[:2])
    emu.advance(minutes=16)  # ana's token expires; ben clicks now, so his is fresh
    await pick_and_confirm(emu, ben, ben_hand, card_buttons(ben_hand)[:2])
    await emu.wait_for(lambda: "turn 3" in ben_hand.text, 20, "ben's hand to update")
    await asyncio.sleep(0.5)
    assert "turn 3" not in ana_hand.text  # an expired message is left alone...
    # ...and "My hand" on the new table message gives ana a fresh one.
    await play_turn(emu, [ana], thread, "Set 1/1 · turn 3**", pick=lambda h: h[:2])


def run_bot_process(env_overrides: dict, timeout: float = 30):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("POP_", "DISCORD_"))}
    env.update(env_overrides)
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", "run"],
        env=env,
        timeout=timeout,
        capture_output=True,
        text=True,
    )


async def test_missing_token_is_a_clear_message_not_a_traceback(tmp_path):
    done = await asyncio.to_thread(run_bot_process, {"POP_DATABASE_PATH": str(tmp_path / "x")})
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


async def test_wrong_token_is_a_clear_message_and_is_never_printed(emu, tmp_path):
    wrong = "wrong-token-" + "x" * 40
    done = await asyncio.to_thread(
        run_bot_process,
        {
            "DISCORD_TOKEN": wrong,
            "POP_DATABASE_PATH": str(tmp_path / "db"),
            "POP_DISCORD_API_BASE": emu.api_base,
            "POP_DISCORD_GATEWAY_URL": emu.gateway_url,
        },
    )
    assert done.returncode == 2, done.stderr
    assert "refused the token" in done.stderr
    assert "Traceback" not in done.stderr
    assert wrong not in done.stderr + done.stdout


async def test_unreachable_discord_is_a_clear_message(tmp_path):
    done = await asyncio.to_thread(
        run_bot_process,
        {
            "DISCORD_TOKEN": "t" * 50,
            "POP_DATABASE_PATH": str(tmp_path / "db"),
            "POP_DISCORD_API_BASE": "http://127.0.0.1:9/api/v10",
        },
    )
    assert done.returncode == 3
    assert "cannot reach Discord" in done.stderr
    assert "Traceback" not in done.stderr
    assert "t" * 50 not in done.stderr


async def test_sigterm_shuts_the_bot_down_gracefully(emu, world, tmp_path):
    """`docker stop` sends SIGTERM: the bot logs off cleanly, exit status 0, no traceback."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("POP_", "DISCORD_"))}
    env.update(
        {
            "DISCORD_TOKEN": emu.token,
            "POP_DATABASE_PATH": str(tmp_path / "db"),
            "POP_DISCORD_API_BASE": emu.api_base,
            "POP_DISCORD_GATEWAY_URL": emu.gateway_url,
        }
    )
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.cli",
        "run",
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        await emu.wait_for(lambda: any(s.connected for s in emu.sessions), 20, "the bot to connect")
    except TimeoutError:
        process.kill()
        raise AssertionError((await process.communicate())[1].decode()[-3000:]) from None
    process.send_signal(signal.SIGTERM)
    out, err = await asyncio.wait_for(process.communicate(), 20)
    assert process.returncode == 0, err.decode()
    assert b"closed" in err
    assert b"Traceback" not in err + out


async def test_without_thread_rights_the_table_plays_in_the_channel(
    emu, world, roomy_channels, pop_bot
):
    ana, ben = world.ana, world.ben
    emu.deny(world.games, emu.bot_user, Perm.CREATE_PUBLIC_THREADS)
    opened = await ana.slash("pop", "new", sets=1)
    # The answer says the table plays here; the host alone learns which permission is missing.
    here = await opened.wait_message(lambda m: "in the channel" in m.text)
    assert "Join in its thread" not in here.text
    (told,) = await opened.wait_followups(1)
    assert told.ephemeral
    assert told.text == t("table.no_thread", "en", game="Pop", id=table_number(here))
    lobby = await emu.wait_for(
        lambda: next(
            (m for m in ana.visible_messages(world.games) if "Join" in m.button_labels), None
        ),
        10,
        "the lobby in the channel itself",
    )
    assert world.guild.threads == []
    await ben.click(lobby, label="Join")
    await ana.click(lobby, label="Start")
    await play_turn(emu, [ana, ben], world.games, "Set 1/1 · turn 1**", pick=lambda h: h[:2])
    await emu.wait_for(
        lambda: any("turn 2**" in m.text for m in ana.visible_messages(world.games)),
        20,
        "turn 2",
    )


async def test_a_finished_table_leaves_memory_once_its_posts_are_out(
    emu, world, roomy_channels, pop_bot
):
    """Memory stays flat: nothing of a finished table stays in the bot once it is all posted
    (and a click on its Rematch button loads it again from the database)."""
    ana = world.ana
    number, thread = await start_table(emu, world, ana, ai=4, sets=1)  # ana alone reveals
    tables = pop_bot.client.tables
    for k in range(1, 9):
        if k == 8:  # a selection never confirmed (the timer chose instead) stays in the face
            tables.held.faces["pop"].drafts[(number, 1, str(ana.id))] = [1]
        await play_turn(emu, [ana], thread, f"Set 1/1 · turn {k}**")
    await emu.wait_for(lambda: number not in tables.held.cache, 20, "the table to leave memory")
    held = tables.held
    for kept in (held.cache, tables.outboxes.boxes, held.locks):
        assert number not in kept
    assert not any(number in here for here in held.by_channel.values())
    assert number not in held.where_of
    assert not any(key[0] == number for key in tables.held.faces["pop"].drafts)
    final = next(m for m in ana.visible_messages(thread) if "Rematch" in m.button_labels)
    await ana.click(final, label="Rematch")
    await turn_message(emu, ana, thread, "Set 1/1 · turn 1**", timeout=20)
    assert number in tables.held.cache


async def test_a_click_whose_commit_is_slow_is_still_answered_in_time(
    emu, world, roomy_channels, pop_bot, monkeypatch
):
    """Overloaded, a move's commit can outlast Discord's 3 s: the click is acknowledged in
    time, the pick is committed all the same, and the hand shows it once it is."""
    ana = world.ana
    _number, thread = await start_table(emu, world, ana, ai=4, sets=1)
    message = await turn_message(emu, ana, thread, "Set 1/1 · turn 1**")
    hand = await open_hand(ana, message)
    store = pop_bot.client.tables.store
    save = store.save

    async def slow_save(table, state, **kwargs):
        move = kwargs.get("move")
        if move is not None and move.user_id == ana.id:  # her click's; the four AI seats' are not
            await asyncio.sleep(3.5)  # longer than Discord waits for an answer
        return await save(table, state, **kwargs)

    monkeypatch.setattr(store, "save", slow_save)
    card = card_buttons(hand)[0]
    clicked = await pick(ana, hand, card)
    assert clicked.responded  # acknowledged within the 3 s, not "This interaction failed"
    await turn_message(emu, ana, thread, "Set 1/1 · turn 2**")  # the pick was taken
    # ... and the answer that followed the acknowledgement updated the hand: the card is gone.
    await emu.wait_for(lambda: card not in card_buttons(hand), 10, "the played card gone")
    assert not emu.unanswered_interactions()


async def test_a_deleted_turn_message_is_posted_again_and_table_show_brings_the_controls(
    emu, world, pop_bot
):
    """A moderator deletes the turn's message while the players think: the bot posts it
    again; and /table show by a seated player answers with the turn's buttons, which work."""
    ana, ben = world.ana, world.ben
    _, thread = await start_table(emu, world, ana, [ben])
    first = await turn_message(emu, ana, thread, "Set 1/3 · turn 1**")
    emu.delete_message(first)
    again = await turn_posted_again(emu, ana, thread, first)
    assert not again.ephemeral
    shown = await (await ana.at(thread).slash("table", "show")).wait_message()
    assert shown.ephemeral
    assert "turn 1" in shown.text
    assert "My hand" in shown.button_labels
    hand = await open_hand(ana, shown)  # the private copy's button opens ana's hand
    assert hand.ephemeral
    assert card_buttons(hand)
