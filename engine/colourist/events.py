"""What happened in a game, step by step: the table's posts and pictures are made from these.

Events are named tuples and public: they never carry a choice before its reveal, nor the two
cards a colourist discards unseen on a double field (rules §3.2). Seats are in seat order.
"""

from __future__ import annotations

from typing import NamedTuple


class RoundStarted(NamedTuple):
    """A round began: its colourist drew by the symbol of its field (after any reshuffle)."""

    round_number: int
    colourist: str
    field: int
    symbol: str  # triangle | circle | double
    reshuffled: tuple[str, ...]  # decks reshuffled before the draw, noun first


class WordsShown(NamedTuple):
    """The word, or the phrase the colourist kept, is shown to every seat: choosing starts."""

    round_number: int
    words: tuple[str, ...]  # (noun or adjective id,) or (adjective id, noun id)


class SeatChose(NamedTuple):
    """A seat laid its card face down. Which card stays secret until the reveal."""

    round_number: int
    seat: str


class ChoicesRevealed(NamedTuple):
    """Every seat's card, face up, and who matched the colourist's colour (Jokers included)."""

    round_number: int
    colourist: str
    colour: str
    cards: dict[str, str]
    matched: tuple[str, ...]


class PawnsMoved(NamedTuple):
    """The seats that scored a point moved one field on; positions after the move."""

    round_number: int
    moved: tuple[str, ...]
    positions: dict[str, int]


class GameEnded(NamedTuple):
    """A pawn reached the finish: every seat on it wins (shared, no tie-break)."""

    round_number: int
    winners: tuple[str, ...]
    positions: dict[str, int]
