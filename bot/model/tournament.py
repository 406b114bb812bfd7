"""A tournament's pairings and standings, as data (`/tournament`, issue 36). Pure: no I/O.

Formats:
- **Swiss**: every round, players sorted by points, then by rating, are seated in that order at
  tables of the chosen size, each next player going to the first table still open where they
  meet nobody they met before (a repeat only when no seat avoids one); the tables a count
  leaves short are the last ones, and one below the game's smallest table gets AI seats;
- **round robin**: every player meets every other once (the circle method, two seats a
  table; an odd count gives one bye a round);
- **single elimination** (two-seat games): winners go on, paired in seed order.

Points: a game gives each player one point for every other seat at its table they finished
ahead of, half for each they tied with, divided by the seats that were not theirs: a win 1, a
draw ½, a loss 0 at two seats; 1, ½, 0 at three; 1, ⅔, ⅓, 0 at four. Tie-break: Buchholz,
the sum of the points of the people a player met (AI seats are nobody's opponent here).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

AI = 0  # an AI seat at a tournament table: it plays, it is ranked by nobody


@dataclass(frozen=True)
class Seating:
    """One round: its tables (user ids; AI for an AI seat) and its byes."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()


@dataclass(frozen=True)
class Played:
    """A finished tournament game: each seat's place (1 the best; ties share a place)."""

    round_no: int
    places: Mapping[int, int]  # user id (AI for AI seats: one entry a seat) → place
    ai_places: tuple[int, ...] = ()  # the AI seats' places


@dataclass
class Standing:
    user_id: int
    points: Fraction = Fraction(0)
    buchholz: Fraction = Fraction(0)
    games: int = 0
    met: set[int] = field(default_factory=set)


def game_points(place: int, others: Sequence[int]) -> Fraction:
    """A seat's points from its place and the other seats' places (see the module's text)."""
    if not others:
        return Fraction(1)
    ahead = sum(1 for p in others if place < p) + Fraction(1, 2) * sum(
        1 for p in others if p == place
    )
    return ahead / len(others)


def standings(
    players: Sequence[int], played: Sequence[Played], byes: Mapping[int, int] | None = None
) -> list[Standing]:
    """Every player's points, Buchholz and games, best first (points, then Buchholz, then the
    order of `players`: the seeding)."""
    rows = {p: Standing(p) for p in players}
    for game in played:
        seats = [*game.places.items(), *((AI, p) for p in game.ai_places)]
        for k, (user, place) in enumerate(seats):
            if user == AI or user not in rows:
                continue
            others = [p for j, (_, p) in enumerate(seats) if j != k]
            row = rows[user]
            row.points += game_points(place, others)
            row.games += 1
            row.met |= {u for u, _ in seats if u not in (AI, user)}
    for user, count in (byes or {}).items():
        if user in rows:
            rows[user].points += count
    for row in rows.values():
        row.buchholz = sum((rows[u].points for u in row.met if u in rows), Fraction(0))
    seed = {p: k for k, p in enumerate(players)}
    return sorted(rows.values(), key=lambda r: (-r.points, -r.buchholz, seed[r.user_id]))


def swiss_round(
    order: Sequence[int],
    met: Mapping[int, set[int]],
    size: int,
    smallest: int,
) -> Seating:
    """Seat `order` (best first) at tables of at most `size`, as evenly as the count allows
    (the short tables last); a table below `smallest` people gets AI seats up to `smallest`."""
    count = -(-len(order) // size)
    tables: list[list[int]] = [[] for _ in range(count)]
    capacity = [size] * count
    short = count * size - len(order)  # seats no person fills: taken from the last tables
    for k in range(short):
        capacity[count - 1 - k % count] -= 1
    for user in order:
        open_ = [t for t in range(count) if len(tables[t]) < capacity[t]]
        fresh = [t for t in open_ if not (met.get(user, set()) & set(tables[t]))]
        tables[(fresh or open_)[0]].append(user)
    seated = tuple(tuple(t) + (AI,) * max(0, smallest - len(t)) for t in tables if t)
    return Seating(seated)


def round_robin(players: Sequence[int]) -> list[Seating]:
    """Every round of a round robin of duels (the circle method)."""
    ring = list(players) + ([AI] if len(players) % 2 else [])
    rounds = []
    for _ in range(len(ring) - 1):
        pairs = [(ring[k], ring[-1 - k]) for k in range(len(ring) // 2)]
        tables = tuple(p for p in pairs if AI not in p)
        byes = tuple(u for p in pairs if AI in p for u in p if u != AI)
        rounds.append(Seating(tables, byes))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds
