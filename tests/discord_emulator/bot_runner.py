"""Run a real discord.py client against the emulator, the way `pop-bot run` would."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
from collections.abc import Awaitable, Callable

import discord

from bot.running.discord_endpoints import point_discord_at

from .server import PATIENCE, Emulator

ClientFactory = Callable[[], discord.Client | Awaitable[discord.Client]]


class BotRunner:
    """One bot process: ``start`` builds a fresh client from the factory and waits for on_ready;
    ``restart`` stops it and starts a new one, as a redeploy would. Several runners may share
    one emulator (sharded clients, one per shard)."""

    def __init__(self, emu: Emulator, make_client: ClientFactory) -> None:
        self.emu = emu
        self.make_client = make_client
        self.client: discord.Client | None = None
        self.task: asyncio.Task[None] | None = None
        self.starts = 0
        #: The gateway sessions this runner's client opened (one per shard it runs).
        self.sessions: list = []

    async def start(self, timeout: float = 15.0) -> discord.Client:
        point_discord_at(self.emu.api_base, self.emu.gateway_url)
        client = self.make_client()
        if inspect.isawaitable(client):
            client = await client
        assert isinstance(client, discord.Client)
        # Test-only speed-up: otherwise on_ready waits 2 s for more GUILD_CREATEs.
        client._connection.guild_ready_timeout = min(client._connection.guild_ready_timeout, 0.05)
        self.client = client
        known = set(self.emu.sessions)
        self.task = asyncio.create_task(client.start(self.emu.token), name="bot under test")
        ready = asyncio.create_task(client.wait_until_ready())
        done, _ = await asyncio.wait(
            {ready, self.task}, timeout=timeout * PATIENCE, return_when=asyncio.FIRST_COMPLETED
        )
        if ready not in done:
            ready.cancel()
            if self.task in done:
                self.task.result()  # raises what killed the bot
            raise TimeoutError("the bot did not become ready")
        self.sessions = [s for s in self.emu.sessions if s not in known]
        self.starts += 1
        return client

    async def stop(self) -> None:
        if self.client is not None:
            await self.client.close()
        if self.task is not None:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(self.task, timeout=5)
        self.client = self.task = None
        # Let the emulator notice the goodbye, so a restart starts from a clean slate.
        mine = self.sessions or self.emu.sessions
        await self.emu.wait_for(
            lambda: not any(s.connected for s in mine), 5, "the gateway socket to close"
        )

    async def restart(self) -> discord.Client:
        await self.stop()
        return await self.start()
