"""A table's outbox: everything the table posts, in order, paced, never dropped, never twice.

One worker task per table drains, in this order: the lobby message; short notices; the posts of
each move (one picture per step, `step_delay` apart; when the table falls behind, or the bot's
request budget is tight, several steps share one message: `bot.posting.composer`); then the table
message of the next turn.

Under a tight budget (`bot.posting.budget`: Discord's global limit, not this table, is the bottleneck)
a turn costs fewer requests: its steps share messages (up to Discord's 10 attachments, in
order, each its own picture), the results ride on the last step's message, and edits nobody
needs are left out (the old turn message's buttons, refused as stale anyway, stay; the turn
message's "who has chosen" text waits for the budget or for the next turn's message).
Requests carry a priority (`bot.posting.budget.priority`): turn and lobby messages and notices before
step pictures and edits.

Hands and other private messages are redrawn by a second worker, so they never wait behind the
paced posts (their edits go through the interaction's token: exempt from the budget).

Exactly once: a move's posts come from its events, computed once when it was applied (after a
restart, replayed from the stored moves). Progress is stored after every message, apart from the
table (`table_deliveries`); the transport makes every message idempotent (`bot.posting.transport`).

How each message reads is the composer's (`bot.posting.composer`): the outbox and its parts carry what
it laid out. They are built with the narrow services they use (`bot.posting.services.Posting`), and data
flows one way: the outbox drives its parts (the turn's message, `bot.posting.turn_message`; a move's
posts as whole turns, `bot.posting.whole_turn`, or paced steps, `bot.posting.paced_steps`), none calls it back.
What its messages going out change in the table's life is committed through `bot.posting.services.Posted`;
what Discord refused, the channel's events pause or end the table with (`bot.tables.channels`). It
never gives up: a failure (a 503 storm, a network cut) is logged and tried again after a capped
back-off, while every other table goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Sequence

import discord

from bot.model import life
from bot.model.layout import Layout
from bot.model.posts import Post
from bot.model.table import LiveTable, Pending, Table
from bot.storage.store import Delivery

from . import composer
from .budget import STEP, TURN, priority
from .lobby_message import lobby_post
from .services import MovePosts, Posted, Posting, Progress
from .transport import ChannelLost, Paused, Transport
from .turn_message import TurnMessage
from .turn_steps import TurnSteps
from .whole_turn import WholeTurns

log = logging.getLogger("pop.outbox")

RETRY_CAP = 10.0  # seconds: the longest wait between two tries of a failing post
EDITS_RETRY = 5.0  # seconds: how soon edits left for a tight budget are tried again
STOP_NOTICE = 0.1  # seconds a failed redraw waits to learn whether a stop caused it


class Outboxes:
    """Every table's outbox, made when it is first needed, let go with its table."""

    def __init__(self, make: Callable[[int], Outbox]) -> None:
        self.make = make
        self.boxes: dict[int, Outbox] = {}

    def of(self, table_id: int) -> Outbox:
        box = self.boxes.get(table_id)
        if box is None:
            box = self.boxes[table_id] = self.make(table_id)
        return box

    def busy(self, table_id: int) -> bool:
        """Is the table's outbox at work (the one asking, finishing, aside)?"""
        box = self.boxes.get(table_id)
        return box is not None and box.busy()

    def drop(self, table_id: int) -> None:
        self.boxes.pop(table_id, None)


