"""A table's life, for every game, in one place: its status, its epoch and what it has posted
change here and nowhere else.

    lobby ──start──▶ playing ──last move──▶ finished ──rematch──▶ playing
      │                 │                        │
      └──cancel─────────┴──cancel / thread lost──┴──▶ cancelled (for good)

The epoch goes up whenever the table's controls go stale: the game is dealt, a new turn
begins, the table is cancelled or loses its thread. A click carrying an older epoch is
refused, and a finished turn's message is owed the removal of its buttons (`owed_edits`),
kept with the table until the outbox has made it. Every function changes the `Table` it is given (a copy, under the table's lock) and
nothing else; the caller commits it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .fair import game_seed
from .table import FairDeal, Status, Table

LEFT_ALONE = 3600.0  # seconds: a private game nobody touched for this long ends (said in /help)
STILL_HERE_EVERY = 300.0  # a click moves that end at most this often (a write, not one a click)
KEPT_REPLAYS = 50  # finished games of a table whose seed is kept for their Replay

# Where each status may go next.
NEXT: dict[Status, frozenset[Status]] = {
    "lobby": frozenset({"playing", "cancelled"}),
    "playing": frozenset({"finished", "cancelled"}),
    "finished": frozenset({"playing", "cancelled"}),
    "cancelled": frozenset(),
}


class LifeError(ValueError):
    """A transition the table's life does not have (a bug in the caller, never a player's)."""


def _become(table: Table, status: Status) -> None:
    if status not in NEXT[table.status]:
        raise LifeError(f"table {table.id}: no way from {table.status} to {status}")
    table.status = status


def deal(table: Table, seed: int, fair: FairDeal | None = None) -> None:
    """A game is dealt (Start in the lobby, or Rematch after the end): seats start afresh.
    `fair`: the secret it was dealt from and the ids it was dealt with (`bot.model.fair`)."""
    _become(table, "playing")
    table.games += 1
    table.seed = seed
    table.fair, table.fair_next = fair, None
    table.moves = 0
    new_turn(table)
    for seat in table.seats:
        seat.timeouts, seat.autoplay_epoch = 0, None
        seat.away_at_deal = seat.ai and seat.user_id is not None


def deal_private(table: Table) -> None:
    """A game played in its player's own messages (Pop's Enigma): dealt as it opens."""
    deal(table, 0)


def new_turn(table: Table) -> None:
    """The controls on the table's messages go stale (the turn message's buttons are owed a
    removal); the next turn's message is due."""
    if table.turn_message_epoch == table.epoch:
        _owe_edit(table, table.turn_message_id)
    table.epoch += 1
    table.turn_deadline = None
    table.warned = table.expired = table.text_owed = False


def seat_back(table: Table, seat_id: str) -> None:
    """A person whose seat the AI was playing (they were away, or left) presses a control of
    it: the seat is theirs again, and the timer's "three in a row" starts over."""
    seat = table.seat(seat_id)
    seat.ai, seat.timeouts, seat.away_at_deal = False, 0, False


def _owe_edit(table: Table, message_id: int | None) -> None:
    if message_id is not None and not table.private and message_id not in table.owed_edits:
        table.owed_edits.append(message_id)


def edit_made(table: Table, message_id: int) -> None:
    """A message owed an edit has had it (its buttons are gone)."""
    table.owed_edits = [m for m in table.owed_edits if m != message_id]


def finish(table: Table, rematch: FairDeal | None = None) -> None:
    """The last move was made (its turn began with it: the epoch is already new). `rematch`:
    the secret a rematch will be dealt from, committed now, before its Rematch press exists."""
    _become(table, "finished")
    table.fair_next = rematch
    # Its seed, for its Replay (public now: the game is over); the oldest kept goes first.
    kept = {**table.replays, table.games: game_seed(table)}
    table.replays = dict(sorted(kept.items())[-KEPT_REPLAYS:])


def cancel(table: Table) -> None:
    """The host cancelled, or the last person left: the table ends, its buttons go stale."""
    _become(table, "cancelled")
    table.epoch += 1


