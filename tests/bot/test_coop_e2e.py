"""Cooperative Pop at the table: the table-talk rule, signals, and the group's level."""

from __future__ import annotations

import pytest

from tests.bot.story import play_turn, start_table, turn_message
from tests.discord_emulator import Perm

pytestmark = pytest.mark.asyncio


async def test_cooperative_game_removes_numbers_and_shows_the_level(
    emu, world, roomy_channels, pop_bot
):
    ana, ben, cleo = world.ana, world.ben, world.cleo
    dan = emu.actor(emu.add_user("dan"))  # a spectator
    emu.add_member(world.guild, dan.user)
    _, thread = await start_table(emu, world, ana, [ben, cleo], mode="coop")
    rule = await emu.wait_for(
        lambda: next((m for m in ana.visible_messages(thread) if "never numbers" in m.text), None),
        10,
        "the table-talk rule",
    )
    assert "honour" not in rule.text

    forbidden = await ben.send(thread, "I have the 2 blue ones")
    allowed = await ben.send(thread, "blue to C")
    spectator = await dan.send(thread, "I bet on 23")
    await emu.wait_for(lambda: forbidden.deleted, 10, "the number to be removed")
    assert not allowed.deleted
    assert not spectator.deleted
    await emu.wait_for(
        lambda: any("message from Ben was removed" in m.text for m in ana.visible_messages(thread)),
        10,
        "the notice",
    )
    private = await emu.wait_for(lambda: ben.dms(), 10, "a private reminder")
    assert "never numbers" in private[-1].text
    assert "was removed" in private[-1].text
    assert ana.dms() == []
    assert dan.dms() == []

    # Signal: a colour ben holds and the column he wants, said by the bot for him.
    turn = await emu.wait_for(
        lambda: next(
            (m for m in ana.visible_messages(thread) if "Signal" in m.button_labels), None
        ),
        10,
        "turn 1",
    )
    menu = await (await ben.click(turn, label="Signal")).wait_message(lambda m: m.components)
    option = menu.iter_components()[0]["options"][0]["value"]
    await ben.choose(menu, option)
    colour, column = option.split(".")
    await emu.wait_for(
        lambda: any(
            f"**{colour}** — I'd like column **{column}**" in m.text
            for m in ana.visible_messages(thread)
        ),
        10,
        "the signal",
    )

    k = 1
    while True:  # play until the game ends: an explosion, or nine turns survived
        await play_turn(emu, [ana, ben, cleo], thread, f"turn {k}**")
        await emu.wait_for(
            lambda n=k: any(
                f"turn {n + 1}**" in m.text or "reached" in m.text
                for m in ana.visible_messages(thread)
            ),
            20,
            "more",
        )
        if any("The group reached" in m.text for m in ana.visible_messages(thread)):
            break
        k += 1
    assert k <= 9


def notices(actor, thread, name):
    """The table's public notices that a message of `name` was removed."""
    return [
        m for m in actor.visible_messages(thread) if f"message from {name} was removed" in m.text
    ]


