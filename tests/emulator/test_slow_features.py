"""What games that last a day need of the emulator: autocomplete (interaction type 4, answered
with callback type 8), pings decided by `allowed_mentions` and recorded per message, and threads
that archive themselves after their inactivity period and come back when a message is posted
(unless locked), as Discord documents them."""

from __future__ import annotations

import asyncio

import aiohttp
import discord
import pytest

from tests.discord_emulator import ActionRefused, Emulator, Perm

from .helpers import raw_send
from .tiny_bot import TinyBot

# --- Autocomplete ---------------------------------------------------------------------------


async def test_typing_into_an_autocomplete_option_gets_the_bots_suggestions(emu, world, start_bot):
    await start_bot(TinyBot)
    choices = await world.ana.autocomplete("later", focused="duration", duration="1")
    assert choices == [
        {"name": "10m (suggested)", "value": "10m"},
        {"name": "1h (suggested)", "value": "1h"},
    ]
    assert await world.ana.autocomplete("later", focused="duration", duration="") != []
    [interaction] = [i for i in emu.interactions.values() if i.type == 4][:1]
    assert interaction.response_type == 8
    assert world.ana.visible_messages() == []  # suggestions are no message
    # What is typed is free text: the command runs with it, suggested or not.
    ran = await world.ana.slash("later", duration="36h")
    assert ran.message.content == "in 36h: "


async def test_only_an_autocomplete_option_offers_suggestions(emu, world, start_bot):
    await start_bot(TinyBot)
    with pytest.raises(ActionRefused, match="offers no suggestions"):
        await world.ana.autocomplete("later", focused="note", duration="1h", note="x")


async def test_an_autocomplete_is_answered_with_suggestions_only(emu, world, start_bot):
    runner = await start_bot(TinyBot)
    runner.client.delay = 1.0  # the bot is slow: a raw answer of another type comes first
    task = world.ana.autocomplete("later", focused="duration", duration="3")
    pending = asyncio.ensure_future(task)
    interaction = await emu.wait_for(
        lambda: next((i for i in emu.interactions.values() if i.type == 4), None)
    )
    url = f"{emu.api_base}/interactions/{interaction.id}/{interaction.token}/callback"
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, json={"type": 4, "data": {"content": "no"}}) as response,
    ):
        assert response.status == 400
        assert (await response.json())["code"] == 50035
    assert await pending == []  # then the bot's own answer: nothing starts with "3"


# --- allowed_mentions -----------------------------------------------------------------------


async def test_allowed_mentions_decide_who_is_pinged(emu: Emulator, world, start_bot):
    emu.message_rate = (1000, 5.0)  # its six posts: the sixth would wait out Discord's 5 s
    runner = await start_bot(TinyBot)
    ana, ben = world.ana, world.ben
    both = f"{ana.mention} {ben.mention}, your turn"

    async def post(allowed=None):
        payload = {"content": both}
        if allowed is not None:
            payload["allowed_mentions"] = allowed
        sent = await raw_send(runner.client, world.games.id, payload)
        return emu.messages[int(sent["id"])]

    assert (await post()).pinged == [ana.user, ben.user]  # not said: every mention pings
    assert (await post({"parse": []})).pinged == []
    assert (await post({"parse": [], "users": [str(ben.id)]})).pinged == [ben.user]
    assert (await post({"parse": ["users"]})).pinged == [ana.user, ben.user]
    # A listed user who is not in the content is no ping (no phantom pings).
    cleo = await raw_send(
        runner.client,
        world.games.id,
        {"content": "hello", "allowed_mentions": {"parse": [], "users": [str(world.cleo.id)]}},
    )
    assert emu.messages[int(cleo["id"])].pinged == []
    with pytest.raises(discord.HTTPException) as refused:
        await post({"parse": ["users"], "users": [str(ana.id)]})
    assert refused.value.code == 50035


async def test_discord_py_sends_its_allowed_mentions_and_reads_the_pings(
    emu: Emulator, world, start_bot
):
    runner = await start_bot(TinyBot)
    channel = runner.client.get_channel(world.games.id)
    ana, ben = world.ana, world.ben
    sent = await channel.send(
        f"{ana.mention} {ben.mention}",
        allowed_mentions=discord.AllowedMentions(users=[discord.Object(ben.id)]),
    )
    assert emu.messages[sent.id].pinged == [ben.user]
    assert [u.id for u in sent.mentions] == [ben.id]
    edited = await sent.edit(content=f"{ana.mention} again")  # edits never ping
    assert emu.messages[edited.id].pinged == [ben.user]


