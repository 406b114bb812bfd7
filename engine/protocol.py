"""The game protocol: the only thing the Discord table layer knows of a game.

Modelled on OpenSpiel's small State API and boardgame.io's `playerView`. A game is one object
(`Game`) of pure, deterministic functions over an immutable-by-convention state:

- `start(options, seats, seed)` deals a table; the RNG state lives inside the state, so the
  same options, seats, seed and moves always give the same game;
- `to_act(state)` says who must act now: every seat that has not chosen yet in a simultaneous
  game (Pop, Colourist), the one seat on turn in a sequential one (Coloretto, Colorpop);
- `apply(state, seat, move)` returns the next state and the typed events of that move, or
  raises a `RuleError` and changes nothing;
- `view(state, seat)` strips every secret `seat` may not see (`None`: spectators, pictures);
  everything a text or a picture shows is built from a view, never from the raw state;
- `outcome(state)` is `None` while the game runs, then who won and with what score;
- `ai_move(view, level, seed)` picks a move from what that seat can see, nothing more;
- the record: `record_format`, `export_record(state)` and `replay_summary(record)` (of a parsed
  record, or of an `engine.records.Reading` of its text, held to the page's reading of JSON);
- `dump_state`/`load_state` and `dump_move`/`load_move`: JSON for the database. A table's moves
  (seat, move) after `start` replay it exactly: that is what the database keeps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")
ViewT = TypeVar("ViewT")

Json = Any  # what json.loads gives back


class RuleError(Exception):
    """A move the rules forbid. The state is left exactly as it was.

    `code` is a short stable name (e.g. "not_in_hand") the table layer maps to a sentence in
    the player's language; `values` fill that sentence. No engine text reaches a player."""

    code: str = "rule"

    def __init__(self, message: str, seat: str | None = None, **values: object) -> None:
        super().__init__(message)
        self.seat = seat
        self.values = values


class RecordError(ValueError):
    """A game record that is not valid: `CODE: text` on one line, as the rules pages say."""


@dataclass(frozen=True)
class SeatOutcome:
    """How one seat ended a game: what the stats keep (details are the game's own, JSON)."""

    seat: str
    won: bool
    score: int
    details: Mapping[str, Json] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """A finished game: every seat's result, in seat order."""

    mode: str
    seats: tuple[SeatOutcome, ...]

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(s.seat for s in self.seats if s.won)

    def of(self, seat: str) -> SeatOutcome:
        return next(s for s in self.seats if s.seat == seat)


class Game(Protocol[StateT, MoveT, ViewT]):
    """One game's rules, as the table layer sees them. Every method is pure."""

    # Read-only (a class attribute of the game satisfies them):
    @property
    def key(self) -> str:
        """ "pop", "coloretto", …: the first part of every button id, the command group."""
        ...

    @property
    def record_format(self) -> str:
        """ "pop-record/1", …"""
        ...

    @property
    def options_model(self) -> type[BaseModel]:
        """The game's own options (mode, variants, …), a frozen pydantic model."""
        ...

    def seat_range(self, options: BaseModel) -> tuple[int, int]:
        """The fewest and the most seats a game with these options is played by."""
        ...

    def start(self, options: BaseModel, seats: Sequence[str], seed: int) -> StateT:
        """A new game, dealt from `seed`. Raises ValueError for seats the options do not allow."""
        ...

    def to_act(self, state: StateT) -> frozenset[str]:
        """The seats that must act now (empty once the game is over)."""
        ...

    def apply(self, state: StateT, seat: str, move: MoveT) -> tuple[StateT, list[Any]]:
        """The next state and the events of this move; raises RuleError and changes nothing."""
        ...

    def view(self, state: StateT, seat: str | None) -> ViewT:
        """What `seat` may see (None: anyone watching). The one place secrets are stripped."""
        ...

    def outcome(self, state: StateT) -> Outcome | None:
        """None while the game runs; who won, and every seat's score, once it is over."""
        ...

    def ai_move(self, view: ViewT, level: str, seed: int) -> MoveT:
        """A move for the seat whose view this is, from that view alone."""
        ...

    def export_record(self, state: StateT) -> dict[str, Json]:
        """The game's record (its `record_format`), for a finished game."""
        ...

    def replay_summary(self, record: Json) -> dict[str, Json]:
        """The rules page's summary of a record: parsed JSON, or an `engine.records.Reading`
        of its text. Raises RecordError with the page's code (`format` for JSON the page does
        not read: NaN, nested too deep, …, by its record module's `JsonRules`)."""
        ...

    def dump_state(self, state: StateT) -> str: ...

    def load_state(self, text: str) -> StateT: ...

    def dump_move(self, move: MoveT) -> Json: ...

    def load_move(self, data: Json) -> MoveT:
        """A move read back from JSON; raises ValueError when it is not a move of this game."""
        ...
