"""What a move did, cell by cell, for the picture after it: which cells the group's tokens
left free (drawn as faded ghosts of them, ringed like the group picked), and which tokens
moved, how far down and how far left. So the board after the fall, or after the rail shift,
tells the whole move in one picture.

Built from the move's own events (engine/colorpop/events.py: the group and the board it left,
gravity's moves, the rails' new order): the rules are applied once, in the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.colorpop.events import GroupRemoved, RailsShifted, TokensFell
from engine.colorpop.rules import NUM_RAILS, Board, Cell


@dataclass(frozen=True)
class Marks:
    """The marks on a board after a move: ghosts (cell -> the letter that left), and the
    tokens that moved (cell -> rows fallen; cell -> rails moved left)."""

    ghosts: dict[Cell, str] = field(default_factory=dict)
    fell: dict[Cell, int] = field(default_factory=dict)
    shifted: dict[Cell, int] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.ghosts or self.fell or self.shifted)


def _ghosts(before: Board, cells: Sequence[Cell], rail: int, at: int) -> dict[Cell, str]:
    """The letters that left rail `rail`, bottom first, in the cells its fall freed at its top
    (the rail now at position `at`)."""
    gone = sorted(row for r, row in cells if r == rail)
    first = len(before[rail]) - len(gone)
    return {(at, first + i): before[rail][row] for i, row in enumerate(gone)}


def marks_after(
    removed: GroupRemoved, fell: TokensFell | None, shifted: RailsShifted | None = None
) -> Marks:
    """The marks on the board after `removed`'s group left and its tokens fell (`fell`, None
    when nothing fell), then, when given, after the rail shift (`shifted`)."""
    order = shifted.order if shifted is not None else tuple(range(NUM_RAILS))
    at = {rail: i for i, rail in enumerate(order)}
    ghosts: dict[Cell, str] = {}
    for rail in sorted({r for r, _ in removed.cells}):
        ghosts.update(_ghosts(removed.board, removed.cells, rail, at[rail]))
    down = {to: start[1] - to[1] for start, to in (fell.falls if fell else ())}
    fallen = {(at[r], row): n for (r, row), n in down.items()}
    left: dict[Cell, int] = {}
    for i, rail in enumerate(order):
        if rail > i:
            rows = len(removed.board[rail]) - sum(1 for r, _ in removed.cells if r == rail)
            left.update({(i, row): rail - i for row in range(rows)})
    return Marks(ghosts, fallen, left)
