"""The tables in memory, and one lock each: loading a table, changing it under its lock, and
committing its next version (with the move, the results and the posts due that came with it).

Only tables in play with something recent, or with something still to post, stay in memory:
a finished one leaves once nothing of it is being posted or changed (`forget_if_idle`); one in
play (or in its lobby) that nobody touched for a while leaves too (`bot.tables.timers` sweeps),
and is loaded again from the database at its next click, timer or chat line. Where an active
table plays stays known when it leaves (a few integers), so a chat line or a deleted message
in its thread still finds it. A channel may hold several tables (one opened from another's
thread, or several where no thread could be made): each is known there.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping

from bot.model import life
from bot.model.limits import OpenTables
from bot.model.posts import Refusal
from bot.model.table import ACTIVE, LiveTable, Pending, Seat, Table, TableEdit
from bot.ratings.rules import Placed
from bot.storage.store import Admit, Move, Result, SqlStore, StaleWrite

from .faces import TableFace
from .memory import Trimmer


async def _nothing(_table: Table) -> None:
    return None


def _still_shown(live: LiveTable, face: TableFace, epoch: int, to_act: frozenset[str]) -> bool:
    """Is the turn's text owed, and is it the text drawn for the turn of `epoch` waiting for
    `to_act` (who has chosen)?"""
    table, state = live.table, live.state
    return (
        table.text_owed
        and table.epoch == epoch
        and state is not None
        and face.to_act(state) == to_act
    )


class TableCache:
    """Every table this process holds, by id, and where each active one plays."""

    def __init__(
        self,
        store: SqlStore,
        faces: Mapping[str, TableFace],
        now: Callable[[], float] = lambda: 0.0,
    ) -> None:
        self.store = store
        self.faces = dict(faces)
        # Set by `bot.tables.timers`: the table layer's clock (when each table was last
        # touched), and what hears of each timer stored (the scheduler looks again).
        self.now = now
        self.wakes: Callable[[float | None], None] = lambda _at: None
        # Set by `bot.tables.challenges`: a challenge's entry finished a game (its standings).
        self.entry_finished: Callable[[Table], None] = lambda _table: None
        # And: a challenge's group changed in its lobby (before its deal): its entries.
        self.group_changed: Callable[[Table], Awaitable[None]] = _nothing
        # Set by `bot.tables.tournaments`: a tournament's table finished its game or stopped.
        self.tournament_table_over: Callable[[Table], None] = lambda _table: None
        self.cache: dict[int, LiveTable] = {}
        self.by_channel: dict[int, set[int]] = {}  # where active tables play → their ids
        self.where_of: dict[int, int] = {}  # and back
        self.locks: dict[int, asyncio.Lock] = {}
        self.trimmer = Trimmer()
        self.open_tables = OpenTables(
            lambda guild: store.open_tables(guild)
        )  # what the limits count

    def face(self, table: Table) -> TableFace:
        return self.faces[table.game]

    def remember(self, live: LiveTable) -> LiveTable:
        table = live.table
        live.touched = self.now()
        self.cache[table.id] = live
        self.open_tables.note(table)
        self._unindex(table.id)
        if table.status in ACTIVE:
            self._index(table.id, table.where)
        return live

    def _index(self, table_id: int, where: int) -> None:
        self.by_channel.setdefault(where, set()).add(table_id)
        self.where_of[table_id] = where

    def _unindex(self, table_id: int) -> None:
        """Forget where a table plays (it moved to its thread, or it ended)."""
        where = self.where_of.pop(table_id, None)
        if where is None:
            return
        here = self.by_channel.get(where, set())
        here.discard(table_id)
        if not here:
            self.by_channel.pop(where, None)

    def tables_at(self, channel_id: int) -> list[int]:
        """The active tables that play in this channel, oldest first."""
        return sorted(self.by_channel.get(channel_id, ()))

    def loaded(self, table: Table, state: str | None) -> LiveTable:
        """A table read from the database, with its game's state, held from now on."""
        face = self.face(table)
        return self.remember(LiveTable(table, face.load_state(state) if state else None))

    async def live(self, table_id: int) -> LiveTable:
        """The table (Refusal("refusal.no_table") when there is none, or its game is gone)."""
        live = self.cache.get(table_id)
        if live is None:
            found = await self.store.load(table_id)
            if found is None or found[0].game not in self.faces:
                raise Refusal("refusal.no_table")
            live = self.cache.get(table_id) or self.loaded(*found)  # read meanwhile: that one
        return live

    def forget(
        self, table_id: int, busy: Callable[[], bool], idle_before: float | None = None
    ) -> LiveTable | None:
        """A finished table leaves memory once nothing of it is being posted (`busy`) or
        changed; an active one too if nobody touched it since `idle_before` and it owes
        nothing (its next post is due only at a click). The table it was, or None."""
        live = self.cache.get(table_id)
        lock = self.locks.get(table_id)
        if (
            live is None
            or (live.table.status in ACTIVE and not self._idle(live, idle_before))
            or live.pending
            or busy()
            or (lock is not None and lock.locked())
        ):
            return None
        self.cache.pop(table_id, None)
        self.locks.pop(table_id, None)
        if live.table.status not in ACTIVE:
            self._unindex(table_id)
        self.face(live.table).forget(table_id)
        self.trimmer.after_forgetting()
        return live

    def _idle(self, live: LiveTable, before: float | None) -> bool:
        """Untouched since `before`, with no work of its own to do (a paused table waits for
        its permission: it stays, to try again when Discord says it may)."""
        return (
            before is not None
            and live.touched <= before
            and not self.owes_work(live.table, live.state)
        )

    def owes_work(self, table: Table, state: object) -> bool:
        """Has the table something to do that no person will ask for: its lobby's or its new
        turn's message, an edit (its text too), a retry of a paused table, an AI seat's move?
        (Stored with each version: a restart loads only such tables, and unposted ones.)"""
        return (
            bool(table.paused)
            or bool(table.owed_edits)
            or (table.status == "playing" and table.text_owed)
            or life.turn_due(table)
            or (table.status == "lobby" and table.lobby_message_id is None)
            or bool(self.ai_to_act(table, state))
        )

    async def text_shown(self, table_id: int, epoch: int, to_act: frozenset[str]) -> None:
        """The turn's text went out, showing the turn of `epoch` waiting for `to_act`: if that
        is still so, it is owed no more (stored so if nothing else is: no restart loads it)."""
        async with self.locks.setdefault(table_id, asyncio.Lock()):
            live = self.cache.get(table_id)
            if live is None or not _still_shown(live, self.face(live.table), epoch, to_act):
                return  # a seat chose meanwhile: the next edit shows it
            live.table = live.table.model_copy()
            life.text_shown(live.table)
            if not live.pending and not self.owes_work(live.table, live.state):
                await self.store.owes_nothing(live.table)  # one UPDATE, at the same version

    def ai_to_act(self, table: Table, state: object) -> list[Seat]:
        """The seats the AI must move for now: AI chairs, and seats whose time ran out."""
        if table.status != "playing" or state is None or table.private:
            return []  # a private game is its player's alone: no AI ever plays it
        to_act = self.face(table).to_act(state)
        return [
            s for s in table.seats if s.id in to_act and (s.ai or s.autoplay_epoch == table.epoch)
        ]

    def place(self, table_id: int, where: int) -> None:
        """Where an active table not in memory plays (read at a start)."""
        if table_id not in self.cache:
            self._index(table_id, where)

    def untouched(self, before: float) -> Iterator[int]:
        """The tables in memory nobody touched since `before`."""
        return iter([i for i, live in self.cache.items() if live.touched <= before])

    @contextlib.asynccontextmanager
    async def editing(self, table_id: int) -> AsyncIterator[TableEdit]:
        """Hold the table's lock and hand out a copy to change; `commit` makes it the table."""
        lock = self.locks.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = await self.live(table_id)
            live.touched = self.now()
            yield TableEdit(live, live.table.model_copy(deep=True))

    async def update(self, table_id: int, change: Callable[[Table], None]) -> Table:
        """Change a table (`change(table)` on a copy, under its lock), committed."""
        async with self.editing(table_id) as edit:
            change(edit.table)
            return await self.commit(edit)

    async def commit(
        self,
        edit: TableEdit,
        state: object = None,
        *,
        move: Move | None = None,
        pending: Pending | None = None,
        results: list[Result] | None = None,
        rated: Placed | None = None,
        posts_dropped: bool = False,
        admit: Admit | None = None,
    ) -> Table:
        """Store the table's next version (with the move, the results and the rated seats'
        places that came with it), then make it the table everyone sees. `posts_dropped`:
        nothing more of it will be posted (its thread is gone), so it is never resumed.
        `admit`: the limits it must meet, checked with the write (a private game dealt anew)."""
        table, live = edit.table, edit.live
        state = live.state if state is None else state
        life.touched_private(table, self.now())  # every change of a private game is a touch
        table.version += 1
        face = self.face(table)
        try:
            await self.store.save(
                table,
                face.dump_state(state) if state is not None else None,
                move=move,
                results=results or (),
                rated=rated,
                posts_due=pending is not None,
                posts_dropped=posts_dropped,
                owes_work=self.owes_work(table, state),
                admit=admit,
            )
        except StaleWrite:
            # Another process wrote the table since it was read here: every later change
            # would be computed from this copy and refused too. Read it again; the person
            # presses again (nothing of theirs was done).
            await self._read_again(live)
            raise Refusal("refusal.table_changed") from None
        live.table, live.state = table, state
        if pending is not None:
            live.pending[pending.seq] = pending
        if posts_dropped:
            live.pending.clear()
        self.remember(live)
        self.wakes(table.next_wake())
        await self._challenge_news(table, bool(results))
        return table

    async def _challenge_news(self, table: Table, finished: bool) -> None:
        """A challenge's entry finished a game (its standings), or a challenge's table not
        dealt yet changed (only a group's lobby is: its entries); or a tournament's table
        finished its game, or stopped (its round may be over)."""
        if table.tournament is not None and (finished or table.status == "cancelled"):
            self.tournament_table_over(table)
        if table.challenge is None:
            return
        if finished:
            self.entry_finished(table)
        if not table.games:
            await self.group_changed(table)

    async def _read_again(self, stale: LiveTable) -> None:
        """Drop a table's copy that another process overtook and load the stored one (the
        posts this process still owes of its own moves stay due)."""
        table_id = stale.table.id
        self.cache.pop(table_id, None)
        found = await self.store.load(table_id)
        if found is not None:
            self.loaded(*found).pending.update(stale.pending)

    async def insert(
        self, table: Table, state: object = None, admit: Admit | None = None
    ) -> LiveTable:
        """A new table, stored (and its state, for a game dealt at once: a private one);
        `admit`: its limits, checked in the insert's own transaction."""
        await self.store.insert_table(table, admit)
        live = self.remember(LiveTable(table, state))
        if state is not None:
            async with self.editing(table.id) as edit:
                await self.commit(edit, state)
        return live
