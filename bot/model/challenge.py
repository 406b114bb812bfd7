"""A challenge, as data: one deal for the whole server (`/challenge new`), which every member
may play once until it ends, each at a table of their own; and its standings.

The deal is committed when the challenge opens (docs/fair-deals.md, section 7): a secret seed
drawn then, shown by its seal, and inputs fixed then (every join id 0, the start id the
`/challenge new` interaction's), so that every entry is dealt the same game from the same
secret. The secret stays in the challenge's row until the end, when the standings message
reveals it and every entry's `/table record` gives its proof.

A game declares the kinds of challenge it can be (`ChallengeKind`, its face's
`challenge_kinds`): the options every entry is dealt with, how many seats an entry's table
has (the member's, then AI seats), and how results rank. Pure: no I/O.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, Field

from .table import FairDeal

# open → ending (entries stopped, the reveal not yet shown) → ended (the reveal shown)
ChallengeStage = Literal["open", "ending", "ended"]
# A result as the stats keep it (`game_results`): won, score, the game's details (with
# "moves": the moves its game took, added for a challenge's entries).
Measure = tuple[tuple[str, int], ...]  # what a result shows: ("turns", 9), ("score", 31)


@dataclass(frozen=True)
class ChallengeKind:
    """One kind of challenge a game can be (`/challenge new mode:`)."""

    # The game's options every entry is dealt with (`rng`: a choice made once, when the
    # challenge opens, such as an Enigma's puzzle).
    options: Callable[[random.Random], dict[str, Any]]
    # Lower is better, compared between entries; equal keys share a place.
    rank: Callable[[bool, int, Mapping[str, Any]], tuple[int, ...]]
    # What the standings show of a result, beside won or not.
    measure: Callable[[bool, int, Mapping[str, Any]], Measure]
    seats: int = 1  # the member's seat, then AI seats
    private: bool = False  # played in the member's own messages (an Enigma), not a thread
    tries: bool = False  # a member may try again (an Enigma): fewer tries rank higher


def turns(details: Mapping[str, Any]) -> int:
    """The moves an entry's game took (a solo game: its turns)."""
    return int(details.get("moves", 0))


class Challenge(BaseModel):
    id: int = 0
    guild_id: int
    channel_id: int  # where its standings message is
    game: str
    kind: str  # the game's challenge kind ("solo", "enigma", …)
    options: dict[str, Any] = Field(default_factory=dict)  # every entry's game options
    ai_level: str = "normal"
    creator_id: int
    locale: str = "en"
    ends: float  # Unix time
    stage: ChallengeStage = "open"  # its row's `status` too
    deal: FairDeal  # the secret, its joins (all 0) and start id: every entry's deal
    message_id: int | None = None  # the standings message
    shown: str = ""  # the standings text the message shows (an edit only when it changes)
    daily: str | None = None  # the day of a server's daily Enigma (made on demand)

    @property
    def seal(self) -> str:
        return self.deal.commitment[:16]


@dataclass(frozen=True)
class Standing:
    """One member's place in a challenge's standings."""

    user_id: int
    place: int
    won: bool
    measure: Measure
    tries: int = 1
    finished: bool = True


@dataclass
class _Best:
    key: tuple[int, ...]
    won: bool
    score: int
    details: Mapping[str, Any]
    tries: int = 1


@dataclass(frozen=True)
class EntryResult:
    """A finished game of an entry, as `game_results` holds it."""

    user_id: int
    won: bool
    score: int
    details: Mapping[str, Any] = field(default_factory=dict)


def standings(
    kind: ChallengeKind, results: Sequence[EntryResult], unfinished: Sequence[int]
) -> list[Standing]:
    """Every member's best result ranked (a try counted for each game where tries are
    allowed), ties sharing a place; then those whose entry did not finish, last, together."""
    best: dict[int, _Best] = {}
    for r in results:
        key = kind.rank(r.won, r.score, r.details)
        had = best.get(r.user_id)
        tries = 1 if had is None else had.tries + 1
        if had is None or key < had.key:
            best[r.user_id] = _Best(key, r.won, r.score, r.details, tries)
        else:
            had.tries = tries
    ranked = sorted(best.items(), key=lambda item: (_order(kind, item[1]), item[0]))
    out: list[Standing] = []
    for n, (user, b) in enumerate(ranked):
        tied = out and _order(kind, best[out[-1].user_id]) == _order(kind, b)
        place = out[-1].place if tied else n + 1
        out.append(Standing(user, place, b.won, kind.measure(b.won, b.score, b.details), b.tries))
    last = len(out) + 1
    out += [Standing(u, last, False, (), 0, False) for u in sorted(set(unfinished) - set(best))]
    return out


def _order(kind: ChallengeKind, best: _Best) -> tuple[int, ...]:
    return (*best.key, best.tries) if kind.tries else best.key
