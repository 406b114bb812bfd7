"""Where discord.py talks to: Discord itself, a REST proxy, or the loopback emulator in tests.

Set from the settings ``POP_DISCORD_API_BASE`` and ``POP_DISCORD_GATEWAY_URL``; leaving either
unset keeps Discord's own endpoint. Call before the client logs in.
"""

from __future__ import annotations

import discord.gateway
import discord.http
import yarl


def point_discord_at(api_base: str | None, gateway_url: str | None) -> None:
    """Send REST calls to ``api_base`` (e.g. ``http://host/api/v10``) and connect the gateway
    WebSocket to ``gateway_url`` (e.g. ``ws://host/``). None leaves that endpoint as it is."""
    if api_base is not None:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url is not None:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
