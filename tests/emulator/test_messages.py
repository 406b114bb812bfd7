"""Messages over the wire: attachments (alt text, edits), followups, deletes, endpoints."""

from __future__ import annotations

import io

import aiohttp
import discord
import discord.gateway
import discord.http
import yarl

from bot.running.discord_endpoints import point_discord_at
from tests.discord_emulator import Emulator

from .tiny_bot import TinyBot, tiny_png


def png_file(name: str, colour: str, description: str | None = None) -> discord.File:
    return discord.File(io.BytesIO(tiny_png(colour)), name, description=description)


async def test_attachment_edit_keeps_by_id_and_adds_by_upload_index(
    emu: Emulator, world, start_bot
):
    runner = await start_bot(TinyBot)
    channel = runner.client.get_channel(world.games.id)
    sent = await channel.send(
        "pictures",
        files=[
            png_file("red.png", "red", "a red square"),
            discord.File(io.BytesIO(b"notes"), "notes.txt"),
        ],
    )
    message = world.ana.last_message()
    red, notes = message.attachments
    assert (red.description, red.size, red.content_type) == (
        "a red square",
        len(tiny_png()),
        "image/png",
    )
    assert notes.content_type == "text/plain"
    assert notes.description is None
    assert sent.attachments[0].description == "a red square"  # discord.py parsed our payload

    await sent.edit(attachments=[sent.attachments[0], png_file("blue.png", "blue", "blue")])
    assert [a.filename for a in message.attachments] == ["red.png", "blue.png"]
    assert message.attachments[0] is red
    assert await world.ben.download(message.attachments[1]) == tiny_png("blue")

    await sent.edit(content="renamed")  # no attachments list: attachments stay
    assert message.content == "renamed"
    assert len(message.attachments) == 2


async def test_followups_edits_and_deletes(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    result = await world.ana.slash("pop", "new", mode="coop")
    interaction = runner.client.interactions[-1]

    url = f"{emu.api_base}/webhooks/{emu.application_id}/{interaction.token}?wait=0"
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, json={"content": "public note"}) as response,
    ):
        assert response.status == 204  # without wait, no body
    secret = await interaction.followup.send("for ana", ephemeral=True, wait=True)
    assert secret.flags.ephemeral
    public, private = result.followups
    assert public in world.ben.visible_messages()
    assert private not in world.ben.visible_messages()

    await secret.edit(content="for ana, edited")
    assert private.content == "for ana, edited"
    await secret.delete()
    assert private not in world.ana.visible_messages()

    await interaction.delete_original_response()
    assert [m.content for m in world.ben.visible_messages()] == ["public note"]


async def test_point_discord_at_sets_and_keeps_endpoints():
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    try:
        point_discord_at(None, None)
        assert discord.http.Route.BASE == "https://discord.com/api/v10"
        point_discord_at("http://proxy.internal:8080/api/v10/", "ws://gateway.internal/")
        assert discord.http.Route.BASE == "http://proxy.internal:8080/api/v10"
        assert (
            yarl.URL("ws://gateway.internal/") == discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        )
        route = discord.http.Route("GET", "/users/@me")
        assert route.url == "http://proxy.internal:8080/api/v10/users/@me"
    finally:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved


async def test_the_bot_token_never_reaches_the_logs(emu: Emulator, world, start_bot, caplog):
    caplog.set_level("DEBUG")
    await start_bot(TinyBot)
    await world.ana.slash("hello")
    assert caplog.records, "expected discord.py debug logs to check"
    assert all(emu.token not in record.getMessage() for record in caplog.records)
