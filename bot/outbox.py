"""A table's outbox: everything the table posts, in order, paced, never dropped, never twice.

One worker task per table drains, in this order: the lobby message; short notices; the posts of
each move (one picture per step, `step_delay` apart; when the table falls behind, or the bot's
request budget is tight, several steps share one message: `bot.batching`); then the table
message of the next turn.

Under a tight budget (`bot.budget`: Discord's global limit, not this table, is the bottleneck)
a turn costs fewer requests: its steps share messages (up to Discord's 10 attachments, in
order, each its own picture), the results ride on the last step's message, and edits nobody
needs are left out (the old turn message's buttons, refused as stale anyway, stay; the turn
message's "who has chosen" text waits for the budget or for the next turn's message).
Requests carry a priority (`bot.budget.priority`): turn and lobby messages and notices before
step pictures and edits.

Hands and other private messages are redrawn by a second worker, so they never wait behind the
paced posts (their edits go through the interaction's token: exempt from the budget).

Exactly once: a move's posts come from its events, computed once when it was applied (after a
restart, replayed from the stored moves). Progress is stored after every message, apart from the
table (`table_deliveries`); the transport makes every message idempotent (`bot.transport`).

The outbox never writes the table: it reports what it posted, and what Discord refused, to its
host (`OutboxHost`, the table layer), which changes the table. It never gives up: a failure (a
503 storm, a network cut) is logged and tried again after a capped back-off, while every other
table goes on; a lost permission or a deleted thread is the host's to pause or end the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Sequence
from typing import Protocol

import discord

from . import fair, pings
from .batching import with_prefix
from .budget import STEP, TURN, Budget, priority
from .face import TableFace
from .fair_share import FairGate
from .paced_steps import PacedSteps
from .posts import Post
from .storage import Delivery, SqlStore
from .table import LiveTable, Pending, Table
from .transport import ChannelLost, Paused, Transport
from .whole_turn import WholeTurns, turn_due

log = logging.getLogger("pop.outbox")

RETRY_CAP = 10.0  # seconds: the longest wait between two tries of a failing post
EDITS_RETRY = 5.0  # seconds: how soon edits left for a tight budget are tried again


class OutboxHost(Protocol):
    """What an outbox needs of the table layer, and what it tells it."""

    client: discord.Client
    store: SqlStore  # the outbox's own progress (`table_deliveries`)
    stopping: bool  # the bot is stopping: finish the message in flight, start no other
    step_delay: float
    budget: Budget
    drawing: FairGate  # the outboxes draw their posts in their server's turn

    def now(self) -> float:
        """The table layer's clock (deadlines start from it)."""
        ...

    async def live(self, table_id: int) -> LiveTable: ...

    def face(self, table: Table) -> TableFace: ...

    def view_for(self, table: Table, post: Post) -> discord.ui.View | None: ...

    def lobby_post(self, table: Table) -> Post:
        """The lobby message as it stands (its buttons while seats may still change)."""
        ...

    async def lobby_posted(self, table_id: int, message_id: int) -> None: ...

    async def turn_posted(
        self, table_id: int, message_id: int, epoch: int, deadline: float | None
    ) -> Table:
        """The turn's message is out: stored with its deadline; the timer runs."""
        ...

    async def edit_made(self, table_id: int, message_id: int) -> None:
        """A message owed an edit (a finished turn's buttons) has had it."""
        ...

    async def channel_lost(self, table_id: int, lost: ChannelLost, *, again: bool) -> None:
        """Discord refuses the table's channel: the table pauses, or ends if it is gone
        (`again`: refused again when a paused table tried, so it was told already)."""
        ...

    async def channel_back(self, table_id: int) -> bool:
        """A paused table tries again: False when it has ended meanwhile."""
        ...

    async def channel_ok(self, table_id: int) -> None:
        """A paused table's next post went out: it is paused no more."""
        ...

    def forget_if_idle(self, table_id: int) -> None: ...


