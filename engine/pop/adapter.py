"""Pop, as the game protocol (`engine.protocol.Game`) sees it: a thin face over the rules.

A move is the cards a seat picks (one, two in the two-player variant, five alone); a seat may
change its pick until the last seat has picked, which reveals and resolves the turn.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Sequence

from pydantic import BaseModel, ConfigDict, Field

from ..protocol import Json, Outcome, SeatOutcome
from . import ai, game, record
from .enigma import Puzzle, load_pack, puzzle_deal
from .events import Event
from .modes import MODES, Mode
from .results import CoopResult
from .state import PopState
from .view import TableView, view

PopMove = tuple[int, ...]


class PopOptions(BaseModel):
    """What `/pop new` (or `/pop enigma`) chooses for a game."""

    model_config = ConfigDict(frozen=True)

    mode: Mode = "competitive"
    sets: int = Field(3, ge=1, le=3)
    two_player_variant: bool | None = None  # None: the rules' default (on for two people)
    difficulty: int = Field(1, ge=1, le=4)  # solo: starting rows
    puzzle_id: str | None = None  # Enigma: the puzzle of the pack


@functools.cache
def enigma_pack() -> dict[str, Puzzle]:
    return {p.id: p for p in load_pack()}


class PopGame:
    key: str = "pop"
    record_format: str = record.FORMAT
    options_model: type[BaseModel] = PopOptions

    def seat_range(self, options: BaseModel) -> tuple[int, int]:
        assert isinstance(options, PopOptions)
        return MODES[options.mode].seats

    def start(self, options: BaseModel, seats: Sequence[str], seed: int) -> PopState:
        assert isinstance(options, PopOptions)
        puzzle = None
        if MODES[options.mode].needs_puzzle:
            if options.puzzle_id not in enigma_pack():
                raise ValueError(f"no puzzle {options.puzzle_id!r} in the pack")
            puzzle = puzzle_deal(enigma_pack()[options.puzzle_id], seats[0])
        return game.new_game(
            options.mode,
            seats,
            seed=seed,
            sets=options.sets,
            puzzle=puzzle,
            two_player_variant=options.two_player_variant,
            difficulty=options.difficulty,
        )

    def to_act(self, state: PopState) -> frozenset[str]:
        if state.phase != "choosing":
            return frozenset()
        return frozenset(s for s in state.seats if s not in state.choices)

    def apply(self, state: PopState, seat: str, move: PopMove) -> tuple[PopState, list[Event]]:
        return game.apply(state, seat, list(move))

    def view(self, state: PopState, seat: str | None) -> TableView:
        return view(state, seat)

    def outcome(self, state: PopState) -> Outcome | None:
        if state.phase != "over":
            return None
        totals = game.totals(state)
        result = state.result
        details: dict[str, Json] = {"sets": len(state.set_scores)}
        if isinstance(result, CoopResult):
            details["level"] = result.level
        elif state.spec.difficulties:
            details["difficulty"] = state.difficulty
        return Outcome(
            state.mode,
            tuple(
                SeatOutcome(seat, seat in state.winners, totals[seat], details)
                for seat in state.seats
            ),
        )

    def ai_move(
        self, view: TableView, level: str, seed: int, signals: Iterable[ai.Signal] = ()
    ) -> PopMove:
        """The AI's pick; cooperative tables pass their public signals (§6 table talk)."""
        return tuple(ai.choose_cards(view, level, random.Random(seed), signals))

    def export_record(self, state: PopState) -> dict[str, Json]:
        return record.export_record(state)

    def replay_summary(self, record_: Json) -> dict[str, Json]:
        return record.replay_summary(record_)

    def dump_state(self, state: PopState) -> str:
        return state.to_json().decode()

    def load_state(self, text: str) -> PopState:
        return PopState.from_json(text)

    def dump_move(self, move: PopMove) -> Json:
        return list(move)

    def load_move(self, data: Json) -> PopMove:
        if (
            not isinstance(data, list)
            or not 1 <= len(data) <= 5
            or not all(type(c) is int and 1 <= c <= 50 for c in data)
        ):
            raise ValueError(f"not a Pop pick: {data!r}")
        return tuple(data)


POP = PopGame()
