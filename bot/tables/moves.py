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

from bot.model import fair, life
from bot.model.binding import Applied, Moved
from bot.model.posts import Refusal
from bot.model.table import LiveTable, Pending, Seat, Table, TableEdit
from bot.posting.outbox import Outboxes
from bot.ratings import rules as ratings
from bot.storage.store import Move, Result
from bot.texts.i18n import dynamic_key
from engine.protocol import Outcome, RuleError

from .held import TableCache

log = logging.getLogger("pop.tables")


def refusal_for(error: RuleError) -> Refusal:
    """A rule error as a sentence in the player's language: each game declares the codes its
    errors carry (the "refusal" family of keys); an undeclared one still gets a clear no."""
    try:
        return Refusal(dynamic_key("refusal", error.code), **error.values)
    except KeyError:
        log.error("rule error code %r has no text", error.code)
        return Refusal("refusal.rule")


def admit(live: LiveTable, user_id: int, epoch: int, to_act: frozenset[str] | None) -> Seat:
    """The seat of the person pressing a control drawn in `epoch`, at a table that plays, or
    the polite no that says why not: the one place a press is judged for who and when.
    `to_act`: the seats the game waits for, when only they may press."""
    table = live.table
    if table.paused == "gone":  # its thread was deleted: it ended for good
        raise Refusal("refusal.thread_gone")
    if table.private and table.status == "cancelled":  # left alone, or left
        raise Refusal("refusal.private_ended")
    if table.status != "playing" or live.state is None:
        raise Refusal("refusal.not_playing")
    if table.paused:  # nothing it did could be shown: it waits for its permission
        raise Refusal("refusal.paused")
    if user_id in table.removed:  # the host took their seat: no press gives it back
        raise Refusal("refusal.removed")
    seat = table.seat_of_user(user_id)
    if seat is None:
        raise Refusal("refusal.not_seated")
    if epoch != table.epoch:
        raise Refusal("refusal.stale")
    if to_act is not None and seat.id not in to_act and not seat.ai:  # (the AI's: given back)
        raise Refusal("refusal.not_your_turn")
    return seat


class MovePath:
    def __init__(
        self,
        held: TableCache,
        outboxes: Outboxes,
        after_person: Callable[[int], None],
    ) -> None:
        self.held = held
        self.outboxes = outboxes
        self.after_person = after_person  # a person moved: AI seats may be next

    async def person_move(self, table_id: int, epoch: int, user_id: int, move: object) -> Moved:
        """A person's move, from a control drawn in `epoch`: admitted (`admit`; in a game
        played one seat at a time, only by the seat on turn), applied, committed with the
        table's next version, and handed to the outbox. A person whose seat the AI was playing
        takes it back with it (where the game says so, the press only does that)."""
        async with self.held.editing(table_id) as edit:
            live, table = edit.live, edit.table
            face = self.held.face(table)
            sequential = face.turns == "sequential" and live.state is not None
            seat = admit(live, user_id, epoch, face.to_act(live.state) if sequential else None)
            if seat.ai:
                life.seat_back(table, seat.id)
                if face.back_told_key is not None:  # back, and told so: the next press plays
                    await self.held.commit(edit)
                    raise Refusal(face.back_told_key)
            moved = await self._apply(edit, table.seat(seat.id), move, by_person=True)
        self.after_person(table_id)
        return moved

    async def ai_move(
        self,
        table_id: int,
        move: object,
        *,
        seat: Seat,
        epoch: int | None = None,
        version: int | None = None,
    ) -> Moved | None:
        """A move the AI made for `seat` in the turn `epoch`, or thought at the table's
        `version`: dropped (None) when the table moved on (it thinks again from the new
        state)."""
        async with self.held.editing(table_id) as edit:
            table = edit.table
            if (
                table.status != "playing"
                or (epoch is not None and table.epoch != epoch)
                or (version is not None and table.version != version)
            ):
                return None
            return await self._apply(edit, seat, move, by_person=False)

    async def _apply(self, edit: TableEdit, seat: Seat, move: object, *, by_person: bool) -> Moved:
        """The move applied and committed with what came of it (its posts due, the results,
        the rated seats), in one transaction; the outbox told."""
        live, table = edit.live, edit.table
        face = self.held.face(table)
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
            # `table.epoch`: the turn it was made in
            pending = Pending(
                table.games,
                table.moves,
                before,
                applied.events,
                applied.after,
                applied.new_turn,
                table.epoch,
            )
        text_changed = face.to_act(applied.after) != face.to_act(before)
        if applied.new_turn:
            life.new_turn(table)
        elif text_changed:  # who has chosen: owed with the move, made after a restart too
            life.text_behind(table)
        await self.held.commit(
            edit,
            applied.after,
            pending=pending,
            results=self._results(face, live, table, applied.outcome),
            rated=_rated(table, applied.outcome),
            move=Move(
                table.games,
                table.moves,
                seat.id,
                seat.user_id if by_person else None,
                face.dump_move(move),
            ),
        )
        self._tell_outbox(table.id, applied, pending, text_changed)
        return Moved(table.seat(seat.id), before, edit.live, applied.new_turn)

    @staticmethod
    def _results(face: Any, live: LiveTable, table: Table, outcome: Outcome | None) -> list[Result]:
        """A game that ended: the table is finished, and each person's result is kept. What
        the AI played is never credited to a person: a seat its person was away from for the
        whole game keeps no result, and one they left to the AI during it is no win (as its
        rating places it last)."""
        if outcome is None:
            return []
        # A challenge's entry is dealt no rematch (one entry a member), nor a tournament's
        # table (its round pairs the next games): no secret for one.
        again = table.fair is not None and table.challenge is None and table.tournament is None
        life.finish(table, fair.committed() if again else None)
        details = face.outcome_details(live, outcome)
        if table.challenge is not None:  # its standings rank by the moves it took too
            details = {**details, "moves": table.moves}
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
        box = self.outboxes.of(table_id)
        if pending is not None:
            box.kick()
        if not applied.new_turn and text_changed:
            box.table_text_changed()  # who has chosen: the turn message's text, in place


def _rated(table: Table, outcome: Outcome | None) -> ratings.Placed | None:
    """The rated seats of a game that ended; none for a challenge's entry (every member plays
    the same deal, which the first to finish could tell the others)."""
    if outcome is None or table.challenge is not None:
        return None
    return ratings.rated_seats(table, outcome)
