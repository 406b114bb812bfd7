"""A seat's private message (a hand, a secret colour, an Enigma): the answer to the click that
asked for it, remembered so that the outbox keeps it up to date while its token lasts."""

from __future__ import annotations

import asyncio
import contextlib
import time

import discord

from bot.model import life
from bot.model.posts import Refusal
from bot.model.table import LiveTable, PrivateMessage, Seat
from bot.posting import composer
from bot.posting.layout_view import answer_privately, picture_files, view_for

from .held import TableCache


class PrivatePosts:
    def __init__(self, held: TableCache) -> None:
        self.held = held

    async def show(
        self, interaction: discord.Interaction, live: LiveTable, seat: Seat, header: str = ""
    ) -> None:
        """Answer a deferred click with the seat's private post, and remember it to edit."""
        table = live.table
        face = self.held.face(table)
        header = header or await face.private_header(self.held.store, live)
        shown = await asyncio.to_thread(face.private_post, live.as_now(), seat, table.lang())
        post = composer.private(header, shown)
        message = await answer_privately(interaction, view_for(table, post), picture_files(post))
        private = PrivateMessage(
            application_id=interaction.application_id,
            token=interaction.token,
            message_id=message.id,
            created=time.time(),
        )
        with contextlib.suppress(Refusal):
            async with self.held.editing(table.id) as edit:
                edit.table.seat(seat.id).private = private
                if table.private:  # no public message: this is it
                    life.private_turn_shown(edit.table, message.id)
                await self.held.commit(edit)
