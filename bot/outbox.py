"""A table's outbox: everything the table posts, in order, paced, never dropped, never twice.

One worker task per table drains, in this order: the lobby message; short notices; the posts of
each public move (one picture per step, `step_delay` apart; when the table falls behind, or
the bot's request budget is tight, several steps share one message); then the table message of
the next turn.

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
table (`table_deliveries`). Every message it creates carries a nonce derived from the table, the
game, the move and the step (`enforce_nonce`): a post repeated after a crash is the message
Discord already has, not a second one; and the first post after a restart is first looked for in
the channel's recent history.

It never gives up: a failure (a 503 storm, a network cut) is logged and tried again after a
capped back-off, while every other table goes on. A lost permission or a deleted thread pauses
the table instead of hammering a failing route.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import logging
import time
from typing import Any

import discord

from .budget import STEP, TURN, priority
from .face import Button, Post, Style, TableAPI
from .i18n import dynamic_key, t
from .storage import Delivery
from .table import LiveTable, Pending, PrivateMessage, Table

log = logging.getLogger("pop.outbox")

MAX_FILES_PER_MESSAGE = 4  # when catching up, steps share a message (Discord allows 10)
MAX_ATTACHMENTS = 10  # Discord's limit per message: steps share up to this under a tight budget
MAX_CONTENT = 2000  # Discord's limit on a message's text
BEHIND = 6  # step pictures waiting beyond which the outbox catches up
STEPS_PER_MOVE_GUESS = 8  # for a move not drawn yet, when judging how far behind we are
RETRY_CAP = 10.0  # seconds: the longest wait between two tries of a failing post
HISTORY_LOOKBACK = 10  # messages read back, after a restart, to find a post already made


class Paused(Exception):
    pass


def nonce(*parts: object) -> str:
    """The nonce of a post: the same for the same post, after a restart too (≤ 25 chars)."""
    return "o" + hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()[:24]


def interaction_webhook(client: discord.Client, message: PrivateMessage) -> discord.Webhook:
    """The followup webhook of an earlier interaction, built the way discord.py builds
    `Interaction.followup` (an application webhook: the only kind that may post ephemeral
    messages). It lives as long as that interaction's token: 15 minutes."""
    data = {"id": message.application_id, "type": 3, "token": message.token}
    return discord.Webhook.from_state(data=data, state=client._connection)  # type: ignore[arg-type]


def picture_files(post: Post) -> list[discord.File]:
    """A post's pictures as attachments, each with its alt text as the description."""
    return [
        discord.File(io.BytesIO(p.png), filename=p.filename, description=p.alt)
        for p in post.pictures
    ]


