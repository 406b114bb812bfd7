"""`pop-bot run`: settings from the environment, logging without secrets, then the bot."""

from __future__ import annotations

import asyncio
import sys

import discord
from pydantic import ValidationError

from .discord_endpoints import point_discord_at
from .logs import configure_logging
from .open_store import StoreUnavailable, prepare_store
from .settings import Settings, settings_problems, token_missing


def create_bot(settings: Settings) -> discord.Client:
    """The bot `pop-bot run` runs; tests build it the same way against the emulator."""
    point_discord_at(settings.discord_api_base, settings.discord_gateway_url)
    # The bot has no voice: discord.py's one-time "PyNaCl is not installed" and "davey is not
    # installed, voice will NOT be supported" warnings are about nothing it uses. Only those two
    # are turned off (the flags discord.py itself clears once it has warned).
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    # Work still runs in threads beside the event loop (the database's; each post's text and
    # view, before its pictures go to bot/tables/workers.py): a shorter switch interval hands the GIL
    # back to the loop sooner, so answers do not wait behind that work.
    sys.setswitchinterval(0.001)
    if settings.shard_count is None:
        from .client import PopBot

        return PopBot(settings)
    from .sharding import ShardedPopBot

    return ShardedPopBot(settings, shard_count=settings.shard_count, shard_ids=settings.shard_ids)


def load_settings() -> Settings | None:
    try:
        return Settings()
    except ValidationError as e:
        hint = (
            " Set DISCORD_TOKEN (the bot token from the Discord developer portal) "
            "in the environment or in .env."
            if token_missing(e)
            else ""
        )
        print(
            f"pop-bot: invalid settings: {'; '.join(settings_problems(e))}.{hint}",
            file=sys.stderr,
        )
        return None


def run_bot() -> int:
    settings = load_settings()
    if settings is None:
        return 2
    token = settings.discord_token.get_secret_value().strip()
    if not token:
        print("pop-bot: DISCORD_TOKEN is empty.", file=sys.stderr)
        return 2
    configure_logging(settings.log_level, settings.log_json, secrets=[token])
    try:  # the database first: its errors are its own, not "cannot reach Discord"
        asyncio.run(prepare_store(settings))
    except StoreUnavailable as e:
        print(f"pop-bot: {str(e).replace(token, '[redacted]')}", file=sys.stderr)
        return 3
    import aiohttp
    import discord

    bot = create_bot(settings)
    try:
        bot.run(token, log_handler=None)
    except discord.LoginFailure:
        print(
            "pop-bot: Discord refused the token (DISCORD_TOKEN is wrong or was reset).",
            file=sys.stderr,
        )
        return 2
    except discord.PrivilegedIntentsRequired:
        print(
            "pop-bot: Discord refused the message content intent: enable it for the bot in "
            "the developer portal, or set POP_MESSAGE_CONTENT=0 (cooperative table talk is "
            "then on the honour system).",
            file=sys.stderr,
        )
        return 2
    except (aiohttp.ClientError, OSError) as e:
        print(
            f"pop-bot: cannot reach Discord ({type(e).__name__}); check the network, or "
            "POP_DISCORD_API_BASE / POP_DISCORD_GATEWAY_URL if set.",
            file=sys.stderr,
        )
        return 3
    return 0
