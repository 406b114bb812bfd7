"""A tournament's pairings and standings, as data (`/tournament`, issue 36). Pure: no I/O.

Formats:
- **Swiss**: every round, players sorted by points, then by rating, are seated in that order at
  tables of the chosen size, each next player going to the first table still open where they
  meet nobody they met before (a repeat only when no seat avoids one); the tables a count
  leaves short are the last ones, and one below the game's smallest table gets AI seats;
- **round robin**: every player meets every other once (the circle method, two seats a
  table; an odd count gives one bye a round);
- **single elimination** (two-seat games): winners go on, paired in seed order (the first
  against the last), a drawn duel sending the higher seed through.

Points: a game gives each player one point for every other seat at its table they finished
ahead of, half for each they tied with, divided by the seats that were not theirs: a win 1, a
draw ½, a loss 0 at two seats; 1, ½, 0 at three; 1, ⅔, ⅓, 0 at four. Tie-break: Buchholz,
the sum of the points of the people a player met (AI seats are nobody's opponent here).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
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


def places(ranked: Sequence[Standing]) -> list[int]:
    """Each row's place: ties on points and Buchholz share one."""
    found: list[int] = []
    for k, row in enumerate(ranked):
        if k == 0 or (row.points, row.buchholz) != (ranked[k - 1].points, ranked[k - 1].buchholz):
            found.append(k + 1)
        else:
            found.append(found[-1])
    return found


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


def smallest_table(seats: int, game_min: int) -> int:
    """The fewest seats a tournament table has (AI seats fill a shorter one): a table of
    duels or of three is always full; a larger one may be one seat short ("tables of 3–4")."""
    return max(game_min, seats if seats <= 3 else seats - 1)


def next_seating(
    fmt: str,
    players: Sequence[int],
    dropped: Collection[int],
    round_no: int,
    played: Sequence[Played],
    seats: tuple[int, int],
) -> Seating:
    """Round `round_no` (from 1): a round robin's fixed round (the opponent of a player who
    was dropped has a bye), or a Swiss round of the players still in, by the standings so
    far. `seats`: the table size and the smallest table."""
    if fmt == "elimination":
        return elimination_round(still_in(players, dropped, played))
    if fmt == "round_robin":
        fixed = round_robin(players)[round_no - 1]
        tables = tuple(t for t in fixed.tables if not set(t) & set(dropped))
        freed = tuple(u for t in fixed.tables if set(t) & set(dropped) for u in t)
        byes = fixed.byes + freed
        return Seating(tables, tuple(u for u in byes if u not in dropped))
    ranked = [row.user_id for row in standings(players, played) if row.user_id not in dropped]
    met: dict[int, set[int]] = {p: set() for p in players}
    for game in played:
        for user in game.places:
            met.setdefault(user, set()).update(u for u in game.places if u != user)
    return swiss_round(ranked, met, *seats)


def elimination_round(alive: Sequence[int]) -> Seating:
    """Duels of those still in, in seed order: the first against the last, the second against
    the one before it…; an odd count gives the first a bye."""
    ring = list(alive)
    byes = (ring.pop(0),) if len(ring) % 2 else ()
    return Seating(tuple((ring[k], ring[-1 - k]) for k in range(len(ring) // 2)), byes)


def still_in(
    players: Sequence[int], dropped: Collection[int], played: Sequence[Played]
) -> list[int]:
    """Those of a single elimination who lost no duel, in seed order (a drawn duel sends the
    higher seed through; a dropped player is out)."""
    seed = {p: k for k, p in enumerate(players)}
    out = set(dropped)
    for game in played:
        ranked = sorted(game.places, key=lambda u: (game.places[u], seed.get(u, len(seed))))
        out |= set(ranked[1:])
    return [p for p in players if p not in out]


def places_of(sides: Sequence[tuple[Sequence[str], bool, float]]) -> dict[str, int]:
    """Each seat's place from its side's result (won first, then the higher score; a shared
    result a shared place)."""
    ordered = sorted(sides, key=lambda s: (not s[1], -s[2]))
    places: dict[str, int] = {}
    last: tuple[bool, float] | None = None
    place = 0
    for k, (seats, won, score) in enumerate(ordered):
        if (won, score) != last:
            place, last = k + 1, (won, score)
        places.update(dict.fromkeys(seats, place))
    return places
