"""What tournaments ask of the database (migration 013): the tournaments themselves, one row
each (its data as JSON), and the tables their rounds opened (written in each table's own
insert: `SqlStore.insert_table`)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from bot.model.tournament_state import Tournament


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class TournamentQueries:
    """A part of `bot.storage.store.SqlStore` (whose `transaction` and `fetch` do the work)."""

    fetch: Callable[..., Any]
    transaction: Callable[[], contextlib.AbstractAsyncContextManager[Any]]

    async def insert_tournament(self, tournament: Tournament) -> Tournament:
        async with self.transaction() as tx:
            tournament.id = await tx.insert(
                "INSERT INTO tournaments (guild_id, channel_id, status, data, created_at)"
                " VALUES (?, ?, ?, '{}', ?)",
                tournament.guild_id,
                tournament.channel_id,
                tournament.stage,
                _now(),
            )
            await tx.execute(
                "UPDATE tournaments SET data = ? WHERE id = ?",
                tournament.model_dump_json(),
                tournament.id,
            )
        return tournament

    async def save_tournament(self, tournament: Tournament) -> None:
        await self.fetch(
            "UPDATE tournaments SET status = ?, data = ? WHERE id = ?",
            tournament.stage,
            tournament.model_dump_json(),
            tournament.id,
        )

    async def tournament(self, tournament_id: int) -> Tournament | None:
        rows = await self.fetch("SELECT data FROM tournaments WHERE id = ?", tournament_id)
        return Tournament.model_validate_json(rows[0][0]) if rows else None

    async def tournaments_running(self, channel_id: int | None = None) -> list[Tournament]:
        """Every tournament in sign-up or play (those of one channel), oldest first."""
        where = "" if channel_id is None else " AND channel_id = ?"
        rows = await self.fetch(
            "SELECT data FROM tournaments WHERE status IN ('signup', 'playing')"
            f"{where} ORDER BY id",
            *(() if channel_id is None else (channel_id,)),
        )
        return [Tournament.model_validate_json(r[0]) for r in rows]

    async def tournaments_played(
        self, guild_id: int, user_id: int, game: str | None = None, scanned: int = 200
    ) -> list[Tournament]:
        """The ended tournaments of a server that `user_id` played in (seated in a round at
        least), of `game` when given, the newest first; among the last `scanned` ended there."""
        rows = await self.fetch(
            "SELECT data FROM tournaments WHERE status = 'ended' AND guild_id = ?"
            " ORDER BY id DESC LIMIT ?",
            guild_id,
            scanned,
        )
        found = [Tournament.model_validate_json(r[0]) for r in rows]
        return [
            held
            for held in found
            if user_id in held.players and held.seated and game in (None, held.game)
        ]

    async def round_tables(self, tournament_id: int, round_no: int) -> dict[int, int]:
        """The tables a round opened: table number → table id."""
        rows = await self.fetch(
            "SELECT table_no, table_id FROM tournament_tables"
            " WHERE tournament_id = ? AND round_no = ?",
            tournament_id,
            round_no,
        )
        return {int(n): int(t) for n, t in rows}
