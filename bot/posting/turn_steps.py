"""One message a turn for secret-choice games (Pop, Colourist): the turn's message, once its
last choice reveals it, tells the turn's story in place. Each step of the reveal is an edit of
that message, paced as the steps were (a Pop turn plays like an animation on one board): its
text the closed turn's status and every step's caption so far, its gallery the turn's picture
and every step's picture so far (the latest ten), its buttons gone. A player scrolling back
reads the turn there. The results, a set's results and notices stay messages of their own
(`bot.posting.paced_steps`), as does every step of a move no turn's message is out for.

Exactly once: every edit shows the whole story up to its step (never "one more"), and the
outbox's progress is stored after it; after a restart the message is read back, and an edit
it already shows is not made again.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace

import discord

from bot.model.layout import Shown
from bot.model.posts import Post
from bot.model.table import LiveTable, Pending
from bot.storage.store import Delivery

from . import composer
from .budget import TURN, priority
from .layout_view import as_json, picture_files, text_of
from .paced_steps import PacedSteps
from .transport import Paused


class TurnSteps(PacedSteps):
    """A move's steps on its turn's message (see the module's docstring)."""

    def message_for(self, live: LiveTable, pending: Pending) -> int | None:
        """The turn's message the move's steps are shown on, if it is out (else None)."""
        table = live.table
        if table.private or not pending.new_turn or table.turn_message_id is None:
            return None
        if table.turn_captions:  # it rode on an earlier move's message: that story stays
            return None
        face = self.posting.face(table)
        if face.closed_turn_text(live, pending.before, table.lang()) is None:
            return None  # a game played one seat at a time
        return table.turn_message_id if table.turn_message_epoch == pending.epoch else None

    def story_wanted(self, live: LiveTable, pending: Pending) -> bool:
        """Was the move's turn revealed before its message went out (every seat an AI, say)?
        Its story then gets a message of its own, which its steps edit as a turn's message."""
        table = live.table
        if table.private or not pending.new_turn or pending.epoch is None:
            return False
        if table.turn_message_epoch == pending.epoch:  # out: the steps edit it
            return False
        face = self.posting.face(table)
        return face.closed_turn_text(live, pending.before, table.lang()) is not None

    async def post(self, live: LiveTable, pending: Pending, posts: list[Post], done: int) -> None:
        message_id = self.message_for(live, pending)
        while done < len(posts):
            if self.posting.stopping():  # the rest is owed (its progress is stored)
                raise Paused
            if message_id is None and posts[done].step and self.story_wanted(live, pending):
                message_id, done = await self._open_story(live, pending, posts, done)
                continue
            if message_id is None or not posts[done].step:
                done = await self._post_batch(live, pending, posts, done)
                continue
            done = await self._show_steps(live, pending, posts, done, message_id)

    async def _show_steps(
        self, live: LiveTable, pending: Pending, posts: list[Post], done: int, message_id: int
    ) -> int:
        """The next steps on the turn's message; how many of the move's posts are out."""
        upto = self._next_upto(live, posts, done)
        await self._edit_story(live, pending, posts, upto, message_id)
        await self._shown(live, pending, posts, upto, message_id)
        return upto

    def _next_upto(self, live: LiveTable, posts: list[Post], done: int) -> int:
        """Where the next edit's steps end: one step, or when the budget is tight all of the
        move's, or when behind a few."""
        upto, most = done + 1, 1
        if self.posting.budget.tight():  # fewer requests: the move's steps in one edit
            most = len(posts)
        elif composer.steps_waiting(posts, done, len(live.pending) - 1) > composer.BEHIND:
            most = composer.MAX_FILES_PER_MESSAGE  # behind: it catches up, steps a few at a time
        while upto < min(len(posts), done + most) and posts[upto].step:
            upto += 1
        return upto

    async def _open_story(
        self, live: LiveTable, pending: Pending, posts: list[Post], done: int
    ) -> tuple[int, int]:
        """The story's own message, its first step on it (once: after a restart its nonce
        finds it), kept as the turn's message; (its id, how many of the move's posts are out)."""
        table = live.table
        upto = self._next_upto(live, posts, done)
        face = self.posting.face(table)
        status = face.closed_turn_text(live, pending.before, table.lang()) or ""
        steps = [p for p in posts[:upto] if p.step]
        pictures = [p for post in steps for p in post.pictures]
        story = Post(composer.turn_story(status, [p.content for p in steps]), pictures)
        view = self.posting.views(table, story, [], story=True)
        shown = {s.filename for s in view.layout.pictures}  # the latest ten: a message's most
        story = replace(story, pictures=[p for p in pictures if p.filename in shown])
        with priority(TURN):  # the turn's own message: its story waits no longer than the next turn
            message = await self.transport.send(
                table, story, view, key=("story", table.id, pending.game_no, pending.seq)
            )
        assert pending.epoch is not None  # story_wanted asked
        await self.posted.turn_posted(table.id, message.id, pending.epoch, None)
        self.turn.message = message
        await self._shown(live, pending, posts, upto, message.id)
        return message.id, upto

    async def _shown(
        self, live: LiveTable, pending: Pending, posts: list[Post], upto: int, message_id: int
    ) -> None:
        """The move's posts up to `upto` are out on the turn's message: stored; the pause
        before the next step."""
        more = upto < len(posts)
        await self.progress.advance(
            Delivery(pending.game_no, pending.seq, upto, False)
            if more
            else Delivery(pending.game_no, pending.seq + 1, 0, len(live.pending) == 1)
        )
        now = await self.posting.tables.live(live.table.id)
        if message_id in now.table.owed_edits:  # its buttons are gone with the first step
            await self.posted.edit_made(live.table.id, message_id)
        if more and self.posting.step_delay() and posts[upto].step:
            await asyncio.sleep(self.posting.step_delay())

    async def _edit_story(
        self, live: LiveTable, pending: Pending, posts: list[Post], upto: int, message_id: int
    ) -> None:
        """The turn's message showing its story up to post `upto` (unless it does)."""
        table = live.table
        try:
            message = await self.turn.as_posted(table, message_id)
        except discord.NotFound:  # deleted meanwhile (a moderator): the story is let go
            return
        face = self.posting.face(table)
        status = face.closed_turn_text(live, pending.before, table.lang()) or ""
        steps = [p for p in posts[:upto] if p.step]
        moves = {p.filename for post in posts for p in post.pictures}  # this move's pictures
        first = [Shown(a.filename, a.description or "") for a in message.attachments]
        first = [s for s in first if s.filename not in moves]  # the turn's own picture
        pictures = [p for post in steps for p in post.pictures]
        story = Post(composer.turn_story(status, [p.content for p in steps]), pictures)
        view = self.posting.views(table, story, first, story=True)
        shown = {s.filename for s in view.layout.pictures}
        had = [a for a in message.attachments if a.filename in shown]
        if {a.filename for a in message.attachments} == shown and view.layout.text == text_of(
            as_json(message)
        ):
            return  # made before a restart
        new = Post("", [p for p in pictures if p.filename in shown - {a.filename for a in had}])
        with priority(TURN):  # the turn's own message: its story waits no longer than the next turn
            edited = await self.transport.edit(
                table, message_id, view=view, attachments=[*had, *picture_files(new)]
            )
        if edited is not None:
            self.turn.message = edited
