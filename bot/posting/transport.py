"""How a table's posts reach Discord, exactly once: every message is a Components V2 layout
(`bot.posting.layout_view`), sent or edited here.

Every message the outbox creates carries a nonce derived from the table, the game, the move and
the step (`enforce_nonce`): a post repeated after a crash is the message Discord already has;
the first post after a restart is first looked for in the channel's recent history (Discord
remembers nonces for minutes only). Either way the message found is brought up to the post as
it is now (a seat may have pressed its buttons before a kill). A refusal that will not pass by
itself (a lost permission, a deleted thread, an archived thread it may not reopen) is raised as
`ChannelLost`, for the table layer to pause or end the table; the transport never changes a
table. An edit in a thread Discord archived for inactivity unarchives it and edits again.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.model.layout import Layout
from bot.model.posts import Post
from bot.model.table import PrivateMessage, Table

from . import layout_view as v2
from .budget import serving

log = logging.getLogger("pop.outbox")

HISTORY_LOOKBACK = 10  # messages read back, after a restart, to find a post already made
REMEMBERED = 16  # messages whose layout the transport keeps, to edit them without reading them
THREAD_ARCHIVED, THREAD_LOCKED = 50083, 160005  # Discord's codes: archived, locked by a moderator
UNKNOWN_CHANNEL = 10003  # an edit's channel was deleted (the table ends), not only its message


class Paused(Exception):
    """The table cannot post now (it waits for a permission, or for its player's next click)."""


class ChannelLost(Paused):
    """Discord refuses the table's channel: `gone` when it was deleted."""

    def __init__(self, error: discord.HTTPException, *, archived: bool = False) -> None:
        super().__init__(f"{error.status} {error.code}")
        self.gone = isinstance(error, discord.NotFound)
        # the thread is archived (or locked) and the bot may not bring it back
        self.archived = archived or error.code in (THREAD_ARCHIVED, THREAD_LOCKED)
        self.status, self.code = error.status, error.code


def nonce(*parts: object) -> str:
    """The nonce of a post: the same for the same post, after a restart too (≤ 25 chars)."""
    return "o" + hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()[:24]


def interaction_webhook(client: discord.Client, message: PrivateMessage) -> discord.Webhook:
    """The followup webhook of an earlier interaction, as `Interaction.followup` is: the
    application's webhook (the only kind that may post ephemeral messages), bound to the
    client. It lives as long as that interaction's token: 15 minutes."""
    hook = discord.Webhook.partial(message.application_id, message.token, client=client)
    hook.type = discord.WebhookType.application
    return hook


class Transport:
    """One table's way to Discord (every message a `TableView`: a Components V2 layout)."""

    def __init__(self, client: discord.Client, table_id: int) -> None:
        self.client, self.table_id = client, table_id
        self.check_history = False  # set on resuming: was the first post made before the stop?
        self.laid: dict[int, tuple[Layout, int]] = {}  # message → its layout, its ids' epoch

    def remember(self, message_id: int, view: v2.TableView) -> None:
        """What a message shows as this process laid it out (the latest few)."""
        self.laid.pop(message_id, None)  # (the latest last)
        self.laid[message_id] = (view.layout, view.epoch)
        while len(self.laid) > REMEMBERED:
            del self.laid[next(iter(self.laid))]

    async def channel(self, channel_id: int) -> discord.abc.Messageable:
        found = self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)
        assert isinstance(found, discord.abc.Messageable)
        return found

    async def send(
        self,
        table: Table,
        post: Post,
        view: v2.TableView,
        *,
        key: tuple[object, ...] | None = None,
        in_channel: bool = False,
    ) -> discord.Message:
        """Post a message (once: `key` names it, after a restart too), in its server's turn."""
        with serving(table.guild_id):
            return await self._send(table, post, view, key, in_channel)

    async def _send(
        self,
        table: Table,
        post: Post,
        view: v2.TableView,
        key: tuple[object, ...] | None,
        in_channel: bool,
    ) -> discord.Message:
        kwargs: dict[str, Any] = {"view": view, "files": v2.picture_files(post)}
        if post.mentions:  # merged with the client's default (none): exactly these users
            kwargs["allowed_mentions"] = discord.AllowedMentions(
                users=[discord.Object(user) for user in post.mentions]
            )
        if table.private and not in_channel:
            return await self._send_privately(table, kwargs)
        try:
            channel = await self.channel(table.channel_id if in_channel else table.where)
            if key is None:
                sent = await channel.send(**kwargs)
                self.remember(sent.id, view)
                return sent
            found = await self._find_posted(channel, post, view) if self.check_history else None
            if found is None:  # the first post not made before the stop: the others neither
                self.check_history = False
                found = await channel.send(nonce=nonce(*key), **kwargs)
            message = await self._as_now(channel, found, post, view)
            self.remember(message.id, view)
            return message
        except (discord.Forbidden, discord.NotFound) as e:
            raise ChannelLost(e) from e
        except discord.HTTPException as e:
            if e.code in (THREAD_ARCHIVED, THREAD_LOCKED):  # locked: Discord kept it archived
                raise ChannelLost(e) from e
            raise

    async def _as_now(
        self,
        channel: discord.abc.Messageable,
        message: discord.Message,
        post: Post,
        view: v2.TableView,
    ) -> discord.Message:
        """The message a post is, as the post is now: one a nonce made before (or the history
        shows, after a restart) is as it was then, and owed an edit if the table moved on."""
        if v2.shows(message, post, view):
            return message
        log.info("table %s: a message posted earlier is brought up to date", self.table_id)
        changes: dict[str, Any] = {"view": view}
        if [a.filename for a in message.attachments] != [p.filename for p in post.pictures]:
            changes["attachments"] = v2.attachments_now(message, post)
        try:
            return await self._edit_in(channel, message.id, **changes)
        except discord.NotFound:  # deleted meanwhile (a moderator): nothing left to edit
            log.info("table %s: message %s is gone", self.table_id, message.id)
            return message

    async def edit(self, table: Table, message_id: int, **kwargs: Any) -> discord.Message | None:
        """Edit one of the table's messages (one deleted meanwhile is let go): `view`, its
        layout now (`attachments`: those it keeps and new files; without, it keeps all)."""
        if table.private:
            return None
        view = kwargs.get("view")
        if isinstance(view, v2.TableView):
            self.laid.pop(message_id, None)  # not known until Discord has taken the edit
            kwargs = {**v2.V2_EDIT, **kwargs}
        try:
            with serving(table.guild_id):
                edited = await self._edit_in(await self.channel(table.where), message_id, **kwargs)
        except discord.NotFound as e:
            if e.code == UNKNOWN_CHANNEL:
                raise ChannelLost(e) from e
            log.info("table %s: message %s is gone", table.id, message_id)
            return None
        except discord.Forbidden as e:
            raise ChannelLost(e) from e
        if isinstance(view, v2.TableView):
            self.remember(message_id, view)
        return edited

    async def revise(
        self, table: Table, message_id: int, change: Callable[[Layout], Layout]
    ) -> None:
        """Edit one of the table's messages from what it shows now (as laid out here, or read
        back from Discord after a restart): its pictures stay, its controls keep their ids. A
        change that leaves it as it is makes no edit (one made before a restart, say)."""
        if table.private:
            return
        known, legacy = self.laid.get(message_id), False
        if known is None:
            try:
                message = await (await self.channel(table.where)).fetch_message(message_id)
            except discord.NotFound:
                log.info("table %s: message %s is gone", table.id, message_id)
                return
            known, legacy = v2.layout_of(message), not v2.is_v2(message)
        laid, epoch = known
        changed = change(laid)
        if changed == laid and not legacy:  # (one posted before Components V2 becomes one)
            return
        await self.edit(table, message_id, **v2.edit_of(changed, table.game, table.id, epoch))

    async def _edit_in(
        self, channel: discord.abc.Messageable, message_id: int, **kwargs: Any
    ) -> discord.Message:
        """Edit a message of `channel`, bringing its thread back if Discord archived it."""
        message = channel.get_partial_message(message_id)  # type: ignore[attr-defined]
        try:
            return await message.edit(**kwargs)  # type: ignore[no-any-return]
        except discord.HTTPException as e:
            if e.code != THREAD_ARCHIVED:
                raise
            await self._unarchive(channel, e)
            return await message.edit(**kwargs)  # type: ignore[no-any-return]

    async def _unarchive(self, channel: discord.abc.Messageable, refused: Exception) -> None:
        """Bring back an archived thread (an edit there was refused): as a post would."""
        if not isinstance(channel, discord.Thread):
            raise refused
        try:
            await channel.edit(archived=False)
        except discord.HTTPException as e:  # locked, and the bot may not manage threads
            raise ChannelLost(e, archived=True) from e
        log.info("table %s: its archived thread is back", self.table_id)

    async def edit_private(self, private: PrivateMessage, post: Post, view: v2.TableView) -> None:
        """Redraw a seat's ephemeral message through its interaction's token."""
        hook = interaction_webhook(self.client, private)
        files = v2.picture_files(post)
        await hook.edit_message(private.message_id, attachments=files, view=view, **v2.V2_EDIT)

    async def _find_posted(
        self, channel: discord.abc.Messageable, post: Post, view: v2.TableView
    ) -> discord.Message | None:
        """After a restart: the message this post already is, if it went out before the stop
        and longer ago than Discord remembers nonces (the same text, the same pictures)."""
        me = self.client.user
        files = [p.filename for p in post.pictures]
        async for message in channel.history(limit=HISTORY_LOOKBACK):
            if (
                message.author == me
                and v2.text_of(v2.as_json(message)) == view.layout.text
                and [a.filename for a in message.attachments] == files
            ):
                log.info("table %s: a post was already made before the restart", self.table_id)
                return message
        return None

    async def _send_privately(self, table: Table, kwargs: dict[str, Any]) -> discord.Message:
        """A private table (Pop's Enigma) posts as ephemeral followups to its player's last
        click."""
        seat = table.seats[0]
        if seat.private is None:
            raise Paused
        hook = interaction_webhook(self.client, seat.private)
        try:
            return await hook.send(ephemeral=True, wait=True, **kwargs)
        except discord.HTTPException as e:  # the token expired: the result is in /stats
            log.info("table %s: private post failed (%s)", table.id, e.status)
            raise Paused from e
