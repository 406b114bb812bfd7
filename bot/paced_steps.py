"""A picture a step, paced, for the games that want it (Pop: its chain reactions are its show):
a move's posts go out one message each, `step_delay` apart. When the table falls behind (many
steps waiting), or the bot's request budget is tight, several steps share one message
(`bot.batching`); tight, the results ride on the last step's message and the next turn's
message rides on the move's last.

Exactly once, as every post: each message carries its step's nonce, and the outbox's progress
is stored after every message (`bot.outbox`).
"""

from __future__ import annotations

import asyncio
from typing import Protocol

from .batching import (
    BEHIND,
    MAX_ATTACHMENTS,
    MAX_FILES_PER_MESSAGE,
    merged,
    next_batch,
    posts_in,
    steps_waiting,
    with_turn,
)
from .budget import STEP, TURN, Budget, priority
from .posts import Post
from .storage import Delivery
from .table import LiveTable, Pending
from .transport import Paused
from .whole_turn import TurnsBox, TurnsHost, turn_due


class StepsHost(TurnsHost, Protocol):
    """What paced steps need of the table layer: its pace and the request budget."""

    step_delay: float
    budget: Budget
    stopping: bool


class StepsBox(TurnsBox, Protocol):
    """What paced steps need of the table's outbox (which owns them)."""

    @property
    def host(self) -> StepsHost: ...


class PacedSteps:
    def __init__(self, box: StepsBox) -> None:
        self.box = box

    async def post(self, live: LiveTable, pending: Pending, posts: list[Post], done: int) -> None:
        """A move's posts from the `done` first on, a message at a time."""
        while done < len(posts):
            if self.box.host.stopping:  # the rest is owed (its progress is stored): next start
                raise Paused
            done = await self._post_batch(live, pending, posts, done)

    async def _post_batch(
        self, live: LiveTable, pending: Pending, posts: list[Post], done: int
    ) -> int:
        """The next message of a move's posts; how many of its posts are out after it.

        Behind (many step pictures waiting), or the request budget tight: the move's steps
        share messages (tight: as many as Discord allows, the results riding on the last
        step's message, and the next turn's message riding on the move's last)."""
        box = self.box
        table = live.table
        tight = box.host.budget.tight()
        waiting = steps_waiting(posts, done, len(live.pending) - 1)
        batch = next_batch(
            posts,
            done,
            grouped=table.private or tight or waiting > BEHIND,
            limit=MAX_ATTACHMENTS if table.private or tight else MAX_FILES_PER_MESSAGE,
            results=tight,
        )
        post = merged(batch)
        now_live = await box.host.live(table.id)
        now = now_live.table
        if post.controls and (now.games != pending.game_no or now.status == "playing"):
            post.controls = []  # a rematch was dealt meanwhile: those buttons are stale
        last = done + len(batch) == len(posts)
        turn = None
        steps_text = post.content
        if tight and last and not post.controls and await self.turn_may_ride(now_live, pending):
            turn = await box.turn_post(now_live)
            riding = with_turn(post, turn[0])
            post, turn = (riding, turn) if riding is not None else (post, None)
        post_table = now if post.controls else table
        with priority(TURN if turn else STEP):
            message = await box.transport.send(
                post_table,
                post,
                box.host.view_for(post_table, post),
                key=(table.id, pending.game_no, pending.seq, done),
                in_channel=post.in_channel,
            )
        held = posts_in([a.filename for a in message.attachments], posts, done, len(batch))
        if any(p.results for p in posts[done : done + held]):
            await box.results_posted(table, pending.game_no, message)
        done += held
        more = done < len(posts)
        await box.advance(
            Delivery(pending.game_no, pending.seq, done, False)
            if more
            else Delivery(pending.game_no, pending.seq + 1, 0, len(live.pending) == 1)
        )
        if turn is not None and held == len(batch):
            box.turn_prefix = steps_text
            await box.turn_posted(message, turn[1], turn[2])
        if more and box.host.step_delay and batch[-1].step:
            await asyncio.sleep(box.host.step_delay)
        return done

    async def turn_may_ride(self, live: LiveTable, pending: Pending) -> bool:
        """May the next turn's message ride on this move's last one? Only when it is due and
        the moves made since this one have nothing to show (secret picks, say)."""
        box = self.box
        if not turn_due(live.table):
            return False
        for seq in sorted(s for s in live.pending if s > pending.seq):
            if await box.posts(live, live.pending[seq]):
                return False
        return True
