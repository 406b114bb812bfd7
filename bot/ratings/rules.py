"""Which finished games are rated, in which pool, and how their seats are placed.

Pure: no database, no Discord (`bot.ratings.skill` turns places into ratings, `bot.ratings.rows`
keeps them). Each game decides whether one of its finished games is rated, in which pool (its
way of winning: Pop's competitive, lowest total wins, apart from Trick, highest wins), and who
stands together (its `RatingRule`, given with the game's entry and registered here by
`bot.games.register`); this module places the sides — winners first, then by score, a shared
result a shared place, and a seat whose person left (or that the AI played for good after its
person was away) last, below every seat that played on.

A seat's player is its person (their Discord id) or, for an AI chair, its level and the
version of its game's AI ("ai:hard@1", "ai:expert@1"): one player for the whole bot, in every
server, a new one when the AI changes. An AI level is never rated against itself: on several
sides of one game, it is rated once, from its best-placed side (`once_per_ai`). A table whose
seats could ask the expert for hints is never rated.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace

from bot.model.table import Table
from engine.protocol import Json, Outcome

from .skill import Entry

MINUS = "\u2212"  # a real minus sign in a change shown to players: "−12"
AI_PREFIX = "ai:"


@dataclass(frozen=True)
class Standing:
    """One side of a finished game as its game sees it: a seat, or partners scored as one."""

    seats: tuple[str, ...]
    won: bool
    score: float  # higher is better: a game won by the lowest score gives it negated


@dataclass(frozen=True)
class Rated:
    """A rated game as its game's rule sees it: its pool ("": the game's one pool, else the
    mode's key, e.g. "trick") and its sides."""

    pool: str
    sides: Sequence[Standing]


# A game's hook: (its table's options, the seats in order, the outcome) -> its pool and its
# sides, or None when this game is not rated (co-op, solo, puzzles).
RatingRule = Callable[[Mapping[str, Json], Sequence[str], Outcome], Rated | None]


def every_seat_alone(
    _options: Mapping[str, Json], _seats: Sequence[str], outcome: Outcome
) -> Rated:
    """The default rule: one pool, every seat on its own, a higher score better (a game with
    one seat is never rated: there is no one to rank it against)."""
    return Rated("", [Standing((s.seat,), s.won, s.score) for s in outcome.seats])


RULES: dict[str, RatingRule] = {}
AI_VERSIONS: dict[str, int] = {}  # a game's AI version: a new AI rating when it changes
POOLS: dict[str, tuple[str, ...]] = {}  # a game's pools, in the order boards list them


def register_rule(
    game: str, rule: RatingRule, ai_version: int = 1, pools: tuple[str, ...] = ("",)
) -> None:
    RULES[game] = rule
    AI_VERSIONS[game] = ai_version
    POOLS[game] = pools


def unregister_rule(game: str) -> None:
    RULES.pop(game, None)
    AI_VERSIONS.pop(game, None)
    POOLS.pop(game, None)


@dataclass(frozen=True)
class Placed:
    """A finished game to rate: its pool and its seats' places."""

    pool: str
    seats: tuple[Entry, ...]


def ai_player(level: str, version: int = 1) -> str:
    """An AI level's rated player, the same in every server: "ai:hard@1"."""
    return f"{AI_PREFIX}{level}@{version}"


def is_ai(player: str) -> bool:
    return player.startswith(AI_PREFIX)


def player_of(table: Table, seat_id: str) -> str:
    """The rated player of a seat: its person, or the table's AI level for an AI chair."""
    seat = next((s for s in table.seats if s.id == seat_id), None)
    if seat is None:
        return seat_id
    if seat.user_id is None:
        return ai_player(table.settings.ai_level, AI_VERSIONS.get(table.game, 1))
    return str(seat.user_id)


def gone_seats(table: Table) -> set[str]:
    """The seats whose person stopped playing them during the game: they left, or the AI
    took over for good."""
    return {s.id for s in table.seats if s.user_id is not None and s.ai and not s.away_at_deal}


def absent_seats(table: Table) -> set[str]:
    """The seats whose person was gone before the game was dealt (a rematch after they
    left): the AI played the whole game, which is not theirs to be rated on."""
    return {s.id for s in table.seats if s.user_id is not None and s.ai and s.away_at_deal}


def entries(
    table: Table, outcome: Outcome, rule: RatingRule, gone: Collection[str] | None = None
) -> Placed | None:
    """The pool and places of a finished game's seats, or None when it is not rated (its rule
    says so, or fewer than two players or sides are left to rank). `gone`: the seats placed
    last (by default those the table says its people left during the game; a seat whose
    person was gone from its start is left out). A table where seats could ask the expert
    (`TableSettings.hints`) is never rated."""
    if table.settings.hints:
        return None
    rated = rule(table.options, [s.id for s in table.seats], outcome)
    if rated is None:
        return None
    absent = absent_seats(table) if gone is None else set()
    standings = [
        Standing(seats, st.won, st.score)
        for st in rated.sides
        if (seats := tuple(s for s in st.seats if s not in absent))
    ]
    away = gone_seats(table) if gone is None else set(gone)
    playing = [
        (st, kept) for st in standings if (kept := tuple(s for s in st.seats if s not in away))
    ]
    playing.sort(key=lambda p: (not p[0].won, -p[0].score))
    found: list[Entry] = []
    place, last_key = 0, None
    for side, (st, kept) in enumerate(playing):
        if (st.won, st.score) != last_key:
            place, last_key = side + 1, (st.won, st.score)
        found += [Entry(seat, player_of(table, seat), side, place) for seat in kept]
    leavers = [seat for st in standings for seat in st.seats if seat in away]
    for n, seat in enumerate(leavers):
        found.append(Entry(seat, player_of(table, seat), len(playing) + n, len(playing) + 1, True))
    return placed(rated.pool, found)


def placed(pool: str, found: Sequence[Entry]) -> Placed | None:
    """A game's seats as they are rated (`once_per_ai`), or None when fewer than two players
    or sides are left to rank."""
    kept = once_per_ai(found)
    counted = [e for e in kept if e.counted]
    if len({e.player for e in counted}) < 2 or len({e.side for e in kept}) < 2:
        return None
    return Placed(pool, tuple(kept))


def once_per_ai(found: Sequence[Entry]) -> list[Entry]:
    """An AI level on several sides of one game is rated once, from its best-placed side: its
    seats on its other sides are left out of the game for everyone (no rating moves from a
    game between its own seats), but a seat with partners of other players stays, moving no
    one, so that its partners' side stays whole (Colorpop's teams)."""
    best: dict[str, tuple[int, int]] = {}
    for e in found:
        if is_ai(e.player) and (e.player not in best or (e.place, e.side) < best[e.player]):
            best[e.player] = (e.place, e.side)
    kept: list[Entry] = []
    for e in found:
        if e.player not in best or e.side == best[e.player][1]:
            kept.append(e)
        elif any(o.side == e.side and o.player != e.player for o in found):
            kept.append(replace(e, counted=False))
    return kept


def rated_seats(table: Table, outcome: Outcome) -> Placed | None:
    """A table's finished game placed by its game's rule (None: not rated)."""
    rule = RULES.get(table.game)
    return None if rule is None else entries(table, outcome, rule)


def signed(n: int) -> str:
    """A change as players read it: "+31", "−12" (a real minus sign), "±0"."""
    if n > 0:
        return f"+{n}"
    return f"{MINUS}{-n}" if n < 0 else "±0"
