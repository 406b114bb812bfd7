"""A finished game found again at its table, for Replay (`bot.tables.replays`) and Review
(`bot.tables.reviews`): one way to find it, from its record alone.

The table's last game is its state, when it is over; an earlier one (and the last one too, move
by move) is replayed from its stored moves and the seed the table kept when it ended
(`Table.replays`). A game still being played is neither replayed nor reviewed (it would show
secrets); a private game is its player's alone; an entry of a challenge still open waits for
the challenge's end (every other entry plays its deal).

Each refusal is said in the words of the feature that asked (its `Said`: "replay.running",
"review.running"...).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.model import fair
from bot.model.posts import Refusal
from bot.model.table import Table

from .held import TableCache

log = logging.getLogger("pop.finished")


@dataclass(frozen=True)
class Said:
    """A feature's refusals (catalogue keys, named in its `texts(...)`): the game is still
    played, never ended, no longer kept, or private."""

    running: str
    unfinished: str
    gone: str
    private: str


@dataclass(frozen=True)
class Step:
    """One move of a finished game: who made it, the move, and the game's state before it."""

    seat: str
    move: object
    before: object


@dataclass(frozen=True)
class Played:
    """A finished game replayed from its record: every move, in order, and its end."""

    steps: tuple[Step, ...]
    end: object


class FinishedGames:
    """The finished games of every table, as their records give them back."""

    def __init__(self, held: TableCache) -> None:
        self.held = held

    async def ended(
        self, table_id: int, game_no: int, user_id: int, words: Said
    ) -> tuple[Table, object | None]:
        """The table, when its game `game_no` is over and `user_id` may look back at it, and
        that game's end when it is the table's last (None: an earlier game, see `played`).
        `words`: the feature asking, whose refusals are said."""
        live = self.held.cache.get(table_id)
        table, state = (
            (live.table, live.state) if live is not None else await self._stored(table_id)
        )
        if not table.visible_to(user_id):
            raise Refusal(words.private)
        await self._not_before_its_challenge_ends(table)
        if game_no != table.games:
            if game_no < 1 or game_no > table.games:
                raise Refusal("refusal.invalid_button")  # no such game
            return table, None
        if table.status in ("lobby", "playing"):
            raise Refusal(words.running)
        if state is None or self.held.face(table).outcome(state) is None:
            raise Refusal(words.unfinished)
        return table, state

    async def played(self, table: Table, game_no: int, words: Said) -> Played:
        """Game `game_no` (over: `ended` said so) replayed from its seed and stored moves."""
        seed = table.replays.get(game_no)
        if seed is None and game_no == table.games:
            seed = fair.game_seed(table)  # the last game: the table's own seed
        if seed is None:
            raise Refusal(words.gone)  # ended before replays were kept, or long ago
        face = self.held.face(table)
        moves = await self.held.store.moves(table.id, game_no)
        steps = []
        try:
            state = face.deal(table, seed)
            for seat, stored in moves:
                move = face.load_move(stored)
                steps.append(Step(seat, move, state))
                state = face.apply(state, seat, move).after
        except Exception as e:  # a game whose moves no longer replay
            log.warning("table %s: game %s does not replay (%s)", table.id, game_no, e)
            raise Refusal(words.gone) from None
        if face.outcome(state) is None:
            raise Refusal(words.gone)
        return Played(tuple(steps), state)

    async def _not_before_its_challenge_ends(self, table: Table) -> None:
        """An entry of a challenge still open is not looked back at: every other entry plays
        its deal (an Enigma's, private, is its player's alone)."""
        if table.challenge is None or table.private:
            return
        challenge = await self.held.store.challenge(table.challenge)
        if challenge is not None and challenge.stage == "open":
            raise Refusal("challenge.replay_later", id=table.challenge)

    async def _stored(self, table_id: int) -> tuple[Table, object]:
        """A table read from the database, not held (a finished one needs no keeping)."""
        found = await self.held.store.load(table_id)
        if found is None or found[0].game not in self.held.faces:
            raise Refusal("refusal.no_table")
        table, state = found
        return table, self.held.face(table).load_state(state) if state else None
