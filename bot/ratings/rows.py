"""Ratings in the database (migration 004): a rated game's changes written in the game's own
transaction, and the reads behind the leaderboard, /stats, /history and a results post.

`rate_game` is what the bot runs when a rated game ends (inside `SqlStore.save`) and what
migration 004 runs for every game finished before ratings existed: the same computation
(`bot.ratings.rules`), the same rows. On PostgreSQL the players' rows are locked first (in a fixed
order), so two games ending at once that share a player apply one after the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.model.table import Table

from .rules import Entry, Rating, Z, change, rate


class _Tx(Protocol):
    dialect: str

    async def execute(self, sql: str, *args: Any) -> int: ...

    async def fetch(self, sql: str, *args: Any) -> list[tuple[Any, ...]]: ...


async def rate_game(
    tx: _Tx,
    guild_id: int,
    game: str,
    played: tuple[int, int],
    seats: Sequence[Entry],
    at: str,
) -> None:
    """Rate one finished game (`played`: its table and game number): its players' ratings
    move, and each seat's change is kept."""
    table_id, game_no = played
    before = await _locked_ratings(tx, guild_id, game, sorted({e.player for e in seats}), at)
    after = rate(before, seats)
    for player, new in sorted(after.items()):
        await tx.execute(
            "UPDATE ratings SET mu = ?, sigma = ?, games = ?, updated_at = ?"
            " WHERE guild_id = ? AND game = ? AND player = ?",
            new.mu,
            new.sigma,
            new.games,
            at,
            guild_id,
            game,
            player,
        )
    for e in seats:
        old, new = before[e.player], after[e.player]
        await tx.execute(
            "INSERT INTO rating_changes (table_id, game_no, seat, guild_id, game, player, side,"
            " place, gone, mu_before, sigma_before, mu_after, sigma_after, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            table_id,
            game_no,
            e.seat,
            guild_id,
            game,
            e.player,
            e.side,
            e.place,
            int(e.left),
            old.mu,
            old.sigma,
            new.mu,
            new.sigma,
            at,
        )


async def _locked_ratings(
    tx: _Tx, guild_id: int, game: str, players: list[str], at: str
) -> dict[str, Rating]:
    """The players' ratings before the game (a newcomer's row made first), their rows locked
    until the game's transaction ends."""
    fresh = Rating()
    for player in players:  # a first game: the row exists before it is locked and read
        await tx.execute(
            "INSERT INTO ratings (guild_id, game, player, mu, sigma, games, updated_at)"
            " VALUES (?, ?, ?, ?, ?, 0, ?) ON CONFLICT (guild_id, game, player) DO NOTHING",
            guild_id,
            game,
            player,
            fresh.mu,
            fresh.sigma,
            at,
        )
    marks = ", ".join("?" for _ in players)
    lock = " FOR UPDATE" if tx.dialect == "postgresql" else ""  # SQLite: one writer anyway
    rows = await tx.fetch(
        "SELECT player, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ?"
        f" AND player IN ({marks}) ORDER BY player{lock}",
        guild_id,
        game,
        *players,
    )
    return {p: Rating(float(mu), float(sigma), int(n)) for p, mu, sigma, n in rows}


@dataclass(frozen=True)
class Change:
    """One seat's rating change in one game."""

    seat: str
    player: str
    place: int
    gone: bool
    before: Rating
    after: Rating

    @property
    def shown(self) -> int:
        """The change in the rating shown."""
        return change(self.before, self.after)


@dataclass(frozen=True)
class Ranked:
    """A player's rating in one game of one server, and where it stands there."""

    rating: Rating
    rank: int  # 1: the best conservative rating of the server's players of this game
    players: int  # rated players of this game in this server
    last: Change | None  # the change in its last rated game


@dataclass(frozen=True)
class Played:
    """One finished game of a player, for /history."""

    game: str
    table: Table
    game_no: int
    finished_at: str
    won: bool
    change: Change | None  # None: the game was not rated
    channel_id: int | None  # where its results were posted, if that is known
    message_id: int | None


_CHANGE = (
    "c.seat, c.player, c.place, c.gone, c.mu_before, c.sigma_before, c.mu_after, c.sigma_after"
)


def _change(row: Sequence[Any]) -> Change:
    seat, player, place, gone, mu0, sigma0, mu1, sigma1 = row
    return Change(
        str(seat),
        str(player),
        int(place),
        bool(gone),
        Rating(float(mu0), float(sigma0)),
        Rating(float(mu1), float(sigma1)),
    )


def _played(row: Sequence[Any]) -> Played:
    """A /history row: (game, table data, game number, finished at, won, the change's
    columns or NULLs, the results message's channel and id or NULLs)."""
    game, data, game_no, at, won = row[:5]
    channel_id, message_id = row[13:15]
    return Played(
        str(game),
        Table.model_validate_json(data),
        int(game_no),
        str(at),
        bool(won),
        _change(row[5:13]) if row[5] is not None else None,
        None if channel_id is None else int(channel_id),
        None if message_id is None else int(message_id),
    )


