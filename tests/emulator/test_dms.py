"""Direct messages: the bot DMs a player on a slash command; only that player sees it."""

from __future__ import annotations

import discord
import pytest

from tests.discord_emulator import ActionRefused, Emulator

from .helpers import raw_send
from .tiny_bot import Counter, TinyBot


class DMBot(TinyBot):
    """TinyBot plus /whisper: DM the invoking member ``times`` times (optionally with a
    button), then say ephemerally whether that worked."""

    def __init__(self) -> None:
        super().__init__()  # the default intents include direct messages
        self.sent: list[discord.Message] = []
        self.dm_errors: list[discord.HTTPException] = []

    def _register(self) -> None:
        super()._register()
        bot = self

        @self.tree.command(description="Whisper to yourself")
        async def whisper(
            interaction: discord.Interaction, times: int = 1, button: bool = False
        ) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                for n in range(times):
                    view = Counter() if button else discord.utils.MISSING
                    bot.sent.append(await interaction.user.send(f"psst {n}", view=view))
            except discord.HTTPException as error:
                bot.dm_errors.append(error)
                await interaction.followup.send("I cannot DM you", ephemeral=True)
            else:
                await interaction.followup.send("check your DMs", ephemeral=True)


async def test_a_dm_reaches_only_its_recipient(emu: Emulator, world, start_bot):
    runner = await start_bot(DMBot)
    bot: DMBot = runner.client
    ana, ben, cleo = world.ana, world.ben, world.cleo
    result = await ana.slash("whisper")
    await result.wait_message(lambda m: m.content == "check your DMs")

    [dm] = ana.dms()
    assert dm.content == "psst 0"
    assert dm.author is emu.bot_user
    assert dm.channel is ana.dm_channel
    assert dm.channel.guild is None
    assert ana.visible_messages(ana.dm_channel) == [dm]
    for other in (ben, cleo):  # cleo moderates the guild: DMs are still none of her business
        assert other.dms() == []
        assert not other.can_see(ana.dm_channel)
        for channel in (world.games, world.general, ana.dm_channel):
            assert dm not in other.visible_messages(channel)

    # The bot hears its own DM on the gateway: no guild, a DM channel.
    seen = await emu.wait_for(lambda: next((m for m in bot.seen_messages if m.id == dm.id), None))
    assert seen.guild is None
    assert isinstance(seen.channel, discord.DMChannel)

    # ana answers; DM content reaches the bot even without the message content intent.
    reply = await ana.send_dm("thanks!")
    heard = await emu.wait_for(
        lambda: next((m for m in bot.seen_messages if m.id == reply.id), None)
    )
    assert heard.content == "thanks!"
    assert not bot.intents.message_content
    assert ana.dms() == [dm, reply]

    # The channel is opened once and reused.
    first = await bot.http.start_private_message(ana.id)
    again = await bot.http.start_private_message(ana.id)
    assert int(first["id"]) == int(again["id"]) == ana.dm_channel.id
    assert first["type"] == 1
    assert "guild_id" not in first
    assert [int(u["id"]) for u in first["recipients"]] == [ana.id]

    # The bot reads, edits and deletes its own DM; ana's message it may not delete.
    channel = bot.sent[0].channel
    assert [m.id async for m in channel.history()] == [reply.id, dm.id]
    await bot.sent[0].edit(content="psst (edited)")
    assert dm.content == "psst (edited)"
    await bot.sent[0].delete()
    assert ana.dms() == [reply]
    with pytest.raises(discord.Forbidden) as refused:
        await bot.http.delete_message(channel.id, reply.id)
    assert refused.value.code == 50003


async def test_a_user_who_refuses_dms_gets_nothing(emu: Emulator, world, start_bot):
    runner = await start_bot(DMBot)
    bot: DMBot = runner.client
    ben = world.ben
    emu.block_dms(ben)
    result = await ben.slash("whisper")
    await result.wait_message(lambda m: m.content == "I cannot DM you")

    [error] = bot.dm_errors
    assert isinstance(error, discord.Forbidden)
    assert (error.status, error.code, error.text) == (
        403,
        50007,
        "Cannot send messages to this user",
    )
    assert ben.id in emu.dm_channels  # opening the channel itself succeeded
    assert ben.dms() == []
    assert not [m for m in emu.messages.values() if m.channel.guild is None]

    emu.block_dms(ben, blocked=False)
    await ben.slash("whisper")
    assert [m.content for m in await emu.wait_for(ben.dms)] == ["psst 0"]

    # Discord also refuses DMs to someone who shares no guild with the bot.
    stranger = emu.add_user("dora")
    opened = await bot.http.start_private_message(stranger.id)
    with pytest.raises(discord.Forbidden) as refused:
        await raw_send(bot, int(opened["id"]), {"content": "hello?"})
    assert refused.value.code == 50007
    assert emu.dms(stranger) == []


async def test_dms_are_rate_limited_per_channel(emu: Emulator, world, start_bot):
    emu.message_rate = (2, 0.3)
    emu.rate_limit_headers = False  # so discord.py meets the 429 instead of pacing itself
    await start_bot(DMBot)
    await world.ana.slash("whisper", times=3)
    await emu.wait_for(lambda: len(world.ana.dms()) == 3)
    dm_path = f"/api/v10/channels/{world.ana.dm_channel.id}/messages"
    assert ("POST", dm_path, 429) in emu.requests
    assert [m.content for m in world.ana.dms()] == ["psst 0", "psst 1", "psst 2"]


async def test_buttons_work_in_a_dm(emu: Emulator, world, start_bot):
    await start_bot(DMBot)
    ana = world.ana
    await ana.slash("whisper", button=True)
    [dm] = await emu.wait_for(ana.dms)
    clicked = await ana.click(dm, label="Count")
    assert clicked.message is dm
    assert dm.content == "clicked 1 times"
    with pytest.raises(ActionRefused):
        await world.ben.click(dm, label="Count")
    with pytest.raises(ActionRefused):
        await ana.at(ana.dm_channel).slash("hello")
