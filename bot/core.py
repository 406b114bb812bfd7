"""The table core: every table of every game, from a click to the committed move to the answer.

One click goes: parse the control id → the table's lock → stale epoch, not seated, not on turn:
a polite private no → `game.apply` → the move and the new state in ONE transaction → answer the
interaction (always within Discord's 3 s, before any picture work) → the table's outbox gets
the move's events (computed once, here) and posts them, paced. One lock per table: two clicks at
once never apply twice, and tables never wait on each other.

This module knows games only through `engine.protocol.Game` and `bot.face.GameFace`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from typing import Any

import discord

from engine.protocol import RuleError

from . import workers
from .budget import Budget
from .controls import Click, build_view, control_class
from .face import GameFace, Post, Refusal
from .i18n import dynamic_key, resolve, t
from .lobby import TABLE_VERBS
from .memory import Trimmer
from .outbox import Outbox, picture_files
from .prompt import answer_in_time
from .storage import Move, Result, SqlStore
from .table import ACTIVE, LiveTable, Pending, PrivateMessage, Seat, Table, TableEdit

log = logging.getLogger("pop.tables")

TIMEOUTS_BEFORE_AI = 3


def refusal_for(error: RuleError) -> Refusal:
    """A rule error as a sentence in the player's language: each game declares the codes its
    errors carry (the "refusal" family of keys); an undeclared one still gets a clear no."""
    try:
        return Refusal(dynamic_key("refusal", error.code), **error.values)
    except KeyError:
        log.error("rule error code %r has no text", error.code)
        return Refusal("refusal.rule")


class Tables:
    """Every table this process serves (the game protocol's `TableAPI` for the faces)."""

    def __init__(
        self,
        client: discord.Client,
        store: SqlStore,
        faces: Mapping[str, GameFace],
        *,
        step_delay: float = 1.5,
        budget: Budget | None = None,
    ) -> None:
        self.client = client
        self.budget = budget or Budget.unlimited()
        self.store = store
        self.faces = dict(faces)
        self.step_delay = step_delay
        self.cache: dict[int, LiveTable] = {}
        self.by_channel: dict[int, int] = {}  # where an active table plays → its id
        self.where_of: dict[int, int] = {}  # and back
        self.locks: dict[int, asyncio.Lock] = {}
        self.outboxes: dict[int, Outbox] = {}
        self.timers: dict[int, asyncio.Task[None]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self.rng = random.Random()
        self.trimmer = Trimmer()
        self.control = control_class(self.on_control)

    # --- Loading, locking, committing ------------------------------------------------------

    def face(self, table: Table) -> GameFace:
        return self.faces[table.game]

    def _remember(self, live: LiveTable) -> LiveTable:
        table = live.table
        self.cache[table.id] = live
        self._unindex(table.id)
        if table.status in ACTIVE:
            self.by_channel[table.where] = table.id
            self.where_of[table.id] = table.where
        return live

    def _unindex(self, table_id: int) -> None:
        """Forget where a table plays (it moved to its thread, or it ended)."""
        where = self.where_of.pop(table_id, None)
        if where is not None and self.by_channel.get(where) == table_id:
            del self.by_channel[where]

    async def live(self, table_id: int) -> LiveTable:
        live = self.cache.get(table_id)
        if live is None:
            found = await self.store.load(table_id)
            if found is None or found[0].game not in self.faces:
                raise Refusal("refusal.no_table")
            table, state = found
            game = self.face(table).game
            live = self._remember(LiveTable(table, game.load_state(state) if state else None))
        return live

    def forget_if_idle(self, table_id: int) -> None:
        """A finished table leaves memory once nothing of it is being posted or changed."""
        live = self.cache.get(table_id)
        box = self.outboxes.get(table_id)
        lock = self.locks.get(table_id)
        if (
            live is None
            or live.table.status in ACTIVE
            or live.pending
            or (box is not None and box.busy())
            or (lock is not None and lock.locked())
        ):
            return
        self.cache.pop(table_id, None)
        self.outboxes.pop(table_id, None)
        self.locks.pop(table_id, None)
        timer = self.timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()
        self._unindex(table_id)
        self.face(live.table).forget(table_id)
        self.trimmer.after_forgetting()

    @contextlib.asynccontextmanager
    async def editing(self, table_id: int) -> AsyncIterator[TableEdit]:
        """Hold the table's lock and hand out a copy to change; `commit` makes it the table."""
        lock = self.locks.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = await self.live(table_id)
            yield TableEdit(live, live.table.model_copy(deep=True))

    async def commit(
        self,
        edit: TableEdit,
        state: Any = None,
        *,
        move: Move | None = None,
        pending: Pending | None = None,
        results: list[Result] | None = None,
    ) -> Table:
        """Store the table's next version (with the move and the results that came with it),
        then make it the table everyone sees."""
        table, live = edit.table, edit.live
        state = live.state if state is None else state
        table.version += 1
        game = self.face(table).game
        await self.store.save(
            table,
            game.dump_state(state) if state is not None else None,
            move=move,
            results=results or (),
            posts_due=pending is not None,
        )
        live.table, live.state = table, state
        if pending is not None:
            live.pending[pending.seq] = pending
        self._remember(live)
        return table

    async def update_face(self, table_id: int, change: Callable[[Table], None]) -> Table:
        async with self.editing(table_id) as edit:
            change(edit.table)
            return await self.commit(edit)

    # --- Moves -----------------------------------------------------------------------------

    def seat_for_play(self, live: LiveTable, user_id: int, epoch: int) -> Seat:
        table = live.table
        if table.status != "playing" or live.state is None:
            raise Refusal("refusal.not_playing")
        seat = table.seat_of_user(user_id)
        if seat is None:
            raise Refusal("refusal.not_seated")
        if epoch != table.epoch:
            raise Refusal("refusal.stale")
        return seat

    async def take_seat_back(self, table_id: int, seat_id: str) -> None:
        def back(table: Table) -> None:
            table.seat(seat_id).ai = False
            table.seat(seat_id).timeouts = 0  # "three timeouts in a row" starts again

        await self.update_face(table_id, back)

    async def play(
        self,
        interaction: discord.Interaction | None,
        table_id: int,
        epoch: int,
        move: Any,
        *,
        seat: Seat | None = None,
        version: int | None = None,
    ) -> bool | None:
        """Apply a move (the clicker's, or `seat`'s for the AI and the timer), commit it, and
        hand its events to the outbox. True when it was public (a turn revealed, a move seen).
        `version`: apply only if the table is still at that version (an AI's stale thought)."""
        async with self.editing(table_id) as edit:
            live, table = edit.live, edit.table
            if version is not None and live.table.version != version:
                return None
            if seat is None:
                assert interaction is not None
                seat = self.seat_for_play(live, interaction.user.id, epoch)
            elif table.status != "playing" or epoch != table.epoch:
                return None
            game = self.face(table).game
            try:
                after, events = game.apply(live.state, seat.id, move)
            except RuleError as no:
                raise refusal_for(no) from None
            table.moves += 1
            mine = table.seat(seat.id)
            if interaction is not None:
                mine.timeouts = 0  # "three timeouts in a row": a move of one's own breaks it
            pending = None
            if events:  # something happened in public: the table's controls go stale
                pending = Pending(table.games, table.moves, live.state, events, after)
                table.epoch += 1
                table.turn_deadline = None
                table.warned = False
            outcome = game.outcome(after)
            results = []
            if outcome is not None:
                table.status = "finished"
                details = self.face(table).outcome_details(live, outcome)
                results = [
                    Result(
                        s.user_id,
                        outcome.mode,
                        outcome.of(s.id).won,
                        outcome.of(s.id).score,
                        details,
                    )
                    for s in table.seats
                    if s.user_id is not None
                ]
            user_id = interaction.user.id if interaction is not None else None
            await self.commit(
                edit,
                after,
                pending=pending,
                results=results,
                move=Move(table.games, table.moves, seat.id, user_id, game.dump_move(move)),
            )
        if pending is not None:
            self.outbox(table_id).kick()
        else:
            self.outbox(table_id).table_text_changed()
        if interaction is not None:  # a person moved: AI seats may be next
            self.background(self.drive_ai(table_id), f"ai-{table_id}")
        return pending is not None

    async def drive_ai(self, table_id: int) -> None:
        """AI seats, seats an AI took over, and seats whose time ran out act, one at a time.

        The AI thinks in the process pool, outside the table's lock; its move is applied only
        if the table has not changed meanwhile, otherwise it thinks again from the new state.
        """
        while True:
            live = self.cache.get(table_id) or await self.live(table_id)
            table = live.table
            if table.status != "playing" or live.state is None:
                return
            face = self.face(table)
            to_act = face.game.to_act(live.state)
            waiting = [
                s
                for s in table.seats
                if s.id in to_act and (s.ai or s.autoplay_epoch == table.epoch)
            ]
            if not waiting:
                return
            seat = waiting[0]
            before = live.state
            fn, *args = face.ai_job(live, seat)
            move = await self.ai_think(fn, *args)
            try:
                if (
                    await self.play(
                        None, table_id, table.epoch, move, seat=seat, version=table.version
                    )
                    is None
                ):
                    continue
            except Refusal as no:  # the AI must never be refused; think again, but say so
                log.error(
                    "table %s: the AI's move for %s was refused (%s)", table_id, seat.id, no.key
                )
                return
            face.after_ai_move(self, live, seat, move, before)

    async def ai_think(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await workers.AI.run(fn, *args)

    def background(self, work: Awaitable[Any], name: str) -> None:
        task = asyncio.ensure_future(work)
        task.set_name(name)
        self._tasks.add(task)  # keep a reference until it is done (asyncio holds weak ones)
        task.add_done_callback(self._tasks.discard)

    # --- Controls --------------------------------------------------------------------------

    async def on_control(
        self, interaction: discord.Interaction, click: Click, values: list[str]
    ) -> None:
        """Every click on a table's control: the table layer's own verbs, else the game's."""
        if click.game not in self.faces:
            await self.refuse(interaction, Refusal("refusal.stale"))
            return
        async with answer_in_time(interaction):  # a slow commit never fails the click
            if click.verb in TABLE_VERBS:
                await TABLE_VERBS[click.verb](self, interaction, click)
                return
            arg = values[0] if values else click.arg
            try:
                await self.faces[click.game].on_click(
                    self, interaction, click.table_id, click.epoch, click.verb, arg
                )
            except Refusal as no:
                await self.refuse(interaction, no)

    def view_for(self, table: Table, post: Post) -> discord.ui.View | None:
        if not post.controls:
            return None
        return build_view(post.controls, table.game, table.id, table.epoch, self.control)

    # --- Private messages ------------------------------------------------------------------

    async def show_private(
        self, interaction: discord.Interaction, live: LiveTable, seat: Seat, header: str = ""
    ) -> None:
        """Answer a deferred click with the seat's private post, and remember it to edit."""
        table = live.table
        face = self.face(table)
        header = header or await face.private_header(self, live)
        post = await asyncio.to_thread(face.private_post, live, seat, table.lang())
        content = f"{header}\n{post.content}" if header else post.content
        message = await interaction.followup.send(
            content,
            files=picture_files(post),
            view=self.view_for(table, post) or discord.utils.MISSING,
            ephemeral=True,
            wait=True,
        )
        with contextlib.suppress(Refusal):
            async with self.editing(table.id) as edit:
                edit.table.seat(seat.id).private = PrivateMessage(
                    application_id=interaction.application_id,
                    token=interaction.token,
                    message_id=message.id,
                    created=time.time(),
                )
                if table.private:
                    edit.table.turn_message_id = message.id  # no public message: this is it
                await self.commit(edit)

    def redraw_private(self, table_id: int, seat_id: str) -> None:
        self.outbox(table_id).redraw_private(seat_id)

    def refresh_lobby(self, table_id: int) -> None:
        self.outbox(table_id).refresh_lobby()

    def kick(self, table_id: int) -> None:
        self.outbox(table_id).kick()

    async def insert(self, table: Table, state: Any = None, *, kick: bool = True) -> LiveTable:
        await self.store.insert_table(table)
        live = self._remember(LiveTable(table, state))
        if state is not None:  # dealt at once (a private game): store its state too
            async with self.editing(table.id) as edit:
                await self.commit(edit, state)
        if kick:
            self.kick(table.id)
        return live

    def game_started(self, live: LiveTable) -> None:
        """A game was dealt (start or rematch): the face speaks, AI seats act, the outbox
        shows the first turn."""
        self.face(live.table).game_started(self, live)
        self.background(self.drive_ai(live.table.id), f"ai-{live.table.id}")
        self.kick(live.table.id)

    def say(self, table_id: int, text: str) -> None:
        self.outbox(table_id).say(text)

    def outbox(self, table_id: int) -> Outbox:
        box = self.outboxes.get(table_id)
        if box is None:
            box = self.outboxes[table_id] = Outbox(self, table_id)
        return box

    # --- Resuming, stopping ----------------------------------------------------------------

    async def resume_all(self) -> None:
        """After a start: every table that plays, waits in its lobby, or still has something to
        post carries on where it was. A sharded bot takes only its own guilds' tables."""
        owns = getattr(self.client, "owns_guild", None)
        resumed = 0
        for table, state in await self.store.tables_to_resume():
            if table.game not in self.faces or (owns is not None and not owns(table.guild_id)):
                continue
            game = self.face(table).game
            live = self._remember(LiveTable(table, game.load_state(state) if state else None))
            try:
                await self._rederive(live)
            except Exception:  # a record that no longer replays: carry on from the state
                log.exception("table %s: its moves do not replay; nothing re-posted", table.id)
            resumed += 1
            box = self.outbox(table.id)
            box.check_history = True
            box.kick()
            if table.status == "playing":
                self.arm_timer(table)
                self.background(self.drive_ai(table.id), f"ai-{table.id}")
        log.info("resumed %d tables", resumed)

    async def _rederive(self, live: LiveTable) -> None:
        """The events of the moves whose posts are not all out, from the stored moves (the
        engine is deterministic: the same seed and moves give the same events)."""
        table = live.table
        progress = await self.store.delivery(table.id)
        if table.games == 0 or progress.game_no > table.games:
            return
        # Nothing of this game posted yet (a rematch was dealt): every public move is due.
        first_due = progress.seq if progress.game_no == table.games else 1
        face = self.face(table)
        game = face.game
        state = game.start(face.options(table), [s.id for s in table.seats], table.seed)
        for seq, (seat, raw) in enumerate(await self.store.moves(table.id, table.games), 1):
            after, events = game.apply(state, seat, game.load_move(raw))
            if seq >= first_due and events:
                live.pending[seq] = Pending(table.games, seq, state, events, after)
            state = after
        if live.state is not None and game.dump_state(state) != game.dump_state(live.state):
            log.warning("table %s: replayed moves differ from the stored state", table.id)

    async def shutdown(self, grace: float = 5.0) -> None:
        """Stop timers, let each outbox finish what it is posting, then stop it."""
        for task in self.timers.values():
            task.cancel()
        tasks = [box.task for box in self.outboxes.values() if box.task and not box.task.done()]
        if tasks:
            _, pending = await asyncio.wait(tasks, timeout=grace)
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)

    def retry_paused(self, guild_id: int) -> None:
        for live in list(self.cache.values()):
            table = live.table
            if table.paused and table.guild_id == guild_id and table.status == "playing":
                self.outbox(table.id).kick()

    async def thread_deleted(self, thread_id: int) -> None:
        """A table's thread was deleted: the game ends, and the channel is told."""
        table_id = self.by_channel.get(thread_id)
        if table_id is None:
            return
        async with self.editing(table_id) as edit:
            if edit.table.status not in ACTIVE:
                return
            edit.table.status = "cancelled"
            edit.table.paused = "gone"
            edit.table.epoch += 1
            table = await self.commit(edit)
        timer = self.timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()
        parent = self.client.get_channel(table.channel_id)
        if isinstance(parent, discord.abc.Messageable):
            with contextlib.suppress(discord.HTTPException):
                await parent.send(t("pause.thread_gone", table.lang(), id=table.id))

    # --- Chat ------------------------------------------------------------------------------

    async def on_chat(self, message: discord.Message) -> None:
        table_id = self.by_channel.get(message.channel.id)
        if table_id is None:
            return
        live = self.cache.get(table_id)
        if live is not None and live.table.status == "playing":
            await self.face(live.table).on_chat(self, live, message)

    # --- Timer -----------------------------------------------------------------------------

    def arm_timer(self, table: Table) -> None:
        old = self.timers.pop(table.id, None)
        if old is not None:
            old.cancel()
        if table.status == "playing" and table.turn_deadline is not None:
            self.timers[table.id] = asyncio.create_task(
                self._timer(table.id), name=f"timer-{table.id}"
            )

    async def _timer(self, table_id: int) -> None:
        try:
            while True:
                live = self.cache.get(table_id)
                if live is None:
                    return
                table = live.table
                if table.turn_deadline is None or table.status != "playing":
                    return
                epoch, deadline = table.epoch, table.turn_deadline
                warn_at = deadline - min(30.0, (table.settings.turn_timer or 120) / 4)
                now = time.time()
                if not table.warned and now < deadline:
                    await asyncio.sleep(max(0.0, warn_at - now))
                    await self._warn(table_id, epoch)
                    continue
                await asyncio.sleep(max(0.0, deadline - time.time()))
                await self._time_out(table_id, epoch)
                return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the turn timer failed", table_id)

    def _humans_to_act(self, live: LiveTable) -> list[Seat]:
        to_act = self.face(live.table).game.to_act(live.state)
        return [s for s in live.table.seats if not s.ai and s.id in to_act]

    async def _warn(self, table_id: int, epoch: int) -> None:
        async with self.editing(table_id) as edit:
            if edit.table.epoch != epoch or edit.table.warned:
                return
            edit.table.warned = True
            table = await self.commit(edit)
        waiting = self._humans_to_act(edit.live)
        if waiting and table.turn_deadline is not None:
            seconds = max(0, round(table.turn_deadline - time.time()))
            self.say(
                table_id,
                t(
                    "timer.warning",
                    table.lang(),
                    n=seconds,
                    who=", ".join(f"<@{s.user_id}>" for s in waiting),
                ),
            )

    async def _time_out(self, table_id: int, epoch: int) -> None:
        """The turn timer ran out: the AI acts for every seat still thinking (announced);
        a seat that timed out three turns in a row is then played by the AI."""
        notes = []
        async with self.editing(table_id) as edit:
            table = edit.table
            if table.epoch != epoch or table.status != "playing":
                return
            lang = table.lang()
            for seat in self._humans_to_act(edit.live):
                mine = table.seat(seat.id)
                mine.timeouts += 1
                mine.autoplay_epoch = table.epoch
                if mine.timeouts >= TIMEOUTS_BEFORE_AI:
                    mine.ai = True
                    button = self.face(table).back_button(lang)
                    notes.append(t("timer.ai_takes_over", lang, name=mine.name, button=button))
                else:
                    notes.append(t("timer.chosen_for", lang, name=mine.name))
            await self.commit(edit)
        for note in notes:
            self.say(table_id, note)
        await self.drive_ai(table_id)

    # --- Answers ---------------------------------------------------------------------------

    async def refuse(self, interaction: discord.Interaction, no: Refusal) -> None:
        lang = resolve(interaction.locale)  # the clicker's language
        text = t(no.key, lang, **no.values)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException as e:
            log.info("could not answer a refused click (%s)", e.status)
