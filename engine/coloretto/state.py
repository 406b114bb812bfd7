"""The whole state of a Coloretto table, as plain data that round-trips through JSON.

The rules (`game.py`) mutate the plain lists inside it; `game.apply` is the pure wrapper that
copies first. Pydantic validates it at the edges (`to_json` / `from_json`). The deal is kept
whole (`deck`, `removed`, `start`, `first`) with the actions so far: that is the record (§7).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal


@dataclass(slots=True)
class TakeLog:
    """One take of a round: who, which row (from 1), its cards in placing order, the golden
    joker's extra card (never "last")."""

    player: str
    row: int
    cards: list[str]
    extra: str | None = None


@dataclass(slots=True)
class RoundLog:
    """One round: who started it, its takes in order, the cards of an untaken row (2 players)."""

    first: str
    takes: list[TakeLog] = field(default_factory=list)
    discarded: list[str] = field(default_factory=list)


@dataclass(slots=True)
class ColorettoState:
    players: list[str]  # seat order
    expert: bool
    rng_seed: int
    rng_state: int  # words drawn from the seed's engine.rng stream by the deal
    removed: list[str]  # colour order
    start: dict[str, list[str]]  # starting colours per player
    first: str  # the first player of round 1
    deck: list[str]  # the whole deck as dealt, top first, the last-round card included
    schema_version: Literal[1] = 1
    version: int = 0  # bumped by every accepted move: stale buttons carry an older one

    top: int = 0  # cards that have left the pile: the pile is deck[top:]
    round_number: int = 1
    rows: list[list[str]] = field(default_factory=list)  # cards in placing order
    taken: list[bool] = field(default_factory=list)  # per row, this round
    out: list[str] = field(default_factory=list)  # players who took a row this round, in order
    turn: str = ""  # the player to move ("" once the game is over)
    drawn: str | None = None  # revealed by `turn`, waiting to be placed
    last_round: bool = False  # the last-round card has come
    over: bool = False
    collections: dict[str, dict[str, int]] = field(default_factory=dict)  # name -> count
    rounds: list[RoundLog] = field(default_factory=list)
    actions: list[dict[str, int]] = field(default_factory=list)  # the record's actions so far

    def to_json(self) -> bytes:
        return _adapter().dump_json(self)

    @classmethod
    def from_json(cls, text: str | bytes) -> ColorettoState:
        return _adapter().validate_json(text)

    def copy(self) -> ColorettoState:
        """A deep copy, by hand: `copy.deepcopy` was 98% of a random game's time."""
        return ColorettoState(
            players=list(self.players),
            expert=self.expert,
            rng_seed=self.rng_seed,
            rng_state=self.rng_state,
            removed=list(self.removed),
            start={p: list(c) for p, c in self.start.items()},
            first=self.first,
            deck=list(self.deck),
            version=self.version,
            top=self.top,
            round_number=self.round_number,
            rows=[list(r) for r in self.rows],
            taken=list(self.taken),
            out=list(self.out),
            turn=self.turn,
            drawn=self.drawn,
            last_round=self.last_round,
            over=self.over,
            collections={p: dict(c) for p, c in self.collections.items()},
            rounds=[
                RoundLog(
                    r.first,
                    [TakeLog(t.player, t.row, list(t.cards), t.extra) for t in r.takes],
                    list(r.discarded),
                )
                for r in self.rounds
            ],
            actions=[dict(a) for a in self.actions],
        )


if TYPE_CHECKING:
    from pydantic import TypeAdapter


@functools.cache
def _adapter() -> TypeAdapter[ColorettoState]:
    """The state's JSON reader and writer, built when first needed (building it is slow, and
    replaying records never needs it)."""
    from pydantic import TypeAdapter

    return TypeAdapter(ColorettoState)