class RatingReads:
    """The store's reads of ratings (a part of `bot.storage.store.SqlStore`)."""

    async def fetch(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    async def rating_changes(self, table_id: int, game_no: int) -> list[Change]:
        """Each seat's change in one rated game ([] when it was not rated), by place."""
        rows = await self.fetch(
            f"SELECT {_CHANGE} FROM rating_changes c WHERE c.table_id = ? AND c.game_no = ?"
            " ORDER BY c.place, c.side, c.seat",
            table_id,
            game_no,
        )
        return [_change(row) for row in rows]

    async def rating_board(
        self, guild_id: int, game: str, limit: int = 10
    ) -> list[tuple[str, Rating]]:
        """The server's players of a game, the best conservative rating (mu - Z sigma,
        openskill's ordinal) first."""
        rows = await self.fetch(
            "SELECT player, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ?"
            " AND games > 0 ORDER BY mu - ? * sigma DESC, games DESC, player LIMIT ?",
            guild_id,
            game,
            Z,
            limit,
        )
        return [(str(p), Rating(float(mu), float(s), int(n))) for p, mu, s, n in rows]

    async def rated_games(self, guild_id: int) -> list[str]:
        """The games with rated players in this server."""
        rows = await self.fetch(
            "SELECT DISTINCT game FROM ratings WHERE guild_id = ? AND games > 0", guild_id
        )
        return sorted(str(g) for (g,) in rows)

    async def standing(self, guild_id: int, game: str, player: str) -> Ranked | None:
        """A player's rating in a game here, its rank and its last change (None: unrated)."""
        rows = await self.fetch(
            "SELECT mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ?"
            " AND player = ? AND games > 0",
            guild_id,
            game,
            player,
        )
        if not rows:
            return None
        rating = Rating(float(rows[0][0]), float(rows[0][1]), int(rows[0][2]))
        better, players = (
            await self.fetch(
                "SELECT SUM(CASE WHEN mu - ? * sigma > ? THEN 1 ELSE 0 END), COUNT(*)"
                " FROM ratings WHERE guild_id = ? AND game = ? AND games > 0",
                Z,
                rating.mu - Z * rating.sigma,
                guild_id,
                game,
            )
        )[0]
        last = await self.fetch(
            f"SELECT {_CHANGE} FROM rating_changes c WHERE c.guild_id = ? AND c.game = ?"
            " AND c.player = ? ORDER BY c.finished_at DESC, c.table_id DESC, c.game_no DESC"
            " LIMIT 1",
            guild_id,
            game,
            player,
        )
        return Ranked(rating, int(better) + 1, int(players), _change(last[0]) if last else None)

    async def history(
        self, guild_id: int, user_id: int, game: str | None = None, limit: int = 10
    ) -> list[Played]:
        """A person's last finished games in this server (of one game, if given), the last
        first: each with its table, its change when it was rated, and its results message."""
        where, args = ("", []) if game is None else (" AND r.game = ?", [game])
        rows = await self.fetch(
            f"SELECT r.game, t.data, r.game_no, r.finished_at, r.won, {_CHANGE},"
            " m.channel_id, m.message_id FROM game_results r"
            " JOIN game_tables t ON t.id = r.table_id"
            " LEFT JOIN rating_changes c ON c.table_id = r.table_id AND c.game_no = r.game_no"
            " AND c.player = ?"
            " LEFT JOIN results_messages m ON m.table_id = r.table_id AND m.game_no = r.game_no"
            f" WHERE r.guild_id = ? AND r.user_id = ?{where}"
            " ORDER BY r.finished_at DESC, r.table_id DESC, r.game_no DESC LIMIT ?",
            str(user_id),
            guild_id,
            user_id,
            *args,
            limit,
        )
        return [_played(row) for row in rows]

    async def anyone_played(self, guild_id: int, game: str) -> bool:
        """Has anyone finished a game of `game` in this server?"""
        rows = await self.fetch(
            "SELECT 1 FROM game_results WHERE guild_id = ? AND game = ? LIMIT 1", guild_id, game
        )
        return bool(rows)

    async def results_posted(
        self, table_id: int, game_no: int, channel_id: int, message_id: int
    ) -> None:
        """Where a game's results were posted (the same again after a restart: kept once)."""
        await self.fetch(
            "INSERT INTO results_messages (table_id, game_no, channel_id, message_id)"
            " VALUES (?, ?, ?, ?) ON CONFLICT (table_id, game_no) DO UPDATE SET"
            " channel_id = excluded.channel_id, message_id = excluded.message_id",
            table_id,
            game_no,
            channel_id,
            message_id,
        )