def stopping(host: OutboxHost) -> bool:
    """Is the bot stopping? (Asked anew each time: it may begin during any await.)"""
    return host.stopping


class Outbox:
    """One table's posts, in order (see the module's docstring)."""

    def __init__(self, host: OutboxHost, table_id: int) -> None:
        self.host = host
        self.table_id = table_id
        self.transport = Transport(host.client, table_id)
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.notices: list[Post] = []
        self.text_dirty = False
        self.lobby_dirty = False
        self.privates = PrivateRedraws(host, self.transport, table_id)
        self.progress: Delivery | None = None
        self.drawn: dict[int, list[Post]] = {}  # move number → its posts, drawn once
        # The step captions the turn message also carries (tight: the turn rode on the move's
        # last message), kept when its text is edited.
        self.turn_prefix = ""
        self.turn_message: discord.Message | None = None  # the turn message, as last posted
        self.later: asyncio.TimerHandle | None = None
        self.retrying = False  # a paused table is trying again: a refusal is not news
        self.whole_turns = WholeTurns(self)
        self.paced_steps = PacedSteps(self)

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
        self.notices.append(Post(text, mentions=list(mentions)))
        self.kick()

    def refresh_lobby(self) -> None:
        self.lobby_dirty = True
        self.kick()

    def table_text_changed(self) -> None:
        self.text_dirty = True
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
        while not stopping(self.host):  # a stop leaves the rest owed, for the next start
            self.wake.clear()
            try:
                worked = await self._step()
                failures = 0
                if self.retrying:  # a post went out (or none was due): it is back
                    self.retrying = False
                    await self.host.channel_ok(self.table_id)
            except ChannelLost as lost:
                await self.host.channel_lost(self.table_id, lost, again=self.retrying)
                break
            except Paused:
                break
            except asyncio.CancelledError:
                raise
            except Exception as e:
                if stopping(self.host):  # Discord, the workers, the session go as the bot stops
                    log.info(
                        "table %s: stopping; its posts are left for the next start (%s)",
                        self.table_id,
                        type(e).__name__,
                    )
                    break
                failures += 1
                wait = min(RETRY_CAP, 0.5 * 2**failures)
                log.warning(
                    "table %s: posting failed (%d in a row: %s); trying again in %.1f s",
                    self.table_id,
                    failures,
                    type(e).__name__,
                    wait,
                    exc_info=failures == 1,
                )
                await asyncio.sleep(wait)
                continue
            if not worked:
                break
        self.host.forget_if_idle(self.table_id)

    async def _step(self) -> bool:
        """Do the next thing to post; False when there is nothing left."""
        live = await self.host.live(self.table_id)
        table = live.table
        if table.paused:
            if not await self.host.channel_back(self.table_id):
                raise Paused
            self.retrying = True
        if table.status == "lobby" and table.lobby_message_id is None and not table.private:
            await self._post_lobby(table)
        elif self.lobby_dirty and table.lobby_message_id:
            self.lobby_dirty = False
            post = self.host.lobby_post(table)
            with priority(TURN):
                await self.transport.edit(
                    table,
                    table.lobby_message_id,
                    content=post.content,
                    view=self.host.view_for(table, post),
                )
        elif self.notices:
            with priority(TURN):
                await self.transport.send(table, self.notices[0], None)
            self.notices.pop(0)
        elif live.pending:
            await self._post_move(live, live.pending[min(live.pending)])
        elif table.owed_edits and not self.host.budget.tight():  # tight: they wait
            await self._strip(table, table.owed_edits[0])
        elif turn_due(table):
            await self._post_turn(live)
        elif self._text_due(table):
            await self._edit_turn_text(live)
        else:
            if table.owed_edits:  # the budget is tight: the edits are made once it relaxes
                self._kick_later(EDITS_RETRY)
            return False
        return True

    def _kick_later(self, seconds: float) -> None:
        if self.later is not None:
            self.later.cancel()
        self.later = asyncio.get_running_loop().call_later(seconds, self.kick)

    def _text_due(self, table: Table) -> bool:
        """Is the turn message's text behind (a seat chose), and may it be edited now?"""
        return (
            self.text_dirty
            and table.status == "playing"
            and bool(table.turn_message_id)
            and table.turn_message_epoch == table.epoch
            and not self.host.budget.tight()  # tight: it waits (the next turn's post has it)
        )

    async def _edit_turn_text(self, live: LiveTable) -> None:
        table = live.table
        assert table.turn_message_id is not None
        self.text_dirty = False  # a seat choosing meanwhile makes it dirty again
        face = self.host.face(table)
        text = await asyncio.to_thread(face.table_text, live, table.lang())
        try:
            with priority(STEP):
                await self.transport.edit(
                    table, table.turn_message_id, content=with_prefix(self.turn_prefix, text)
                )
        except BaseException:
            self.text_dirty = True  # still owed: a paused table tries it again
            raise

    async def _post_lobby(self, table: Table) -> None:
        post = self.host.lobby_post(table)
        with priority(TURN):
            message = await self.transport.send(
                table, post, self.host.view_for(table, post), key=("lobby", table.id, table.games)
            )
        await self.host.lobby_posted(table.id, message.id)

    async def posts(self, live: LiveTable, pending: Pending) -> list[Post]:
        """A move's posts, drawn once (kept until they are all out)."""
        posts = self.drawn.get(pending.seq)
        if posts is None:
            face = self.host.face(live.table)
            lang = live.table.lang()
            async with self.host.drawing.slot(live.table.guild_id):  # its server's turn
                posts = await face.move_posts(self.host.store, live, pending, lang)
            posts = fair.with_results_words(posts, live.table, pending.game_no, lang)
            self.drawn[pending.seq] = posts
        return posts

    async def _post_move(self, live: LiveTable, pending: Pending) -> None:
        """The posts of the oldest move not all out, from where the outbox left off."""
        progress = await self._progress()
        posts = await self.posts(live, pending)
        at_move = (progress.game_no, progress.seq) == (pending.game_no, pending.seq)
        done = progress.step if at_move else 0
        if pending.new_turn:
            await self._close_turn(live, pending)
        if posts and self.host.face(live.table).turn_in_one_message:
            await self.whole_turns.post(live, pending, posts)  # also takes the moves it shows
        else:
            await self.paced_steps.post(live, pending, posts, done)
        live.pending.pop(pending.seq, None)
        self.drawn.pop(pending.seq, None)
        if not posts:
            await self.advance(Delivery(pending.game_no, pending.seq + 1, 0, not live.pending))

    async def _close_turn(self, live: LiveTable, pending: Pending) -> None:
        """A secret-choice turn revealed: its message shows every seat as chosen and loses its
        buttons, in one edit (the removal it was owed)."""
        table = live.table
        message_id = table.turn_message_id
        if message_id is None or message_id not in table.owed_edits:
            return
        if table.turn_message_epoch != pending.epoch or self.host.budget.tight():
            return  # another turn's message, or a tight budget: the removal waits, as owed
        text = self.host.face(table).closed_turn_text(live, pending.before, table.lang())
        if text is None:
            return
        with contextlib.suppress(discord.NotFound), priority(STEP):
            await self.transport.edit(
                table, message_id, content=with_prefix(self.turn_prefix, text), view=None
            )
        await self.host.edit_made(table.id, message_id)

    async def _strip(self, table: Table, message_id: int) -> None:
        """A finished turn's message loses its buttons (a deleted one is let go)."""
        with contextlib.suppress(discord.NotFound), priority(STEP):
            await self.transport.edit(table, message_id, view=None)
        await self.host.edit_made(table.id, message_id)

    async def _progress(self) -> Delivery:
        if self.progress is None:
            self.progress = await self.host.store.delivery(self.table_id)
        return self.progress

    async def advance(self, progress: Delivery) -> None:
        self.progress = progress
        await self.host.store.delivered(self.table_id, progress)

    async def results_posted(self, table: Table, game_no: int, message: discord.Message) -> None:
        """A game's results are out: where is kept, for /history to link to (a private
        table's are ephemeral: nothing to link)."""
        if not table.private:
            await self.host.store.results_posted(table.id, game_no, message.channel.id, message.id)

    async def _post_turn(self, live: LiveTable) -> None:
        """The table message of a new turn: the board, who must act, the game's buttons."""
        table = live.table
        post, epoch, deadline = await self.turn_post(live)
        with priority(TURN):
            message = await self.transport.send(
                table,
                post,
                self.host.view_for(table, post),
                key=("turn", table.id, table.games, epoch)
                + ((table.turn_reposts,) if table.turn_reposts else ()),
            )
        self.turn_prefix = ""
        await self.turn_posted(message, epoch, deadline)

    async def turn_post(self, live: LiveTable) -> tuple[Post, int, float | None]:
        """The new turn's table message, drawn with its deadline (stored once it is posted),
        mentioning the people who must act (`bot.pings`)."""
        table = live.table
        epoch, deadline = table.epoch, table.turn_deadline
        if table.settings.turn_timer and deadline is None:
            deadline = self.host.now() + table.settings.turn_timer
        shown = LiveTable(table.model_copy(update={"turn_deadline": deadline}), live.state)
        face = self.host.face(table)
        async with self.host.drawing.slot(table.guild_id):
            post = await asyncio.to_thread(face.table_post, shown, table.lang())
        to_act = face.to_act(live.state) if live.state is not None else frozenset()
        seats = [s for s in table.seats if s.id in to_act]
        users = await pings.to_ping(self.host.store, seats)
        return pings.with_pings(post, users, table.lang()), epoch, deadline

    async def turn_posted(
        self, message: discord.Message, epoch: int, deadline: float | None
    ) -> None:
        """The turn's message is out: the host stores it; private messages that can still be
        edited show the new turn."""
        table = await self.host.turn_posted(self.table_id, message.id, epoch, deadline)
        self.turn_message = message
        self.text_dirty = False
        for seat in table.seats:
            if seat.private is not None and seat.private.editable() and not seat.ai:
                self.privates.redraw(seat.id)


