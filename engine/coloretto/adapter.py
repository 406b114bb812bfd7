"""Coloretto, as the game protocol (`engine.protocol.Game`) sees it: a thin face over the rules.

A live move is `Draw()`, `Place(row)` (the card just drawn) or `Take(row)`, rows from 1. As
JSON: `{"draw": null}`, `{"place": row}`, `{"take": row}`.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from ..fair import DealsFrom
from ..protocol import Game, Json, Judgement, Outcome, SeatOutcome, TurnStructure
from . import game, record
from .cards import MAX_PLAYERS, MIN_PLAYERS
from .game import Draw, Move, Place, Take
from .state import ColorettoState
from .view import TableView, view

MAX_ROWS = MAX_PLAYERS  # 5 rows at most (2 players: 3)


class ColorettoOptions(BaseModel):
    """What `/coloretto new` chooses: the expert values of §6, or the normal ones."""

    model_config = ConfigDict(frozen=True)

    expert: bool = False


class ColorettoGame(DealsFrom):
    deals = "engine.coloretto.fair"  # its deals, checked by `pop-bot verify`
    key = "coloretto"
    record_format = record.FORMAT
    options_model: type[ColorettoOptions] = ColorettoOptions
    turns: TurnStructure = "sequential"
    state_type: type[ColorettoState] = ColorettoState

    def seat_range(self, options: ColorettoOptions) -> tuple[int, int]:
        return MIN_PLAYERS, MAX_PLAYERS

    def start(self, options: ColorettoOptions, seats: Sequence[str], seed: int) -> ColorettoState:
        return game.new_game(seats, options.expert, seed)

    def to_act(self, state: ColorettoState) -> frozenset[str]:
        seat = game.current_player(state)
        return frozenset() if seat is None else frozenset({seat})

    def turn(self, state: ColorettoState) -> int:
        """A seat's turn is a take, or a draw and its placement: the draw only reveals a card
        within the turn (the record's actions are exactly the turns made)."""
        return len(state.actions)

    def legal_moves(self, state: ColorettoState, seat: str) -> list[Move]:
        return game.legal_moves(state) if seat == game.current_player(state) else []

    def apply(
        self, state: ColorettoState, seat: str, move: Move
    ) -> tuple[ColorettoState, list[object]]:
        after, events = game.apply(state, seat, move)
        return after, list(events)

    def view(self, state: ColorettoState, seat: str | None) -> TableView:
        return view(state, seat)

    def outcome(self, state: ColorettoState) -> Outcome | None:
        if not state.over:
            return None
        scores = game.scores(state)
        winners = game.winners(state)
        return Outcome(
            "expert" if state.expert else "normal",
            tuple(
                SeatOutcome(
                    p,
                    p in winners,
                    scores[p].total,
                    {
                        "jokers": list(scores[p].jokers),
                        "plus": dict(scores[p].plus),
                        "minus": dict(scores[p].minus),
                        "cotton": scores[p].cotton,
                        "collection": record.collection_in_card_order(state.collections[p]),
                    },
                )
                for p in state.players
            ),
        )

    def ai_move(self, view: TableView, level: str, seed: int) -> Move:
        from . import ai  # here: reading and replaying records never loads the AI

        return ai.choose(view, level, seed)

    def judge(self, view: TableView, seed: int, made: Move | None = None) -> Judgement:
        from . import expert

        return expert.judge(view, seed, made)

    def export_record(self, state: ColorettoState) -> dict[str, Json]:
        return record.export_record(state)

    def replay_summary(self, record_: Json) -> dict[str, Json]:
        return record.replay_summary(record_)

    def dump_state(self, state: ColorettoState) -> str:
        return state.to_json().decode()

    def load_state(self, text: str) -> ColorettoState:
        return ColorettoState.from_json(text)

    def dump_move(self, move: Move) -> Json:
        return dump_move(move)

    def load_move(self, data: Json) -> Move:
        return load_move(data)

    def named_move(self, name: str, arg: str | None) -> Move | None:
        """`draw`; `place` or `take` with a row number."""
        if name == "draw":
            if arg is not None:
                raise ValueError("draw takes no argument")
            return Draw()
        if name not in ("place", "take"):
            return None
        if arg is None or not arg.isdigit() or len(arg) > 1:
            raise ValueError(f"not a row: {arg!r:.20}")
        return load_move({name: int(arg)})

    def move_name(self, move: Move) -> tuple[str, str | None]:
        if isinstance(move, Draw):
            return "draw", None
        return ("place" if isinstance(move, Place) else "take"), str(move.row)


def dump_move(move: Move) -> Json:
    """A move as JSON: {"draw": null}, {"place": row} or {"take": row}."""
    if isinstance(move, Draw):
        return {"draw": None}
    return {"place" if isinstance(move, Place) else "take": move.row}


def load_move(data: Json) -> Move:
    """A move read back from JSON; ValueError when it is not one."""
    if type(data) is not dict or len(data) != 1:
        raise ValueError(f"not a Coloretto move: a {type(data).__name__}")
    ((kind, arg),) = data.items()
    if kind == "draw" and arg is None:
        return Draw()
    if kind in ("place", "take") and type(arg) is int and 1 <= arg <= MAX_ROWS:
        return Place(arg) if kind == "place" else Take(arg)
    raise ValueError(f"not a Coloretto move: a {type(data).__name__}")


COLORETTO = ColorettoGame()
_PROTOCOL: Game[ColorettoOptions, ColorettoState, Move, TableView] = COLORETTO  # checked by mypy
