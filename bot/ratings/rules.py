"""Ratings per game, per server: openskill's Plackett-Luce model over each rated game's places.

Pure: no database, no Discord (`bot.ratings.rows` keeps what this computes). Each game decides
whether one of its finished games is rated and who stands together (its `RatingRule`, given
with the game's entry and registered here by `bot.games.register`); this module places the
sides — winners first, then by score, a shared result a shared place, and a seat whose person
left (or that the AI played for good after its person was away) last, below every seat that
played on — and turns the places into new ratings.

A seat's player is its person (their Discord id) or, for an AI chair, its level ("ai:hard"):
each AI level is a rated player of its own in every game of every server.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from bot.model.table import Table
from engine.protocol import Json, Outcome

MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3, tau 25/300
Z = 3.0  # the conservative rating ("ordinal") is mu - Z * sigma, as openskill's ordinal()
PROVISIONAL_GAMES = 10  # a rating is marked provisional until its player's tenth rated game
# Ratings are shown as 1500 + 60 x ordinal, rounded: a newcomer (ordinal 0) shows 1500, and the
# numbers land where players of chess-like ratings expect them (a first win over another newcomer
# is +206, a first loss -110: the loss is smaller as sigma shrinks for both).
SHOWN_BASE = 1500
SHOWN_PER_ORDINAL = 60
MINUS = "\u2212"  # a real minus sign in a change shown to players: "−12"


@dataclass(frozen=True)
class Standing:
    """One side of a finished game as its game sees it: a seat, or partners scored as one."""

    seats: tuple[str, ...]
    won: bool
    score: float  # higher is better: a game won by the lowest score gives it negated


# A game's hook: (its table's options, the seats in order, the outcome) -> its sides, or None
# when this game is not rated (co-op, solo, puzzles).
RatingRule = Callable[[Mapping[str, Json], Sequence[str], Outcome], Sequence[Standing] | None]


def every_seat_alone(
    _options: Mapping[str, Json], _seats: Sequence[str], outcome: Outcome
) -> list[Standing]:
    """The default rule: every seat on its own, a higher score better (a game with one seat
    is never rated: there is no one to rank it against)."""
    return [Standing((s.seat,), s.won, s.score) for s in outcome.seats]


RULES: dict[str, RatingRule] = {}


def register_rule(game: str, rule: RatingRule) -> None:
    RULES[game] = rule


def unregister_rule(game: str) -> None:
    RULES.pop(game, None)


@dataclass(frozen=True)
class Rating:
    """A player's rating in one game of one server."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0  # rated games played

    @property
    def ordinal(self) -> float:
        """The conservative rating: what the leaderboard orders by."""
        return float(MODEL.rating(mu=self.mu, sigma=self.sigma).ordinal(z=Z))

    @property
    def shown(self) -> int:
        return round(SHOWN_BASE + SHOWN_PER_ORDINAL * self.ordinal)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


@dataclass(frozen=True)
class Entry:
    """One seat of a rated game: its player, its side (partners share one) and its place
    (1 is first; seats with the same place tied)."""

    seat: str
    player: str
    side: int
    place: int
    left: bool = False  # its person left, or the AI played it for good: placed last


def ai_player(level: str) -> str:
    return f"ai:{level}"


def player_of(table: Table, seat_id: str) -> str:
    """The rated player of a seat: its person, or the table's AI level for an AI chair."""
    seat = next((s for s in table.seats if s.id == seat_id), None)
    if seat is None:
        return seat_id
    if seat.user_id is None:
        return ai_player(table.settings.ai_level)
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
) -> list[Entry]:
    """The places of a finished game's seats, or [] when it is not rated (its rule says so,
    or fewer than two players or sides are left to rank). `gone`: the seats placed last (by
    default those the table says its people left during the game; a seat whose person was
    gone from its start is left out)."""
    sides = rule(table.options, [s.id for s in table.seats], outcome)
    if sides is None:
        return []
    absent = absent_seats(table) if gone is None else set()
    standings = [
        Standing(seats, st.won, st.score)
        for st in sides
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
    if len({e.player for e in found}) < 2 or len({e.side for e in found}) < 2:
        return []
    return found


def rated_seats(table: Table, outcome: Outcome) -> list[Entry]:
    """A table's finished game placed by its game's rule ([]: not rated)."""
    rule = RULES.get(table.game)
    return [] if rule is None else entries(table, outcome, rule)


def rate(before: Mapping[str, Rating], game: Sequence[Entry]) -> dict[str, Rating]:
    """Every player's rating after a game: openskill's, each side a team ranked by its place.
    A player on several seats (two AI chairs of one level) moves by the sum of its seats'
    moves, its sigma the smallest of theirs, and counts one game."""
    sides = sorted({e.side for e in game})
    members = [[e for e in game if e.side == side] for side in sides]
    teams = [
        [MODEL.rating(mu=r.mu, sigma=r.sigma) for r in (before.get(e.player, Rating()) for e in m)]
        for m in members
    ]
    ranks = [float(m[0].place) for m in members]
    rated = MODEL.rate(teams, ranks=ranks)
    moved: dict[str, list[tuple[float, float]]] = {}
    for team, side in zip(rated, members, strict=True):
        for new, entry in zip(team, side, strict=True):
            moved.setdefault(entry.player, []).append((new.mu, new.sigma))
    after = {}
    for player, seats in moved.items():
        old = before.get(player, Rating())
        mu = old.mu + sum(m - old.mu for m, _ in seats)
        after[player] = Rating(mu, min(s for _, s in seats), old.games + 1)
    return after


def change(before: Rating, after: Rating) -> int:
    """A game's change in the rating shown (the difference of the two numbers shown)."""
    return after.shown - before.shown


def signed(n: int) -> str:
    """A change as players read it: "+31", "−12" (a real minus sign), "±0"."""
    if n > 0:
        return f"+{n}"
    return f"{MINUS}{-n}" if n < 0 else "±0"