class Outbox:
    def __init__(self, tables: TableAPI, table_id: int) -> None:
        self.tables = tables
        self.table_id = table_id
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.notices: list[str] = []
        self.text_dirty = False
        self.lobby_dirty = False
        self.private_to_redraw: set[str] = set()
        self.private_task: asyncio.Task[None] | None = None
        self.progress: Delivery | None = None
        self.drawn: dict[int, list[Post]] = {}  # move number → its posts, drawn once
        self.check_history = False  # set on resuming: was the first post made before the stop?
        # The step captions the turn message also carries (tight: the turn rode on the move's
        # last message), kept when its text is edited.
        self.turn_prefix = ""

    # --- What other code asks for ------------------------------------------------------------

    def kick(self) -> None:
        self.wake.set()
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._run(), name=f"outbox-{self.table_id}")

    def busy(self) -> bool:
        """Is a worker of this outbox still at work (the one asking, finishing, aside)?"""
        me = asyncio.current_task()
        return any(
            task is not None and not task.done() and task is not me
            for task in (self.task, self.private_task)
        )

    def say(self, text: str) -> None:
        self.notices.append(text)
        self.kick()

    def refresh_lobby(self) -> None:
        self.lobby_dirty = True
        self.kick()

    def table_text_changed(self) -> None:
        self.text_dirty = True
        self.kick()

    def redraw_private(self, seat_id: str) -> None:
        """Bring a seat's private message up to date, from the latest state, one at a time,
        so an older edit never lands last."""
        self.private_to_redraw.add(seat_id)
        if self.private_task is None or self.private_task.done():
            self.private_task = asyncio.create_task(
                self._redraw_privates(), name=f"private-{self.table_id}"
            )

    async def idle(self, timeout: float = 30) -> None:
        """Wait until the worker has nothing left to do (tests, shutdown)."""
        deadline = time.monotonic() + timeout
        while self.busy() and time.monotonic() < deadline:
            await asyncio.sleep(0.02)

    # --- The worker ----------------------------------------------------------------------

    async def _run(self) -> None:
        failures = 0
        while True:
            self.wake.clear()
            try:
                worked = await self._step()
                failures = 0
            except Paused:
                return
            except asyncio.CancelledError:
                raise
            except Exception as e:
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
        self.tables.forget_if_idle(self.table_id)

    async def _step(self) -> bool:
        """Do the next thing to post; False when there is nothing left."""
        live = await self.tables.live(self.table_id)
        table = live.table
        if table.paused:
            await self._unpause()
        face = self.tables.face(table)
        lang = table.lang()
        if table.status == "lobby" and table.lobby_message_id is None and not table.private:
            await self._post_lobby(live)
            return True
        if self.lobby_dirty and table.lobby_message_id:
            self.lobby_dirty = False
            view = self.tables.view_for(
                table, lobby_post(table, face.lobby_text(table, lang), lang)
            )
            with priority(TURN):
                await self._edit(
                    table, table.lobby_message_id, content=face.lobby_text(table, lang), view=view
                )
            return True
        if self.notices:
            with priority(TURN):
                await self._send(table, Post(self.notices[0]))
            self.notices.pop(0)
            return True
        if live.pending:
            await self._post_move(live, live.pending[min(live.pending)])
            return True
        if (
            table.status == "playing"
            and table.turn_message_epoch != table.epoch
            and not table.private
        ):
            await self._post_table(live)
            return True
        if (
            self.text_dirty
            and table.status == "playing"
            and table.turn_message_id
            and table.turn_message_epoch == table.epoch
            and not self.tables.budget.tight()  # tight: it waits (the next turn's post has it)
        ):
            self.text_dirty = False
            text = await asyncio.to_thread(face.table_text, live, lang)
            if self.turn_prefix and len(self.turn_prefix) + 2 + len(text) <= MAX_CONTENT:
                text = f"{self.turn_prefix}\n\n{text}"  # the steps that message also carries
            with priority(STEP):
                await self._edit(table, table.turn_message_id, content=text)
            return True
        return False

    async def _post_lobby(self, live: LiveTable) -> None:
        table = live.table
        lang = table.lang()
        text = self.tables.face(table).lobby_text(table, lang)
        with priority(TURN):
            message = await self._send(
                table, lobby_post(table, text, lang), key=("lobby", table.id, table.games)
            )
        async with self.tables.editing(table.id) as edit:
            edit.table.lobby_message_id = message.id
            await self.tables.commit(edit)

    async def _post_move(self, live: LiveTable, pending: Pending) -> None:
        """The posts of the oldest public move not all out, from where the outbox left off."""
        table = live.table
        progress = await self._progress()
        posts = self.drawn.get(pending.seq)
        if posts is None:
            posts = self.drawn[pending.seq] = await self.tables.face(table).move_posts(
                self.tables, live, pending.before, pending.events, pending.after, table.lang()
            )
        done = (
            progress.step
            if (progress.game_no, progress.seq) == (pending.game_no, pending.seq)
            else 0
        )
        while done < len(posts):
            # Behind (many step pictures waiting), or the request budget tight: this move's
            # steps share messages (tight: as many as Discord allows, the results riding on
            # the last step's message).
            waiting = sum(1 for p in posts[done:] if p.step) + STEPS_PER_MOVE_GUESS * (
                len(live.pending) - 1
            )
            tight = self.tables.budget.tight()
            batch = self._next_batch(
                posts,
                done,
                grouped=table.private or tight or waiting > BEHIND,
                limit=MAX_ATTACHMENTS if table.private or tight else MAX_FILES_PER_MESSAGE,
                results=tight,
            )
            post = merged(batch)
            now_live = await self.tables.live(table.id)
            now = now_live.table
            if post.controls and (now.games != pending.game_no or now.status == "playing"):
                post.controls = []  # a rematch was dealt meanwhile: those buttons are stale
            # Tight, the move's last message also carries the next turn's table message (its
            # text, picture and buttons): one request where there were two.
            turn = None
            if (
                tight
                and done + len(batch) == len(posts)
                and not post.controls
                and self._turn_due(now)
                and await self._nothing_to_post_after(now_live, pending)
            ):
                turn = await self._turn_post(now_live)
                riding = with_turn(post, turn[0])
                steps_text = post.content
                post, turn = (riding, turn) if riding is not None else (post, None)
            post_table = now if post.controls else table
            with priority(TURN if turn else STEP):
                message = await self._send(
                    post_table,
                    post,
                    key=(table.id, pending.game_no, pending.seq, done),
                    in_channel=post.in_channel,
                )
            held = posts_in(message, posts, done, len(batch))
            done += held
            more = done < len(posts)
            await self._advance(
                Delivery(pending.game_no, pending.seq, done, False)
                if more
                else Delivery(pending.game_no, pending.seq + 1, 0, len(live.pending) == 1)
            )
            if turn is not None and held == len(batch):
                self.turn_prefix = steps_text
                await self._turn_posted(message, turn[1], turn[2])
            if more and self.tables.step_delay and batch[-1].step:
                await asyncio.sleep(self.tables.step_delay)
        live.pending.pop(pending.seq, None)
        self.drawn.pop(pending.seq, None)
        old_message = table.turn_message_id
        if (
            old_message
            and not table.private
            and pending.game_no == table.games
            and not self.tables.budget.tight()  # tight: left (its buttons refuse as stale)
        ):
            # That turn is over: its buttons go (the next turn gets a message of its own).
            with contextlib.suppress(discord.HTTPException), priority(STEP):
                await self._edit(table, old_message, view=None)

    @staticmethod
    def _next_batch(
        posts: list[Post], start: int, grouped: bool, limit: int, results: bool = False
    ) -> list[Post]:
        """The posts of the next message: one, or when grouped, consecutive steps together
        (at most `limit` pictures); with `results`, the post after the last step (the results)
        rides on that step's message too."""
        batch = [posts[start]]
        if not grouped or not posts[start].step:
            return batch
        files = len(posts[start].pictures)
        text = len(posts[start].content)
        for post in posts[start + 1 :]:
            if (
                (not post.step and not results)
                or post.in_channel != batch[0].in_channel
                or files + len(post.pictures) > limit
                or text + 1 + len(post.content) > MAX_CONTENT
            ):
                break
            batch.append(post)
            files += len(post.pictures)
            text += 1 + len(post.content)
            if not post.step:
                break  # the results end the message
        return batch

    async def _progress(self) -> Delivery:
        if self.progress is None:
            self.progress = await self.tables.store.delivery(self.table_id)
        return self.progress

    async def _advance(self, progress: Delivery) -> None:
        self.progress = progress
        await self.tables.store.delivered(self.table_id, progress)

    async def _nothing_to_post_after(self, live: LiveTable, pending: Pending) -> bool:
        """Have the moves made since this one nothing to show (secret picks, say)? Then the
        table message of now may follow this move's posts at once. (Drawn once, kept.)"""
        for seq in sorted(s for s in live.pending if s > pending.seq):
            later = live.pending[seq]
            posts = self.drawn.get(seq)
            if posts is None:
                posts = self.drawn[seq] = await self.tables.face(live.table).move_posts(
                    self.tables, live, later.before, later.events, later.after, live.table.lang()
                )
            if posts:
                return False
        return True

    def _turn_due(self, table: Table) -> bool:
        """Does the table wait for the message of its new turn?"""
        return (
            table.status == "playing"
            and table.turn_message_epoch != table.epoch
            and not table.private
        )

    async def _post_table(self, live: LiveTable) -> None:
        """The table message of a new turn: the board, who must act, the game's buttons."""
        table = live.table
        post, epoch, deadline = await self._turn_post(live)
        with priority(TURN):
            message = await self._send(table, post, key=("turn", table.id, table.games, epoch))
        self.turn_prefix = ""
        await self._turn_posted(message, epoch, deadline)

    async def _turn_post(self, live: LiveTable) -> tuple[Post, int, float | None]:
        """The new turn's table message, drawn with its deadline (stored once it is posted)."""
        table = live.table
        epoch, deadline = table.epoch, table.turn_deadline
        if table.settings.turn_timer and deadline is None:
            deadline = time.time() + table.settings.turn_timer
        shown = LiveTable(table.model_copy(update={"turn_deadline": deadline}), live.state)
        post = await asyncio.to_thread(self.tables.face(table).table_post, shown, table.lang())
        return post, epoch, deadline

    async def _turn_posted(
        self, message: discord.Message, epoch: int, deadline: float | None
    ) -> None:
        """The turn's message is out: it and the deadline are stored in one commit, the timer
        runs, and private messages that can still be edited show the new turn."""
        async with self.tables.editing(self.table_id) as edit:
            edit.table.turn_message_id = message.id
            edit.table.turn_message_epoch = epoch
            if edit.table.epoch == epoch and edit.table.turn_deadline is None:
                edit.table.turn_deadline, edit.table.warned = deadline, False
            table = await self.tables.commit(edit)
        self.text_dirty = False
        self.tables.arm_timer(table)
        for seat in table.seats:
            if seat.private is not None and seat.private.editable() and not seat.ai:
                self.redraw_private(seat.id)

    async def _redraw_privates(self) -> None:
        while self.private_to_redraw:
            seat_id = self.private_to_redraw.pop()
            try:
                live = await self.tables.live(self.table_id)
                await self._redraw_private(live, seat_id)
            except Exception:
                log.exception("table %s: private message of %s not redrawn", self.table_id, seat_id)
        self.tables.forget_if_idle(self.table_id)

    async def _redraw_private(self, live: LiveTable, seat_id: str) -> None:
        table = live.table
        if live.state is None:
            return
        seat = table.seat(seat_id)
        if seat.private is None or not seat.private.editable():
            return
        post = await asyncio.to_thread(
            self.tables.face(table).private_post, live, seat, table.lang()
        )
        hook = interaction_webhook(self.tables.client, seat.private)
        try:
            await hook.edit_message(
                seat.private.message_id,
                content=post.content,
                attachments=picture_files(post),
                view=self.tables.view_for(table, post),
            )
        except discord.HTTPException as e:  # expired or deleted: the button still works
            log.info(
                "table %s: private message of %s not updated (%s)", table.id, seat_id, e.status
            )

    # --- Posting -------------------------------------------------------------------------

    async def _channel(self, channel_id: int) -> discord.abc.Messageable:
        client = self.tables.client
        channel = client.get_channel(channel_id) or await client.fetch_channel(channel_id)
        assert isinstance(channel, discord.abc.Messageable)
        return channel

    async def _send(
        self,
        table: Table,
        post: Post,
        *,
        key: tuple[Any, ...] | None = None,
        in_channel: bool = False,
    ) -> discord.Message:
        kwargs: dict[str, Any] = {"content": post.content or None, "files": picture_files(post)}
        view = self.tables.view_for(table, post)
        if view is not None:
            kwargs["view"] = view
        if table.private and not in_channel:
            return await self._send_privately(table, kwargs)
        try:
            channel = await self._channel(table.channel_id if in_channel else table.where)
            if key is not None:
                if self.check_history:
                    found = await self._find_posted(channel, post)
                    if found is not None:
                        return found
                kwargs["nonce"] = nonce(*key)
            self.check_history = False
            return await channel.send(**kwargs)
        except (discord.Forbidden, discord.NotFound) as e:
            await self._pause(table, e)
            raise Paused from e

    async def _find_posted(
        self, channel: discord.abc.Messageable, post: Post
    ) -> discord.Message | None:
        """After a restart: the message this post already is, if it went out before the stop
        and longer ago than Discord remembers nonces (the same text, the same pictures)."""
        me = self.tables.client.user
        files = [p.filename for p in post.pictures]
        async for message in channel.history(limit=HISTORY_LOOKBACK):
            if (
                message.author == me
                and message.content == (post.content or "")
                and [a.filename for a in message.attachments] == files
            ):
                log.info("table %s: a post was already made before the restart", self.table_id)
                return message
        return None

    async def _send_privately(self, table: Table, kwargs: dict[str, Any]) -> discord.Message:
        """A private table (Pop's Enigma) posts as ephemeral followups to its player's last
        click."""
        seat = table.seats[0]
        if seat.private is None:
            raise Paused
        hook = interaction_webhook(self.tables.client, seat.private)
        try:
            return await hook.send(ephemeral=True, wait=True, **kwargs)
        except discord.HTTPException as e:  # the token expired: the result is in /stats
            log.info("table %s: private post failed (%s)", table.id, e.status)
            raise Paused from e

    async def _edit(self, table: Table, message_id: int, **kwargs: Any) -> None:
        if table.private:
            return
        try:
            channel = await self._channel(table.where)
            assert isinstance(channel, discord.abc.Messageable)
            await channel.get_partial_message(message_id).edit(**kwargs)  # type: ignore[attr-defined]
        except discord.NotFound:
            log.info("table %s: message %s is gone", table.id, message_id)
        except discord.Forbidden as e:
            await self._pause(table, e)
            raise Paused from e

    async def _pause(self, table: Table, error: discord.HTTPException) -> None:
        """Discord refuses to let us post: pause the table, and say so where we still can."""
        gone = isinstance(error, discord.NotFound)
        reason = "gone" if gone else "forbidden"
        log.warning("table %s paused: %s (%s %s)", table.id, reason, error.status, error.code)
        async with self.tables.editing(table.id) as edit:
            if edit.table.status == "cancelled":
                return  # already ended (its thread was deleted) and announced
            if gone and edit.table.thread_id:
                edit.table.status = "cancelled"  # the table's thread was deleted: it ends
            edit.table.paused = reason
            await self.tables.commit(edit)
        if table.thread_id and table.channel_id != table.thread_id:
            key = "pause.thread_gone" if gone else "pause.forbidden"
            with contextlib.suppress(discord.HTTPException):
                parent = self.tables.client.get_channel(table.channel_id)
                if isinstance(parent, discord.abc.Messageable):
                    await parent.send(t(key, table.lang(), id=table.id))

    async def _unpause(self) -> None:
        async with self.tables.editing(self.table_id) as edit:
            if edit.table.status == "cancelled":
                raise Paused
            edit.table.paused = None
            await self.tables.commit(edit)


