"""Shared fixtures: a loopback Discord (``emu``), its standard world, and a bot starter.

async def test_story(world, start_bot):
    await start_bot(make_my_bot)
    table = await world.ana.slash("pop", "new", mode="coop")
    await world.ben.click(table.message, label="Join")
"""

from __future__ import annotations

import discord.gateway
import discord.http
import pytest

from tests.discord_emulator import BotRunner, Emulator, World, build_world


@pytest.fixture
async def emu():
    """A running emulator with an empty world (see ``world`` for the usual one).

    Fails the test at teardown if any request body broke Discord's OpenAPI description (a test
    that sends one on purpose takes them with ``emu.take_schema_violations()``).
    """
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    async with Emulator() as emulator:
        yield emulator
    discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved
    assert_no_schema_violations(emulator)


def assert_no_schema_violations(emulator: Emulator) -> None:
    """Fail with one line per violation: the route, the JSON path in the body, what was sent."""
    violations = emulator.take_schema_violations()
    unique = list(dict.fromkeys(str(v) for v in violations))
    assert not unique, (
        f"{len(violations)} request bod(ies) broke Discord's OpenAPI description "
        "(tests/discord_emulator/openapi/README.md lists the known exceptions):\n  "
        + "\n  ".join(unique)
    )


@pytest.fixture
def world(emu: Emulator) -> World:
    """Guild "Pop Club", #general and #games, players ana, ben, cleo (all in #games)."""
    return build_world(emu)


@pytest.fixture
def bot_env(emu: Emulator, tmp_path, monkeypatch):
    """The environment `pop-bot run` reads, pointing at the emulator and a temporary database."""
    monkeypatch.setenv("POP_DISCORD_API_BASE", emu.api_base)
    monkeypatch.setenv("POP_DISCORD_GATEWAY_URL", emu.gateway_url)
    monkeypatch.setenv("DISCORD_TOKEN", emu.token)
    monkeypatch.setenv("POP_DATABASE_PATH", str(tmp_path / "pop.sqlite3"))
    return tmp_path


@pytest.fixture
async def start_bot(emu: Emulator):
    """``runner = await start_bot(make_client)``: build a client (a factory or coroutine
    function returning a discord.Client), run ``client.start(token)`` against the emulator and
    wait until ready. ``await runner.restart()`` simulates a process restart. Stopped at teardown.
    """
    runners: list[BotRunner] = []

    async def start(make_client) -> BotRunner:
        runner = BotRunner(emu, make_client)
        runners.append(runner)
        await runner.start()
        return runner

    yield start
    for runner in reversed(runners):
        await runner.stop()
