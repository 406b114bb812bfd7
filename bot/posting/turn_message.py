"""The table message of the turn in play: drawn with its deadline and the people it pings,
posted alone or riding on a move's message (`bot.posting.whole_turn`, `bot.posting.paced_steps`), its text
kept up to date in place as seats choose, and closed (every seat chosen, no buttons) when a
secret-choice turn is revealed. The captions it carries above the turn's text are kept with
the table (`Table.turn_captions`), so an edit keeps them, after a restart too.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass

import discord

from bot.model.posts import Post
from bot.model.table import LiveTable, Pending, Table

from . import composer, pings
from .budget import STEP, TURN, priority
from .services import MovePosts, Posted, Posting, Progress
from .transport import Transport


@dataclass(frozen=True)
class DrawnTurn:
    """A new turn's message as drawn, and what is stored once it is out."""

    post: Post
    epoch: int  # the turn it shows
    deadline: float | None  # its timer's, shown in its text; it runs from the post
    moves: int | None = None  # the table's moves when it was drawn (its text shows them)


class TurnMessage:
    """One table's turn message (see the module's docstring)."""

    def __init__(
        self,
        posting: Posting,
        posted: Posted,
        transport: Transport,
        redraw_private: Callable[[str], None],
        table_id: int,
    ) -> None:
        self.posting = posting
        self.posted = posted
        self.transport = transport
        self.redraw_private = redraw_private  # a seat's private message shows the new turn
        self.table_id = table_id
        self.message: discord.Message | None = None  # the turn message, as last posted
        self.text_dirty = False  # a seat chose: its text is behind

    def text_changed(self) -> None:
        self.text_dirty = True

    async def draw(self, live: LiveTable) -> DrawnTurn:
        """The new turn's table message, drawn with its deadline (stored once it is posted),
        mentioning the people who must act (`bot.posting.pings`)."""
        table = live.table
        epoch, deadline, moves = table.epoch, table.turn_deadline, table.moves
        if table.settings.turn_timer and deadline is None:
            deadline = self.posting.now() + table.settings.turn_timer
        shown = LiveTable(table.model_copy(update={"turn_deadline": deadline}), live.state)
        face = self.posting.face(table)
        async with self.posting.drawing.slot(table.guild_id):
            post = await asyncio.to_thread(face.table_post, shown, table.lang())
        to_act = face.to_act(live.state) if live.state is not None else frozenset()
        seats = [s for s in table.seats if s.id in to_act]
        pinged = await pings.to_ping(self.posting.store, seats)
        hints = table.settings.hints and table.status == "playing" and bool(to_act)
        return DrawnTurn(composer.turn(post, pinged, table.lang(), hints), epoch, deadline, moves)

    async def post_alone(self, live: LiveTable) -> None:
        """The table message of a new turn: the board, who must act, the game's buttons."""
        table = live.table
        turn = await self.draw(live)
        repost = (table.turn_reposts,) if table.turn_reposts else ()
        with priority(TURN):
            message = await self.transport.send(
                table,
                turn.post,
                self.posting.views(table, turn.post),
                key=("turn", table.id, table.games, turn.epoch, *repost),
            )
        await self.is_out(message, turn)

    async def is_out(
        self, message: discord.Message, turn: DrawnTurn, captions: composer.Captions = ()
    ) -> None:
        """The turn's message is out (carrying `captions` above its text): stored, its timer
        runs; private messages that can still be edited show the new turn. Its text is
        behind if a seat chose after it was drawn."""
        table = await self.posted.turn_posted(
            self.table_id, message.id, turn.epoch, turn.deadline, captions, turn.moves
        )
        self.message = message
        self.text_dirty = table.text_owed
        for seat in table.seats:
            if seat.private is not None and seat.private.editable() and not seat.ai:
                self.redraw_private(seat.id)

    async def as_posted(self, table: Table, message_id: int) -> discord.Message:
        """The turn's message as Discord has it (its pictures; asked for only after a
        restart)."""
        kept = self.message
        if kept is not None and kept.id == message_id:
            return kept
        channel = await self.transport.channel(table.where)
        self.message = await channel.fetch_message(message_id)
        return self.message

    def text_due(self, table: Table) -> bool:
        """Is the turn message's text behind (a seat chose), and may it be edited now?"""
        return (
            self.text_dirty
            and table.status == "playing"
            and bool(table.turn_message_id)
            and table.turn_message_epoch == table.epoch
            and not self.posting.budget.tight()  # tight: it waits (the next turn's post has it)
        )

    async def edit_text(self, live: LiveTable) -> None:
        """Who has chosen, in place (under the captions the message carries); once out, the
        table owes it no more (unless a seat chose meanwhile)."""
        table, now = live.table, live.as_now()
        assert table.turn_message_id is not None
        self.text_dirty = False  # a seat choosing meanwhile makes it dirty again
        face = self.posting.face(table)
        to_act = face.to_act(now.state)  # who has chosen, as the text shows it
        text = await asyncio.to_thread(face.table_text, now, table.lang())
        try:
            with priority(STEP):
                shown = composer.turn_text(table.turn_captions, text)
                await self.transport.revise(
                    table, table.turn_message_id, lambda laid: composer.with_text(laid, shown)
                )
        except BaseException:
            self.text_dirty = True  # still owed: a paused table tries it again
            raise
        await self.posted.text_shown(table.id, table.epoch, to_act)

    async def close(self, live: LiveTable, pending: Pending) -> None:
        """A secret-choice turn revealed: its message shows every seat as chosen and loses its
        buttons, in one edit (the removal it was owed)."""
        table = live.table
        message_id = table.turn_message_id
        if message_id is None or message_id not in table.owed_edits:
            return
        if table.turn_message_epoch != pending.epoch or self.posting.budget.tight():
            return  # another turn's message, or a tight budget: the removal waits, as owed
        text = self.posting.face(table).closed_turn_text(live, pending.before, table.lang())
        if text is None:
            return
        with contextlib.suppress(discord.NotFound), priority(STEP):
            content = composer.turn_text(table.turn_captions, text)
            await self.transport.revise(
                table, message_id, lambda laid: composer.with_text(laid, content).without_controls()
            )
        await self.posted.edit_made(table.id, message_id)


class MovePosting:
    """What posting a move's messages uses, the same for both ways of posting them (a
    picture a step, `bot.posting.paced_steps`; one message a turn, `bot.posting.whole_turn`):
    the outbox builds them with one table's parts."""

    def __init__(
        self,
        posting: Posting,
        transport: Transport,
        moves: MovePosts,
        turn: TurnMessage,
        progress: Progress,
        posted: Posted,
    ) -> None:
        self.posting = posting
        self.transport = transport
        self.moves = moves
        self.turn = turn
        self.progress = progress
        self.posted = posted