def posts_in(message: discord.Message, posts: list[Post], start: int, sent: int) -> int:
    """How many posts from `start` the message just created holds: `sent`, unless Discord
    answered with a message made earlier under the same nonce (before a restart) that grouped
    a different number of steps; then as many as its pictures show."""
    names = {a.filename for a in message.attachments}
    if not names or any(not p.pictures for p in posts[start : start + sent]):
        return sent
    held = 0
    for post in posts[start:]:
        if not post.pictures or any(p.filename not in names for p in post.pictures):
            break
        held += 1
    return held or sent


def with_turn(post: Post, turn: Post) -> Post | None:
    """A move's last message carrying the next turn's table message too: the captions, then the
    turn's text; every picture; the turn's controls. None when Discord's limits forbid it."""
    content = f"{post.content}\n\n{turn.content}" if post.content else turn.content
    pictures = [*post.pictures, *turn.pictures]
    if len(pictures) > MAX_ATTACHMENTS or len(content) > MAX_CONTENT or post.in_channel:
        return None
    return Post(content, pictures, list(turn.controls), True, False)


def merged(posts: list[Post]) -> Post:
    """Several step posts as one message: their captions in order, every picture, the last
    one's controls."""
    if len(posts) == 1:
        return Post(
            posts[0].content,
            list(posts[0].pictures),
            list(posts[0].controls),
            posts[0].step,
            posts[0].in_channel,
        )
    return Post(
        "\n".join(p.content for p in posts if p.content),
        [pic for p in posts for pic in p.pictures],
        list(posts[-1].controls),
        True,
        posts[-1].in_channel,
    )


LOBBY_BUTTONS: tuple[tuple[str, Style], ...] = (
    ("join", "success"),
    ("leave", "secondary"),
    ("addai", "secondary"),
    ("start", "primary"),
    ("cancel", "danger"),
)


def lobby_post(table: Table, text: str, lang: str) -> Post:
    """The lobby message: the game's summary and the table layer's own buttons."""
    if table.status != "lobby":
        return Post(text)
    return Post(
        text,
        controls=[
            Button(verb, t(dynamic_key("button", verb), lang), style)
            for verb, style in LOBBY_BUTTONS
        ],
    )
