"""A move's message created on Discord whose answer the bot never read (the process killed while
discord.py waited out an exhausted channel bucket, here: Discord's answer withheld): a seat
may press its buttons meanwhile. Started again, the bot sends that post again with the same
nonce, and Discord hands back the message from before the kill, with the buttons it had then.
The bot takes it as that post's message and brings it up to date: its buttons go when their
turn is over (Colorpop), or become the turn's buttons as they are now (Coloretto, a card drawn
within the turn); no message keeps buttons of a turn gone by."""

from __future__ import annotations

import pytest

from engine.coloretto import game as coloretto_rules
from engine.coloretto.game import Draw, Place
from tests.bot.test_coloretto_e2e import (
    button_for,
    host_starts,
    live,
    press,
    seed_where,
    start_coloretto,
    wait_version_above,
)
from tests.bot.test_coloretto_e2e import turn_message as coloretto_turn
from tests.bot.test_colorpop_e2e import live as colorpop_live
from tests.bot.test_colorpop_e2e import open_colorpop, pick_by_column
from tests.bot.test_colorpop_e2e import turn_message as colorpop_turn

pytestmark = pytest.mark.asyncio


def with_buttons(actor, thread):
    """The public messages of the thread that still show buttons."""
    return [m for m in actor.visible_messages(thread) if m.buttons and not m.ephemeral]


def pictures(message):
    return [a.filename for a in message.attachments]


def edits_of(emu, message):
    """How many times the bot asked Discord to edit `message`."""
    path = f"/channels/{message.channel.id}/messages/{message.id}"
    return sum(1 for r in emu.request_log if r.method == "PATCH" and r.path.endswith(path))


def showing(actor, thread, filename):
    """The thread's messages that show the picture `filename`."""
    return [m for m in actor.visible_messages(thread) if filename in pictures(m)]


@pytest.mark.parametrize("pressed", [True, False], ids=["pressed-then-killed", "killed"])
async def test_a_colorpop_move_message_answered_after_a_kill_keeps_no_stale_buttons(
    emu, world, roomy_channels, pop_bot, pressed
):
    ana, ben = world.ana, world.ben
    number, thread = await open_colorpop(emu, world, ana, [ben])
    state = colorpop_live(pop_bot, number).state
    humans = {str(ana.id): ana, str(ben.id): ben}
    first, second = humans[state.seats[state.turn]], humans[state.seats[1 - state.turn]]
    opening = await colorpop_turn(emu, first, thread, 1)
    trap = emu.hang_after_create(channel=thread)
    await pick_by_column(emu, first, opening)
    await emu.wait_for(lambda: trap.created.is_set(), 10, "move 1's message, not answered")
    [caught] = trap.messages  # move 1's pictures, with move 2's text and buttons
    captions, _, turn_text = caught.text.partition("\n\n")
    assert turn_text.startswith("**Move 2**")
    assert caught.buttons
    if pressed:  # move 2 is picked on it before the bot has read Discord's answer
        await pick_by_column(emu, second, caught)
        await emu.wait_for(
            lambda: len(colorpop_live(pop_bot, number).state.picks) == 2, 10, "move 2"
        )

    await pop_bot.restart()  # killed while the post of move 1 waited for its answer

    if pressed:  # move 2's turn is over: the message shows move 1 alone, without buttons
        third = await colorpop_turn(emu, first, thread, 3)
        await emu.wait_for(lambda: not caught.buttons, 10, "move 1's message without buttons")
        assert caught.text == captions
        assert edits_of(emu, caught) == 1
    else:  # the message from before the kill is the turn's: its buttons play move 2
        await emu.wait_for(
            lambda: colorpop_live(pop_bot, number).table.turn_message_id == caught.id,
            10,
            "the message from before the kill taken as move 2's turn message",
        )
        assert edits_of(emu, caught) == 0  # it shows the post as it is: nothing to edit
        await pick_by_column(emu, second, caught)
        third = await colorpop_turn(emu, first, thread, 3)
        await emu.wait_for(lambda: not caught.buttons, 10, "move 2's turn message stripped")
    await emu.wait_for(
        lambda: with_buttons(first, thread) == [third], 10, "no buttons but the turn's own"
    )
    for picture in pictures(caught):  # move 1's pictures, posted once
        assert showing(first, thread, picture) == [caught]
    await pick_by_column(emu, first, third)  # and the game goes on
    await emu.wait_for(lambda: len(colorpop_live(pop_bot, number).state.picks) == 3, 10, "move 3")


async def test_a_coloretto_turn_message_answered_after_a_kill_shows_the_turn_as_it_is(
    emu, world, roomy_channels, pop_bot
):
    ana, ben = world.ana, world.ben
    thread = await start_coloretto(
        emu, world, ana, [ben], bot=pop_bot, seed=seed_where(2, host_starts)
    )
    await press(emu, ana, thread, pop_bot, Draw())
    placing = await coloretto_turn(emu, ana, thread, pop_bot)
    trap = emu.hang_after_create(channel=thread)
    await ana.click(placing, label=button_for(Place(1)))
    await emu.wait_for(lambda: trap.created.is_set(), 10, "ana's turn message, not answered")
    [caught] = trap.messages  # ana's placement, with ben's turn and its buttons
    assert "Draw" in caught.button_labels
    current = await live(pop_bot)
    assert coloretto_rules.current_player(current.state) == str(ben.id)
    before = current.state.version
    await ben.click(caught, label="Draw")  # within ben's turn: his card is drawn
    await wait_version_above(emu, pop_bot, before)
    drawn = (await live(pop_bot)).state.drawn
    shown = list(pictures(caught))

    await pop_bot.restart()  # killed while the post of ana's turn waited for its answer

    placing = await coloretto_turn(emu, ben, thread, pop_bot)  # the turn's buttons as it is now
    assert placing.id == caught.id
    assert "Draw" not in caught.button_labels
    names = pictures(caught)
    assert names[: len(shown)] == shown  # ana's placement, then ben's draw, pictured
    assert len(names) > len(shown)
    await press(emu, ben, thread, pop_bot, Place(2))
    assert drawn in (await live(pop_bot)).state.rows[1]
    ana_turn = await coloretto_turn(emu, ana, thread, pop_bot)
    await emu.wait_for(
        lambda: with_buttons(ana, thread) == [ana_turn], 10, "no buttons but the turn's own"
    )
