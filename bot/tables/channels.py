"""What Discord tells of a table's channel: a permission lost or given back, its thread or its
turn message deleted by a moderator, a chat line in it. Each changes the table through its life
(`bot.model.life`), and the channel the table was opened from is told when its thread fails it. When
a paused table tries again is `bot.tables.paused_retries`'s to say (each try refused is an invalid
request)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable

import discord

from bot.model import life
from bot.model.posts import Refusal
from bot.model.table import ACTIVE, LiveTable, Table
from bot.posting.outbox import Outboxes
from bot.posting.transport import ChannelLost
from bot.texts.i18n import dynamic_key, t

from .faces import FaceServices
from .held import TableCache
from .paused_retries import PausedRetries

log = logging.getLogger("pop.tables")


def pause_notice(table: Table, reason: str | None) -> str:
    """Why a table stopped, naming its game: said in the parent channel and by /table show."""
    lang = table.lang()
    values = {"game": t(dynamic_key("game", table.game), lang), "id": table.id}
    if reason == "gone":
        return t("pause.notice.thread_gone", lang, **values)
    if reason == "archived":
        return t("pause.notice.archived", lang, **values)
    return t("pause.notice.forbidden", lang, **values)


class ChannelEvents:
    def __init__(
        self,
        held: TableCache,
        client: discord.Client,
        outboxes: Outboxes,
        retries: PausedRetries,
        services: FaceServices,
        forget_if_idle: Callable[[int], None],
    ) -> None:
        self.held = held
        self.client = client
        self.outboxes = outboxes
        self.retries = retries  # when a paused table may try again
        self.services = services  # what the faces' chat rules may use
        self.forget_if_idle = forget_if_idle  # a table that ended leaves memory

    async def channel_lost(self, table_id: int, lost: ChannelLost, *, again: bool) -> None:
        """Discord refuses the table's channel: pause it (a lost permission), or end it (its
        thread is gone); say so in the parent channel, where it can still be said (once: a
        paused table refused `again` when it tried was announced already)."""
        reason = "gone" if lost.gone else "archived" if lost.archived else "forbidden"
        log.warning("table %s paused: %s (%s %s)", table_id, reason, lost.status, lost.code)
        async with self.held.editing(table_id) as edit:
            table = edit.table
            if table.status == "cancelled":
                return  # already ended (its thread was deleted) and announced
            gone = bool(lost.gone and table.thread_id)
            if gone:
                life.lose_thread(table)
            else:
                life.pause(table, reason)
            table = await self.held.commit(edit, posts_dropped=gone)
        if gone:
            self.retries.forget(table_id)
        else:
            self.retries.refused(table_id)  # its next try waits longer
        if table.thread_id and table.channel_id != table.thread_id and not (again and not gone):
            await self._tell_parent(table, pause_notice(table, reason))

    async def channel_back(self, table_id: int) -> bool:
        """A paused table would try again: True if it may now; False when it has ended, or
        when its back-off or the process's budget of tries says not yet (it is kicked again
        when it may). It stays paused (clicks are still told so) until a post of it goes out
        (`channel_ok`)."""
        live = await self.held.live(table_id)
        if live.table.status == "cancelled":
            self.retries.forget(table_id)
            return False
        return self.retries.may_try(table_id, live.table.guild_id)

    async def channel_ok(self, table_id: int) -> None:
        """A paused table's post went out (or none was due): it plays on."""
        self.retries.forget(table_id)
        async with self.held.editing(table_id) as edit:
            if not edit.table.paused or edit.table.status == "cancelled":
                return
            life.unpause(edit.table)
            await self.held.commit(edit)

    async def _tell_parent(self, table: Table, text: str) -> None:
        """A notice in the channel the table was opened from (its thread may be gone)."""
        parent = self.client.get_channel(table.channel_id)
        if isinstance(parent, discord.abc.Messageable):
            with contextlib.suppress(discord.HTTPException):
                await parent.send(text)

    async def thread_deleted(self, thread_id: int) -> None:
        """A thread was deleted: every table in it ends, and the channel is told of each
        public one (a private game played there in its player's messages ends unannounced:
        those messages went with the thread)."""
        for table_id in self.held.tables_at(thread_id):
            async with self.held.editing(table_id) as edit:
                if edit.table.status not in ACTIVE or not life.lose_thread(edit.table):
                    continue
                table = await self.held.commit(edit, posts_dropped=True)
            self.forget_if_idle(table_id)  # finished for good: it leaves memory
            if not table.private:
                await self._tell_parent(table, pause_notice(table, "gone"))

    async def message_deleted(self, channel_id: int, message_id: int) -> None:
        """A message was deleted: if it was a table's turn message, the turn is posted again
        (the players must have something to press)."""
        for live in await self._tables_in(channel_id):
            if live.table.private:
                continue
            async with self.held.editing(live.table.id) as edit:
                if not life.message_deleted(edit.table, message_id):
                    continue
                await self.held.commit(edit)
            self.outboxes.of(live.table.id).kick()

    async def _tables_in(self, channel_id: int) -> list[LiveTable]:
        """The active tables that play in this channel, loaded again if they left memory."""
        found = []
        for table_id in self.held.tables_at(channel_id):
            with contextlib.suppress(Refusal):
                found.append(await self.held.live(table_id))
        return found

    def try_again(self, table_id: int) -> None:
        """A player asks for a paused table (a press, /table show): it tries to post again
        when its back-off and the budget of tries let it (`bot.tables.paused_retries`)."""
        self.outboxes.of(table_id).kick()

    def retry_paused(self, guild_id: int) -> None:
        """Permissions may have come back: the guild's paused tables try again at once (their
        back-offs start again; the budget of tries still spaces them)."""
        for live in list(self.held.cache.values()):
            table = live.table
            if table.paused and table.guild_id == guild_id and table.status == "playing":
                self.retries.reset(table.id)
                self.outboxes.of(table.id).kick()

    async def on_chat(self, message: discord.Message) -> None:
        """A chat line reaches every table playing in its channel (each face's own rules)."""
        for live in await self._tables_in(message.channel.id):
            if live.table.status == "playing":
                await self.held.face(live.table).on_chat(self.services, live, message)
