"""What happened, step by step: the pictures and the replay summary are both made from these.

Events are named tuples: immutable, and cheap enough to build in the engine's inner loop.
Events are public: they never carry a card that is still secret (a hand, a drawn card, a Chief
card still face down). Grids are tuples of columns A..E, each listed top to bottom; `queues[c]`
is the absolute row of column c's Queue card (rules §2).
"""

from __future__ import annotations

from typing import NamedTuple

from .results import GameResult, Tiebreak

Grid = tuple[tuple[int, ...], ...]
CHIEF = "chief"


class SetStarted(NamedTuple):
    set_number: int
    grid: Grid
    queues: tuple[int, ...]


class TurnStarted(NamedTuple):
    set_number: int
    turn_number: int


class Signalled(NamedTuple):
    """Co-op table talk (§6): a seat said a colour it holds and the column it hopes for."""

    seat: str
    colour: str
    column: str


class CardDrawn(NamedTuple):
    """A seat drew a card (two-player variant, solo refill). Which card stays secret."""

    seat: str
    count: int  # type: ignore[assignment]  # the field, not tuple.count


class ChiefTookCards(NamedTuple):
    face_up: tuple[int, ...]
    face_down_count: int


class Revealed(NamedTuple):
    """All five cards of the turn, face up, with the column each goes to and the order."""

    plays: dict[str, tuple[int, ...]]  # owner (a seat or "chief") -> cards
    columns: tuple[tuple[int, str], ...]  # (card, owner) for columns A..E
    arrows: int
    descending: bool  # True when 3+ arrows: placed E, D, C, B, A


class Placed(NamedTuple):
    card: int
    owner: str
    column: int
    row: int
    grid: Grid  # after the placement
    queues: tuple[int, ...]


class Exploded(NamedTuple):
    """Cards leaving the grid at once; depth 0 is the placed card's group, 1+ are chains."""

    cards: tuple[int, ...]
    positions: tuple[tuple[int, int], ...]  # (column, row) of each card, before the fall
    owner: str
    depth: int
    grid: Grid  # still showing the exploding cards
    queues: tuple[int, ...]


class Fell(NamedTuple):
    grid: Grid  # after gravity closed the gaps
    queues: tuple[int, ...]


class Collected(NamedTuple):
    """A seat took exploded cards, plus whatever waited beside the Chief."""

    seat: str
    cards: tuple[int, ...]
    from_chief: tuple[int, ...]


class ChiefKept(NamedTuple):
    """The Chief's explosion: the cards wait beside it (or are lost, in Trick)."""

    cards: tuple[int, ...]
    lost: bool


class TurnEnded(NamedTuple):
    set_number: int
    turn_number: int
    grid: Grid
    queues: tuple[int, ...]
    collected: dict[str, tuple[int, ...]]  # cumulative in the set, sorted
    chief_pile: tuple[int, ...]


class SetEnded(NamedTuple):
    set_number: int
    scores: dict[str, int]
    discarded: tuple[int, ...]  # what still waited beside the Chief


class GameEnded(NamedTuple):
    totals: dict[str, int]
    winners: tuple[str, ...]
    tiebreak: Tiebreak | None
    result: GameResult | None  # None in a competition (see winners and tiebreak)


Event = (
    SetStarted
    | TurnStarted
    | Signalled
    | CardDrawn
    | ChiefTookCards
    | Revealed
    | Placed
    | Exploded
    | Fell
    | Collected
    | ChiefKept
    | TurnEnded
    | SetEnded
    | GameEnded
)
