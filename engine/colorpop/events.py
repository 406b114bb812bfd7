"""What one move did, step by step: pictures, captions and the replay summary come from these.

Events are named tuples (immutable, cheap). They are public by construction: none of them says
whose colour a token is while the game runs. Only `SideCleared` and `GameEnded` name secret
colours, and both exist only once the game is over, when §7 reveals every secret colour.
Cells are (rail 0..9, row 0..9) on the board as it was when the event happened (§2).
"""

from __future__ import annotations

from typing import NamedTuple

from .rules import Board, Cell


class GroupRemoved(NamedTuple):
    """A seat picked a group: it left the board (still shown in `board`) for the seat's pile."""

    move_number: int
    seat: str
    pick: str  # the cell as picked, e.g. "C3"
    colour: str
    cells: tuple[Cell, ...]
    jokers: int
    board: Board  # before the removal
    collected: dict[str, int]  # tokens in each pile after it, jokers included


class TokensFell(NamedTuple):
    """Gravity: the tokens above the gap slid down their rails, keeping their order."""

    falls: tuple[tuple[Cell, Cell], ...]  # (from, to)
    board: Board  # after gravity, before the rail shift


class RailsShifted(NamedTuple):
    """Empty rails moved to the right end; `order[i]` is the old rail now at position i."""

    order: tuple[int, ...]
    board: Board


class TurnStarted(NamedTuple):
    move_number: int  # the move about to be made
    seat: str


class SideCleared(NamedTuple):
    """The last token of a side's colours left the board: that side wins at once (§5)."""

    seats: tuple[str, ...]
    colours: tuple[str, ...]
    by: str  # who made the removal


class GameEnded(NamedTuple):
    """The end (§5); every secret colour is revealed here."""

    end: str  # "cleared" | "blocked"
    winners: tuple[str, ...]
    tie_break: str  # "none" | "removed_own" | "shared"
    scores: dict[str, tuple[int, int]]  # seat -> (left, removed_own) of its side
    secrets: dict[str, tuple[str, ...]]
    won: bool | None  # solo only


Event = GroupRemoved | TokensFell | RailsShifted | TurnStarted | SideCleared | GameEnded
