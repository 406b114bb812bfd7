"""After a start: every table that owes work of its own (an AI seat's move, a message it must
post or edit, its turn's text behind a seat's choice) or still has something to post carries
on where it was; the other open tables stay in the database, only where they play noted,
until a click, a timer or a chat line asks for one. A move's posts are derived again from the stored moves (the engine is
deterministic), from where the outbox had got to; nothing is posted twice (`bot.posting.transport`)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from bot.model.table import LiveTable, Table
from bot.posting.outbox import Outboxes

from .held import TableCache

log = logging.getLogger("pop.tables")


async def resume_all(
    registry: TableCache,
    outboxes: Outboxes,
    start_ai: Callable[[int], None],
    owns: Callable[[int], bool] | None,
) -> int:
    """Resume every table of this process (a sharded one: its own guilds') that has work to
    do; how many."""
    for table_id, guild_id, where in await registry.store.open_places():
        if owns is None or owns(guild_id):
            registry.place(table_id, where)
    resumed = 0
    for table, state in await registry.store.tables_to_resume():
        if table.game not in registry.faces or (owns is not None and not owns(table.guild_id)):
            continue
        live = await _resume(registry, table, state)
        resumed += 1
        box = outboxes.of(table.id)
        box.resume()
        if live.table.text_owed:  # a seat chose, and the turn's text was not edited yet
            box.table_text_changed()
        if table.status == "playing":  # its timer is the scheduler's (read from the database)
            start_ai(table.id)
        if not live.pending and not registry.owes_work(live.table, live.state):
            await registry.store.owes_nothing(live.table)  # stored before 007
    log.info("resumed %d tables", resumed)
    return resumed


async def _resume(registry: TableCache, table: Table, state: str | None) -> LiveTable:
    """One table back in memory, its posts due derived again, under its lock: a click that
    came first (the gateway is up) already holds the newer table, and a move made meanwhile
    cannot fall between reading the state and reading the moves."""
    async with registry.locks.setdefault(table.id, asyncio.Lock()):
        live = registry.cache.get(table.id) or registry.loaded(table, state)
        try:
            await rederive(registry, live)
        except Exception:  # a record that no longer replays: carry on from the state
            log.exception("table %s: its moves do not replay; nothing re-posted", table.id)
        return live


async def rederive(registry: TableCache, live: LiveTable) -> None:
    """The moves of the current game whose posts are not all out, as they were first made."""
    table = live.table
    progress = await registry.store.delivery(table.id)
    if table.games == 0 or progress.game_no > table.games:
        return
    # Nothing of this game posted yet (a rematch was dealt): every move is due.
    first_due = progress.seq if progress.game_no == table.games else 1
    face = registry.face(table)
    replayed = face.replay(table, await registry.store.moves(table.id, table.games))
    for pending in replayed:
        if pending.seq >= first_due and pending.events:
            live.pending[pending.seq] = pending
    if replayed and live.state is not None:
        now = face.dump_state(replayed[-1].after)
        if now != face.dump_state(live.state):
            log.warning("table %s: replayed moves differ from the stored state", table.id)
