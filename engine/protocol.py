"""The game protocol: the only thing the Discord table layer knows of a game.

Modelled on OpenSpiel's small State API and boardgame.io's `playerView`. A game is one object
(`Game`) of pure, deterministic functions over an immutable-by-convention state:

- `turns`: the game's turn structure, declared up front: "simultaneous" (every seat chooses in
  secret, the last choice reveals the turn: Pop, Colourist) or "sequential" (one seat at a
  time: Coloretto, Colorpop);
- `start(options, seats, seed)` deals a table; `seed` (below 2**256) keys the game's one
  random stream (`engine.rng`, docs/fair-deals.md), whose state lives inside the state, so the
  same options, seats, seed and moves always give the same game;
- `to_act(state)` says whose action the game waits for: every seat that has not chosen yet in
  a simultaneous game, the one seat on turn in a sequential one;
- `turn(state)` counts the turns the table has moved through: it goes up exactly when a new
  turn begins (a simultaneous turn revealed, a seat on turn having finished its turn, the game
  over), and never for a secret choice, table talk, or what a seat reveals within its turn
  (Coloretto's draw before its placement). The table layer learns of a new turn from it alone;
- `legal_moves(state, seat)`: everything `seat` may do now, the one list that the buttons, the
  AI and the refusals agree on (`apply` accepts exactly these);
- `apply(state, seat, move)` returns the next state and the typed events of that move, or
  raises a `RuleError` and changes nothing;
- `view(state, seat)` strips every secret `seat` may not see (`None`: spectators, pictures);
  everything a text, a picture or an AI sees is built from a view, never from the raw state;
- `outcome(state)` is `None` while the game runs, then who won and with what score;
- `ai_move(view, level, seed)` picks a move from what that seat can see, nothing more: the
  view holds all an AI may use (Pop's table talk included);
- `judge(view, seed, made)` is the `expert` level's reading of the same decision (its move is
  `ai_move(view, "expert", seed)`): what it expects of its best move, of the best other one and
  of `made`, for a player's hints and the review after a game; a view again, nothing more;
- the record: `record_format`, `export_record(state)` and `replay_summary(record)` (of a parsed
  record, or of an `engine.records.Reading` of its text, held to the page's reading of JSON);
- `dump_state`/`load_state` and `dump_move`/`load_move`: JSON for the database. A table's moves
  (seat, move) after `start` replay it exactly: that is what the database keeps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar

if TYPE_CHECKING:  # a game's options are pydantic models; reading a record needs no pydantic
    from pydantic import BaseModel

OptionsT = TypeVar("OptionsT", bound="BaseModel")
StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")
ViewT = TypeVar("ViewT")

Json = Any  # what json.loads gives back
TurnStructure = Literal["simultaneous", "sequential"]


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
class Judged:
    """A move and what the expert expects of it: see `Judgement.unit`."""

    move: Any
    value: float


@dataclass(frozen=True)
class Judgement:
    """The expert's reading of one decision, from the deciding seat's view alone.

    `unit` says what a value counts: "points", the seat's expected final margin in the game's
    points (its score minus the best other score, or the team's score in a co-op game);
    "wins", its expected share of the win (0 to 1). Values of one judgement compare; values of
    different decisions compare only in the same unit."""

    unit: Literal["points", "wins"]
    best: Judged  # the expert's move: ai_move(view, "expert", seed)
    second: Judged | None  # the best other move (None: there is no other)
    made: Judged | None = None  # the move asked about (None: none was)

    @property
    def cost(self) -> float:
        """What `made` gave up against the best move (0 when it was the best)."""
        return 0.0 if self.made is None else max(0.0, self.best.value - self.made.value)


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


class Recorded(Protocol):
    """What reading a record needs of a game: its key, its record format and its replay."""

    @property
    def key(self) -> str: ...

    @property
    def record_format(self) -> str: ...

    def replay_summary(self, record: Json) -> dict[str, Json]:
        """The rules page's summary of a record; raises RecordError with the page's code."""
        ...


class Game(Recorded, Protocol[OptionsT, StateT, MoveT, ViewT]):
    """One game's rules, as the table layer sees them. Every method is pure."""

    @property
    def options_model(self) -> type[OptionsT]:
        """The game's own options (mode, variants, …), a frozen pydantic model."""
        ...

    @property
    def state_type(self) -> type[StateT]:
        """The class of the game's states (the table layer holds them without knowing it)."""
        ...

    @property
    def turns(self) -> TurnStructure:
        """ "simultaneous" (secret choices, revealed together) or "sequential" (one seat)."""
        ...

    def seat_range(self, options: OptionsT) -> tuple[int, int]:
        """The fewest and the most seats a game with these options is played by."""
        ...

    def start(self, options: OptionsT, seats: Sequence[str], seed: int) -> StateT:
        """A new game, dealt from `seed`. Raises ValueError for seats the options do not allow."""
        ...

    def to_act(self, state: StateT) -> frozenset[str]:
        """The seats whose action the game waits for (empty once the game is over)."""
        ...

    def turn(self, state: StateT) -> int:
        """How many turns the table has moved through: up exactly when a new turn begins."""
        ...

    def legal_moves(self, state: StateT, seat: str) -> Sequence[MoveT]:
        """Everything `seat` may do now (empty when it may do nothing)."""
        ...

    def apply(self, state: StateT, seat: str, move: MoveT) -> tuple[StateT, list[object]]:
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

    def judge(self, view: ViewT, seed: int, made: MoveT | None = None) -> Judgement:
        """The expert's reading of the decision of the seat whose view this is (who must have
        a legal move), and of `made`, one of its legal moves, when given."""
        ...

    def export_record(self, state: StateT) -> dict[str, Json]:
        """The game's record (its `record_format`), for a finished game."""
        ...

    def dump_state(self, state: StateT) -> str: ...

    def load_state(self, text: str) -> StateT: ...

    def dump_move(self, move: MoveT) -> Json: ...

    def load_move(self, data: Json) -> MoveT:
        """A move read back from JSON; raises ValueError when it is not a move of this game."""
        ...

    def named_move(self, name: str, arg: str | None) -> MoveT | None:
        """The move a button names (Coloretto's `take` with `2`): None when `name` is none of
        the game's moves (a button that only opens something); ValueError when `arg` makes no
        move of that name. The table layer's buttons carry a move as these two words."""
        ...

    def move_name(self, move: MoveT) -> tuple[str, str | None]:
        """The name and argument a button gives `move` (`named_move`'s inverse)."""
        ...


def ai_move_json(
    game: Game[OptionsT, StateT, MoveT, ViewT], view: ViewT, level: str, seed: int
) -> Json:
    """The AI's move for a view, as JSON: what an AI worker process sends back (a move of any
    game travels as its JSON, the form the database keeps)."""
    return game.dump_move(game.ai_move(view, level, seed))


def judgement_of(
    unit: Literal["points", "wins"], valued: Sequence[tuple[Any, float]], made: Any = None
) -> Judgement:
    """A judgement from moves and their values (at least one), in the expert's order: the best
    is the first of the highest, as the expert chooses; `made` must be among them."""
    values = [v for _, v in valued]
    at = values.index(max(values))
    best = Judged(*valued[at])
    others = [Judged(m, v) for k, (m, v) in enumerate(valued) if k != at]
    second = max(others, key=lambda j: j.value, default=None)
    if made is None:
        return Judgement(unit, best, second)
    found = next((Judged(m, v) for m, v in valued if m == made), None)
    if found is None:
        raise ValueError(f"{made!r} is not a move the expert judged")
    return Judgement(unit, best, second, found)


def judge_json(
    game: Game[OptionsT, StateT, MoveT, ViewT], view: ViewT, seed: int, made: Json = None
) -> Json:
    """The expert's judgement of a view (and of `made`, a move as JSON), as JSON: what an AI
    worker process sends back for a hint or a review."""
    j = game.judge(view, seed, None if made is None else game.load_move(made))

    def judged(x: Judged | None) -> Json:
        return None if x is None else {"move": game.dump_move(x.move), "value": x.value}

    return {
        "unit": j.unit,
        "best": judged(j.best),
        "second": judged(j.second),
        "made": judged(j.made),
    }


def judgement_from_json(game: Game[OptionsT, StateT, MoveT, ViewT], data: Json) -> Judgement:
    """`judge_json`'s answer read back."""

    def judged(x: Json) -> Judged | None:
        return None if x is None else Judged(game.load_move(x["move"]), float(x["value"]))

    best = judged(data["best"])
    assert best is not None
    return Judgement(data["unit"], best, judged(data["second"]), judged(data["made"]))
