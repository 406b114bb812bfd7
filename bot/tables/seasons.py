"""Rating seasons at play (`/server seasons`; the data in `bot.model.seasons`, the database's
part in `bot.storage.seasons`): on the table layer's clock, each server's season ends at its
UTC boundary (its boards archived, the new season's ratings started anew or carried, in one
transaction), then its champions are announced once in the channel the server chose.

Everything is in the database: a restart ends what is due and announces what is owed. The
announcement's nonce is the season's own, so a post repeated after a restart (the message out,
its id not yet stored) is the message Discord already has, never a second one."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable

import discord

from bot.model.seasons import season_at
from bot.posting.transport import nonce
from bot.ratings.season_texts import champions_text
from bot.storage.store import SqlStore

from .clock import Clock
from .loop_task import Looping

log = logging.getLogger("pop.seasons")
POLL = 60.0  # seconds: the longest sleep before the seasons' ends are read again
GIVE_UP = frozenset({403, 404})  # the channel is gone or closed to the bot: not tried again


class Seasons(Looping):
    def __init__(self, store: SqlStore, client: discord.Client, clock: Callable[[], Clock]):
        self.store = store
        self.client = client
        self.clock = clock  # the table layer's (a test's, when it hands one)
        self.looping("seasons", self._run)
        self.owns: Callable[[int], bool] | None = None  # a sharded process: its own servers

    def start(self, owns: Callable[[int], bool] | None = None) -> None:
        self.owns = owns
        super().start()

    async def _run(self) -> None:
        await self.until_due(self.tick, "the seasons' ends", POLL)

    async def tick(self) -> float:
        """End every season due, announce every champion owed; when the next season ends."""
        due, next_end = await self.store.seasons_due(self.clock().now())
        for setting in (s for s in due if self.ours(s.guild_id)):
            assert setting.ends_at is not None
            following = season_at(setting.cadence, setting.ends_at)
            if await self.store.end_season(setting.guild_id, setting.season, following):
                log.info("server %s: season %s ended", setting.guild_id, setting.season)
            self.woken.set()  # the next season may have ended too (a bot long down)
        for guild_id, season, channel_id, locale in await self.store.announcements_owed():
            if self.ours(guild_id):
                await self.announce(guild_id, season, channel_id, locale)
        return math.inf if next_end is None else next_end

    def ours(self, guild_id: int) -> bool:
        return self.owns is None or self.owns(guild_id)

    async def announce(
        self, guild_id: int, season: str, channel_id: int | None, locale: str
    ) -> None:
        """The season's champions, once, in the server's channel (nothing when no pool was
        rated in it, or no channel was chosen)."""
        champions = await self.store.champions(guild_id, season)
        if not champions or channel_id is None:
            await self.store.season_announced(guild_id, season, 0)
            return
        setting = await self.store.season_setting(guild_id)
        text = champions_text(season, champions, setting.carry, locale)
        channel = self.client.get_partial_messageable(channel_id, guild_id=guild_id)
        try:
            message = await channel.send(text, nonce=nonce("season", guild_id, season))
        except discord.HTTPException as e:
            log.warning("server %s: season %s not announced (%s)", guild_id, season, e.status)
            if e.status in GIVE_UP:
                await self.store.season_announced(guild_id, season, 0)
            return
        await self.store.season_announced(guild_id, season, message.id)
