"""What the stats read of finished games (`/stats`, `/leaderboard`, Pop's daily Enigma): the
store's queries of `game_results`, the rows each finished game writes in its own transaction."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any


class ResultReads:
    """The reads of finished games' results, for a store whose `fetch` runs a query."""

    fetch: Callable[..., Any]

    async def player_results(
        self, guild_id: int, user_id: int, game: str
    ) -> list[tuple[str, bool, int, dict[str, Any]]]:
        """One player's finished games of one game in one server: (mode, won, score, details)."""
        rows = await self.fetch(
            "SELECT mode, won, score, details FROM game_results"
            " WHERE guild_id = ? AND user_id = ? AND game = ? ORDER BY finished_at",
            guild_id,
            user_id,
            game,
        )
        return [(m, bool(w), int(s), json.loads(d)) for m, w, s, d in rows]

    async def leaderboard(
        self, guild_id: int, game: str | None = None, limit: int = 10
    ) -> list[tuple[int, int, int]]:
        """(user, wins, games) of the server's players, most wins first."""
        where, args = (
            ("guild_id = ?", [guild_id])
            if game is None
            else ("guild_id = ? AND game = ?", [guild_id, game])
        )
        rows = await self.fetch(
            f"SELECT user_id, SUM(won), COUNT(*) FROM game_results WHERE {where}"
            " GROUP BY user_id ORDER BY SUM(won) DESC, COUNT(*) ASC, user_id ASC LIMIT ?",
            *args,
            limit,
        )
        return [(int(u), int(w), int(g)) for u, w, g in rows]

    async def results_on_day(
        self, guild_id: int, game: str, mode: str, day: str
    ) -> list[tuple[int, bool, dict[str, Any]]]:
        """(user, won, details) of the games of one mode finished in a server on a day (UTC),
        in the order they finished."""
        rows = await self.fetch(
            "SELECT user_id, won, details FROM game_results WHERE guild_id = ? AND game = ?"
            " AND mode = ? AND day = ? ORDER BY finished_at",
            guild_id,
            game,
            mode,
            day,
        )
        return [(int(u), bool(w), json.loads(d)) for u, w, d in rows]
