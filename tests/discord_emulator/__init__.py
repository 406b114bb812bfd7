"""A loopback Discord for end-to-end tests: REST v10 + gateway on 127.0.0.1.

Start with ``server.Emulator``; act as users with ``client.Actor``; run a real discord.py bot
with ``bot_runner.BotRunner``. The fixtures in ``tests/conftest.py`` wire them together.
"""

from .bot_runner import BotRunner
from .client import ActionRefused, Actor, InteractionResult
from .model import (
    EPHEMERAL,
    IS_COMPONENTS_V2,
    Attachment,
    Channel,
    DMChannel,
    Guild,
    Message,
    Perm,
    Role,
    User,
)
from .server import Emulator
from .world import World, build_world

__all__ = [
    "EPHEMERAL",
    "IS_COMPONENTS_V2",
    "ActionRefused",
    "Actor",
    "Attachment",
    "BotRunner",
    "Channel",
    "DMChannel",
    "Emulator",
    "Guild",
    "InteractionResult",
    "Message",
    "Perm",
    "Role",
    "User",
    "World",
    "build_world",
]
