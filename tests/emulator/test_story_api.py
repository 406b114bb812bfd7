"""The story API: slash commands with options, clicks, selects, modals, messages, threads."""

from __future__ import annotations

import discord
import pytest

from tests.discord_emulator import ActionRefused, Emulator, Perm
from tests.discord_emulator.schema import RequestChecker

from .tiny_bot import TinyBot


def content_bot() -> TinyBot:
    intents = discord.Intents.default()
    intents.message_content = True
    intents.members = True
    return TinyBot(intents=intents)


async def test_slash_subcommand_with_options_answers_publicly(world, start_bot):
    await start_bot(TinyBot)
    result = await world.ana.slash("pop", "new", mode="coop")
    assert result.message.content == "table coop for 4"
    assert not result.message.ephemeral
    assert result.message in world.ben.visible_messages()
    second = await world.ben.slash("pop", "new", mode="versus", seats=3)
    assert second.message.content == "table versus for 3"
    assert second.message.interaction.user is world.ben.user


async def test_slash_refuses_what_the_discord_app_would_not_send(world, start_bot):
    await start_bot(TinyBot)
    with pytest.raises(ActionRefused, match="choice"):
        await world.ana.slash("pop", "new", mode="solo")
    with pytest.raises(ActionRefused, match="required"):
        await world.ana.slash("pop", "new")
    with pytest.raises(ActionRefused, match="subcommand"):
        await world.ana.slash("pop")
    assert world.ana.visible_messages() == []


async def test_select_choice_edits_the_message(world, start_bot):
    await start_bot(TinyBot)
    result = await world.ana.slash("pick")
    with pytest.raises(ActionRefused):
        await world.ben.choose(result.message, "banana", placeholder="Flavour")
    choice = await world.ben.choose(result.message, "cherry", placeholder="Flavour")
    assert choice.response_type == 7
    assert result.message.content == "you chose cherry"
    assert result.message.components == []


async def test_modal_submit_reaches_the_bot(world, start_bot):
    await start_bot(TinyBot)
    opened = await world.ana.slash("rename")
    assert opened.response_type == 9
    assert opened.modal["title"] == "Rename the table"
    submitted = await world.ana.submit_modal(opened, **{"tiny:name": "Fizz"})
    assert submitted.message.content == "renamed to Fizz"


async def test_deferred_thinking_is_filled_by_the_first_followup(world, start_bot):
    runner = await start_bot(TinyBot)
    runner.client.delay = 0.1
    result = await world.ana.slash("think", secret=True)
    assert result.response_type == 5
    assert result.message.loading
    message = await result.wait_message()
    assert message.content == "done thinking"
    assert message.ephemeral_for is world.ana.user
    assert world.ben.visible_messages() == []
    assert result.followups == []


async def test_user_messages_reach_the_bot_with_content_only_with_the_intent(world, start_bot):
    runner = await start_bot(content_bot)
    sent = await world.ana.send("hello bot")
    seen = await runner.emu.wait_for(lambda: runner.client.seen_messages)
    assert seen[0].content == "hello bot"
    assert seen[0].author.id == world.ana.id
    assert sent in world.ben.visible_messages()
    await runner.stop()

    quiet = await start_bot(TinyBot)  # default intents: no message content
    await world.ben.send("psst")
    [message] = await runner.emu.wait_for(lambda: quiet.client.seen_messages)
    assert message.content == ""
    assert message.author.id == world.ben.id


async def test_an_edit_reaches_the_bot_as_the_whole_message(world, start_bot):
    """MESSAGE_UPDATE carries the whole message, as MESSAGE_CREATE does (content only with
    the intent); only its author edits it, never in an archived thread."""
    runner = await start_bot(content_bot)
    said = await world.ana.send("blue to C")
    edited = await world.ana.edit(said, "blue to D")
    assert edited is said
    assert said.content == "blue to D"
    assert said.edited_timestamp is not None
    [edit] = await runner.emu.wait_for(lambda: runner.client.edits)
    assert edit.message_id == said.id
    assert edit.message.content == "blue to D"
    assert edit.message.author.id == world.ana.id
    assert edit.message.edited_at is not None
    assert edit.message.guild is not None
    with pytest.raises(ActionRefused):
        await world.ben.edit(said, "not mine")
    thread = runner.emu.add_thread(world.games, "quiet")
    there = await world.ana.at(thread).send("hi")
    runner.emu.archive_thread(thread)
    with pytest.raises(ActionRefused, match="cannot edit"):
        await world.ana.edit(there, "hello")
    await runner.stop()

    quiet = await start_bot(TinyBot)  # no message content intent: an empty edit
    await world.ana.edit(said, "blue to E")
    [edit] = await runner.emu.wait_for(lambda: quiet.client.edits)
    assert edit.message.content == ""


