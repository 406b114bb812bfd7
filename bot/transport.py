"""How a table's posts reach Discord: sending and editing its messages, exactly once.

Every message the outbox creates carries a nonce derived from the table, the game, the move and
the step (`enforce_nonce`): a post repeated after a crash is the message Discord already has,
not a second one; and the first post after a restart is first looked for in the channel's
recent history (Discord remembers nonces for minutes only). A refusal from Discord that will
not pass by itself (a lost permission, a deleted thread) is raised as `ChannelLost`, for the
table layer to pause or end the table; the transport never changes a table.
"""

from __future__ import annotations

import hashlib
import io
import logging
from typing import Any

import discord

from .budget import serving
from .posts import Post
from .table import PrivateMessage, Table

log = logging.getLogger("pop.outbox")

HISTORY_LOOKBACK = 10  # messages read back, after a restart, to find a post already made


class Paused(Exception):
    """The table cannot post now (it waits for a permission, or for its player's next click)."""


class ChannelLost(Paused):
    """Discord refuses the table's channel: `gone` when it was deleted."""

    def __init__(self, error: discord.HTTPException) -> None:
        super().__init__(f"{error.status} {error.code}")
        self.gone = isinstance(error, discord.NotFound)
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


def picture_files(post: Post) -> list[discord.File]:
    """A post's pictures as attachments, each with its alt text as the description."""
    return [
        discord.File(io.BytesIO(p.png), filename=p.filename, description=p.alt)
        for p in post.pictures
    ]


class Transport:
    """One table's way to Discord (`view` turns a post's controls into components)."""

    def __init__(self, client: discord.Client, table_id: int) -> None:
        self.client = client
        self.table_id = table_id
        self.check_history = False  # set on resuming: was the first post made before the stop?

    async def channel(self, channel_id: int) -> discord.abc.Messageable:
        found = self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)
        assert isinstance(found, discord.abc.Messageable)
        return found

    async def send(
        self,
        table: Table,
        post: Post,
        view: discord.ui.View | None,
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
        view: discord.ui.View | None,
        key: tuple[object, ...] | None,
        in_channel: bool,
    ) -> discord.Message:
        kwargs: dict[str, Any] = {"content": post.content or None, "files": picture_files(post)}
        if view is not None:
            kwargs["view"] = view
        if table.private and not in_channel:
            return await self._send_privately(table, kwargs)
        try:
            channel = await self.channel(table.channel_id if in_channel else table.where)
            if key is not None:
                if self.check_history:
                    found = await self._find_posted(channel, post)
                    if found is not None:
                        return found
                kwargs["nonce"] = nonce(*key)
            self.check_history = False
            return await channel.send(**kwargs)
        except (discord.Forbidden, discord.NotFound) as e:
            raise ChannelLost(e) from e

    async def edit(self, table: Table, message_id: int, **kwargs: Any) -> None:
        """Edit one of the table's messages (one deleted meanwhile is let go)."""
        if table.private:
            return
        try:
            with serving(table.guild_id):
                channel = await self.channel(table.where)
                await channel.get_partial_message(message_id).edit(**kwargs)  # type: ignore[attr-defined]
        except discord.NotFound:
            log.info("table %s: message %s is gone", table.id, message_id)
        except discord.Forbidden as e:
            raise ChannelLost(e) from e

    async def edit_private(
        self, private: PrivateMessage, post: Post, view: discord.ui.View | None
    ) -> None:
        """Redraw a seat's ephemeral message through its interaction's token."""
        hook = interaction_webhook(self.client, private)
        await hook.edit_message(
            private.message_id, content=post.content, attachments=picture_files(post), view=view
        )

    async def _find_posted(
        self, channel: discord.abc.Messageable, post: Post
    ) -> discord.Message | None:
        """After a restart: the message this post already is, if it went out before the stop
        and longer ago than Discord remembers nonces (the same text, the same pictures)."""
        me = self.client.user
        files = [p.filename for p in post.pictures]
        async for message in channel.history(limit=HISTORY_LOOKBACK):
            if (
                message.author == me
                and message.content == (post.content or "")
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
