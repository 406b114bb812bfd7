"""The emulator's sharding, with small discord.py clients: a session per shard hears only the
guilds of its shard (DMs: shard 0), each process answers its own guilds' interactions, a new
IDENTIFY ends only its own shard's old session, and ``GET /gateway/bot`` recommends a count."""

from __future__ import annotations

import json

import aiohttp
import discord
from discord import app_commands

from tests.discord_emulator.gateway import IDENTIFY, INVALID_SHARD


class ShardBot(discord.AutoShardedClient):
    """Answers /where with the shard that received the interaction; records messages."""

    def __init__(self, **options) -> None:
        intents = discord.Intents.default()
        intents.message_content = True
        super().__init__(intents=intents, **options)
        self.tree = app_commands.CommandTree(self)
        self.seen: list[discord.Message] = []

        @self.tree.command(description="Which shard answers?")
        async def where(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"shard {interaction.guild.shard_id}")

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def on_message(self, message: discord.Message) -> None:
        if message.author != self.user:
            self.seen.append(message)


def two_guilds(emu):
    """Guild "Zero" on shard 0 of 2, guild "One" on shard 1, each with #games and a player."""
    actors = []
    for name, shard in (("Zero", 0), ("One", 1)):
        guild = emu.add_guild(name, shard=(shard, 2))
        channel = emu.add_text_channel(guild, "games")
        user = emu.add_user(f"player-{shard}")
        emu.add_member(guild, user)
        actors.append(emu.actor(user, channel))
    return actors


async def test_each_shard_hears_and_answers_only_its_guilds(emu, start_bot):
    zero, one = two_guilds(emu)
    emu.response_deadline = 1.0  # an unanswered click is known sooner; answers take ms here
    assert [(g.id >> 22) % 2 for g in emu.guilds] == [0, 1]
    runners = [await start_bot(lambda i=i: ShardBot(shard_count=2, shard_ids=[i])) for i in (0, 1)]
    bots = [r.client for r in runners]
    assert [[g.name for g in b.guilds] for b in bots] == [["Zero"], ["One"]]
    sessions = [r.sessions[0] for r in runners]
    assert [s.shard for s in sessions] == [(0, 2), (1, 2)]

    answers = [await zero.slash("where"), await one.slash("where")]
    assert [a.message.content for a in answers] == ["shard 0", "shard 1"]
    heard = [emu.interactions_heard_by(s) for s in sessions]
    assert heard == [{answers[0].interaction.id}, {answers[1].interaction.id}]
    assert emu.session_for(zero.channel.guild) is sessions[0]

    await one.send("hello from One")
    await zero.send_dm("hello in a DM")
    await emu.wait_for(lambda: len(bots[0].seen) + len(bots[1].seen) >= 2, 5, "the messages")
    assert [m.content for m in bots[1].seen] == ["hello from One"]
    assert [m.guild for m in bots[0].seen] == [None]  # DMs go to shard 0 only

    # Shard 0's process stops: guild Zero goes unanswered, One carries on, untouched.
    await runners[0].stop()
    assert not (await zero.slash("where")).responded
    assert (await one.slash("where")).message.content == "shard 1"
    # It comes back: a new IDENTIFY for shard 0 leaves shard 1's session alone.
    await runners[0].start()
    assert (await zero.slash("where")).message.content == "shard 0"
    assert sessions[1].connected
    assert not sessions[1].closed
    assert (await one.slash("where")).message.content == "shard 1"


async def test_gateway_bot_recommends_the_shard_count(emu, start_bot):
    two_guilds(emu)
    emu.recommended_shards = 2
    runner = await start_bot(ShardBot)  # no shard_count: discord.py asks GET /gateway/bot
    assert runner.client.shard_count == 2
    assert sorted(s.shard for s in runner.sessions) == [(0, 2), (1, 2)]
    assert sorted(g.name for g in runner.client.guilds) == ["One", "Zero"]
    assert ("GET", "/api/v10/gateway/bot", 200) in emu.requests


async def test_an_invalid_shard_is_refused_with_4010(emu):
    async with aiohttp.ClientSession() as http, http.ws_connect(emu.gateway_url) as ws:
        await ws.receive()  # HELLO
        await ws.send_str(
            json.dumps(
                {
                    "op": IDENTIFY,
                    "d": {"token": emu.token, "intents": 0, "shard": [2, 2], "properties": {}},
                }
            )
        )
        await ws.receive()
        assert ws.close_code == INVALID_SHARD
    assert emu.sessions == []
