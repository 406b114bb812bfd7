"""Components V2 messages (flag IS_COMPONENTS_V2, 1 << 15) sent by a real discord.py
``LayoutView``, read as a person reads them, and Discord's rules for them."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import discord
import pytest

from tests.discord_emulator import Emulator
from tests.discord_emulator.components import walk
from tests.discord_emulator.model import IS_COMPONENTS_V2

from .helpers import form_error, raw_request, raw_send
from .tiny_bot import TinyBot, tiny_png
from .tiny_layout import ACCENT, Board, LayoutBot, board_files, picture

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
    assert message.button_labels == ["Peek", "Go", "Seat 2", "Rules"]  # reading order, nested
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


async def test_a_persistent_button_of_a_v2_message_works_after_a_restart(
    emu: Emulator, world, start_bot
):
    """discord.py rebuilds the clicked message's LayoutView from the interaction's ``message``
    to find a DynamicItem: the emulator's V2 payload must read back as Discord's does."""
    runner = await start_bot(LayoutBot)
    message = await (await world.ana.slash("board")).wait_message()
    await runner.restart()
    result = await world.ben.click(message, label="Seat 2")
    answer = await result.wait_message()
    assert answer.text == "you took seat 2"
    assert answer.ephemeral
    assert runner.client.pressed == ["seat 2"]


async def test_the_bot_hears_v2_messages_with_their_components(emu: Emulator, world, start_bot):
    runner = await start_bot(lambda: LayoutBot(intents=discord.Intents.all()))
    channel = runner.client.get_channel(world.games.id)
    await channel.send(view=Board(runner.client), files=board_files())
    heard = await emu.wait_for(lambda: runner.client.seen_messages[-1:], 5, "MESSAGE_CREATE")
    assert heard[0].flags.components_v2
    [container, footer] = heard[0].components
    assert container.type == discord.ComponentType.container
    assert footer.content == "-# turn 1 of 9"


# ---------------------------------------------------------------------- Discord's rules

V2 = IS_COMPONENTS_V2
LEGACY = "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"
PNG = tiny_png()


def text(content: str = "hello") -> dict[str, Any]:
    return {"type": 10, "content": content}


def button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": custom_id, "custom_id": custom_id}


def row(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(children)}


def container(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 17, "components": list(children)}


def section(*texts: dict[str, Any], accessory: dict[str, Any] | None = None) -> dict[str, Any]:
    found: dict[str, Any] = {"type": 9, "components": list(texts)}
    if accessory is not None:
        found["accessory"] = accessory
    return found


def gallery(*urls: str) -> dict[str, Any]:
    return {"type": 12, "items": [{"media": {"url": url}} for url in urls]}


REFUSED = {
    "content": ({"content": "words", "components": [text()]}, "content", LEGACY),
    "embeds": ({"embeds": [{"title": "old"}], "components": [text()]}, "embeds", LEGACY),
    "stickers": ({"sticker_ids": ["1"], "components": [text()]}, "sticker_ids", LEGACY),
    "poll": (
        {"poll": {"question": {"text": "q"}, "answers": [{"poll_media": {"text": "a"}}]}},
        "poll",
        LEGACY,
    ),
    "41 components": (
        {"components": [container(*[text() for _ in range(40)])]},
        "components",
        "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED",
    ),
    "4,001 characters": (
        {"components": [text("a" * 4000), container(text("b"))]},
        "components",
        "BASE_TYPE_MAX_LENGTH",
    ),
    "empty gallery": ({"components": [gallery()]}, "components.0.items", "BASE_TYPE_BAD_LENGTH"),
    "11 pictures": (
        {"components": [gallery(*["attachment://board.png"] * 11)]},
        "components.0.items",
        "BASE_TYPE_BAD_LENGTH",
    ),
    "4 texts in a section": (
        {"components": [section(*[text()] * 4, accessory=button("s"))]},
        "components.0.components",
        "BASE_TYPE_BAD_LENGTH",
    ),
    "a section without accessory": (
        {"components": [section(text())]},
        "components.0.accessory",
        "BASE_TYPE_REQUIRED",
    ),
    "6 buttons in a row": (
        {"components": [container(row(*[button(f"b{i}") for i in range(6)]))]},
        "components.0.components.0.components",
        "BASE_TYPE_BAD_LENGTH",
    ),
    "a custom_id twice": (
        {"components": [container(row(button("x")), section(text(), accessory=button("x")))]},
        "components.0.components.1.accessory.custom_id",
        "COMPONENT_CUSTOM_ID_DUPLICATED",
    ),
    "a picture not uploaded": (
        {"components": [gallery("attachment://board.png", "attachment://missing.png")]},
        "components.0.items.1.media.url",
        "ATTACHMENT_NOT_FOUND",
    ),
    "a file from the web": (
        {"components": [{"type": 13, "file": {"url": "https://example.org/rules.txt"}}]},
        "components.0.file.url",
        "BASE_TYPE_INVALID",
    ),
    "a container in a container": (
        {"components": [container(container(text()))]},
        "components.0.components.0.type",
        "UNION_TYPE_CHOICES",
    ),
}


@pytest.mark.parametrize("case", list(REFUSED))
async def test_a_v2_create_breaking_a_rule_is_refused(emu: Emulator, world, start_bot, case):
    runner = await start_bot(TinyBot)
    body, path, code = REFUSED[case]
    with pytest.raises(discord.HTTPException) as refused:
        await raw_send(runner.client, world.games.id, {"flags": V2, **body}, [("board.png", PNG)])
    assert form_error(refused.value) == (400, 50035, path, code)
    assert world.ana.visible_messages() == []
    emu.take_schema_violations()  # some of these bodies break the OpenAPI description too


async def test_v2_components_without_the_flag_are_refused(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    with pytest.raises(discord.HTTPException) as refused:
        await raw_send(runner.client, world.games.id, {"components": [container(text())]})
    assert form_error(refused.value) == (400, 50035, "components.0.type", "UNION_TYPE_CHOICES")
    assert "must be one of (1,)" in refused.value.text
    await raw_send(
        runner.client, world.games.id, {"content": "rows", "components": [row(button("a"))]}
    )
    assert world.ana.last_message().text == "rows"  # legacy rules as before


async def test_forty_components_and_4000_characters_are_accepted(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    words = ["a" * 3999, "b"]  # 4,000 characters in all
    rows = [row(button(f"b{i}")) for i in range(18)]  # 36 components
    separator = {"type": 14}
    body = {
        "flags": V2,
        "components": [container(text(words[0]), text(words[1]), separator, *rows)],
    }
    await raw_send(runner.client, world.games.id, body)  # 1 + 2 + 1 + 36 = 40
    message = world.ana.last_message()
    assert message.text == "\n".join(words)
    assert len(message.buttons) == 18


# ---------------------------------------------------------------------- edits and deferrals

EDIT = "/channels/{channel_id}/messages/{message_id}"


async def test_the_flag_cannot_be_taken_off_by_an_edit(emu: Emulator, world, start_bot):
    runner = await start_bot(LayoutBot)
    channel = runner.client.get_channel(world.games.id)
    sent = await channel.send(view=Board(runner.client), files=board_files())
    message = world.ana.last_message()
    where = {"channel_id": world.games.id, "message_id": sent.id}
    with pytest.raises(discord.HTTPException) as refused:
        await raw_request(runner.client, "PATCH", EDIT, {"flags": 0, "components": []}, **where)
    assert form_error(refused.value) == (
        400,
        50035,
        "flags",
        "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
    )
    # discord.py's Message.edit always sends the flags it knows: the V2 flag, beside content
    with pytest.raises(discord.HTTPException) as refused:
        await sent.edit(content="plain words")
    assert form_error(refused.value) == (400, 50035, "content", LEGACY)
    assert message.text == BOARD_TEXT
    # an edit that sends no flags keeps the flag
    await raw_request(runner.client, "PATCH", EDIT, {"components": [text("still V2")]}, **where)
    assert message.is_components_v2
    assert message.text == "still V2"


async def test_a_legacy_message_becomes_v2_only_with_its_content_reset(
    emu: Emulator, world, start_bot
):
    runner = await start_bot(LayoutBot)
    channel = runner.client.get_channel(world.games.id)
    sent = await channel.send("plain words")
    message = world.ana.last_message()
    where = {"channel_id": world.games.id, "message_id": sent.id}
    with pytest.raises(discord.HTTPException) as refused:
        await raw_request(
            runner.client, "PATCH", EDIT, {"flags": V2, "components": [text()]}, **where
        )
    assert form_error(refused.value) == (400, 50035, "content", LEGACY)
    assert not message.is_components_v2
    assert message.text == "plain words"
    await sent.edit(content=None, view=Board(runner.client), attachments=board_files())
    assert message.is_components_v2
    assert message.text == BOARD_TEXT
    assert message.gallery_names == ["board.png"]
    # an embed must be reset as well (discord.py sends embeds only when told: embed=None)
    posted = await raw_send(runner.client, world.games.id, {"embeds": [{"title": "old"}]})
    sent = channel.get_partial_message(int(posted["id"]))
    with pytest.raises(discord.HTTPException) as refused:
        await sent.edit(view=Board(runner.client), attachments=board_files())
    assert form_error(refused.value) == (400, 50035, "embeds", LEGACY)
    await sent.edit(embed=None, view=Board(runner.client), attachments=board_files())
    assert world.ana.last_message().text == BOARD_TEXT


async def test_a_deferred_answer_cannot_carry_the_flag(emu: Emulator, world, start_bot):
    """Discord ignores IS_COMPONENTS_V2 on a deferred answer (callback type 5): only EPHEMERAL
    counts there, and the answer becomes V2 when the original response is edited (or filled by
    the first followup) with the flag."""
    runner = await start_bot(LayoutBot)
    runner.client.delay = 1.0  # /hello waits: the test answers first, by hand
    asking = asyncio.create_task(world.ana.slash("hello"))
    interaction = await emu.wait_for(lambda: next(iter(emu.interactions.values()), None), 5)
    base = f"{emu.api_base}/interactions/{interaction.id}/{interaction.token}/callback"
    original = (
        f"{emu.api_base}/webhooks/{emu.application_id}/{interaction.token}/messages/@original"
    )
    async with aiohttp.ClientSession() as session:
        async with session.post(base, json={"type": 5, "data": {"flags": V2}}) as answer:
            assert answer.status == 204
        message = (await asking).message
        assert message.loading
        assert not message.is_components_v2
        async with session.patch(original, json={"components": [text("filled")]}) as answer:
            assert answer.status == 400  # V2 components on a message without the flag
            assert (await answer.json())["errors"]["components"]["0"]["type"]["_errors"][0][
                "code"
            ] == "UNION_TYPE_CHOICES"
        body = {"flags": V2, "components": [text("filled")]}
        async with session.patch(original, json=body) as answer:
            assert answer.status == 200
    assert message.is_components_v2
    assert not message.loading
    assert message.text == "filled"


async def test_a_deferred_command_fills_its_answer_with_a_layout(emu: Emulator, world, start_bot):
    runner = await start_bot(LayoutBot)
    result = await world.ana.slash("slow_board")
    assert result.response_type == 5
    message = await result.wait_message()
    assert message.is_components_v2
    assert message.text == BOARD_TEXT
    assert message.gallery_names == ["board.png"]
    assert runner.client.errors == []


async def test_an_answer_with_words_beside_a_layout_is_refused(emu: Emulator, world, start_bot):
    runner = await start_bot(LayoutBot)
    runner.client.words = "hello"
    result = await world.ana.slash("board")
    assert not result.responded
    [error] = runner.client.errors
    assert form_error(error) == (400, 50035, "data.content", LEGACY)


async def test_edits_keep_and_replace_attachments_the_gallery_names(
    emu: Emulator, world, start_bot
):
    runner = await start_bot(lambda: LayoutBot(intents=discord.Intents.all()))
    bot = runner.client
    channel = bot.get_channel(world.games.id)
    sent = await channel.send(view=Board(bot), files=board_files())
    message = world.ana.last_message()
    board, corner, rules = message.attachments
    step = picture("step.png", "green")
    sent = await sent.edit(
        view=Board(bot, 2, gallery=("board.png", "step.png")), attachments=[*sent.attachments, step]
    )
    assert message.gallery_names == ["board.png", "step.png"]
    assert message.gallery[0] is board  # kept by its id
    assert await world.ben.download(message.gallery[1]) == tiny_png("green")
    # a list without board.png drops it; a new upload of step.png replaces the old one
    kept = [a for a in sent.attachments if a.filename in ("corner.png", "rules.txt")]
    sent = await sent.edit(
        view=Board(bot, 3, gallery=("step.png",)),
        attachments=[*kept, picture("step.png", "yellow")],
    )
    assert [a.filename for a in message.attachments] == ["corner.png", "rules.txt", "step.png"]
    assert await world.ben.download(message.gallery[0]) == tiny_png("yellow")
    # naming a file the message no longer has is refused
    with pytest.raises(discord.HTTPException) as refused:
        await sent.edit(view=Board(bot, 4, gallery=("board.png",)))
    assert form_error(refused.value) == (
        400,
        50035,
        "components.0.components.3.items.0.media.url",
        "ATTACHMENT_NOT_FOUND",
    )
    assert message.text.startswith("# Turn 3")
    # the bot heard each edit with its flag and numbered components
    update = bot.edits[-1].data
    assert update["flags"] & V2
    assert all(isinstance(c["id"], int) for c in walk(update["components"]))
    assert corner in message.attachments
    assert rules in message.attachments


async def test_a_followup_follows_the_same_rules(emu: Emulator, world, start_bot):
    await start_bot(LayoutBot)
    answered = await world.ana.slash("board")
    token = answered.interaction.token
    url = f"{emu.api_base}/webhooks/{emu.application_id}/{token}?wait=true"
    async with aiohttp.ClientSession() as session:
        body = {"flags": V2, "content": "and words", "components": [text("more")]}
        async with session.post(url, json=body) as answer:
            assert answer.status == 400
            assert (await answer.json())["errors"]["content"]["_errors"][0]["code"] == LEGACY
        body = {"flags": V2, "components": [container(text("more"), row(button("more")))]}
        async with session.post(url, json=body) as answer:
            assert answer.status == 200
    [followup] = answered.followups
    assert followup.is_components_v2
    assert followup.text == "more"
    assert followup.button_labels == ["more"]


async def test_text_displays_ping_as_content_does(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    words = f"{world.ben.mention}, your turn ({world.cleo.mention} waits)"
    body = {
        "flags": V2,
        "components": [container(text(words))],
        "allowed_mentions": {"users": [str(world.ben.id)]},
    }
    await raw_send(runner.client, world.games.id, body)
    message = world.ana.last_message()
    assert message.text == words
    assert message.pinged == [world.ben.user]