async def test_a_forward_carries_the_forwarded_message_s_snapshot(emu: Emulator, world, start_bot):
    """A forward is a message of its own with no content, a reference of type FORWARD (1) and
    the forwarded message's snapshot, shaped as Discord's OpenAPI description says."""
    runner = await start_bot(content_bot)
    original = await world.ben.at(world.general).send("my card is 23")
    forward = await world.ana.forward(original, world.games)
    assert forward.content == ""
    payload = forward.to_payload()
    assert payload["message_reference"] == {
        "type": 1,
        "message_id": str(original.id),
        "channel_id": str(world.general.id),
        "guild_id": str(world.guild.id),
    }
    spec = RequestChecker().validator
    snapshot = {"$ref": "#/components/schemas/MessageSnapshotResponse"}
    assert spec.errors(payload["message_snapshots"][0], snapshot) == []
    seen = await emu.wait_for(lambda: runner.client.seen_messages)
    received = next(m for m in seen if m.id == forward.id)
    assert received.reference.type is discord.MessageReferenceType.forward
    assert received.reference.message_id == original.id
    assert [s.content for s in received.message_snapshots] == ["my card is 23"]
    assert received.flags.forwarded
    emu.deny(world.general, world.cleo.user, Perm.VIEW_CHANNEL)
    with pytest.raises(ActionRefused, match="cannot forward"):
        await world.cleo.forward(original, world.games)
    await runner.stop()

    quiet = await start_bot(TinyBot)  # no message content intent: an empty snapshot too
    again = await world.ana.forward(original, world.games)
    received = await emu.wait_for(
        lambda: next((m for m in quiet.client.seen_messages if m.id == again.id), None)
    )
    assert [s.content for s in received.message_snapshots] == [""]


async def test_members_are_chunked_and_threads_are_listed(emu: Emulator, world, start_bot):
    runner = await start_bot(content_bot)
    guild = runner.client.get_guild(world.guild.id)
    await emu.wait_for(lambda: guild.get_member(world.cleo.id))
    assert {m.name for m in guild.members} >= {"ana", "ben", "cleo", "popbot"}

    channel = runner.client.get_channel(world.games.id)
    thread = await channel.create_thread(name="table 1", type=discord.ChannelType.public_thread)
    await thread.send("welcome")
    assert [m.content for m in world.ana.visible_messages(world.guild.channel("table 1"))] == [
        "welcome"
    ]

    client = await runner.restart()
    assert client.get_channel(thread.id) is not None  # GUILD_CREATE lists active threads


async def test_send_refused_without_permission(emu: Emulator, world):
    emu.deny(world.games, world.ana.user, Perm.SEND_MESSAGES)
    with pytest.raises(ActionRefused):
        await world.ana.send("let me in")
    assert world.ana.at(world.general).can_see()


async def test_commands_need_the_permission_they_declare(emu: Emulator, world, start_bot):
    class ModBot(TinyBot):
        def __init__(self) -> None:
            super().__init__()

            @self.tree.command(description="Moderators only")
            @discord.app_commands.default_permissions(manage_messages=True)
            async def sweep(interaction: discord.Interaction) -> None:
                await interaction.response.send_message("swept", ephemeral=True)

    await start_bot(ModBot)
    with pytest.raises(ActionRefused, match="may not use"):
        await world.ana.slash("sweep")
    assert (await world.cleo.slash("sweep")).message.content == "swept"  # cleo is a moderator
    emu.deny(world.games, world.guild.everyone, Perm.USE_APPLICATION_COMMANDS)
    with pytest.raises(ActionRefused, match="may not use"):
        await world.ben.slash("hello")
