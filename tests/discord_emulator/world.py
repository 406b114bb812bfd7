"""The standard test world: one guild, two text channels, three players and a moderator role."""

from __future__ import annotations

from dataclasses import dataclass

from .client import Actor
from .model import Channel, Guild, Perm, Role
from .server import Emulator


@dataclass
class World:
    guild: Guild
    general: Channel
    games: Channel
    moderator: Role
    ana: Actor
    ben: Actor
    cleo: Actor


def build_world(emu: Emulator) -> World:
    """Guild "Pop Club" with #general and #games; ana, ben and cleo (cleo is a moderator).
    Everyone types in #games unless told otherwise."""
    guild = emu.add_guild("Pop Club")
    general = emu.add_text_channel(guild, "general")
    games = emu.add_text_channel(guild, "games")
    moderator = emu.add_role(guild, "moderator", Perm.MANAGE_MESSAGES | Perm.MANAGE_THREADS)
    actors = {}
    for name in ("ana", "ben", "cleo"):
        user = emu.add_user(name)
        emu.add_member(guild, user, roles=[moderator] if name == "cleo" else [])
        actors[name] = emu.actor(user, games)
    return World(guild, general, games, moderator, **actors)