class Outbox:
    """One table's posts, in order (see the module's docstring)."""

    def __init__(self, posting: Posting, table_id: int) -> None:
        self.posting = posting
        self.table_id = table_id
        self.transport = Transport(posting.client, table_id)
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.notices: list[Post] = []
        self.lobby_dirty = False
        self.later: asyncio.TimerHandle | None = None
        self.retrying = False  # a paused table is trying again: a refusal is not news
        self.posted = Posted(posting.tables)
        self.privates = PrivateRedraws(posting, self.transport, table_id)
        self.progress = Progress(posting.store, table_id)
        self.moves = MovePosts(posting)
        self.turn = TurnMessage(
            posting, self.posted, self.transport, self.privates.redraw, table_id
        )
        parts = (posting, self.transport, self.moves, self.turn, self.progress, self.posted)
        self.whole_turns = WholeTurns(*parts)
        self.paced_steps = TurnSteps(*parts)

    # --- What other code asks for ------------------------------------------------------------

    def kick(self) -> None:
        self.wake.set()
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._run(), name=f"outbox-{self.table_id}")

    def resume(self) -> None:
        """After a restart: the first post may have gone out before the stop."""
        self.transport.check_history = True
        self.kick()

    def busy(self) -> bool:
        """Is a worker of this outbox still at work (the one asking, finishing, aside)?"""
        me = asyncio.current_task()
        return any(
            task is not None and not task.done() and task is not me
            for task in (self.task, self.privates.task)
        )

    def say(self, text: str, mentions: Sequence[int] = ()) -> None:
        self.notices.append(composer.notice(text, mentions))
        self.kick()

    def refresh_lobby(self) -> None:
        self.lobby_dirty = True
        self.kick()

    def table_text_changed(self) -> None:
        self.turn.text_changed()
        self.kick()

    def redraw_private(self, seat_id: str) -> None:
        self.privates.redraw(seat_id)

    async def idle(self, timeout: float = 30) -> None:
        """Wait until the worker has nothing left to do (tests, shutdown)."""
        deadline = time.monotonic() + timeout
        while self.busy() and time.monotonic() < deadline:
            await asyncio.sleep(0.02)

    # --- The worker ----------------------------------------------------------------------

    async def _run(self) -> None:
        failures = 0
        while not self.posting.stopping():  # a stop leaves the rest owed, for the next start
            self.wake.clear()
            try:
                worked = await self._step()
                failures = 0
                if self.retrying:  # a post went out (or none was due): it is back
                    self.retrying = False
                    await self.posting.channel.channel_ok(self.table_id)
            except ChannelLost as lost:
                await self.posting.channel.channel_lost(self.table_id, lost, again=self.retrying)
                break
            except Paused:
                break
            except asyncio.CancelledError:
                raise
            except Exception as e:
                if self.posting.stopping():  # Discord, the workers, the session go as it stops
                    log.info(
                        "table %s: stopping; its posts are left for the next start (%s)",
                        self.table_id,
                        type(e).__name__,
                    )
                    break
                failures += 1
                await self._wait_after(failures, e)
                continue
            if not worked:
                break
        self.posting.forget_if_idle(self.table_id)

    async def _wait_after(self, failures: int, error: Exception) -> None:
        wait = min(RETRY_CAP, 0.5 * 2**failures)
        log.warning(
            "table %s: posting failed (%d in a row: %s); trying again in %.1f s",
            self.table_id,
            failures,
            type(error).__name__,
            wait,
            exc_info=failures == 1,
        )
        await asyncio.sleep(wait)

    async def _step(self) -> bool:
        """Do the next thing to post; False when there is nothing left."""
        live = await self.posting.tables.live(self.table_id)
        table = live.table
        if table.paused:
            if not await self.posting.channel.channel_back(self.table_id):
                raise Paused
            self.retrying = True
        if table.status == "lobby" and table.lobby_message_id is None and not table.private:
            await self._post_lobby(table)
        elif self.lobby_dirty and table.lobby_message_id:
            await self._edit_lobby(table, table.lobby_message_id)
        elif self.notices:
            with priority(TURN):
                notice = self.notices[0]
                await self.transport.send(table, notice, self.posting.views(table, notice))
            self.notices.pop(0)
        elif live.pending:
            await self._post_move(live, live.pending[min(live.pending)])
        elif table.owed_edits and not self.posting.budget.tight():  # tight: they wait
            await self._strip(table, table.owed_edits[0])
        elif life.turn_due(table):
            await self.turn.post_alone(live)
        elif self.turn.text_due(table):
            await self.turn.edit_text(live)
        else:
            if table.owed_edits:  # the budget is tight: the edits are made once it relaxes
                self._kick_later(EDITS_RETRY)
            return False
        return True

    def _kick_later(self, seconds: float) -> None:
        if self.later is not None:
            self.later.cancel()
        self.later = asyncio.get_running_loop().call_later(seconds, self.kick)

    async def _post_lobby(self, table: Table) -> None:
        post = lobby_post(self.posting.face(table), table)
        with priority(TURN):
            message = await self.transport.send(
                table, post, self.posting.views(table, post), key=("lobby", table.id, table.games)
            )
        await self.posted.lobby_posted(table.id, message.id)

    async def _edit_lobby(self, table: Table, message_id: int) -> None:
        self.lobby_dirty = False
        post = lobby_post(self.posting.face(table), table)
        with priority(TURN):
            await self.transport.edit(table, message_id, view=self.posting.views(table, post))

    async def _post_move(self, live: LiveTable, pending: Pending) -> None:
        """The posts of the oldest move not all out, from where the outbox left off."""
        progress = await self.progress.now()
        posts = await self.moves.of(live, pending)
        at_move = (progress.game_no, progress.seq) == (pending.game_no, pending.seq)
        done = progress.step if at_move else 0
        on_turn = any(p.step for p in posts) and self.paced_steps.message_for(live, pending)
        if pending.new_turn and not on_turn:  # else its first step closes it
            await self.turn.close(live, pending)
        if posts and self.posting.face(live.table).turn_in_one_message:
            await self.whole_turns.post(live, pending, posts)  # also takes the moves it shows
        else:
            await self.paced_steps.post(live, pending, posts, done)
        self.moves.out(live, pending.seq)
        if not posts:
            next_move = Delivery(pending.game_no, pending.seq + 1, 0, not live.pending)
            await self.progress.advance(next_move)

    async def _strip(self, table: Table, message_id: int) -> None:
        """A finished turn's message loses its buttons (a deleted one is let go)."""
        with contextlib.suppress(discord.NotFound), priority(STEP):
            await self.transport.revise(table, message_id, Layout.without_controls)
        await self.posted.edit_made(table.id, message_id)


