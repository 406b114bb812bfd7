"""One message a seat's turn, for the games that want it (Coloretto, Colorpop: a face's
`turn_in_one_message`): a seat's move posts its pictures together in one message, with the
next turn's text and buttons riding on it (the move's last picture already shows the board, so
the turn's own picture is left out); a move within the turn (a card drawn before it is placed)
is added to that same message, in place. A thread then reads as the game's story, a message a
turn, not a wall of pictures and repeated boards. How each message reads is the composer's
(`bot.posting.composer`); what the turn's message carries above its text is kept with the table, never
read back from Discord.

Exactly once, as every post: the new message carries its move's nonce; an addition made before
a restart is recognised by its pictures' file names (or the table's record of its captions)
and not made twice.
"""

from __future__ import annotations

from bot.model import life
from bot.model.layout import Shown
from bot.model.posts import Post
from bot.model.table import LiveTable, Pending
from bot.storage.store import Delivery

from . import composer
from .budget import TURN, priority
from .layout_view import picture_files
from .turn_message import MovePosting


class WholeTurns(MovePosting):
    """A move's posts as one message, or added to its turn's (see the module's docstring)."""

    async def post(self, live: LiveTable, pending: Pending, posts: list[Post]) -> None:
        """A move's posts as one message (or added to the turn's message, in place); the
        moves within the next turn that message shows are out with it."""
        now_live = await self.posting.tables.live(live.table.id)
        now = now_live.table
        # A move within a turn whose message is out: it is added there. (`now` may be past
        # that turn already: the move's own epoch tells which turn it was in.)
        turn_epoch = now.epoch if pending.epoch is None else pending.epoch
        within_turn = not pending.new_turn and now.turn_message_epoch == turn_epoch
        if within_turn and now.turn_message_id is not None:
            await self._add_to_turn_message(now_live, now.turn_message_id, pending.seq, posts)
            last = pending.seq
        else:
            last = await self._new_message(live, now_live, pending, posts)
        done = Delivery(pending.game_no, last + 1, 0, not any(s > last for s in live.pending))
        await self.progress.advance(done)
        for seq in [s for s in live.pending if pending.seq < s <= last]:
            self.moves.out(live, seq)

    async def _new_message(
        self, live: LiveTable, now_live: LiveTable, pending: Pending, posts: list[Post]
    ) -> int:
        """The move's message: with what the next turn revealed since (the moves within it
        made meanwhile), and that turn's text and buttons if it is still the table's. The
        number of the last move it shows."""
        table, now = live.table, now_live.table
        last, shown_posts = pending.seq, list(posts)
        for seq in sorted(s for s in live.pending if s > pending.seq):
            if live.pending[seq].new_turn:
                break  # that turn is over already: its end gets a message of its own
            shown_posts += await self.moves.of(live, live.pending[seq])
            last = seq
        post = composer.offered(composer.merged(shown_posts), now, pending.game_no)
        ahead = any(s > last for s in live.pending)
        turn = None
        if not post.controls and not ahead and life.turn_due(now):
            turn = await self.turn.draw(now_live)
        riding = composer.with_turn(post, composer.bare(turn.post)) if turn is not None else None
        shown = riding or post
        shown_table = now if shown.controls else table
        with priority(TURN):
            message = await self.transport.send(
                shown_table,
                shown,
                self.posting.views(shown_table, shown),
                key=(table.id, pending.game_no, pending.seq, 0),
                in_channel=shown.in_channel,
            )
        if riding is not None and turn is not None:
            await self.turn.is_out(message, turn, [(last, post.content)])
        if shown.results:
            await self.progress.results_posted(table, pending.game_no, message)
        return last

    async def _add_to_turn_message(
        self, live: LiveTable, message_id: int, move: int, posts: list[Post]
    ) -> None:
        """The turn's message tells what happened within the turn too: its captions, then
        this move's; its pictures, then this move's; the turn's text and buttons as they are
        now."""
        table, post = live.table, composer.merged(posts)
        if any(m == move for m, _ in table.turn_captions):
            return  # added before a restart, and recorded
        message = await self.turn.as_posted(table, message_id)
        names = {a.filename for a in message.attachments}
        if not (post.pictures and all(p.filename in names for p in post.pictures)):
            captions = composer.captions_text([*table.turn_captions, (move, post.content)])
            turn = await self.turn.draw(live)
            shown = composer.added_to_turn(captions, post, turn.post)
            with priority(TURN):
                kept = [Shown(a.filename, a.description or "") for a in message.attachments]
                await self.transport.edit(
                    table,
                    message_id,
                    attachments=[*message.attachments, *picture_files(shown)],
                    view=self.posting.views(table, shown, kept),
                )
        # else added before a restart, but not recorded yet
        await self.posted.captions_added(table.id, message_id, move, post.content)
