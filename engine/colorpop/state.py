"""The whole state of a Colorpop table, as plain data that round-trips through JSON.

Treated as immutable: `game.apply` builds a new state for every move. Pydantic validates it at
the edges (`to_json` / `from_json`), so a state read back from the database is checked field by
field. The RNG state lives here (engine.rng), though after the deal nothing more is drawn.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

Mode = Literal["competitive", "solo", "duel", "teams"]
MODES: tuple[str, ...] = ("competitive", "solo", "duel", "teams")
End = Literal["cleared", "blocked"]


@dataclass(frozen=True, slots=True)
class PickMade:
    """One move as everyone saw it: who picked which cell, and the group that left."""

    seat: str
    cell: str  # e.g. "C3"
    colour: str
    size: int  # jokers included
    jokers: int


@dataclass(slots=True)
class ColorpopState:
    mode: Mode
    seats: tuple[str, ...]
    secrets: tuple[tuple[str, ...], ...]  # one tuple per seat, canonical order
    first: int  # index of the seat that makes move 1
    start_board: tuple[str, ...]  # rails A..J, rows bottom to top: the record's board
    board: tuple[str, ...]  # the current board, same layout, each rail's tokens only
    rng_seed: int = 0
    rng_state: int = 0
    schema_version: Literal[1] = 1
    version: int = 0  # bumped by every accepted move: stale buttons carry an older one
    turn: int = 0  # index of the seat on turn
    picks: tuple[PickMade, ...] = ()  # every move, in order
    piles: dict[str, dict[str, int]] = field(default_factory=dict)  # seat -> letter -> tokens
    last_removed: tuple[tuple[int, int], ...] = ()  # cells of the last group, before gravity
    end: End | None = None
    winners: tuple[str, ...] = ()
    tie_break: str | None = None

    @property
    def over(self) -> bool:
        """True once the game has ended (cleared or blocked)."""
        return self.end is not None

    def to_json(self) -> bytes:
        return _adapter().dump_json(self)

    @classmethod
    def from_json(cls, text: str | bytes) -> ColorpopState:
        return _adapter().validate_json(text)


if TYPE_CHECKING:
    from pydantic import TypeAdapter


@functools.cache
def _adapter() -> TypeAdapter[ColorpopState]:
    """The state's JSON reader and writer, built when first needed (building it is slow, and
    replaying records never needs it)."""
    from pydantic import TypeAdapter

    return TypeAdapter(ColorpopState)
