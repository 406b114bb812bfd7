"""Colourist, as the game protocol (`engine.protocol.Game`) sees it: a thin face over the rules.

Moves: `Choose(card)` (a colour, or `joker`) by any seat that has not chosen this round;
`Keep(noun, adjective)` by the colourist on a double field, before anyone chooses.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from ..fair import DealsFrom
from ..protocol import Game, Json, Judgement, Outcome, SeatOutcome, TurnStructure
from . import game, record
from .game import CARDS, SEAT_RANGE, Choose, ColouristState, Keep, Move
from .view import ColouristView, view
from .words import WordList, shipped_words


class ColouristOptions(BaseModel):
    """What `/colourist new` chooses for a game."""

    model_config = ConfigDict(frozen=True)

    length: Literal["short", "normal", "long"] = "normal"


class ColouristGame(DealsFrom):
    deals = "engine.colourist.fair"  # its deals, checked by `pop-bot verify`
    key = "colourist"
    record_format = record.FORMAT
    options_model: type[ColouristOptions] = ColouristOptions
    turns: TurnStructure = "simultaneous"
    state_type: type[ColouristState] = ColouristState

    def __init__(self, words: WordList | None = None) -> None:
        self._words = words  # None: the shipped list, read when first needed

    @property
    def words(self) -> WordList:
        return self._words if self._words is not None else shipped_words()

    def seat_range(self, options: ColouristOptions) -> tuple[int, int]:
        return SEAT_RANGE

    def start(self, options: ColouristOptions, seats: Sequence[str], seed: int) -> ColouristState:
        return self.start_with_events(options, seats, seed)[0]

    def start_with_events(
        self, options: ColouristOptions, seats: Sequence[str], seed: int
    ) -> tuple[ColouristState, list[Any]]:
        """`start`, with the events of the set-up (round 1 started, its word shown)."""
        events: list[Any] = []
        state = game.new_game(
            seats,
            self.words.ids(game.NOUN),
            self.words.ids(game.ADJECTIVE),
            length=options.length,
            seed=seed,
            events=events,
        )
        return state, events

    def to_act(self, state: ColouristState) -> frozenset[str]:
        return game.to_act(state)

    def turn(self, state: ColouristState) -> int:
        """Rounds revealed (two turns each: its phrase kept, its cards revealed); a card laid
        face down is no turn."""
        kept = state.phase == "choosing" and len(state.drawn) == sum(
            game.DRAWS[game.DOUBLE].values()
        )
        return 2 * len(state.rounds) + kept

    def legal_moves(self, state: ColouristState, seat: str) -> list[Move]:
        """The colourist's four phrases on a double field; else the cards the seat may lay."""
        if state.phase == "picking":
            if seat != state.colourist:
                return []
            return [Keep(noun, adjective) for noun in (0, 1) for adjective in (0, 1)]
        return [Choose(card) for card in game.playable(state, seat)]

    def apply(
        self, state: ColouristState, seat: str, move: Move
    ) -> tuple[ColouristState, list[object]]:
        after, events = game.apply(state, seat, move)
        return after, list(events)

    def view(self, state: ColouristState, seat: str | None) -> ColouristView:
        return view(state, seat)

    def outcome(self, state: ColouristState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(
            "colourist",
            tuple(
                SeatOutcome(
                    seat,
                    seat in state.winners,
                    state.positions[seat],
                    {
                        "position": state.positions[seat],
                        "joker": state.jokers[seat],
                        "rounds": len(state.rounds),
                    },
                )
                for seat in state.seats
            ),
        )

    def ai_move(self, view: ColouristView, level: str, seed: int) -> Move:
        from . import ai  # here: reading and replaying records never loads the AI

        return ai.choose_move(view, level, seed, self.words)

    def judge(self, view: ColouristView, seed: int, made: Move | None = None) -> Judgement:
        """The expert's reading of a decision in "points": each move's expected margin (the
        seat's field minus the best other field) after the round, final when the game ends
        there, plus what a Joker still held is worth later (`expert`); `made` as itself."""
        from . import expert

        return expert.judge(view, seed, self.words, made)

    def export_record(self, state: ColouristState) -> dict[str, Json]:
        return record.export_record(state)

    def replay_summary(self, record_: Json) -> dict[str, Json]:
        return record.replay_summary(record_)

    def dump_state(self, state: ColouristState) -> str:
        return state.to_json().decode()

    def load_state(self, text: str) -> ColouristState:
        return ColouristState.from_json(text)

    def dump_move(self, move: Move) -> Json:
        if isinstance(move, Keep):
            return {"keep": {"noun": move.noun, "adjective": move.adjective}}
        return {"choose": move.card}

    def load_move(self, data: Json) -> Move:
        """{"choose": card} or {"keep": {"noun": 0|1, "adjective": 0|1}}; ValueError else."""
        if (
            isinstance(data, dict)
            and set(data) == {"choose"}
            and isinstance(data["choose"], str)
            and data["choose"] in CARDS
        ):
            return Choose(data["choose"])
        if isinstance(data, dict) and set(data) == {"keep"}:
            keep = data["keep"]
            if (
                isinstance(keep, dict)
                and set(keep) == {"noun", "adjective"}
                and all(type(keep[k]) is int and keep[k] in (0, 1) for k in keep)
            ):
                return Keep(keep["noun"], keep["adjective"])
        raise ValueError(f"not a Colourist move: {data!r}"[:200])

    def named_move(self, name: str, arg: str | None) -> Move | None:
        """`card` with a card (`red`, `joker`); `keep` with the noun's and the adjective's
        places as two digits (`01`)."""
        if name == "card":
            if arg not in CARDS:
                raise ValueError(f"not a card: {arg!r:.20}")
            return Choose(arg)
        if name != "keep":
            return None
        if arg is None or len(arg) != 2 or any(c not in "01" for c in arg):
            raise ValueError(f"not two places: {arg!r:.20}")
        return Keep(int(arg[0]), int(arg[1]))

    def move_name(self, move: Move) -> tuple[str, str | None]:
        if isinstance(move, Keep):
            return "keep", f"{move.noun}{move.adjective}"
        return "card", move.card


COLOURIST = ColouristGame()
_PROTOCOL: Game[ColouristOptions, ColouristState, Move, ColouristView] = COLOURIST  # for mypy
