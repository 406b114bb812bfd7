"""Four in a row's rules (`RULES.md`), as the game protocol (`engine.protocol.Game`) sees them.
Pure and deterministic, like every engine: no Discord, no pictures."""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict, TypeAdapter

from engine.protocol import Json, Outcome, RecordError, RuleError, SeatOutcome, TurnStructure
from engine.records import JsonRules, NotJson, value_of

STRICT_JSON = JsonRules()  # a record is plain JSON (RFC 8259): no NaN, no huge numbers

COLUMNS, ROWS, LINE = 6, 5, 4
FORMAT = "fourrow-record/1"
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))  # across, up, and both diagonals


class FourRowOptions(BaseModel):
    model_config = ConfigDict(frozen=True)


@dataclass(frozen=True)
class Drop:
    column: int  # 1..6


class Dropped(NamedTuple):
    seat: str
    column: int
    row: int  # 1..5, from the bottom


class Won(NamedTuple):
    seat: str
    line: tuple[tuple[int, int], ...]


class Drawn(NamedTuple):
    moves: int


class NotYourTurn(RuleError):
    code = "not_your_turn"


class ColumnFull(RuleError):
    code = "column_full"


class GameOver(RuleError):
    code = "not_playing"


@dataclass(slots=True)
class FourRowState:
    seats: list[str]
    first: str
    columns: list[list[int]] = field(default_factory=lambda: [[] for _ in range(COLUMNS)])
    drops: list[int] = field(default_factory=list)  # the record: columns, in play order
    winner: str | None = None
    line: list[tuple[int, int]] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return self.winner is not None or len(self.drops) == COLUMNS * ROWS

    @property
    def on_turn(self) -> str | None:
        if self.over:
            return None
        first = self.seats.index(self.first)
        return self.seats[(first + len(self.drops)) % 2]


_ADAPTER = TypeAdapter(FourRowState)


@dataclass(frozen=True)
class FourRowView:
    """Everything at this table is public."""

    seats: tuple[str, ...]
    columns: tuple[tuple[int, ...], ...]  # seat index per token, bottom first
    on_turn: str | None
    moves: int
    last: tuple[int, int] | None  # (column, row) of the last drop
    winner: str | None
    line: tuple[tuple[int, int], ...]
    over: bool

    def legal(self) -> list[int]:
        return [c + 1 for c in range(COLUMNS) if len(self.columns[c]) < ROWS and not self.over]


def _line_through(columns: list[list[int]], column: int, row: int) -> list[tuple[int, int]]:
    """The cells of a line of four or more through (column, row), both from 0; [] if none."""
    who = columns[column][row]

    def owner(c: int, r: int) -> int | None:
        return columns[c][r] if 0 <= c < COLUMNS and 0 <= r < len(columns[c]) else None

    for dc, dr in DIRECTIONS:
        cells = [(column, row)]
        for sign in (1, -1):
            c, r = column + sign * dc, row + sign * dr
            while owner(c, r) == who:
                cells.append((c, r))
                c, r = c + sign * dc, r + sign * dr
        if len(cells) >= LINE:
            return sorted(cells)
    return []


def drop(state: FourRowState, seat: str, column: int) -> list[object]:
    """Drop `seat`'s token in `column` (from 1). Mutates `state`."""
    if state.over:
        raise GameOver("the game is over", seat)
    if seat != state.on_turn:
        raise NotYourTurn(f"it is {state.on_turn}'s turn", seat)
    if not 1 <= column <= COLUMNS or len(state.columns[column - 1]) >= ROWS:
        raise ColumnFull(f"column {column} is full", seat, column=column)
    stack = state.columns[column - 1]
    stack.append(state.seats.index(seat))
    state.drops.append(column)
    events: list[object] = [Dropped(seat, column, len(stack))]
    line = _line_through(state.columns, column - 1, len(stack) - 1)
    if line:
        state.winner, state.line = seat, [(c + 1, r + 1) for c, r in line]
        events.append(Won(seat, tuple(state.line)))
    elif len(state.drops) == COLUMNS * ROWS:  # the board is full
        events.append(Drawn(len(state.drops)))
    return events


