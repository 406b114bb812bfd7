"""Injected faults: 429 bursts, 500s, dropped gateway sockets. The bot must carry on."""

from __future__ import annotations

import time

import aiohttp
import discord

from tests.discord_emulator import Emulator

from .tiny_bot import TinyBot


def content_bot() -> TinyBot:
    intents = discord.Intents.default()
    intents.message_content = True
    return TinyBot(intents=intents)


async def test_burst_of_429s_is_waited_out(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    fault = emu.fail_next(429, count=3, method="POST", path="/messages", retry_after=0.1)
    await runner.client.get_channel(world.games.id).send("patience")
    assert fault.hits == 3
    assert [m.content for m in world.ana.visible_messages()] == ["patience"]
    assert len(emu.invalid_requests) == 3  # 429s count towards Discord's invalid-request ban


async def test_500_is_retried(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    fault = emu.fail_next(500, count=1, method="POST", path="/messages")
    await runner.client.get_channel(world.games.id).send("second try")
    assert fault.hits == 1
    assert [m.content for m in world.ana.visible_messages()] == ["second try"]


async def test_429_wire_format(emu: Emulator, world):
    emu.fail_next(429, count=1, retry_after=1.25)
    async with (
        aiohttp.ClientSession() as session,
        session.get(
            f"{emu.api_base}/users/@me", headers={"Authorization": f"Bot {emu.token}"}
        ) as response,
    ):
        assert response.status == 429
        assert response.headers["Content-Type"] == "application/json"
        assert response.headers["Via"]
        assert response.headers["Retry-After"] == "2"
        assert await response.json() == {
            "message": "You are being rate limited.",
            "retry_after": 1.25,
            "global": False,
        }


async def test_success_carries_rate_limit_headers(emu: Emulator, world):
    url = f"{emu.api_base}/channels/{world.games.id}/messages"
    async with aiohttp.ClientSession(headers={"Authorization": f"Bot {emu.token}"}) as session:
        async with session.post(url, json={"content": "one"}) as response:
            assert response.status == 200
            assert response.headers["X-RateLimit-Limit"] == "5"
            assert response.headers["X-RateLimit-Remaining"] == "4"
            assert 4 < float(response.headers["X-RateLimit-Reset-After"]) <= 5
            assert abs(float(response.headers["X-RateLimit-Reset"]) - time.time() - 5) < 1
            assert response.headers["X-RateLimit-Bucket"]
        async with session.get(f"{emu.api_base}/users/@me") as response:
            assert response.status == 200
        async with session.get(
            f"{emu.api_base}/users/@me", headers={"Authorization": "Bot wrong"}
        ) as response:
            assert response.status == 401


async def test_dropped_gateway_resumes_and_replays_missed_events(emu: Emulator, world, start_bot):
    runner = await start_bot(content_bot)
    hello = await world.ana.slash("hello")

    await emu.drop_gateway()
    await world.ben.send("said while the bot was away")
    session = await emu.wait_for(
        lambda: next((s for s in emu.sessions if s.resumes == 1 and s.connected), None)
    )

    seen = await emu.wait_for(lambda: [m.content for m in runner.client.seen_messages])
    assert seen == ["said while the bot was away"]
    assert len(emu.sessions) == 1
    assert session.events("RESUMED")
    click = await world.ana.click(hello.message, label="Count")  # the game goes on
    assert click.responded
    assert hello.message.content == "clicked 1 times"


async def test_lost_session_makes_the_bot_identify_again(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    await emu.drop_gateway(resumable=False)
    # discord.py waits 5 s before identifying again (its before_identify_hook).
    await emu.wait_for(
        lambda: (
            len([s for s in emu.sessions if s.ready and s.connected]) == 1
            and len(emu.sessions) == 2
        ),
        timeout=15,
    )
    await runner.client.wait_until_ready()
    result = await world.ana.slash("pop", "new", mode="coop")
    assert result.message.content == "table coop for 4"


async def test_bot_restart_mid_test(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    assert (await world.ana.slash("hello")).responded
    await runner.restart()
    assert runner.starts == 2
    assert sum(not s.closed for s in emu.sessions) == 1
    assert (await world.ben.slash("pop", "new", mode="versus")).responded