class PrivateRedraws:
    """A table's private messages (hands, secret colours) brought up to date by a worker of
    their own, so they never wait behind the paced posts (their edits go through the
    interaction's token: exempt from the budget)."""

    def __init__(self, host: OutboxHost, transport: Transport, table_id: int) -> None:
        self.host = host
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
        while self.seats and not stopping(self.host):
            seat_id = self.seats.pop()
            try:
                live = await self.host.live(self.table_id)
                await self._redraw(live, seat_id)
            except Exception:
                if stopping(self.host):  # the next click on the table's buttons shows it anew
                    log.info("table %s: stopping; a private message not redrawn", self.table_id)
                    break
                log.exception("table %s: private message of %s not redrawn", self.table_id, seat_id)
        self.host.forget_if_idle(self.table_id)

    async def _redraw(self, live: LiveTable, seat_id: str) -> None:
        table = live.table
        if live.state is None:
            return
        seat = table.seat(seat_id)
        if seat.private is None or not seat.private.editable():
            return
        face = self.host.face(table)
        post = await asyncio.to_thread(face.private_post, live, seat, table.lang())
        try:
            await self.transport.edit_private(seat.private, post, self.host.view_for(table, post))
        except discord.HTTPException as e:  # expired or deleted: the button still works
            log.info(
                "table %s: private message of %s not updated (%s)", table.id, seat_id, e.status
            )
