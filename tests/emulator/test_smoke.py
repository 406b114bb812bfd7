"""The whole wire path with a tiny bot: slash command -> ephemeral PNG + button -> click edits."""

from __future__ import annotations

from tests.discord_emulator import EPHEMERAL

from .tiny_bot import TinyBot, tiny_png


async def test_slash_ephemeral_png_and_button_click_edits_the_message(world, start_bot):
    await start_bot(TinyBot)
    ana, ben = world.ana, world.ben

    result = await ana.slash("hello")

    assert result.responded
    assert result.response_type == 4
    message = result.message
    assert message.content == "hello"
    assert message.flags & EPHEMERAL
    assert message.ephemeral_for is ana.user
    assert message.button_labels == ["Count"]
    [picture] = message.attachments
    assert (picture.filename, picture.content_type, picture.description) == (
        "hello.png",
        "image/png",
        "a red square",
    )
    assert await ana.download(picture) == tiny_png()
    assert message in ana.visible_messages()
    assert message not in ben.visible_messages()

    click = await ana.click(message, label="Count")

    assert click.response_type == 7
    assert ana.visible_messages()[-1].content == "clicked 1 times"
    await ana.click(message, label="Count")
    assert message.content == "clicked 2 times"
