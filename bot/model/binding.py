"""A game bound to the table layer: its options, states and moves through the protocol.

The first half of every face (`bot.tables.faces.GameFace` stands on it): what the table layer asks of
a game (deal, apply a move and tell whether a new turn began, replay, the record, an AI job),
typed by the game's own parameters. It says nothing: the posts are the face's.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar, cast

from pydantic import BaseModel

from engine.protocol import (
    Game,
    Json,
    Judgement,
    Outcome,
    TurnStructure,
    ai_move_json,
    judge_json,
    judgement_from_json,
)

from . import fair
from .posts import Refusal
from .table import LiveTable, Pending, Seat, Table

O = TypeVar("O", bound=BaseModel)  # noqa: E741  (the four type parameters of a game)
S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")

AiJob = tuple[Callable[..., Json], tuple[object, ...]]  # a picklable function and its arguments


def seed_of(*parts: object) -> int:
    """A stable 64-bit seed (an AI decision is the same whenever it is remade)."""
    return int.from_bytes(hashlib.sha256(":".join(map(str, parts)).encode()).digest()[:8], "big")


@dataclass(frozen=True)
class Applied:
    """A move applied: the new state, its events, and whether a new turn began with it."""

    after: object
    events: list[object]
    new_turn: bool
    outcome: Outcome | None


@dataclass(frozen=True)
class Moved:
    """A move made: by which seat, the game's state before it, the table after it, and
    whether a new turn began with it."""

    seat: Seat
    before: object
    live: LiveTable
    new_turn: bool


class GameBinding(Generic[O, S, M, V]):
    """A game, for the table layer: `game` binds it."""

    game: Game[O, S, M, V]

    @property
    def key(self) -> str:
        return self.game.key

    @property
    def record_format(self) -> str:
        return self.game.record_format

    @property
    def turns(self) -> TurnStructure:
        return self.game.turns

    def options(self, table: Table) -> O:
        """The table's game options, as the game's options model."""
        return self.game.options_model.model_validate(table.options)

    def state_of(self, live: LiveTable) -> S:
        """The table's game state (it is playing, or over)."""
        return self.narrow(live.state)

    def narrow(self, state: object) -> S:
        """A state the table layer holds, as this game's own (it only ever holds its own)."""
        kind = self.game.state_type
        if not isinstance(state, kind):
            raise TypeError(f"{self.key}: not a {kind.__name__}: {type(state)}")
        return state

    def seat_range(self, table: Table) -> tuple[int, int]:
        """The seats the table may start with: its mode's, or a challenge group's exactly."""
        if table.group_seats is not None:
            return table.group_seats, table.group_seats
        return self.game.seat_range(self.options(table))

    def deal(self, table: Table, seed: int) -> object:
        return self.game.start(self.options(table), [s.id for s in table.seats], seed)

    def load_state(self, text: str) -> object:
        return self.game.load_state(text)

    def dump_state(self, state: object) -> str:
        return self.game.dump_state(self.narrow(state))

    def to_act(self, state: object) -> frozenset[str]:
        return self.game.to_act(self.narrow(state))

    def legal_moves(self, state: object, seat_id: str) -> list[object]:
        """Everything `seat_id` may do now (the one list the buttons, the AI and the refusals
        agree on)."""
        return list(self.game.legal_moves(self.narrow(state), seat_id))

    def named_move(self, name: str, arg: str | None) -> object | None:
        """The move a control names (None: the name is none of the game's moves); a name
        whose argument makes no move is a button that is not valid."""
        try:
            return self.game.named_move(name, arg)
        except ValueError:
            raise Refusal("refusal.invalid_button") from None

    def load_move(self, data: Json) -> object:
        """A stored (or AI-made) move, read back once."""
        return self.game.load_move(data)

    def narrow_move(self, move: object) -> M:
        """A move the table layer holds, as this game's own (it only ever holds its own: read
        by `named_move` or `load_move`)."""
        return cast(M, move)

    def dump_move(self, move: object) -> Json:
        return self.game.dump_move(self.narrow_move(move))

    def apply(self, state: object, seat: str, move: object) -> Applied:
        """`seat`'s move applied; RuleError when the rules forbid it."""
        before = self.narrow(state)
        after, events = self.game.apply(before, seat, self.narrow_move(move))
        new_turn = self.game.turn(after) != self.game.turn(before)
        return Applied(after, events, new_turn, self.game.outcome(after))

    def replay(self, table: Table, moves: Sequence[tuple[str, Json]]) -> list[Pending]:
        """The current game's moves played again from its seed: each move's posts to make
        (the engine is deterministic: the same seed and moves give the same events), and the
        epoch each was made in (the table's, less the new turns begun since)."""
        state: object = self.deal(table, fair.game_seed(table))
        made: list[tuple[object, Applied]] = []
        for seat, move in moves:
            applied = self.apply(state, seat, self.load_move(move))
            made.append((state, applied))
            state = applied.after
        epochs, epoch = [], table.epoch
        for _, applied in reversed(made):
            epoch -= applied.new_turn
            epochs.append(epoch)
        return [
            Pending(table.games, seq, before, a.events, a.after, a.new_turn, turn_epoch)
            for seq, ((before, a), turn_epoch) in enumerate(
                zip(made, reversed(epochs), strict=True), 1
            )
        ]

    def outcome(self, state: object) -> Outcome | None:
        return self.game.outcome(self.narrow(state))

    def turn_of(self, state: object) -> int:
        """The turns the table had moved through at `state` (the protocol's `turn`)."""
        return self.game.turn(self.narrow(state))

    def export_record(self, state: object) -> dict[str, Json]:
        return self.game.export_record(self.narrow(state))

    def ai_job(self, live: LiveTable, seat: Seat) -> AiJob:
        """(function, arguments) computing the AI's move for `seat` (as JSON), from its view only;
        the seed is the same whenever the same decision is remade."""
        table = live.table
        view = self.game.view(self.state_of(live), seat.id)
        seed = seed_of(table.id, table.games, table.version, seat.id)
        return ai_move_json, (self.game, view, table.settings.ai_level, seed)

    def judge_job(
        self, state: object, seat_id: str, seed: int, made: object | None = None
    ) -> AiJob:
        """(function, arguments) judging `seat_id`'s decision in `state` as the expert does (its
        move, the best other, and `made`), from that seat's view only: a hint, a review. The
        answer is JSON: `judgement` reads it back."""
        view = self.game.view(self.narrow(state), seat_id)
        dumped = None if made is None else self.game.dump_move(self.narrow_move(made))
        return judge_json, (self.game, view, seed, dumped)

    def judgement(self, data: Json) -> Judgement:
        return judgement_from_json(self.game, data)
