"""A challenge, as data: one deal for the whole server (`/challenge new`), which every member
may play once until it ends, each at a table of their own; and its standings.

The deal is committed when the challenge opens (docs/fair-deals.md, section 7): a secret seed
drawn then, shown by its seal, and inputs fixed then (every join id 0, the start id the
`/challenge new` interaction's), so that every entry is dealt the same game from the same
secret. The secret stays in the challenge's row until the end, when the standings message
reveals it and every entry's `/table record` gives its proof.

A game declares the kinds of challenge it can be (`ChallengeKind`, its face's
`challenge_kinds`): the options every entry is dealt with, how many seats an entry's table
has (the member's, then AI seats), and how results rank. A kind played in groups
(`ChallengeKind.group`) ranks each group's table once, its members listed together
(`group_standings`). Pure: no I/O.
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
    seats: int = 1  # the member's seat, then AI seats (a group's: the fewest `seat_choice`)
    private: bool = False  # played in the member's own messages (an Enigma), not a thread
    tries: bool = False  # a member may try again (an Enigma): fewer tries rank higher
    # Played by a group of members at one table, opened as a lobby that members join (each
    # using up their one entry; AI seats may fill the rest): `/challenge new seats:` chooses
    # its seats within `seat_choice` (a kind without it takes no `seats:`).
    group: bool = False
    seat_choice: tuple[int, int] | None = None

    def seats_for(self, asked: int | None) -> int | None:
        """The seats an entry's table has when `asked` for (None: the kind's own), or None:
        this kind cannot have that many."""
        if asked is None:
            return self.seats
        if self.seat_choice is None:
            return None
        low, high = self.seat_choice
        return asked if low <= asked <= high else None


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

    @property
    def seats(self) -> int:
        """The seats of every entry's table: one join id each in its deal."""
        return len(self.deal.joins)


# A member of a group, as its standings list them: a member's user id, or an AI seat's name.
Member = int | str


@dataclass(frozen=True)
class Standing:
    """One member's place in a challenge's standings."""

    user_id: int
    place: int
    won: bool
    measure: Measure
    tries: int = 1
    finished: bool = True
    members: tuple[Member, ...] = ()  # a group's (its seats in order); () for one member's


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
    table_id: int = 0  # the entry's table (a group's: one for all its members)


@dataclass(frozen=True)
class Group:
    """A group's table in a challenge played in groups: who sits there, in seat order."""

    table_id: int
    members: tuple[Member, ...]


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
    out = [
        Standing(user, place, b.won, kind.measure(b.won, b.score, b.details), b.tries)
        for user, place, b in _placed(kind, best)
    ]
    last = len(out) + 1
    out += [Standing(u, last, False, (), 0, False) for u in sorted(set(unfinished) - set(best))]
    return out


def group_standings(
    kind: ChallengeKind, groups: Sequence[Group], results: Sequence[EntryResult], over: bool
) -> list[Standing]:
    """Every group whose game ended, ranked once by its game's result (won when any of its
    members' results is: a seat left to the AI is no win of its person's), its members
    listed; once the challenge is `over`, the groups that did not finish, last, together."""
    best: dict[int, _Best] = {}
    for r in results:
        had = best.get(r.table_id)
        won = r.won or (had is not None and had.won)
        best[r.table_id] = _Best(kind.rank(won, r.score, r.details), won, r.score, r.details)
    members = {g.table_id: g.members for g in groups}
    out = [
        Standing(0, place, b.won, kind.measure(b.won, b.score, b.details), 1, True, members[n])
        for n, place, b in _placed(kind, best)
        if n in members
    ]
    last = len(out) + 1
    if over:
        out += [
            Standing(0, last, False, (), 0, False, g.members)
            for g in groups
            if g.table_id not in best
        ]
    return out


def _placed(kind: ChallengeKind, best: Mapping[int, _Best]) -> list[tuple[int, int, _Best]]:
    """(who, place, best) from the best first, ties sharing a place (then by who)."""
    ranked = sorted(best.items(), key=lambda item: (_order(kind, item[1]), item[0]))
    out: list[tuple[int, int, _Best]] = []
    for n, (who, b) in enumerate(ranked):
        tied = out and _order(kind, out[-1][2]) == _order(kind, b)
        out.append((who, out[-1][1] if tied else n + 1, b))
    return out


def _order(kind: ChallengeKind, best: _Best) -> tuple[int, ...]:
    return (*best.key, best.tries) if kind.tries else best.key
