"""What rating seasons ask of the database (migration 012): a server's setting, the end of a
season (its boards archived and the new season's ratings, in ONE transaction), the
announcements of champions still owed, and the archived boards `/leaderboard season:` shows.

A season's end is written once: under the server's row's lock, and only while that row still
names the season ending, so a restart (or a second process) at the boundary finds it done or
not begun. Its announcement is owed until its message is stored (`message_id`), posted with a
nonce of its own, so a post repeated after a restart is Discord's same message."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import Any

from bot.model.seasons import NONE, Season, SeasonSetting, iso
from bot.ratings.reads import Board, aged_board, pool_order
from bot.ratings.rules import is_ai
from bot.ratings.skill import Rating, carried

SETTING_COLUMNS = "guild_id, cadence, carry, channel_id, locale, season, ends_at"


def _setting(row: Sequence[Any]) -> SeasonSetting:
    guild_id, cadence, carry, channel_id, locale, season, ends_at = row
    return SeasonSetting(
        int(guild_id),
        str(cadence),
        int(carry),
        None if channel_id is None else int(channel_id),
        str(locale),
        str(season),
        None if ends_at is None else float(ends_at),
    )


class SeasonQueries:
    """A part of `bot.storage.store.SqlStore` (whose `transaction` and `fetch` do the work)."""

    fetch: Callable[..., Any]
    transaction: Callable[[], contextlib.AbstractAsyncContextManager[Any]]

    async def season_setting(self, guild_id: int) -> SeasonSetting:
        """A server's seasons (none, when it never chose any)."""
        rows = await self.fetch(
            f"SELECT {SETTING_COLUMNS} FROM guild_seasons WHERE guild_id = ?", guild_id
        )
        return _setting(rows[0]) if rows else SeasonSetting(guild_id)

    async def set_seasons(self, setting: SeasonSetting, now: float) -> None:
        """Store a server's seasons. The games rated in the season running until now count in
        the one running from now (the first season holds the games rated before it)."""
        async with self.transaction() as tx:
            lock = " FOR UPDATE" if tx.dialect == "postgresql" else ""
            rows = await tx.fetch(
                f"SELECT cadence, season FROM guild_seasons WHERE guild_id = ?{lock}",
                setting.guild_id,
            )
            was = str(rows[0][1]) if rows and rows[0][0] != NONE else ""
            now_running = setting.season if setting.cadence != NONE else ""
            await tx.execute(
                f"INSERT INTO guild_seasons ({SETTING_COLUMNS}, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
                " cadence = excluded.cadence, carry = excluded.carry,"
                " channel_id = excluded.channel_id, locale = excluded.locale,"
                " season = excluded.season, ends_at = excluded.ends_at,"
                " updated_at = excluded.updated_at",
                setting.guild_id,
                setting.cadence,
                setting.carry,
                setting.channel_id,
                setting.locale,
                now_running,
                setting.ends_at if setting.cadence != NONE else None,
                iso(now),
            )
            if was != now_running:
                await tx.execute(
                    "UPDATE rating_changes SET season = ? WHERE guild_id = ? AND season = ?",
                    now_running,
                    setting.guild_id,
                    was,
                )

    async def seasons_due(self, now: float) -> tuple[list[SeasonSetting], float | None]:
        """The servers whose season has ended by `now`, and when the next one ends."""
        rows = await self.fetch(
            f"SELECT {SETTING_COLUMNS} FROM guild_seasons WHERE cadence <> ?"
            " AND ends_at IS NOT NULL ORDER BY ends_at",
            NONE,
        )
        settings = [_setting(row) for row in rows]
        due = [s for s in settings if s.ends_at is not None and s.ends_at <= now]
        later = [s.ends_at for s in settings if s.ends_at is not None and s.ends_at > now]
        return due, (min(later) if later else None)

    async def end_season(self, guild_id: int, season: str, next_season: Season) -> bool:
        """End `season` of a server (still running: else False, nothing written): its boards
        archived, its champions' announcement owed, every person's rating started anew or
        carried by the server's fraction, and `next_season` running."""
        async with self.transaction() as tx:
            lock = " FOR UPDATE" if tx.dialect == "postgresql" else ""
            rows = await tx.fetch(
                f"SELECT {SETTING_COLUMNS} FROM guild_seasons WHERE guild_id = ?{lock}", guild_id
            )
            if not rows or _setting(rows[0]).running != season:
                return False
            setting = _setting(rows[0])
            assert setting.ends_at is not None
            await _archive(tx, guild_id, season)
            await tx.execute(
                "INSERT INTO season_ends (guild_id, season, ended_at, channel_id, locale,"
                " message_id) VALUES (?, ?, ?, ?, ?, NULL)",
                guild_id,
                season,
                iso(setting.ends_at),
                setting.channel_id,
                setting.locale,
            )
            await _start_anew(tx, guild_id, setting.carry)
            await tx.execute(
                "UPDATE guild_seasons SET season = ?, ends_at = ? WHERE guild_id = ?",
                next_season.name,
                next_season.ends,
                guild_id,
            )
        return True

    async def announcements_owed(self) -> list[tuple[int, str, int | None, str]]:
        """The ended seasons whose champions are still to announce: (server, season,
        channel, locale), the oldest first."""
        rows = await self.fetch(
            "SELECT guild_id, season, channel_id, locale FROM season_ends"
            " WHERE message_id IS NULL ORDER BY ended_at, guild_id"
        )
        return [(int(g), str(s), None if c is None else int(c), str(lo)) for g, s, c, lo in rows]

    async def season_announced(self, guild_id: int, season: str, message_id: int) -> None:
        """The champions' message is out (0: nothing was announced)."""
        await self.fetch(
            "UPDATE season_ends SET message_id = ? WHERE guild_id = ? AND season = ?",
            message_id,
            guild_id,
            season,
        )

    async def archived_seasons(self, guild_id: int) -> list[str]:
        """A server's ended seasons, the latest first."""
        rows = await self.fetch(
            "SELECT season FROM season_ends WHERE guild_id = ? ORDER BY ended_at DESC", guild_id
        )
        return [str(s) for (s,) in rows]

    async def archived_pools(
        self, guild_id: int, season: str, game: str | None = None
    ) -> list[tuple[str, str]]:
        """The (game, pool) an ended season's boards hold, each game's pools in their order."""
        rows = await self.fetch(
            "SELECT DISTINCT game, pool FROM season_ratings WHERE guild_id = ? AND season = ?",
            guild_id,
            season,
        )
        found = {(str(g), str(p)) for g, p in rows if game is None or g == game}
        return sorted(found, key=pool_order)

    async def archived_board(self, guild_id: int, season: str, game: str, pool: str) -> Board:
        """A pool's board as it stood at the season's end (its ratings aged to that moment)."""
        ended = await self.fetch(
            "SELECT ended_at FROM season_ends WHERE guild_id = ? AND season = ?", guild_id, season
        )
        rows = await self.fetch(
            "SELECT player, mu, sigma, games, played_at FROM season_ratings"
            " WHERE guild_id = ? AND season = ? AND game = ? AND pool = ?",
            guild_id,
            season,
            game,
            pool,
        )
        return aged_board(rows, str(ended[0][0]) if ended else "")

    async def champions(self, guild_id: int, season: str) -> list[tuple[str, str, str, Rating]]:
        """(game, pool, person, rating): the best-placed person of each pool rated in the
        ended season among those who played it then (a settled rating before a provisional
        one; a rating carried in, never played, crowns nobody), in the games' order."""
        rows = await self.fetch(
            "SELECT DISTINCT game, pool, player FROM rating_changes WHERE guild_id = ?"
            " AND season = ?",
            guild_id,
            season,
        )
        played: dict[tuple[str, str], set[str]] = {}
        for game, pool, player in rows:
            played.setdefault((str(game), str(pool)), set()).add(str(player))
        found = []
        for game, pool in sorted(played, key=pool_order):
            board = await self.archived_board(guild_id, season, game, pool)
            people = [
                (p, r)
                for p, r in board.settled + board.provisional
                if not is_ai(p) and p in played[game, pool]
            ]
            if people:
                found.append((game, pool, *people[0]))
        return found