def lose_thread(table: Table) -> bool:
    """The table's thread was deleted: the table ends for good. False when it had ended
    already (nothing to announce)."""
    if table.status == "cancelled":
        return False
    cancel(table)
    table.paused = "gone"
    return True


def pause(table: Table, reason: str) -> None:
    """Discord refuses the table's posts (a lost permission): it waits until it may again."""
    table.paused = reason


def unpause(table: Table) -> None:
    table.paused = None


def moved_to_thread(table: Table, thread_id: int) -> None:
    """The table plays in its own thread from now on."""
    table.thread_id = thread_id


def lobby_posted(table: Table, message_id: int) -> None:
    table.lobby_message_id = message_id


def turn_due(table: Table) -> bool:
    """Does the table wait for the message of its new turn?"""
    return (
        table.status == "playing" and table.turn_message_epoch != table.epoch and not table.private
    )


def turn_posted(
    table: Table,
    message_id: int,
    epoch: int,
    deadline: float | None,
    captions: Sequence[tuple[int, str]] = (),
    moves: int | None = None,
) -> None:
    """The message of the turn of `epoch` is out (`captions`: the moves' captions it carries
    above the turn's text); its deadline starts now, if that turn is still the table's.
    `moves`: the table's moves its text was drawn after (its text is owed no edit if no move
    came since)."""
    if epoch == table.epoch and moves == table.moves:
        table.text_owed = False
    table.turn_message_id = message_id
    table.turn_message_epoch = epoch
    table.turn_captions = list(captions)
    if table.epoch != epoch:  # the table moved on while it was posted: stale at once
        _owe_edit(table, message_id)
    elif table.turn_deadline is None:
        table.turn_deadline, table.warned, table.expired = deadline, False, False


def text_behind(table: Table) -> None:
    """A move within the turn changed who has chosen: the turn message's text is owed an edit
    (a private game shows its turn in its player's own message: none)."""
    if not table.private:
        table.text_owed = True


def text_shown(table: Table) -> None:
    """The turn message's text shows every move made in the turn."""
    table.text_owed = False


def captions_added(table: Table, message_id: int, move: int, caption: str) -> None:
    """A move within the turn was added to the turn's message, its caption with it (once: a
    move added before a restart is not added again)."""
    if table.turn_message_id == message_id and all(m != move for m, _ in table.turn_captions):
        table.turn_captions.append((move, caption))


def message_deleted(table: Table, message_id: int) -> bool:
    """One of the table's messages was deleted (a moderator): no edit is owed it any more,
    and if it was the turn's message, the turn's message is due again. True if it mattered."""
    owed = message_id in table.owed_edits
    table.owed_edits = [m for m in table.owed_edits if m != message_id]
    if table.turn_message_id != message_id:
        return owed
    table.turn_message_id, table.turn_message_epoch, table.turn_captions = None, None, []
    table.turn_reposts += 1
    return True


def touched_private(table: Table, now: float) -> None:
    """A private game in play was changed (dealt, shown, played, clicked): it ends if nobody
    touches it again for `LEFT_ALONE` (its turn timer's deadline, which no AI ever meets)."""
    if table.private and table.status == "playing":
        table.turn_deadline = now + LEFT_ALONE


def still_here_due(table: Table, now: float) -> bool:
    """Should a click on this private game be written, to move its end (`touched_private`)?
    At most once every `STILL_HERE_EVERY`: rows are not written as fast as someone clicks."""
    deadline = table.turn_deadline
    return (
        table.private
        and table.status == "playing"
        and deadline is not None
        and deadline - now < LEFT_ALONE - STILL_HERE_EVERY
    )


def end_private(table: Table) -> None:
    """A private game left alone for `LEFT_ALONE`, or left by its player: it ends, unfinished
    (no AI takes a private seat, and no result is kept)."""
    cancel(table)


def private_turn_shown(table: Table, message_id: int) -> None:
    """A private table (no public message) shows its turn in the player's own message."""
    table.turn_message_id = message_id


def reminded(table: Table) -> None:
    """The seats still to act were reminded of this turn (once a turn)."""
    table.warned = True


def expire(table: Table) -> None:
    """This turn's time ran out: its timer has nothing more to do (until the next turn)."""
    table.expired = True