class PrivateRedraws:
    """A table's private messages (hands, secret colours) brought up to date by a worker of
    their own, so they never wait behind the paced posts (their edits go through the
    interaction's token: exempt from the budget)."""

    def __init__(self, posting: Posting, transport: Transport, table_id: int) -> None:
        self.posting = posting
        self.transport = transport
        self.table_id = table_id
        self.seats: set[str] = set()
        self.task: asyncio.Task[None] | None = None

    def redraw(self, seat_id: str) -> None:
        """Bring a seat's private message up to date, from the latest state, one at a time,
        so an older edit never lands last."""
        self.seats.add(seat_id)
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._run(), name=f"private-{self.table_id}")

    async def _run(self) -> None:
        while self.seats and not self.posting.stopping():
            seat_id = self.seats.pop()
            try:
                live = await self.posting.tables.live(self.table_id)
                await self._redraw(live, seat_id)
            except Exception:
                # A stop's signal kills the picture workers with the bot: its handler, on this
                # loop, may come just after the failure it caused.
                await asyncio.sleep(STOP_NOTICE)
                if self.posting.stopping():  # the next click on the table's buttons shows it
                    log.info("table %s: stopping; a private message not redrawn", self.table_id)
                    break
                log.exception("table %s: private message of %s not redrawn", self.table_id, seat_id)
        self.posting.forget_if_idle(self.table_id)

    async def _redraw(self, live: LiveTable, seat_id: str) -> None:
        table = live.table
        if live.state is None:
            return
        seat = table.seat(seat_id)
        if seat.private is None or not seat.private.editable():
            return
        face = self.posting.face(table)
        post = await asyncio.to_thread(face.private_post, live.as_now(), seat, table.lang())
        try:
            await self.transport.edit_private(seat.private, post, self.posting.views(table, post))
        except discord.HTTPException as e:  # expired or deleted: the button still works
            log.info(
                "table %s: private message of %s not updated (%s)", table.id, seat_id, e.status
            )
