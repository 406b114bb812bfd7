"""Colorpop, as the game protocol (`engine.protocol.Game`) sees it: a thin face over the rules.

A move is the cell a seat picks (`ColorpopMove("C3")`): any coloured token of a legal group.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..fair import DealsFrom
from ..protocol import Game, Json, Judgement, Outcome, SeatOutcome, TurnStructure, judgement_of
from . import game, record, rules
from .rules import Cell, Group
from .state import ColorpopState
from .view import ColorpopView, view

ColorpopMode = Literal["competitive", "solo", "duel", "teams"]


class ColorpopOptions(BaseModel):
    """What `/colorpop new` chooses for a game."""

    model_config = ConfigDict(frozen=True)

    mode: ColorpopMode = "competitive"
    solo_colours: int = Field(1, ge=1, le=5)  # solo only: more secret colours is harder (§6)


@dataclass(frozen=True, slots=True)
class ColorpopMove:
    """The picked cell as the page names it: rail A–J and row 1–10, e.g. "C3"."""

    cell: str

    def __post_init__(self) -> None:
        if rules.parse_cell(self.cell) is None:
            raise ValueError(f"not a cell (A1 to J10): {self.cell!r}")

    @classmethod
    def at(cls, cell: Cell) -> ColorpopMove:
        """The move picking (rail, row), both counted from 0."""
        return cls(rules.cell_name(cell))

    @classmethod
    def picking(cls, group: Group) -> ColorpopMove:
        """The move that picks `group` from a list (a button of §7): at its anchor, the cell
        the bot records."""
        return cls.at(group.anchor)

    @property
    def position(self) -> Cell:
        """(rail 0..9, row 0..9)."""
        cell = rules.parse_cell(self.cell)
        assert cell is not None
        return cell


class ColorpopGame(DealsFrom):
    deals = "engine.colorpop.fair"  # its deals, checked by `pop-bot verify`
    key = "colorpop"
    record_format = record.FORMAT
    options_model: type[ColorpopOptions] = ColorpopOptions
    turns: TurnStructure = "sequential"
    state_type: type[ColorpopState] = ColorpopState

    def seat_range(self, options: ColorpopOptions) -> tuple[int, int]:
        return game.SEAT_RANGE[options.mode]

    def start(self, options: ColorpopOptions, seats: Sequence[str], seed: int) -> ColorpopState:
        return game.new_game(
            options.mode, seats, seed, options.solo_colours if options.mode == "solo" else 1
        )

    def to_act(self, state: ColorpopState) -> frozenset[str]:
        on_turn = game.seat_on_turn(state)
        return frozenset() if on_turn is None else frozenset((on_turn,))

    def turn(self, state: ColorpopState) -> int:
        """Every pick is a turn of its own."""
        return state.version

    def legal_moves(self, state: ColorpopState, seat: str) -> list[ColorpopMove]:
        """Every coloured token of every legal group, for the seat on turn (any of them picks
        its group; a joker picks nothing, §3)."""
        if seat != game.seat_on_turn(state):
            return []
        return [
            ColorpopMove.at(cell)
            for group in rules.legal_groups(state.board)
            for cell in group.cells
            if rules.token_at(state.board, cell) != rules.JOKER
        ]

    def apply(
        self, state: ColorpopState, seat: str, move: ColorpopMove
    ) -> tuple[ColorpopState, list[object]]:
        after, events = game.apply(state, seat, move.position)
        return after, list(events)

    def view(self, state: ColorpopState, seat: str | None) -> ColorpopView:
        return view(state, seat)

    def outcome(self, state: ColorpopState) -> Outcome | None:
        """Score: tokens of the seat's side's colours off the board (more is better)."""
        if not state.over:
            return None
        scores = game.seat_scores(state)
        results = []
        for i, seat in enumerate(state.seats):
            side = game.side_of(state.mode, len(state.seats), i)
            colours = game.side_colours(state, side)
            left, removed_own = scores[seat]
            details: dict[str, Json] = {
                "left": left,
                "removed_own": removed_own,
                "colours": list(colours),
                "end": state.end,
                "tie_break": state.tie_break,
            }
            results.append(
                SeatOutcome(
                    seat,
                    seat in state.winners,
                    rules.TOKENS_PER_COLOUR * len(colours) - left,
                    details,
                )
            )
        return Outcome(state.mode, tuple(results))

    def ai_move(self, view: ColorpopView, level: str, seed: int) -> ColorpopMove:
        from . import ai  # here: reading and replaying records never loads the AI

        return ColorpopMove.at(ai.choose(view, level, random.Random(seed)))

    def judge(self, view: ColorpopView, seed: int, made: ColorpopMove | None = None) -> Judgement:
        """The expert's groups, each as its anchor's move; `made` as the move it was."""
        from . import expert

        group = None if made is None else rules.group_at(view.board, made.position)
        expert_seed = random.Random(seed).getrandbits(64)  # as ai_move hands it on
        valued = [(ColorpopMove.picking(g), v) for g, v in expert.values(view, expert_seed, group)]
        if made is not None and group is not None:
            valued = [(made if m == ColorpopMove.picking(group) else m, v) for m, v in valued]
        return judgement_of("wins", valued, made)

    def export_record(self, state: ColorpopState) -> dict[str, Json]:
        return record.export_record(state)

    def replay_summary(self, record_: Json) -> dict[str, Json]:
        return record.replay_summary(record_)

    def dump_state(self, state: ColorpopState) -> str:
        return state.to_json().decode()

    def load_state(self, text: str) -> ColorpopState:
        return ColorpopState.from_json(text)

    def dump_move(self, move: ColorpopMove) -> Json:
        return {"pick": move.cell}

    def load_move(self, data: Json) -> ColorpopMove:
        if not isinstance(data, dict) or set(data) != {"pick"}:
            raise ValueError(f"not a Colorpop move: {data!r:.80}")
        return ColorpopMove(data["pick"])  # ValueError unless a cell A1..J10

    def named_move(self, name: str, arg: str | None) -> ColorpopMove | None:
        """`pick` with a cell (`B2`)."""
        if name != "pick":
            return None
        return ColorpopMove(arg or "")  # ValueError unless a cell A1..J10

    def move_name(self, move: ColorpopMove) -> tuple[str, str | None]:
        return "pick", move.cell

    # Helpers for the table layer's two-step pick (§7); both work on a view.
    def legal_groups(self, view: ColorpopView) -> list[Group]:
        """Every legal group, in canonical colour order then by anchor (§7)."""
        return rules.legal_groups(view.board)

    def groups_in_rail(self, view: ColorpopView, rail: int) -> list[Group]:
        """The legal groups with a token in rail `rail` (0 = A), in §7's order."""
        return [g for g in rules.legal_groups(view.board) if any(r == rail for r, _ in g.cells)]


COLORPOP = ColorpopGame()
_PROTOCOL: Game[ColorpopOptions, ColorpopState, ColorpopMove, ColorpopView] = COLORPOP  # for mypy
