"""A message of the server's own, not a table's (a challenge's standings, a tournament's
sign-up and standings): laid out as a table's messages are, posted once in its channel (the
same nonce after a restart: never twice), then edited in place whenever its text changes."""

from __future__ import annotations

import logging

import discord

from bot.model.accents import ACCENTS
from bot.model.posts import Button, Post
from bot.posting import composer
from bot.posting.budget import TURN, priority, serving
from bot.posting.layout_view import V2_EDIT, layout_view
from bot.posting.transport import nonce

log = logging.getLogger("pop.notices")


async def show_in_place(
    client: discord.Client,
    where: tuple[int, int],
    owner: tuple[str, int, str],
    message_id: int | None,
    text: str,
    buttons: list[Button],
) -> int | None:
    """The message posted in (server, channel) `where`, or edited in place (`message_id`);
    its id (None: Discord refused). `owner`: its controls' prefix (`challenge`,
    `tournament`), its number, and the game whose accent it wears. Its requests wait in the
    server's own share of the budget, behind the answers to clicks (a sign-up's joins edit
    it again and again)."""
    prefix, number, game = owner
    laid = composer.laid_out(Post(text, controls=list(buttons)), ACCENTS.get(game))
    view = layout_view(laid, prefix, number, 0)
    channel = client.get_partial_messageable(where[1], guild_id=where[0])
    try:
        with priority(TURN), serving(where[0]):
            if message_id is None:  # posted again after a restart: the same one
                return (await channel.send(view=view, nonce=nonce(prefix, number))).id
            await channel.get_partial_message(message_id).edit(view=view, **V2_EDIT)
        return message_id
    except discord.HTTPException as e:
        log.warning("%s %s: message not shown (%s)", prefix, number, e.status)
        return None