class FourRowGame:
    key = "fourrow"
    record_format = FORMAT
    options_model: type[FourRowOptions] = FourRowOptions
    turns: TurnStructure = "sequential"
    state_type: type[FourRowState] = FourRowState

    def seat_range(self, options: FourRowOptions) -> tuple[int, int]:
        return 2, 2

    def start(self, options: FourRowOptions, seats: Sequence[str], seed: int) -> FourRowState:
        if len(seats) != 2:
            raise ValueError("four in a row is played by two seats")
        return FourRowState(list(seats), seats[seed % 2])

    def to_act(self, state: FourRowState) -> frozenset[str]:
        return frozenset() if state.on_turn is None else frozenset({state.on_turn})

    def turn(self, state: FourRowState) -> int:
        return len(state.drops)

    def legal_moves(self, state: FourRowState, seat: str) -> list[Drop]:
        return [Drop(c) for c in self.view(state, None).legal()] if seat == state.on_turn else []

    def apply(
        self, state: FourRowState, seat: str, move: Drop
    ) -> tuple[FourRowState, list[object]]:
        new = copy.deepcopy(state)
        return new, drop(new, seat, move.column)

    def view(self, state: FourRowState, seat: str | None) -> FourRowView:
        last = None
        if state.drops:
            column = state.drops[-1]
            last = (column, len(state.columns[column - 1]))
        return FourRowView(
            tuple(state.seats),
            tuple(tuple(c) for c in state.columns),
            state.on_turn,
            len(state.drops),
            last,
            state.winner,
            tuple(state.line),
            state.over,
        )

    def outcome(self, state: FourRowState) -> Outcome | None:
        if not state.over:
            return None
        return Outcome(
            "fourrow",
            tuple(SeatOutcome(s, s == state.winner, int(s == state.winner)) for s in state.seats),
        )

    def ai_move(self, view: FourRowView, level: str, seed: int) -> Drop:
        """Win if it can, else stop the other seat's win, else the column nearest the middle."""
        me = view.seats.index(view.on_turn or view.seats[0])
        legal = view.legal()
        for who in (me, 1 - me):
            for column in legal:
                columns = [list(c) for c in view.columns]
                columns[column - 1].append(who)
                if _line_through(columns, column - 1, len(columns[column - 1]) - 1):
                    return Drop(column)
        return Drop(min(legal, key=lambda c: (abs(c - 3.5), (c + seed) % COLUMNS)))

    def export_record(self, state: FourRowState) -> dict[str, Json]:
        return {
            "format": FORMAT,
            "players": state.seats,
            "first": state.first,
            "drops": state.drops,
        }

    def replay_summary(self, record: Json) -> dict[str, Json]:
        """Of a parsed record, or of a `Reading` of its text (`pop-bot replay` reads once)."""
        try:
            value = value_of(record, STRICT_JSON)
        except NotJson as e:
            raise RecordError(f"format: {e}") from None
        state = replay(value)
        line = [list(cell) for cell in state.line]
        return {"winner": state.winner, "moves": len(state.drops), "line": line}

    def dump_state(self, state: FourRowState) -> str:
        return _ADAPTER.dump_json(state).decode()

    def load_state(self, text: str) -> FourRowState:
        return _ADAPTER.validate_json(text)

    def dump_move(self, move: Drop) -> Json:
        return {"drop": move.column}

    def load_move(self, data: Json) -> Drop:
        if isinstance(data, dict) and set(data) == {"drop"} and type(data["drop"]) is int:
            return Drop(data["drop"])
        raise ValueError(f"not a four-in-a-row move: {json.dumps(data)[:80]}")

    def named_move(self, name: str, arg: str | None) -> Drop | None:
        """`drop` with a column (`0` to `6`)."""
        if name != "drop":
            return None
        if arg is None or not arg.isdigit() or len(arg) != 1:
            raise ValueError(f"not a column: {arg!r:.20}")
        return Drop(int(arg))

    def move_name(self, move: Drop) -> tuple[str, str | None]:
        return "drop", str(move.column)


def replay(record: Json) -> FourRowState:
    """The game a record tells, checked rule by rule (RULES.md); RecordError on one line."""
    if not isinstance(record, dict) or set(record) != {"format", "players", "first", "drops"}:
        raise RecordError("format: a four-in-a-row record has format, players, first and drops")
    if record["format"] != FORMAT:
        raise RecordError(f"format: 'format' must be {FORMAT!r}")
    players = record["players"]
    if not (
        isinstance(players, list)
        and len(players) == 2
        and all(isinstance(p, str) and p for p in players)
        and players[0] != players[1]
    ):
        raise RecordError("players: two distinct non-empty names")
    if record["first"] not in players:
        raise RecordError("first: not one of the players")
    drops = record["drops"]
    if not isinstance(drops, list):
        raise RecordError("drop: 'drops' is not a list")
    state = FourRowState(list(players), record["first"])
    for n, column in enumerate(drops, 1):
        seat = state.on_turn
        if seat is None or type(column) is not int:
            raise RecordError(f"drop: drop {n} is not a column, or follows the end")
        try:
            drop(state, seat, column)
        except RuleError as e:
            raise RecordError(f"drop: drop {n}: {e}") from None
    if not state.over:
        raise RecordError("unfinished: the drops end before the game does")
    return state


FOURROW = FourRowGame()
