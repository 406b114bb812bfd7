"""Components V2 messages (flag IS_COMPONENTS_V2, 1 << 15) sent by a real discord.py
``LayoutView``, read as a person reads them, and Discord's rules for them."""

from __future__ import annotations

import discord

from tests.discord_emulator import Emulator
from tests.discord_emulator.model import IS_COMPONENTS_V2

from .tiny_layout import ACCENT, Board, LayoutBot, board_files

BOARD_TEXT = "# Turn 1\nYour move\nA corner\nof the board\n-# turn 1 of 9"


async def test_a_layout_view_reads_as_its_text_pictures_and_buttons(
    emu: Emulator, world, start_bot
):
    runner = await start_bot(LayoutBot)
    channel = runner.client.get_channel(world.games.id)
    sent = await channel.send(view=Board(runner.client), files=board_files())
    message = world.ana.last_message()
    assert message.is_components_v2
    assert message.flags & IS_COMPONENTS_V2
    assert message.content == ""
    assert message.text == BOARD_TEXT
    assert message.gallery_names == ["board.png"]
    assert [a.filename for a in message.attachments] == ["board.png", "corner.png", "rules.txt"]
    assert message.accent_colour == ACCENT
    assert message.button_labels == ["Peek", "Go", "Rules"]  # reading order, nested anywhere
    assert "picture board.png" in message.alt_texts
    assert "red square" in message.alt_texts
    # discord.py read the answer back: the flag, and the media Discord unfurled
    assert sent.flags.components_v2
    [container, _] = sent.components
    gallery = next(c for c in container.children if isinstance(c, discord.MediaGalleryComponent))
    assert gallery.items[0].media.attachment_id == message.gallery[0].id
    assert (gallery.items[0].media.width, gallery.items[0].media.height) == (8, 8)
    file = next(c for c in container.children if isinstance(c, discord.FileComponent))
    assert (file.name, file.size) == ("rules.txt", len(b"the rules"))


async def test_nested_buttons_are_clicked_and_reach_the_bot(emu: Emulator, world, start_bot):
    runner = await start_bot(LayoutBot)
    result = await world.ana.slash("board")
    message = await result.wait_message()
    assert message.is_components_v2
    assert message.text == BOARD_TEXT

    update = await world.ana.click(message, label="Go")  # a row inside the Container
    assert update.response_type == 7
    assert message.text.startswith("# Turn 2")
    assert message.is_components_v2
    assert message.gallery_names == ["board.png"]  # kept: the update sent no attachments list

    peek = await world.ana.click(message, custom_id="v2:peek")  # a Section's accessory
    assert peek.response_type == 6
    await emu.wait_for(lambda: runner.client.pressed == ["go", "peek"], 5, "the peek")
    interaction = runner.client.interactions[-1]
    assert interaction.data["custom_id"] == "v2:peek"
    assert interaction.data["id"] == next(
        b["id"] for b in message.buttons if b.get("custom_id") == "v2:peek"
    )


async def test_the_bot_hears_v2_messages_with_their_components(emu: Emulator, world, start_bot):
    runner = await start_bot(lambda: LayoutBot(intents=discord.Intents.all()))
    channel = runner.client.get_channel(world.games.id)
    await channel.send(view=Board(runner.client), files=board_files())
    heard = await emu.wait_for(lambda: runner.client.seen_messages[-1:], 5, "MESSAGE_CREATE")
    assert heard[0].flags.components_v2
    [container, footer] = heard[0].components
    assert container.type == discord.ComponentType.container
    assert footer.content == "-# turn 1 of 9"