async def test_everyone_pings_only_with_mention_everyone(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    sent = await raw_send(runner.client, world.games.id, {"content": "@everyone hi"})
    assert emu.messages[int(sent["id"])].pings.everyone is False  # the bot's role lacks it
    said = await world.cleo.send("@everyone look")
    assert said.pings.everyone is False
    emu.set_role_permissions(world.moderator, world.moderator.permissions | Perm.MENTION_EVERYONE)
    assert (await world.cleo.send("@everyone look")).pings.everyone is True


# --- Threads that archive themselves --------------------------------------------------------


async def a_thread(emu, world, runner, minutes=60):
    channel = runner.client.get_channel(world.games.id)
    starter = await channel.send("a table")
    thread = await starter.create_thread(name="table", auto_archive_duration=minutes)
    return thread, emu.channel_by_id(thread.id)


async def test_a_thread_archives_itself_after_its_inactivity_period(emu, world, start_bot):
    runner = await start_bot(TinyBot)
    thread, emulated = await a_thread(emu, world, runner, minutes=60)
    await thread.send("a move")
    emu.advance(minutes=59)
    assert not emulated.archived
    emu.advance(minutes=1)
    assert emulated.archived
    await emu.wait_for(lambda: runner.client.get_channel(thread.id) is None)  # THREAD_UPDATE
    assert str(thread.id) not in {t["id"] for t in world.guild.to_payload()["threads"]}
    with pytest.raises(ActionRefused, match="archived thread"):
        await world.ana.at(emulated).slash("hello")


async def test_a_message_brings_an_archived_thread_back_and_edits_wait_for_it(
    emu, world, start_bot
):
    runner = await start_bot(TinyBot)
    thread, emulated = await a_thread(emu, world, runner)
    first = await thread.send("the turn")
    emu.archive_thread(emulated)
    with pytest.raises(discord.HTTPException) as refused:
        await first.edit(content="edited")
    assert (refused.value.status, refused.value.code) == (400, 50083)
    again = await (await runner.client.fetch_channel(thread.id)).send("the next turn")
    assert not emulated.archived
    assert again.channel.id == thread.id
    await first.edit(content="edited")  # active again: edits work
    emu.archive_thread(emulated)
    await world.ana.at(emulated).send("a person's post brings it back too")
    assert not emulated.archived


async def test_a_locked_thread_comes_back_only_for_those_who_manage_threads(emu, world, start_bot):
    runner = await start_bot(TinyBot)
    thread, emulated = await a_thread(emu, world, runner)
    emu.archive_thread(emulated, locked=True)
    with pytest.raises(ActionRefused):
        await world.ana.at(emulated).send("let me in")
    await thread.send("the bot may manage threads")  # its role may: it unarchives
    assert not emulated.archived
    emu.archive_thread(emulated, locked=True)
    emu.deny(world.games, emu.bot_user, Perm.MANAGE_THREADS)
    fetched = await runner.client.fetch_channel(thread.id)
    with pytest.raises(discord.HTTPException) as refused:
        await fetched.send("nope")
    assert (refused.value.status, refused.value.code) == (400, 50083)
    with pytest.raises(discord.Forbidden):
        await fetched.edit(archived=False)
    assert emulated.archived
    emu.set_thread_state(emulated, archived=False, locked=False)  # a moderator opens it
    await fetched.send("back")


async def test_the_bot_unarchives_an_unlocked_thread_with_an_edit_of_the_channel(
    emu, world, start_bot
):
    runner = await start_bot(TinyBot)
    emu.deny(world.games, emu.bot_user, Perm.MANAGE_THREADS)
    thread, emulated = await a_thread(emu, world, runner)
    emu.archive_thread(emulated)
    fetched = await runner.client.fetch_channel(thread.id)
    assert fetched.archived
    await fetched.edit(archived=False)
    assert not emulated.archived
    with pytest.raises(discord.Forbidden):
        await fetched.edit(locked=True)  # locking takes Manage Threads
