"""The store's reads of ratings: a rated game's changes, a pool's board (settled players ranked,
newcomers apart), a player's standing, the pools played in a server, and /history's games.

A server's board of a pool holds its people's ratings and the ratings of the AI levels that
played that pool there (an AI level's rating is the whole bot's: the same in every server).
Every rating is read aged to now: time away grows its sigma, so a player away for months is
provisional again and leaves the ranked part of the board until they play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bot.model.table import Table

from .rows import CHANGE_COLUMNS, WHOLE_BOT, Change, change_of
from .rules import POOLS
from .skill import Rating, aged, days_between


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class Board:
    """A pool's players in one server: the settled ones ranked (the number shown, then the
    conservative figure), the provisional ones apart, the same way."""

    settled: list[tuple[str, Rating]]
    provisional: list[tuple[str, Rating]]


def board_of(ratings: Sequence[tuple[str, Rating]]) -> Board:
    order = sorted(ratings, key=lambda pr: (-pr[1].shown, -pr[1].ordinal, pr[0]))
    return Board(
        [pr for pr in order if not pr[1].provisional], [pr for pr in order if pr[1].provisional]
    )


def aged_board(rows: Sequence[Sequence[Any]], at: str) -> Board:
    """A board of (player, mu, sigma, games, last played) rows, each aged to `at`."""
    return board_of(
        [
            (str(p), aged(Rating(float(mu), float(s), int(n)), days_between(str(since), at)))
            for p, mu, s, n, since in rows
        ]
    )


@dataclass(frozen=True)
class Ranked:
    """A player's rating in one pool of one server, and where it stands there."""

    pool: str
    rating: Rating
    rank: int | None  # 1: the best of the server's settled players; None: provisional
    players: int  # settled players of this pool in this server
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


def _played(row: Sequence[Any]) -> Played:
    """A /history row: (game, table data, game number, finished at, won, the change's
    columns or NULLs, the results message's channel and id or NULLs)."""
    game, data, game_no, at, won = row[:5]
    channel_id, message_id = row[14:16]
    return Played(
        str(game),
        Table.model_validate_json(data),
        int(game_no),
        str(at),
        bool(won),
        change_of(row[5:14]) if row[5] is not None else None,
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
            f"SELECT {CHANGE_COLUMNS} FROM rating_changes c"
            " WHERE c.table_id = ? AND c.game_no = ? ORDER BY c.place, c.side, c.seat",
            table_id,
            game_no,
        )
        return [change_of(row) for row in rows]

    async def rating_board(
        self,
        guild_id: int,
        game: str,
        pool: str = "",
        now: str | None = None,
        season: str | None = None,
    ) -> Board:
        """A pool's players in this server (its people, and the AI levels that played it
        here: in its running `season`, where it runs seasons), their ratings aged to `now`."""
        this_season, args = ("", []) if season is None else (" AND season = ?", [season])
        rows = await self.fetch(
            "SELECT player, mu, sigma, games, played_at FROM ratings"
            " WHERE game = ? AND pool = ? AND games > 0 AND (guild_id = ? OR (guild_id = ?"
            " AND player IN (SELECT player FROM rating_changes"
            f" WHERE guild_id = ? AND game = ? AND pool = ?{this_season})))",
            game,
            pool,
            guild_id,
            WHOLE_BOT,
            guild_id,
            game,
            pool,
            *args,
        )
        return aged_board(rows, now or now_iso())

    async def rated_pools(
        self, guild_id: int, game: str | None = None, season: str | None = None
    ) -> list[tuple[str, str]]:
        """The (game, pool) with rated games in this server (of one game, if given), each
        game's pools in their order; in its running `season`, those rated in it or holding a
        rating carried into it."""
        if season is None:
            rows = await self.fetch(
                "SELECT DISTINCT game, pool FROM rating_changes WHERE guild_id = ?", guild_id
            )
        else:
            rows = await self.fetch(
                "SELECT DISTINCT game, pool FROM rating_changes WHERE guild_id = ? AND season = ?"
                " UNION SELECT DISTINCT game, pool FROM ratings WHERE guild_id = ? AND games > 0",
                guild_id,
                season,
                guild_id,
            )
        found = {(str(g), str(p)) for g, p in rows if game is None or g == game}
        return sorted(found, key=pool_order)

    async def standings(
        self,
        guild_id: int,
        game: str,
        player: str,
        now: str | None = None,
        season: str | None = None,
    ) -> list[Ranked]:
        """A player's rating in each pool of a game here (rated in its running `season`, where
        it runs seasons), its rank and its last change."""
        this_season, args = ("", []) if season is None else (" AND season = ?", [season])
        rows = await self.fetch(
            "SELECT DISTINCT pool FROM rating_changes WHERE guild_id = ? AND game = ?"
            f" AND player = ?{this_season}",
            guild_id,
            game,
            player,
            *args,
        )
        found = []
        for _, pool in sorted(((game, str(p)) for (p,) in rows), key=pool_order):
            board = await self.rating_board(guild_id, game, pool, now, season)
            ranked = [p for p, _ in board.settled]
            rating = dict(board.settled + board.provisional).get(player)
            if rating is None:  # not on this pool's board (a season ending at this moment)
                continue
            rank = ranked.index(player) + 1 if player in ranked else None
            last = await self.fetch(
                f"SELECT {CHANGE_COLUMNS} FROM rating_changes c WHERE c.guild_id = ?"
                " AND c.game = ? AND c.pool = ? AND c.player = ?"
                " ORDER BY c.finished_at DESC, c.table_id DESC, c.game_no DESC LIMIT 1",
                guild_id,
                game,
                pool,
                player,
            )
            last_change = change_of(last[0]) if last else None
            found.append(Ranked(pool, rating, rank, len(ranked), last_change))
        return found

    async def history(
        self, guild_id: int, user_id: int, game: str | None = None, limit: int = 10
    ) -> list[Played]:
        """A person's last finished games in this server (of one game, if given), the last
        first: each with its table, its change when it was rated, and its results message."""
        where, args = ("", []) if game is None else (" AND r.game = ?", [game])
        rows = await self.fetch(
            f"SELECT r.game, t.data, r.game_no, r.finished_at, r.won, {CHANGE_COLUMNS},"
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


def pool_order(pair: tuple[str, str]) -> tuple[str, int, str]:
    """A game's pools in the order it lists them (an unknown pool last)."""
    game, pool = pair
    pools = POOLS.get(game, ())
    return (game, pools.index(pool) if pool in pools else len(pools), pool)
