"""Several bot processes, one database: each process runs some of the bot's shards.

Discord sends every event of a guild to one shard, ``(guild_id >> 22) % shard_count`` (DMs to
shard 0), so a process sees the clicks and messages of its shards' guilds only. The tables live in
one PostgreSQL database; after a start, a process resumes only the tables of the guilds it owns
(``TableService.resume_all`` asks ``owns_guild``), so no table has two outboxes posting for it.

The processes also share the bot token's global request limit: each takes its shards' share of
the request budget, ``POP_REQUEST_RATE × len(shard_ids) / shard_count``
(``bot.posting.budget.process_share``, applied where the client is built).
"""

from __future__ import annotations

import discord

from .client import PopBot


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends this guild's events to."""
    return (guild_id >> 22) % shard_count


class ShardedPopBot(PopBot, discord.AutoShardedClient):
    """PopBot over discord.py's AutoShardedClient: ``shard_count`` and ``shard_ids`` (None: all
    shards in this process) come from POP_SHARD_COUNT and POP_SHARD_IDS."""

    def owns_guild(self, guild_id: int | None) -> bool:
        """Whether this process runs the shard of that guild (None, a DM: shard 0)."""
        count = self.shard_count or 1
        shard = 0 if guild_id is None else shard_of(guild_id, count)
        return self.shard_ids is None or shard in self.shard_ids

    def gateway_up(self, shard: int) -> bool:
        """Whether that shard's connection to Discord's gateway is open (never before the shard
        is launched)."""
        info = self.get_shard(shard)
        return info is not None and not info.is_closed()
