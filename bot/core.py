"""The table layer's one object: every table of every game, from a click to the committed move
to the answer, and what each part of the table layer and each game's face may ask of it.

One click goes: parse the control id → the table layer's own verbs (lobby, rematch) or the
game's face (`bot.face.GameFace.on_click`: the table's lock, stale epoch, not seated, not on
turn: a polite private no) → `game.apply` → the move and the new state in ONE transaction →
the answer (always within Discord's 3 s, `bot.prompt`) → the table's outbox gets the move's
events (computed once) and posts them, paced. One lock per table: two clicks at once never
apply twice, and tables never wait on each other.

The parts: `bot.cache` (tables in memory, their locks, commits), `bot.moves` (the move
path), `bot.driver` (AI seats and the turn timer), `bot.resume` (after a start),
`bot.outbox` (posting), `bot.lobby` (seats), `bot.life` (a table's status and epoch),
`bot.timekeeping` (the clock, the one scheduler of turn timers, the idle sweep). This
module knows games only through `bot.face.TableFace`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

import discord

from engine.protocol import Json

from . import composer, life, workers
from .background import Background, finish_or_cancel
from .budget import Budget, InvalidRequests
from .cache import TableCache
from .channels import ChannelEvents
from .clock import Clock
from .controls import Click, build_view, control_class
from .driver import Driver
from .face import TableFace
from .fair_share import FairGate
from .i18n import resolve, t
from .limits import ClickRate, Limits
from .lobby import TABLE_VERBS
from .moves import MovePath
from .outbox import Outbox
from .paused_retries import PausedRetries
from .posting import Posting
from .posts import Post, Refusal
from .prompt import answer_in_time
from .resume import resume_all
from .storage import SqlStore
from .table import LiveTable, PrivateMessage, Seat, Table, TableEdit
from .timekeeping import IDLE_AFTER, Timekeeping
from .transport import picture_files

log = logging.getLogger("pop.tables")


class Tables:
    """Every table this process serves: the faces' `FaceAPI` and the lobby's `LobbyAPI`; it
    builds each table's outbox from the narrow services posting uses (`bot.posting`)."""

    def __init__(
        self,
        client: discord.Client,
        store: SqlStore,
        faces: Mapping[str, TableFace],
        *,
        step_delay: float = 1.5,
        budget: Budget | None = None,
        limits: Limits | None = None,
        idle_after: float = IDLE_AFTER,
        invalid_requests: InvalidRequests | None = None,  # paused tables try while it is low
        share: float = 1.0,  # this process's part of the bot token's shards
    ) -> None:
        self.client = client
        self.store = store
        self.budget = budget or Budget.unlimited()
        self.drawing = FairGate(workers.PICTURES.size)  # the picture workers, shared fairly
        self.step_delay = step_delay
        self.limits = limits or Limits()
        self.clicks = ClickRate(self.limits.clicks_per_second)
        self.registry = TableCache(store, faces)
        self.outboxes: dict[int, Outbox] = {}
        self.moves = MovePath(self.registry, self.outbox, self.start_ai)
        self.driver = Driver(self.registry, self, self.now)
        # One scheduler fires every table's timer (`Driver.wake`); idle tables leave memory.
        self.time = Timekeeping(
            self.registry, self.driver.wake, self._forget, idle_after=idle_after
        )
        self.stopping = False  # a stop began: work in flight ends, nothing new starts
        self.work = Background(lambda: self.stopping)  # AI seats' work, beside the clicks
        self.control = control_class(self.on_control)
        retries = PausedRetries(self.kick, lambda: self.time.clock, share, invalid_requests)
        self.channels = ChannelEvents(self, retries)  # a channel's events; paused tables' tries
        self.posting = Posting(
            tables=self.registry,
            client=client,
            budget=self.budget,
            drawing=self.drawing,
            views=self.view_for,
            channel=self.channels,
            now=self.time.now,
            step_delay=lambda: self.step_delay,
            stopping=lambda: self.stopping,
            forget_if_idle=self.forget_if_idle,
        )

    # --- Tables, their locks, their commits (bot.registry) -------------------------------

    @property
    def faces(self) -> dict[str, TableFace]:
        return self.registry.faces

    @property
    def cache(self) -> dict[int, LiveTable]:
        return self.registry.cache

    def face(self, table: Table) -> TableFace:
        return self.registry.face(table)

    async def live(self, table_id: int) -> LiveTable:
        return await self.registry.live(table_id)

    def editing(self, table_id: int) -> contextlib.AbstractAsyncContextManager[TableEdit]:
        return self.registry.editing(table_id)

    async def commit(self, edit: TableEdit, state: object = None) -> Table:
        return await self.registry.commit(edit, state)

    async def insert(self, table: Table, state: object = None) -> LiveTable:
        return await self.registry.insert(table, state)

    async def update_face(self, table_id: int, change: Callable[[Table], None]) -> Table:
        async with self.editing(table_id) as edit:
            change(edit.table)
            return await self.commit(edit)

    def forget_if_idle(self, table_id: int) -> None:
        """A table that ended leaves memory once nothing of it is being posted."""
        self._forget(table_id, None)

    def _forget(self, table_id: int, idle_before: float | None) -> None:
        box = self.outboxes.get(table_id)

        def busy() -> bool:
            return box is not None and box.busy()

        if self.registry.forget(table_id, busy, idle_before) is not None:
            self.outboxes.pop(table_id, None)

    def now(self) -> float:
        """The table layer's clock (the machine's, or a test's: `use_clock`)."""
        return self.time.now()

    def use_clock(self, clock: Clock) -> None:
        self.time.use_clock(clock)
        self.channels.retries.clock_changed()

    # --- Moves, AI seats, the timer (bot.moves, bot.driver) ------------------------------

    async def play(
        self,
        table_id: int,
        epoch: int,
        move: Json,
        *,
        seat: Seat,
        by_person: bool,
        version: int | None = None,
    ) -> bool | None:
        return await self.moves.play(
            table_id, epoch, move, seat=seat, by_person=by_person, version=version
        )

    async def drive_ai(self, table_id: int) -> None:
        await self.driver.drive_ai(table_id)

    def start_ai(self, table_id: int) -> None:
        self.background(self.drive_ai(table_id), f"ai-{table_id}")

    async def ai_think(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await self.driver.ai_think(fn, *args)

    def background(self, work: Awaitable[Any], name: str) -> None:
        self.work.run(work, name)

    def game_started(self, live: LiveTable) -> None:
        """A game was dealt (start or rematch): the face speaks, AI seats act, the outbox
        shows the first turn."""
        self.face(live.table).game_started(self, live)
        self.start_ai(live.table.id)
        self.kick(live.table.id)

    # --- Controls ------------------------------------------------------------------------

    async def on_control(
        self, interaction: discord.Interaction, click: Click, values: list[str]
    ) -> None:
        """Every click on a table's control: the table layer's own verbs, else the game's."""
        if not await self.at_a_persons_pace(interaction):
            return
        if click.game not in self.faces:
            await self.refuse(interaction, Refusal("refusal.invalid_button"))
            return
        async with answer_in_time(interaction) as reply:  # a slow commit never fails the click
            try:
                if click.verb in TABLE_VERBS:
                    await TABLE_VERBS[click.verb](self, interaction, reply, click)
                else:
                    arg = values[0] if values else click.arg
                    chosen = Click(click.game, click.table_id, click.epoch, click.verb, arg)
                    await self.faces[click.game].on_click(self, interaction, reply, chosen)
            except Refusal as no:
                if no.key == "refusal.paused":
                    self.try_again(click.table_id)  # the permission may be back
                await self.refuse(interaction, no, reply.is_done())

    async def at_a_persons_pace(self, interaction: discord.Interaction) -> bool:
        """Is this click or command within its user's rate? Beyond it the user is told once,
        then the rest are only acknowledged (no answer at all would read as a failure)."""
        if interaction.type == discord.InteractionType.autocomplete:
            return True  # suggestions while typing: no answer but choices is possible
        verdict = self.clicks.check(interaction.user.id)
        if verdict == "go":
            return True
        # A command cannot be acknowledged without a word (it would show "thinking" for ever)
        if verdict == "tell" or interaction.type == discord.InteractionType.application_command:
            await self.refuse(interaction, Refusal("refusal.too_fast"))
        else:
            with contextlib.suppress(discord.HTTPException):
                await interaction.response.defer()
        return False

    async def not_a_control(self, click: Click | None, user_id: int) -> Refusal:
        """Why a click whose id is no control of its message is refused: it was a button of a
        turn that is over; or a move of the turn in play the rules refuse (say which rule);
        else it is not a valid button (forged, mistyped, cut)."""
        if click is not None and click.game in self.faces:
            with contextlib.suppress(Refusal):
                live = await self.live(click.table_id)
                if click.epoch < live.table.epoch:
                    return Refusal("refusal.stale")
                ruled = self.face(live.table).why_refused(live, user_id, click)
                if ruled is not None:
                    return ruled
        return Refusal("refusal.invalid_button")

    def view_for(self, table: Table, post: Post) -> discord.ui.View | None:
        if not post.controls:
            return None
        return build_view(post.controls, table.game, table.id, table.epoch, self.control)

    async def refuse(
        self, interaction: discord.Interaction, no: Refusal, answered: bool | None = None
    ) -> None:
        """A private no, in the clicker's language."""
        text = t(no.key, resolve(interaction.locale), **no.values)
        done = interaction.response.is_done() if answered is None else answered
        try:
            if done:
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException as e:
            log.info("could not answer a refused click (%s)", e.status)

    async def show_private(
        self, interaction: discord.Interaction, live: LiveTable, seat: Seat, header: str = ""
    ) -> None:
        """Answer a deferred click with the seat's private post, and remember it to edit."""
        table = live.table
        face = self.face(table)
        header = header or await face.private_header(self.store, live)
        shown = await asyncio.to_thread(face.private_post, live, seat, table.lang())
        post = composer.private(header, shown)
        message = await interaction.followup.send(
            post.content,
            files=picture_files(post),
            view=self.view_for(table, post) or discord.utils.MISSING,
            ephemeral=True,
            wait=True,
        )
        private = PrivateMessage(
            application_id=interaction.application_id,
            token=interaction.token,
            message_id=message.id,
            created=time.time(),
        )
        with contextlib.suppress(Refusal):
            async with self.editing(table.id) as edit:
                edit.table.seat(seat.id).private = private
                if table.private:  # no public message: this is it
                    life.private_turn_shown(edit.table, message.id)
                await self.commit(edit)

    # --- The outboxes (bot.outbox) -------------------------------------------------------

    def outbox(self, table_id: int) -> Outbox:
        box = self.outboxes.get(table_id)
        if box is None:
            box = self.outboxes[table_id] = Outbox(self.posting, table_id)
        return box

    def say(self, table_id: int, text: str, mentions: Sequence[int] = ()) -> None:
        self.outbox(table_id).say(text, mentions)

    def kick(self, table_id: int) -> None:
        self.outbox(table_id).kick()

    def refresh_lobby(self, table_id: int) -> None:
        self.outbox(table_id).refresh_lobby()

    def redraw_private(self, table_id: int, seat_id: str) -> None:
        self.outbox(table_id).redraw_private(seat_id)

    def resume_outbox(self, table_id: int) -> None:
        self.outbox(table_id).resume()

    def try_again(self, table_id: int) -> None:
        self.channels.try_again(table_id)

    # --- Starting, stopping --------------------------------------------------------------

    async def resume_all(self) -> None:
        owns = getattr(self.client, "owns_guild", None)
        await resume_all(self, owns)
        self.registry.trimmer.now()
        count, ids = self.client.shard_count, getattr(self.client, "shard_ids", None)
        self.time.start(owns, (count, tuple(ids)) if count and ids is not None else None)

    async def shutdown(self, grace: float = 5.0) -> None:
        """Stop the timers; each outbox finishes the message it is posting and starts no other
        (within `grace` seconds, then it is cancelled), as do private redraws and AI seats.
        What is left stays owed in the database: the next start does it."""
        self.stopping = True
        await self.time.stop()
        await self.channels.retries.stop()
        tasks = [t for box in self.outboxes.values() for t in (box.task, box.privates.task)]
        await finish_or_cancel([*tasks, *self.work.tasks], grace)
