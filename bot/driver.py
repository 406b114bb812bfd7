"""AI seats and the turn timer: who acts for the table when no person does.

AI chairs, seats an AI took over (a person away three turns in a row), and seats whose time ran
out act one at a time. The AI thinks in the process pool, outside the table's lock, from its
seat's view alone; its move is applied only if the table has not changed meanwhile, otherwise
it thinks again from the new state.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from . import workers
from .cache import TableCache
from .face import FaceAPI
from .fair_share import FairGate
from .i18n import t
from .posts import Refusal
from .table import LiveTable, Seat, Table

log = logging.getLogger("pop.tables")

TIMEOUTS_BEFORE_AI = 3


class Driver:
    def __init__(self, registry: TableCache, api: FaceAPI) -> None:
        self.registry = registry
        self.api = api  # the table layer, as the faces' hooks see it
        self.timers: dict[int, asyncio.Task[None]] = {}
        self.thinking = FairGate(workers.AI.size)

    async def ai_think(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await workers.AI.run(fn, *args)

    def _waiting_for_ai(self, live: LiveTable) -> list[Seat]:
        table = live.table
        if table.status != "playing" or live.state is None:
            return []
        to_act = self.registry.face(table).to_act(live.state)
        return [
            s for s in table.seats if s.id in to_act and (s.ai or s.autoplay_epoch == table.epoch)
        ]

    async def drive_ai(self, table_id: int) -> None:
        """Every seat the AI acts for, one at a time, until a person must act (or the end)."""
        while True:
            live = self.registry.cache.get(table_id) or await self.registry.live(table_id)
            waiting = self._waiting_for_ai(live)
            if not waiting:
                return
            table, seat, before = live.table, waiting[0], live.state
            face = self.registry.face(table)
            fn, args = face.ai_job(live, seat)
            async with self.thinking.slot(table.guild_id):  # its server's turn of the workers
                move = await self.ai_think(fn, *args)
            try:
                played = await self.api.play(
                    table_id, table.epoch, move, seat=seat, by_person=False, version=table.version
                )
            except Refusal as no:  # the AI must never be refused; say so, and stop
                log.error(
                    "table %s: the AI's move for %s was refused (%s)", table_id, seat.id, no.key
                )
                return
            if played is not None:
                await face.after_ai_move(
                    self.api, await self.registry.live(table_id), seat, move, before
                )

    # --- The turn timer ----------------------------------------------------------------

    def arm_timer(self, table: Table) -> None:
        self.disarm(table.id)
        if table.status == "playing" and table.turn_deadline is not None:
            self.timers[table.id] = asyncio.create_task(
                self._timer(table.id), name=f"timer-{table.id}"
            )

    def disarm(self, table_id: int) -> None:
        old = self.timers.pop(table_id, None)
        if old is not None:
            old.cancel()

    async def _timer(self, table_id: int) -> None:
        try:
            while True:
                live = self.registry.cache.get(table_id)
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
        to_act = self.registry.face(live.table).to_act(live.state)
        return [s for s in live.table.seats if not s.ai and s.id in to_act]

    async def _warn(self, table_id: int, epoch: int) -> None:
        async with self.registry.editing(table_id) as edit:
            if edit.table.epoch != epoch or edit.table.warned:
                return
            edit.table.warned = True
            table = await self.registry.commit(edit)
        waiting = self._humans_to_act(edit.live)
        if waiting and table.turn_deadline is not None:
            seconds = max(0, round(table.turn_deadline - time.time()))
            who = ", ".join(f"<@{s.user_id}>" for s in waiting)
            self.api.say(table_id, t("timer.warning", table.lang(), n=seconds, who=who))

    async def _time_out(self, table_id: int, epoch: int) -> None:
        """The turn timer ran out: the AI acts for every seat still thinking (announced);
        a seat that timed out three turns in a row is then played by the AI."""
        notes = []
        async with self.registry.editing(table_id) as edit:
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
                    button = self.registry.face(table).back_button(lang)
                    notes.append(t("timer.ai_takes_over", lang, name=mine.name, button=button))
                else:
                    notes.append(t("timer.chosen_for", lang, name=mine.name))
            await self.registry.commit(edit)
        for note in notes:
            self.api.say(table_id, note)
        await self.drive_ai(table_id)
