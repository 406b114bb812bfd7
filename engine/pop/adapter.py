"""Pop, as the game protocol (`engine.protocol.Game`) sees it: a thin face over the rules.

A move is the cards a seat picks (one, two in the two-player variant, five alone); a seat may
change its pick until the last seat has picked, which reveals and resolves the turn. At a
cooperative table a seat may also talk (`Talk`): a colour it holds and the column it hopes
for (§6), heard by everyone in the view until the turn is revealed.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from ..fair import DealsFrom
from ..protocol import Game, Json, Judgement, Outcome, SeatOutcome, TurnStructure
from . import game, record
from .cards import COLOUR_NAMES, COLUMN_LETTERS
from .enigma import Puzzle, load_pack, puzzle_deal
from .modes import MODES, Mode
from .results import CoopResult
from .state import PopState
from .view import TableView, view

Pick = tuple[int, ...]  # the cards a seat picks, sorted


@dataclass(frozen=True, slots=True)
class Talk:
    """Co-op table talk (§6): a colour the seat holds and the Queue letter it hopes for."""

    colour: str
    column: str


PopMove = Pick | Talk


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


class PopGame(DealsFrom):
    deals = "engine.pop.fair"  # its deals, checked by `pop-bot verify`
    key: str = "pop"
    record_format: str = record.FORMAT
    options_model: type[PopOptions] = PopOptions
    turns: TurnStructure = "simultaneous"
    state_type: type[PopState] = PopState

    def seat_range(self, options: PopOptions) -> tuple[int, int]:
        return MODES[options.mode].seats

    def start(self, options: PopOptions, seats: Sequence[str], seed: int) -> PopState:
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

    def turn(self, state: PopState) -> int:
        """Turns revealed so far, over every set (a pick or table talk changes nothing)."""
        return sum(len(dealt.turns) for dealt in state.records)

    def legal_moves(self, state: PopState, seat: str) -> list[PopMove]:
        """Every pick of the seat's hand (a pick may be changed until the turn is revealed), and
        at a co-op table every colour it holds with every column."""
        if state.phase != "choosing" or seat not in state.hands:
            return []
        need = game.cards_to_choose(state)
        moves: list[PopMove] = list(itertools.combinations(sorted(state.hands[seat]), need))
        if state.spec.cooperative:
            held = game.held_colours(state, seat)
            moves += [Talk(colour, column) for colour in held for column in COLUMN_LETTERS]
        return moves

    def apply(self, state: PopState, seat: str, move: PopMove) -> tuple[PopState, list[object]]:
        if isinstance(move, Talk):
            new = state.copy()
            return new, list(game.talk(new, seat, move.colour, move.column))
        after, events = game.apply(state, seat, list(move))
        return after, list(events)

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

    def ai_move(self, view: TableView, level: str, seed: int) -> PopMove:
        """The AI's pick, from the seat's view (with this turn's table talk, §6)."""
        from . import ai  # here: reading and replaying records never loads the AI

        if level == "expert":
            from . import expert

            return expert.choose(view, seed)
        return tuple(ai.choose_cards(view, level, random.Random(seed)))

    def judge(self, view: TableView, seed: int, made: PopMove | None = None) -> Judgement:
        """The expert's reading of a pick (table talk is no pick: ValueError): the expected
        share of the win in competitive and Trick ("wins"); in points, the team's safe turns in
        co-op and the grid cards exploded in solo (`engine.pop.expert`); Enigma has none
        (ValueError)."""
        from . import expert

        if isinstance(made, Talk):
            raise ValueError("table talk is not a pick the expert judges")
        return expert.judge(view, seed, made)

    def export_record(self, state: PopState) -> dict[str, Json]:
        return record.export_record(state)

    def replay_summary(self, record_: Json) -> dict[str, Json]:
        return record.replay_summary(record_)

    def dump_state(self, state: PopState) -> str:
        return state.to_json().decode()

    def load_state(self, text: str) -> PopState:
        return PopState.from_json(text)

    def dump_move(self, move: PopMove) -> Json:
        """A pick as its list of cards; table talk as {"talk": {"colour": …, "column": …}}."""
        if isinstance(move, Talk):
            return {"talk": {"colour": move.colour, "column": move.column}}
        return list(move)

    def load_move(self, data: Json) -> PopMove:
        if isinstance(data, dict) and set(data) == {"talk"}:
            said = data["talk"]
            if (
                isinstance(said, dict)
                and set(said) == {"colour", "column"}
                and said["colour"] in COLOUR_NAMES
                and isinstance(said["column"], str)
                and len(said["column"]) == 1
                and said["column"] in COLUMN_LETTERS
            ):
                return Talk(said["colour"], said["column"])
            raise ValueError(f"not Pop table talk: {data!r:.80}")
        if (
            not isinstance(data, list)
            or not 1 <= len(data) <= 5
            or not all(type(c) is int and 1 <= c <= 50 for c in data)
        ):
            raise ValueError(f"not a Pop pick: {data!r:.80}")
        return tuple(data)

    def named_move(self, name: str, arg: str | None) -> PopMove | None:
        """`pick` with the cards (`3.27`); `say` with a colour and a Queue letter (`red.C`)."""
        if name not in ("pick", "say"):
            return None
        words = (arg or "").split(".")
        if name == "say":
            if len(words) != 2:
                raise ValueError(f"not table talk: {arg!r:.20}")
            return self.load_move({"talk": {"colour": words[0], "column": words[1]}})
        if not all(w.isdigit() and len(w) <= 2 for w in words):
            raise ValueError(f"not cards: {arg!r:.20}")
        return self.load_move([int(w) for w in words])

    def move_name(self, move: PopMove) -> tuple[str, str | None]:
        if isinstance(move, Talk):
            return "say", f"{move.colour}.{move.column}"
        return "pick", ".".join(map(str, move))


POP = PopGame()
_PROTOCOL: Game[PopOptions, PopState, PopMove, TableView] = POP  # checked by mypy
