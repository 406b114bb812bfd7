"""What the turn timer and the people asks of the database, beside the tables themselves: the
next moments tables need their timer (`game_tables.wake_at`, one indexed query for the whole
process), and each person's own settings (`user_settings`: pings). Migration 006."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

WAKES_AT_ONCE = 200  # the next wakes read in one query (sharded processes skip others' guilds)


@dataclass(frozen=True)
class Wake:
    """A table whose turn timer needs it at `at` (a Unix time)."""

    table_id: int
    guild_id: int
    at: float


class PeopleQueries:
    """A part of `bot.storage.store.SqlStore` (whose `fetch` does the work)."""

    async def fetch(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    async def next_wakes(
        self, limit: int = WAKES_AT_ONCE, shards: tuple[int, Collection[int]] | None = None
    ) -> list[Wake]:
        """The tables whose timer comes next, soonest first (those due already included);
        with `shards` (count, ids), only those of the guilds those shards receive (Discord
        sends a guild to shard `(guild_id >> 22) % count`)."""
        where, args = "", []
        if shards is not None:
            count, ids = shards
            where = f" AND (guild_id >> 22) % ? IN ({', '.join('?' for _ in ids)})"
            args = [count, *ids]
        rows = await self.fetch(
            f"SELECT id, guild_id, wake_at FROM game_tables WHERE wake_at IS NOT NULL{where}"
            " ORDER BY wake_at, id LIMIT ?",
            *args,
            limit,
        )
        return [Wake(int(i), int(g), float(at)) for i, g, at in rows]

    async def pings_off(self, user_ids: Collection[int]) -> set[int]:
        """Which of these people turned their pings off (`/settings pings off`)."""
        if not user_ids:
            return set()
        marks = ", ".join("?" for _ in user_ids)
        rows = await self.fetch(
            f"SELECT user_id FROM user_settings WHERE pings = 0 AND user_id IN ({marks})",
            *user_ids,
        )
        return {int(row[0]) for row in rows}

    async def set_pings(self, user_id: int, on: bool) -> None:
        """Remember whether the bot may mention this person (one statement: atomic alone)."""
        await self.fetch(
            "INSERT INTO user_settings (user_id, pings, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET pings = excluded.pings,"
            " updated_at = excluded.updated_at",
            user_id,
            int(on),
            datetime.now(UTC).isoformat(timespec="milliseconds"),
        )
