"""Ratings in the database (migrations 004 and 010): a rated game's changes written in the game's
own transaction (`rate_game`), and the rows read back.

`rate_game` is what the bot runs when a rated game ends (inside `SqlStore.save`) and what
migration 010 runs for every game finished before it: the same computation
(`bot.ratings.skill`), the same rows. A person's rating belongs to a server; an AI level's to
the whole bot (`WHOLE_BOT`, guild 0). Each rating is aged to the game's time before it is rated
(time away grows sigma). On PostgreSQL the players' rows are locked first, one by one in a
fixed order, so two games ending at once that share a player (an AI level, in two servers)
apply one after the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .rules import Placed, is_ai
from .skill import Rating, aged, change, days_between, rate

WHOLE_BOT = 0  # the guild of an AI level's rating: one for every server


class _Tx(Protocol):
    dialect: str

    async def execute(self, sql: str, *args: Any) -> int: ...

    async def fetch(self, sql: str, *args: Any) -> list[tuple[Any, ...]]: ...


def home(guild_id: int, player: str) -> int:
    """Where a player's rating is kept: its server, or the whole bot for an AI level."""
    return WHOLE_BOT if is_ai(player) else guild_id


async def rate_game(
    tx: _Tx,
    guild_id: int,
    game: str,
    played: tuple[int, int],
    placed: Placed,
    at: str,
    season: str | None = None,
) -> None:
    """Rate one finished game (`played`: its table and game number) in its pool: its players'
    ratings move, and each counted seat's change is kept (in its server's `season`, where the
    change has one: migration 012; none before it)."""
    table_id, game_no = played
    players = sorted({e.player for e in placed.seats})
    before = await _locked_ratings(tx, guild_id, (game, placed.pool), players, at)
    after = rate(before, placed.seats)
    for player, new in sorted(after.items()):
        await tx.execute(
            "UPDATE ratings SET mu = ?, sigma = ?, games = ?, played_at = ?"
            " WHERE guild_id = ? AND game = ? AND pool = ? AND player = ?",
            new.mu,
            new.sigma,
            new.games,
            at,
            home(guild_id, player),
            game,
            placed.pool,
            player,
        )
    seasoned = ("", "") if season is None else (", season", ", ?")
    for e in (e for e in placed.seats if e.counted):
        old, new = before[e.player], after[e.player]
        await tx.execute(
            "INSERT INTO rating_changes (table_id, game_no, seat, guild_id, game, pool, player,"
            f" side, place, gone, mu_before, sigma_before, mu_after, sigma_after, finished_at"
            f"{seasoned[0]}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?{seasoned[1]})",
            *(table_id, game_no, e.seat, guild_id, game, placed.pool, e.player),
            *(e.side, e.place, int(e.left), old.mu, old.sigma, new.mu, new.sigma, at),
            *(() if season is None else (season,)),
        )


async def running_season(tx: _Tx, guild_id: int) -> str:
    """The season a server's rated game counts in now ('' without seasons), read under a
    share lock on PostgreSQL: a season ending at that moment waits for the game, or the game
    for it (`bot.storage.seasons`)."""
    lock = " FOR SHARE" if tx.dialect == "postgresql" else ""
    rows = await tx.fetch(
        f"SELECT season FROM guild_seasons WHERE guild_id = ? AND cadence <> 'none'{lock}",
        guild_id,
    )
    return str(rows[0][0]) if rows else ""


async def _locked_ratings(
    tx: _Tx, guild_id: int, pool: tuple[str, str], players: list[str], at: str
) -> dict[str, Rating]:
    """The players' ratings before the game, aged to it (a newcomer's row made first), their
    rows locked until the game's transaction ends."""
    game, name = pool
    fresh = Rating()
    lock = " FOR UPDATE" if tx.dialect == "postgresql" else ""  # SQLite: one writer anyway
    found: dict[str, Rating] = {}
    for player in players:  # a first game: the row exists before it is locked and read
        where = (home(guild_id, player), game, name, player)
        await tx.execute(
            "INSERT INTO ratings (guild_id, game, pool, player, mu, sigma, games, played_at)"
            " VALUES (?, ?, ?, ?, ?, ?, 0, ?)"
            " ON CONFLICT (guild_id, game, pool, player) DO NOTHING",
            *where,
            fresh.mu,
            fresh.sigma,
            at,
        )
        [(mu, sigma, games, since)] = await tx.fetch(
            "SELECT mu, sigma, games, played_at FROM ratings"
            f" WHERE guild_id = ? AND game = ? AND pool = ? AND player = ?{lock}",
            *where,
        )
        stored = Rating(float(mu), float(sigma), int(games))
        found[player] = aged(stored, days_between(str(since), at))
    return found


@dataclass(frozen=True)
class Change:
    """One seat's rating change in one game."""

    seat: str
    player: str
    place: int
    gone: bool
    before: Rating
    after: Rating
    pool: str = ""

    @property
    def shown(self) -> int:
        """The change in the number shown."""
        return change(self.before, self.after)


CHANGE_COLUMNS = (
    "c.seat, c.player, c.place, c.gone, c.mu_before, c.sigma_before, c.mu_after, c.sigma_after,"
    " c.pool"
)


def change_of(row: Sequence[Any]) -> Change:
    """A change from the `CHANGE_COLUMNS` of a row."""
    seat, player, place, gone, mu0, sigma0, mu1, sigma1, pool = row
    return Change(
        str(seat),
        str(player),
        int(place),
        bool(gone),
        Rating(float(mu0), float(sigma0)),
        Rating(float(mu1), float(sigma1)),
        str(pool),
    )
