"""A message of the server's own, not a table's (a challenge's standings, a tournament's
sign-up and standings): laid out as a table's messages are, posted once in its channel (the
same nonce after a restart: never twice), then edited in place whenever its text changes; a
picture it shows (a tournament's standings) is uploaded afresh with each edit."""

from __future__ import annotations

import logging

import discord

from bot.model.accents import ACCENTS
from bot.model.posts import Button, Post
from bot.posting import composer
from bot.posting.budget import TURN, priority, serving
from bot.posting.layout_view import V2_EDIT, layout_view, picture_files
from bot.posting.transport import nonce
from render.kit import Picture

log = logging.getLogger("pop.notices")


async def show_in_place(
    client: discord.Client,
    where: tuple[int, int],
    owner: tuple[str, int, str],
    message_id: int | None,
    text: str,
    buttons: list[Button],
    pictures: list[Picture] | None = None,
) -> int | None:
    """The message posted in (server, channel) `where`, or edited in place (`message_id`);
    its id (None: Discord refused). `owner`: its controls' prefix (`challenge`,
    `tournament`), its number, and the game whose accent it wears. `pictures`: what it shows
    now (None: the message's pictures are left as they are). Its requests wait in the
    server's own share of the budget, behind the answers to clicks (a sign-up's joins edit
    it again and again)."""
    prefix, number, game = owner
    post = Post(text, pictures=list(pictures or ()), controls=list(buttons))
    laid = composer.laid_out(post, ACCENTS.get(game))
    view = layout_view(laid, prefix, number, 0)
    channel = client.get_partial_messageable(where[1], guild_id=where[0])
    files = picture_files(post)
    try:
        with priority(TURN), serving(where[0]):
            if message_id is None:  # posted again after a restart: the same one
                sent = await channel.send(view=view, files=files, nonce=nonce(prefix, number))
                return sent.id
            message = channel.get_partial_message(message_id)
            if pictures is None:  # its attachments left as they are
                await message.edit(view=view, **V2_EDIT)
            else:
                await message.edit(view=view, attachments=files, **V2_EDIT)
        return message_id
    except discord.HTTPException as e:
        log.warning("%s %s: message not shown (%s)", prefix, number, e.status)
        return None
