"""AI seats and the turn timer: who acts for the table when no person does (and the end of a
private game left alone, which no AI ever plays).

AI chairs, seats an AI took over (a person away three turns in a row), and seats whose time ran
out act one at a time. The turn timer is no task of its own: the process's one scheduler
(`bot.tables.scheduler`) calls `wake` when a table's stored timer is due. The AI thinks in the process pool, outside the table's lock, from its
seat's view alone; its move is applied only if the table has not changed meanwhile, otherwise
it thinks again from the new state.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from bot.model import life
from bot.model.posts import Refusal
from bot.model.table import LONG_TIMER, LiveTable, Seat
from bot.posting import pings
from bot.posting.shares import FairGate
from bot.texts.i18n import t

from . import workers
from .faces import FaceServices
from .held import TableCache
from .moves import MovePath

log = logging.getLogger("pop.tables")

TIMEOUTS_BEFORE_AI = 3


class AiSeats:
    """The seats the AI acts for, and what a table's due timer does."""

    def __init__(
        self,
        held: TableCache,
        moves: MovePath,
        services: FaceServices,
        now: Callable[[], float],
        background: Callable[[Awaitable[Any], str], None],
    ) -> None:
        self.held = held
        self.moves = moves
        self.services = services  # what the faces' hooks may use (Pop's co-op AI talks)
        self.now = now  # the table layer's clock (a test's own, in tests)
        self.background = background
        self.thinking = FairGate(workers.AI.size)

    def start(self, table_id: int) -> None:
        """The table's AI seats act, beside the clicks (a person moved, a game was dealt)."""
        self.background(self.drive(table_id), f"ai-{table_id}")

    async def drive(self, table_id: int) -> None:
        """Every seat the AI acts for, one at a time, until a person must act (or the end)."""
        while True:
            live = self.held.cache.get(table_id) or await self.held.live(table_id)
            waiting = self.held.ai_to_act(live.table, live.state)
            if not waiting:
                return
            table, seat = live.table, waiting[0]
            face = self.held.face(table)
            fn, args = face.ai_job(live, seat)
            async with self.thinking.slot(table.guild_id):  # its server's turn of the workers
                move = face.load_move(await workers.AI.run(fn, *args))
            try:
                moved = await self.moves.ai_move(table_id, move, seat=seat, version=table.version)
            except Refusal as no:
                if no.key == "refusal.table_changed":
                    continue  # another process moved first: think again from the table as it is
                # the AI must never be refused otherwise; say so, and stop
                log.error(
                    "table %s: the AI's move for %s was refused (%s)", table_id, seat.id, no.key
                )
                return
            if moved is not None:
                await face.after_move(self.services, moved, move, by_person=False)

    # --- The turn timer (the scheduler calls `wake` when a table's timer is due) ---------

    async def wake(self, table_id: int) -> None:
        """The table's timer is due: remind the seats still to act, or time their turn out."""
        try:
            live = await self.held.live(table_id)  # loaded again if it had left memory
        except Refusal:
            return
        table = live.table
        if table.status != "playing" or table.turn_deadline is None or table.expired:
            return
        now, remind = self.now(), table.reminder_at()
        if now >= table.turn_deadline and table.private:
            await self._end_left_alone(table_id, table.epoch)
        elif now >= table.turn_deadline:
            await self._time_out(table_id, table.epoch)
        elif not table.warned and remind is not None and remind <= now:
            await self._remind(table_id, table.epoch)

    def _humans_to_act(self, live: LiveTable) -> list[Seat]:
        to_act = self.held.face(live.table).to_act(live.state)
        return [s for s in live.table.seats if not s.ai and s.id in to_act]

    async def _remind(self, table_id: int, epoch: int) -> None:
        """Once a turn: one short message naming the seats still to act (mentioning those
        whose pings are on): at half the time from an hour on, else just before the end."""
        async with self.held.editing(table_id) as edit:
            if edit.table.epoch != epoch or edit.table.warned:
                return
            life.reminded(edit.table)
            table = await self.held.commit(edit)
        waiting = self._humans_to_act(edit.live)
        if not waiting or table.turn_deadline is None:
            return
        pinged = await pings.to_ping(self.held.store, waiting)
        who = pings.who(waiting, pinged, table.lang())
        if table.settings.turn_timer >= LONG_TIMER:
            at = f"<t:{int(table.turn_deadline)}:R>"
            text = t("timer.reminder", table.lang(), who=who, at=at)
        else:
            seconds = max(0, round(table.turn_deadline - self.now()))
            text = t("timer.warning", table.lang(), n=seconds, who=who)
        self.services.say(table_id, text, pinged)

    async def _end_left_alone(self, table_id: int, epoch: int) -> None:
        """A private game nobody touched for `life.LEFT_ALONE` ends, unfinished, in silence
        (it has no public message; its player is told if they press one of its buttons)."""
        async with self.held.editing(table_id) as edit:
            table = edit.table
            deadline = table.turn_deadline
            if table.epoch != epoch or table.status != "playing" or deadline is None:
                return
            if self.now() < deadline:  # touched meanwhile
                return
            life.end_private(table)
            await self.held.commit(edit)
        log.info("table %s: a private game left alone ended", table_id)

    async def _time_out(self, table_id: int, epoch: int) -> None:
        """The turn timer ran out: the AI acts for every seat still thinking (announced);
        a seat that timed out three turns in a row is then played by the AI."""
        notes = []
        async with self.held.editing(table_id) as edit:
            table = edit.table
            if table.epoch != epoch or table.status != "playing" or table.expired:
                return
            life.expire(table)
            lang = table.lang()
            for seat in self._humans_to_act(edit.live):
                mine = table.seat(seat.id)
                mine.timeouts += 1
                mine.autoplay_epoch = table.epoch
                if mine.timeouts >= TIMEOUTS_BEFORE_AI:
                    mine.ai = True
                    button = self.held.face(table).back_button(lang)
                    notes.append(t("timer.ai_takes_over", lang, name=mine.text_name, button=button))
                else:
                    notes.append(t("timer.chosen_for", lang, name=mine.text_name))
            await self.held.commit(edit)
        for note in notes:
            self.services.say(table_id, note, ())
        await self.drive(table_id)