async def _archive(tx: Any, guild_id: int, season: str) -> None:
    """Every board of the server as it stands: its people's ratings and the AI levels' that
    played there in the season."""
    await tx.execute(
        "INSERT INTO season_ratings (guild_id, season, game, pool, player, mu, sigma, games,"
        " played_at) SELECT ?, ?, r.game, r.pool, r.player, r.mu, r.sigma, r.games,"
        " r.played_at FROM ratings r WHERE r.games > 0 AND (r.guild_id = ? OR (r.guild_id = 0"
        " AND EXISTS (SELECT 1 FROM rating_changes c WHERE c.guild_id = ? AND c.season = ?"
        " AND c.game = r.game AND c.pool = r.pool AND c.player = r.player)))",
        guild_id,
        season,
        guild_id,
        guild_id,
        season,
    )


async def _start_anew(tx: Any, guild_id: int, carry: int) -> None:
    """The people's ratings of the new season: none (everyone anew), or each carried by the
    server's fraction (`bot.ratings.skill.carried`). The AI levels' are the whole bot's."""
    if carry <= 0:
        await tx.execute("DELETE FROM ratings WHERE guild_id = ?", guild_id)
        return
    rows = await tx.fetch(
        "SELECT game, pool, player, mu, sigma, games FROM ratings WHERE guild_id = ?", guild_id
    )
    for game, pool, player, mu, sigma, games in rows:
        new = carried(Rating(float(mu), float(sigma), int(games)), carry / 100)
        await tx.execute(
            "UPDATE ratings SET mu = ?, sigma = ? WHERE guild_id = ? AND game = ? AND pool = ?"
            " AND player = ?",
            new.mu,
            new.sigma,
            guild_id,
            game,
            pool,
            player,
        )
