"""The move path: a seat's move, checked by its game, committed with the table's next version
in ONE transaction before anyone is answered, and its events handed to the table's outbox.

The table layer learns that a new turn began from the game's protocol (`turn`), never from
what a move's events happen to be: a new turn makes the table's controls stale (a new epoch)
and calls for the next turn's message; a move within a turn (a secret choice, table talk) only
changes the turn message's text.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from engine.protocol import Json, Outcome, RuleError

from . import fair, life, ratings
from .cache import TableCache
from .game_binding import Applied
from .i18n import dynamic_key
from .outbox import Outbox
from .posts import Refusal
from .storage import Move, Result
from .table import LiveTable, Pending, Seat, Table

log = logging.getLogger("pop.tables")


def refusal_for(error: RuleError) -> Refusal:
    """A rule error as a sentence in the player's language: each game declares the codes its
    errors carry (the "refusal" family of keys); an undeclared one still gets a clear no."""
    try:
        return Refusal(dynamic_key("refusal", error.code), **error.values)
    except KeyError:
        log.error("rule error code %r has no text", error.code)
        return Refusal("refusal.rule")


class MovePath:
    def __init__(
        self,
        registry: TableCache,
        outbox: Callable[[int], Outbox],
        after_person: Callable[[int], None],
    ) -> None:
        self.registry = registry
        self.outbox = outbox
        self.after_person = after_person  # a person moved: AI seats may be next

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
        """Apply `seat`'s move, commit it, and hand its events to the outbox. True when a new
        turn began. A person's move on a table that moved on is refused; the AI's (and one
        thought at an older `version`) is dropped: None."""
        async with self.registry.editing(table_id) as edit:
            live, table = edit.live, edit.table
            if not self._still_current(live, epoch, version, by_person):
                return None
            face = self.registry.face(table)
            try:
                applied = face.apply(live.state, seat.id, move)
            except RuleError as no:
                raise refusal_for(no) from None
            table.moves += 1
            if by_person and (applied.new_turn or seat.id not in face.to_act(applied.after)):
                table.seat(seat.id).timeouts = 0  # "three timeouts in a row": one's own move
            before = live.state
            pending = None
            if applied.events:
                pending = Pending(
                    table.games,
                    table.moves,
                    before,
                    applied.events,
                    applied.after,
                    applied.new_turn,
                    table.epoch,  # the turn it was made in
                )
            if applied.new_turn:
                life.new_turn(table)
            results = self._results(face, live, table, applied.outcome)
            user_id = seat.user_id if by_person else None
            await self.registry.commit(
                edit,
                applied.after,
                pending=pending,
                results=results,
                rated=ratings.rated_seats(table, applied.outcome) if applied.outcome else [],
                move=Move(table.games, table.moves, seat.id, user_id, move),
            )
            text_changed = face.to_act(applied.after) != face.to_act(before)
        self._tell_outbox(table_id, applied, pending, text_changed)
        if by_person:
            self.after_person(table_id)
        return applied.new_turn

    @staticmethod
    def _still_current(live: LiveTable, epoch: int, version: int | None, by_person: bool) -> bool:
        """Is the move still for the table as it is? A person is told why not."""
        table = live.table
        if version is not None and table.version != version:
            return False
        if table.status != "playing" or live.state is None:
            if by_person:
                raise Refusal("refusal.not_playing")
            return False
        if epoch != table.epoch:
            if by_person:
                raise Refusal("refusal.stale")
            return False
        return True

    @staticmethod
    def _results(face: Any, live: LiveTable, table: Table, outcome: Outcome | None) -> list[Result]:
        """A game that ended: the table is finished, and each person's result is kept. What
        the AI played is never credited to a person: a seat its person was away from for the
        whole game keeps no result, and one they left to the AI during it is no win (as its
        rating places it last)."""
        if outcome is None:
            return []
        life.finish(table, fair.committed() if table.fair is not None else None)
        details = face.outcome_details(live, outcome)
        gone, absent = ratings.gone_seats(table), ratings.absent_seats(table)
        return [
            Result(
                s.user_id,
                outcome.mode,
                outcome.of(s.id).won and s.id not in gone,
                outcome.of(s.id).score,
                details,
            )
            for s in table.seats
            if s.user_id is not None and s.id not in absent
        ]

    def _tell_outbox(
        self, table_id: int, applied: Applied, pending: Pending | None, text_changed: bool
    ) -> None:
        box = self.outbox(table_id)
        if pending is not None:
            box.kick()
        if not applied.new_turn and text_changed:
            box.table_text_changed()  # who has chosen: the turn message's text, in place