async def test_an_edit_or_a_forward_is_read_like_a_new_message(emu, world, roomy_channels, pop_bot):
    """Issue 31: a message let through could be edited into a number, and a forward (its words
    in its snapshot, none of its own) was read as empty."""
    ana, ben, cleo = world.ana, world.ben, world.cleo
    dan = emu.actor(emu.add_user("dan"))  # a spectator
    emu.add_member(world.guild, dan.user)
    _, thread = await start_table(emu, world, ana, [ben, cleo], mode="coop")

    # A line let through, then edited: an edit that still says colours and letters stays,
    # one that now tells a number goes.
    said = await ben.send(thread, "blue to C")
    number = await ben.send(thread, "I have the 2 blue ones")
    await emu.wait_for(lambda: number.deleted, 10, "the number to be removed")  # both read
    assert not said.deleted
    await ben.edit(said, "blue to D")
    await ben.edit(said, "blue to D, it is my 23")
    await emu.wait_for(lambda: said.deleted, 10, "the edited message to be removed")
    await emu.wait_for(lambda: len(notices(ana, thread, "Ben")) == 2, 10, "the notice")
    private = await emu.wait_for(lambda: ben.dms()[1:], 10, "a private reminder")
    assert "was removed" in private[-1].text

    # Edited at once: discord.py may hand the new line's handler the edited words already
    # (its cached message is changed in place); the line is still read once.
    quick = await ana.send(thread, "green to B")
    await ana.edit(quick, "green to B, my 7")
    await emu.wait_for(lambda: quick.deleted, 10, "the quick edit to be removed")
    await emu.wait_for(lambda: notices(ana, thread, "Ana"), 10, "the notice")

    # A number written elsewhere, forwarded into the table's thread: the forward goes.
    elsewhere = await cleo.at(world.general).send("mine is vingt-trois")
    forward = await cleo.forward(elsewhere, thread)
    colours = await cleo.forward(await cleo.at(world.general).send("green to A"), thread)
    watched = await dan.forward(elsewhere, thread)  # a spectator may say anything
    await emu.wait_for(lambda: forward.deleted, 10, "the forward to be removed")
    await emu.wait_for(lambda: notices(ana, thread, "Cleo"), 10, "the notice")
    assert not elsewhere.deleted  # no table plays in #general
    assert len(cleo.dms()) == 1
    assert dan.dms() == []

    # Without Manage Messages, an edited message is answered with a reminder, as a new one.
    emu.deny(world.games, emu.bot_user, Perm.MANAGE_MESSAGES)
    late = await ana.send(thread, "purple to B")
    await ana.edit(late, "purple to B: I hold twelve")
    reply = await emu.wait_for(
        lambda: next(
            (m for m in ana.visible_messages(thread) if "Ana, careful: no numbers" in m.text),
            None,
        ),
        10,
        "a reminder",
    )
    assert not late.deleted
    assert not colours.deleted
    assert not watched.deleted
    assert len(notices(ana, thread, "Ben")) == 2
    assert len(notices(ana, thread, "Cleo")) == 1
    assert len(notices(ana, thread, "Ana")) == 1
    assert len(ben.dms()) == 2  # each version of a line read once: no third reminder
    assert len([m for m in ana.dms() if "removed" in m.text]) == 1
    reminders = [m for m in ana.visible_messages(thread) if "careful: no numbers" in m.text]
    assert reminders == [reply]  # only for the edit made without Manage Messages


async def test_without_manage_messages_the_bot_answers_with_a_reminder(
    emu, world, roomy_channels, pop_bot
):
    ana, ben, cleo = world.ana, world.ben, world.cleo
    _, thread = await start_table(emu, world, ana, [ben, cleo], mode="coop")
    emu.deny(world.games, emu.bot_user, Perm.MANAGE_MESSAGES)
    said = await cleo.send(thread, "mine is vingt-trois")
    reply = await emu.wait_for(
        lambda: next(
            (m for m in ana.visible_messages(thread) if "careful: no numbers" in m.text), None
        ),
        10,
        "a reminder",
    )
    assert not said.deleted
    assert "Cleo" in reply.text
    # cleo refuses DMs: the public reminder stands alone, and the bot carries on.
    emu.block_dms(cleo)
    await cleo.send(thread, "trente-deux")
    await emu.wait_for(
        lambda: sum("careful: no numbers" in m.text for m in ana.visible_messages(thread)) == 2,
        10,
        "again",
    )
    assert len(cleo.dms()) == 1


async def test_an_ai_partner_signals_its_colour_and_hears_a_person_s_signal(
    emu, world, roomy_channels, pop_bot
):
    ana, ben = world.ana, world.ben
    _, thread = await start_table(emu, world, ana, [ben], ai=1, mode="coop")

    def ai_signals():
        return [
            m.text
            for m in ana.visible_messages(thread)
            if m.text.startswith("📣 Robo") and "I'd like column" in m.text
        ]

    # The AI picks as the turn opens and says its colour and column, never a number.
    said = (await emu.wait_for(ai_signals, 10, "the AI's signal"))[0]
    assert not any(ch.isdigit() for ch in said), said
    # Ben signals: the AI, which has already picked, thinks again with it; the turn still
    # resolves once both people have picked.
    turn = await turn_message(emu, ana, thread, "turn 1**")
    menu = await (await ben.click(turn, label="Signal")).wait_message(lambda m: m.components)
    await ben.choose(menu, menu.iter_components()[0]["options"][0]["value"])
    await play_turn(emu, [ana, ben], thread, "turn 1**")
    await emu.wait_for(
        lambda: any(
            "turn 2**" in m.text or "reached" in m.text for m in ana.visible_messages(thread)
        ),
        20,
        "turn 1 to resolve",
    )
