"""A table opened by the bot itself, not from a command's answer (a challenge's entry, a
tournament's table): its own public thread in a channel. Where Discord gives none (no
permission, a refusal), it plays in the channel."""

from __future__ import annotations

import logging

import discord

from bot.model import life
from bot.model.table import Table
from bot.texts.i18n import dynamic_key, t

from .held import TableCache

log = logging.getLogger("pop.threads")


async def own_thread(
    held: TableCache, client: discord.Client, table: Table, channel_id: int
) -> int:
    """The table moved to a new thread of `channel_id`; where it plays."""
    channel = client.get_channel(channel_id)
    if not isinstance(channel, discord.TextChannel):
        return table.channel_id
    if not channel.permissions_for(channel.guild.me).create_public_threads:
        return table.channel_id
    lang = table.lang()
    name = t("table.thread_name", lang, id=table.id, game=t(dynamic_key("game", table.game), lang))
    try:
        thread = await channel.create_thread(
            name=name, type=discord.ChannelType.public_thread, auto_archive_duration=1440
        )
    except discord.HTTPException as e:
        log.warning("table %s: no thread (%s); playing in the channel", table.id, e.status)
        return table.channel_id
    async with held.editing(table.id) as edit:
        life.moved_to_thread(edit.table, thread.id)
        await held.commit(edit)
    return thread.id
