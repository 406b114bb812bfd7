"""One message a seat's turn, for the games that want it (Coloretto, Colorpop: a face's
`turn_in_one_message`): a seat's move posts its pictures together in one message, with the
next turn's text and buttons riding on it (the move's last picture already shows the board, so
the turn's own picture is left out); a move within the turn (a card drawn before it is placed)
is added to that same message, in place. A thread then reads as the game's story, a message a
turn, not a wall of pictures and repeated boards.

Exactly once, as every post: the new message carries its move's nonce; an addition made before
a restart is recognised by its pictures' file names and not made twice.
"""

from __future__ import annotations

from typing import Protocol

import discord

from .batching import merged, with_turn
from .budget import TURN, priority
from .posts import Post
from .storage import Delivery
from .table import LiveTable, Pending, Table
from .transport import Transport, picture_files


class TurnsHost(Protocol):
    """What whole turns need of the table layer."""

    async def live(self, table_id: int) -> LiveTable: ...

    def view_for(self, table: Table, post: Post) -> discord.ui.View | None: ...


class TurnsBox(Protocol):
    """What whole turns need of the table's outbox (which owns them)."""

    @property
    def host(self) -> TurnsHost: ...

    @property
    def transport(self) -> Transport: ...

    drawn: dict[int, list[Post]]
    turn_prefix: str  # the captions the turn's message shows above its text
    turn_message: discord.Message | None

    async def advance(self, progress: Delivery) -> None: ...

    async def results_posted(self, table: Table, game_no: int, message: discord.Message) -> None:
        """The message holding a game's results was posted (or found, after a restart)."""

    async def posts(self, live: LiveTable, pending: Pending) -> list[Post]: ...

    async def turn_post(self, live: LiveTable) -> tuple[Post, int, float | None]: ...

    async def turn_posted(
        self, message: discord.Message, epoch: int, deadline: float | None
    ) -> None: ...


def turn_due(table: Table) -> bool:
    """Does the table wait for the message of its new turn?"""
    return (
        table.status == "playing" and table.turn_message_epoch != table.epoch and not table.private
    )


def bare(turn: Post) -> Post:
    """The turn's text and buttons, without its pictures (a move's message shows the board)."""
    return Post(turn.content, [], list(turn.controls), mentions=list(turn.mentions))


class WholeTurns:
    def __init__(self, box: TurnsBox) -> None:
        self.box = box

    async def post(self, live: LiveTable, pending: Pending, posts: list[Post]) -> None:
        """A move's posts as one message (or added to the turn's message, in place)."""
        box = self.box
        now_live = await box.host.live(live.table.id)
        now = now_live.table
        # A move within a turn whose message is out: it is added there. (`now` may be past
        # that turn already: the move's own epoch tells which turn it was in.)
        turn_epoch = now.epoch if pending.epoch is None else pending.epoch
        within_turn = not pending.new_turn and now.turn_message_epoch == turn_epoch
        if within_turn and now.turn_message_id is not None:
            await self._add_to_turn_message(now_live, now.turn_message_id, merged(posts))
            last = pending.seq
        else:
            last = await self._new_message(live, now_live, pending, posts)
        done = Delivery(pending.game_no, last + 1, 0, not any(s > last for s in live.pending))
        await box.advance(done)
        for seq in [s for s in live.pending if pending.seq < s <= last]:
            live.pending.pop(seq, None)
            box.drawn.pop(seq, None)

    async def _new_message(
        self, live: LiveTable, now_live: LiveTable, pending: Pending, posts: list[Post]
    ) -> int:
        """The move's message: with what the next turn revealed since (the moves within it
        made meanwhile), and that turn's text and buttons if it is still the table's. The
        number of the last move it shows."""
        box, table = self.box, live.table
        last, shown_posts = pending.seq, list(posts)
        for seq in sorted(s for s in live.pending if s > pending.seq):
            if live.pending[seq].new_turn:
                break  # that turn is over already: its end gets a message of its own
            shown_posts += await box.posts(live, live.pending[seq])
            last = seq
        post = merged(shown_posts)
        now = now_live.table
        if post.controls and (now.games != pending.game_no or now.status == "playing"):
            post.controls = []  # a rematch was dealt meanwhile: those buttons are stale
        turn = None
        ahead = any(s > last for s in live.pending)
        if not post.controls and not ahead and turn_due(now):
            turn = await box.turn_post(now_live)
        riding = with_turn(post, bare(turn[0])) if turn is not None else None
        shown = riding or post
        shown_table = now if shown.controls else table
        with priority(TURN):
            message = await box.transport.send(
                shown_table,
                shown,
                box.host.view_for(shown_table, shown),
                key=(table.id, pending.game_no, pending.seq, 0),
                in_channel=shown.in_channel,
            )
        if riding is not None and turn is not None:
            box.turn_prefix = post.content
            await box.turn_posted(message, turn[1], turn[2])
        if shown.results:
            await box.results_posted(table, pending.game_no, message)
        return last

    async def _add_to_turn_message(self, live: LiveTable, message_id: int, post: Post) -> None:
        """The turn's message tells what happened within the turn too: its captions, then
        this move's; its pictures, then this move's; the turn's text and buttons as they are
        now."""
        box, table = self.box, live.table
        message = await self._turn_message(table, message_id)
        names = {a.filename for a in message.attachments}
        if post.pictures and all(p.filename in names for p in post.pictures):
            return  # added before a restart: the message shows it already
        before = box.turn_prefix or message.content.rpartition("\n\n")[0]
        captions = "\n".join(text for text in (before, post.content) if text)
        turn, _, _ = await box.turn_post(live)
        shown = with_turn(Post(captions, post.pictures), bare(turn)) or bare(turn)
        files = [*message.attachments, *picture_files(shown)]
        with priority(TURN):
            await box.transport.edit(
                table,
                message_id,
                content=shown.content,
                attachments=files,
                view=box.host.view_for(table, shown),
            )
        box.turn_prefix = captions

    async def _turn_message(self, table: Table, message_id: int) -> discord.Message:
        """The turn's message as Discord has it (asked for only after a restart)."""
        kept = self.box.turn_message
        if kept is not None and kept.id == message_id:
            return kept
        channel = await self.box.transport.channel(table.where)
        found = await channel.fetch_message(message_id)
        self.box.turn_message = found
        return found
