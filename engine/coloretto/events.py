"""What happened, step by step. Every Coloretto event is public (only the pile's order is secret,
and an event names a card only once it is face up)."""

from __future__ import annotations

from typing import NamedTuple


class RoundStarted(NamedTuple):
    round_number: int
    first: str  # who starts it


class CardDrawn(NamedTuple):
    """A seat revealed the top card; it must now place it (`CardPlaced`)."""

    seat: str
    card: str
    round_number: int


class LastRoundRevealed(NamedTuple):
    """The last-round card came up (set aside): this round is the last one (§5)."""

    seat: str
    round_number: int
    by_golden_joker: bool  # revealed as the golden joker's extra card, not by a draw


class CardPlaced(NamedTuple):
    seat: str
    card: str
    row: int  # from 1
    round_number: int


class RowTaken(NamedTuple):
    """A seat took a row (and, with the golden joker, `extra` from the pile); it is out."""

    seat: str
    row: int  # from 1
    cards: tuple[str, ...]  # in the order they were placed
    extra: str | None  # the golden joker's card, never "last"
    round_number: int


class RoundEnded(NamedTuple):
    round_number: int
    discarded: tuple[str, ...]  # 2 players: the untaken row's cards, in the order placed


class GameEnded(NamedTuple):
    totals: dict[str, int]
    winners: tuple[str, ...]  # seat order; more than one is a shared win


Event = (
    RoundStarted | CardDrawn | LastRoundRevealed | CardPlaced | RowTaken | RoundEnded | GameEnded
)
