"""The fault API regression tests use: 503 bursts on message posts, a post that is carried out
but never answered (the moment to kill the bot), and the counters a test reads afterwards."""

from __future__ import annotations

import asyncio
import time

import aiohttp
import discord
import pytest

from tests.discord_emulator import Emulator, Message
from tests.discord_emulator.ratelimit import Window

from .tiny_bot import TinyBot


async def test_a_503_burst_by_count_hits_one_channel_only(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    games = runner.client.get_channel(world.games.id)
    general = runner.client.get_channel(world.general.id)
    burst = emu.fail_message_posts(count=2, channel=world.games)
    for _ in range(2):
        with pytest.raises(discord.DiscordServerError) as refused:  # discord.py does not retry
            await games.send("lost")
        assert refused.value.status == 503
    await general.send("elsewhere")  # another channel is not in the burst
    await games.send("after the burst")
    assert burst.hits == 2
    assert not burst.active
    assert [m.content for m in world.ana.visible_messages()] == ["after the burst"]
    assert emu.requests_per_route(status=503) == {"POST /channels/{channel}/messages": 2}


async def test_a_503_burst_by_time_hits_every_channel(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    games = runner.client.get_channel(world.games.id)
    burst = emu.fail_message_posts(seconds=0.3)
    started = time.monotonic()
    refused = 0
    while True:
        try:
            await games.send("try")
            break
        except discord.DiscordServerError:
            refused += 1
            await asyncio.sleep(0.05)
    assert time.monotonic() - started >= 0.3
    assert refused == burst.hits >= 2
    emu.fail_message_posts(seconds=60)  # and a new burst, everywhere, cancelled
    with pytest.raises(discord.DiscordServerError):
        await runner.client.get_channel(world.general.id).send("x")
    emu.faults[-1].cancel()
    await runner.client.get_channel(world.general.id).send("fine again")
    assert emu.messages_created(world.general) == 1


async def test_hang_after_create_stores_dispatches_and_never_answers(
    emu: Emulator, world, start_bot
):
    intents = discord.Intents.default()
    intents.message_content = True
    runner = await start_bot(lambda: TinyBot(intents=intents))
    seen: list[Message] = []
    trap = emu.hang_after_create(channel=world.games, on_create=seen.append)
    channel = runner.client.get_channel(world.games.id)
    send = asyncio.create_task(channel.send("exactly once", nonce="step-1"))
    await asyncio.wait_for(trap.created.wait(), 5)
    [created] = trap.messages
    assert seen == [created]
    assert created.content == "exactly once"
    assert world.ana.visible_messages() == [created]
    await emu.wait_for(
        lambda: [m.id for m in runner.client.seen_messages] == [created.id],
        message="MESSAGE_CREATE to reach the bot",
    )
    await asyncio.sleep(0.1)
    assert not send.done()  # the answer never came
    send.cancel()
    # The bot dies here; a new process posts the same step with the same nonce.
    await runner.restart()
    again = await runner.client.get_channel(world.games.id).send("exactly once", nonce="step-1")
    assert again.id == created.id
    assert emu.messages_created(world.games) == 1


async def test_a_dropped_answer_raises_in_the_bot(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    trap = emu.hang_after_create(drop=True)
    with pytest.raises((aiohttp.ClientError, OSError, discord.HTTPException)):
        await runner.client.get_channel(world.general.id).send("cut off")
    assert trap.created.is_set()
    assert [m.content for m in trap.messages] == ["cut off"]
    await runner.client.get_channel(world.general.id).send("next")  # disarmed after one
    assert emu.messages_created(world.general) == 2


async def test_a_released_trap_answers_late(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    called = asyncio.Event()

    async def kill_hook(message: Message) -> None:  # a coroutine runs beside the request
        called.set()

    trap = emu.hang_after_create(on_create=kill_hook)
    send = asyncio.create_task(runner.client.get_channel(world.games.id).send("late"))
    await asyncio.wait_for(called.wait(), 5)
    trap.release()
    message = await asyncio.wait_for(send, 5)
    assert message.id == trap.messages[0].id


async def test_counters(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    emu.fail_next(429, count=2, method="POST", path="/messages", retry_after=0.05)
    await runner.client.get_channel(world.games.id).send("counted")
    assert emu.rate_limited_per_route() == {"POST /channels/{channel}/messages": 2}
    assert emu.requests_per_route()["POST /channels/{channel}/messages"] == 3
    assert emu.requests_per_route(status=200)["PUT /applications/{app}/commands"] == 1
    assert emu.global_rate_limited() == 0

    emu.global_window = Window(1, 60.0, bucket="global")
    headers = {"Authorization": f"Bot {emu.token}"}
    async with aiohttp.ClientSession(headers=headers) as session:
        for _ in range(3):
            async with session.get(f"{emu.api_base}/users/@me"):
                pass
    assert emu.global_rate_limited() == 2
    assert emu.rate_limited_per_route()["GET /users/@me"] == 0  # global ones are apart
    assert emu.invalid_requests_recent() == 4
    emu.advance(minutes=10)
    assert emu.invalid_requests_recent() == 0
    assert emu.messages_created(world.games, author=emu.bot_user) == 1
