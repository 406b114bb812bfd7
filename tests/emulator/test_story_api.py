"""The story API: slash commands with options, clicks, selects, modals, messages, threads."""

from __future__ import annotations

import discord
import pytest

from tests.discord_emulator import ActionRefused, Emulator, Perm

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
