"""A picture a step, paced, for the games that want it (Pop: its chain reactions are its show):
a move's posts go out one message each, `step_delay` apart. When the table falls behind (many
steps waiting), or the bot's request budget is tight, several steps share one message
(`bot.posting.composer`); tight, the results ride on the last step's message and the next turn's
message rides on the move's last.

Exactly once, as every post: each message carries its step's nonce, and the outbox's progress
is stored after every message (`bot.posting.services.Progress`).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from bot.model import life
from bot.model.posts import Post
from bot.model.table import LiveTable, Pending, Table
from bot.storage.store import Delivery

from . import composer
from .budget import STEP, TURN, priority
from .transport import Paused
from .turn_message import DrawnTurn, MovePosting


@dataclass(frozen=True)
class Batch:
    """The next message of a move's posts, as laid out."""

    posts: list[Post]  # the move's posts it holds
    message: Post  # as laid out (the turn's message riding on it, perhaps)
    table: Table  # the table its controls belong to
    turn: DrawnTurn | None  # the next turn's message, riding on it
    captions: str  # the step captions above the turn's text, when the turn rides


class PacedSteps(MovePosting):
    """A move's posts, a picture a step, paced (see the module's docstring)."""

    async def post(self, live: LiveTable, pending: Pending, posts: list[Post], done: int) -> None:
        """A move's posts from the `done` first on, a message at a time."""
        while done < len(posts):
            if self.posting.stopping():  # the rest is owed (its progress is stored): next start
                raise Paused
            done = await self._post_batch(live, pending, posts, done)

    async def _post_batch(
        self, live: LiveTable, pending: Pending, posts: list[Post], done: int
    ) -> int:
        """The next message of a move's posts; how many of its posts are out after it."""
        table = live.table
        batch = await self._laid_out(live, pending, posts, done)
        with priority(TURN if batch.turn else STEP):
            message = await self.transport.send(
                batch.table,
                batch.message,
                self.posting.views(batch.table, batch.message),
                key=(table.id, pending.game_no, pending.seq, done),
                in_channel=batch.message.in_channel,
            )
        attached = [a.filename for a in message.attachments]
        held = composer.posts_in(attached, posts, done, len(batch.posts))
        if any(p.results for p in posts[done : done + held]):
            await self.progress.results_posted(table, pending.game_no, message)
        done += held
        more = done < len(posts)
        await self.progress.advance(
            Delivery(pending.game_no, pending.seq, done, False)
            if more
            else Delivery(pending.game_no, pending.seq + 1, 0, len(live.pending) == 1)
        )
        if batch.turn is not None and held == len(batch.posts):
            await self.turn.is_out(message, batch.turn, [(pending.seq, batch.captions)])
        if more and self.posting.step_delay() and batch.posts[-1].step:
            await asyncio.sleep(self.posting.step_delay())
        return done

    async def _laid_out(
        self, live: LiveTable, pending: Pending, posts: list[Post], done: int
    ) -> Batch:
        """Behind (many step pictures waiting), or the request budget tight: the move's steps
        share messages (tight: as many as Discord allows, the results riding on the last
        step's message, and the next turn's message riding on the move's last)."""
        table = live.table
        tight = self.posting.budget.tight()
        waiting = composer.steps_waiting(posts, done, len(live.pending) - 1)
        batch = composer.next_batch(
            posts,
            done,
            grouped=table.private or tight or waiting > composer.BEHIND,
            limit=composer.MAX_ATTACHMENTS
            if table.private or tight
            else composer.MAX_FILES_PER_MESSAGE,
            results=tight,
        )
        now_live = await self.posting.tables.live(table.id)
        now = now_live.table
        post = composer.offered(composer.merged(batch), now, pending.game_no)
        last = done + len(batch) == len(posts)
        turn, steps_text = None, post.content
        if tight and last and not post.controls and await self.turn_may_ride(now_live, pending):
            drawn = await self.turn.draw(now_live)
            riding = composer.with_turn(post, drawn.post)
            post, turn = (riding, drawn) if riding is not None else (post, None)
        return Batch(batch, post, now if post.controls else table, turn, steps_text)

    async def turn_may_ride(self, live: LiveTable, pending: Pending) -> bool:
        """May the next turn's message ride on this move's last one? Only when it is due and
        the moves made since this one have nothing to show (secret picks, say)."""
        if not life.turn_due(live.table):
            return False
        for seq in sorted(s for s in live.pending if s > pending.seq):
            if await self.moves.of(live, live.pending[seq]):
                return False
        return True
