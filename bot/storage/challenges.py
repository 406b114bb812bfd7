"""What challenges ask of the database (migration 011): the challenges themselves, their
members' entries (the primary key refuses a second one) and the results of the entries'
games, read from `game_results` (written in each game's own transaction). A group's members
each have their entry at the group's one table: claimed as they take a seat in its lobby,
given back if they leave it before the start."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from bot.model.challenge import Challenge, EntryResult
from bot.model.table import Table


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class ChallengeQueries:
    """A part of `bot.storage.store.SqlStore` (whose `transaction` and `fetch` do the work)."""

    fetch: Callable[..., Any]
    transaction: Callable[[], contextlib.AbstractAsyncContextManager[Any]]

    async def insert_challenge(self, challenge: Challenge) -> Challenge:
        """A new challenge, stored; a server's daily one only once a day (the one there is)."""
        async with self.transaction() as tx:
            if challenge.daily is not None:
                found = await tx.fetch(
                    "SELECT data FROM challenges WHERE guild_id = ? AND daily = ?",
                    challenge.guild_id,
                    challenge.daily,
                )
                if found:
                    return Challenge.model_validate_json(found[0][0])
            challenge.id = await tx.insert(
                "INSERT INTO challenges (guild_id, channel_id, status, ends_at, daily, data,"
                " created_at) VALUES (?, ?, ?, ?, ?, '{}', ?)",
                challenge.guild_id,
                challenge.channel_id,
                challenge.stage,
                challenge.ends,
                challenge.daily,
                _now(),
            )
            await tx.execute(
                "UPDATE challenges SET data = ? WHERE id = ?",
                challenge.model_dump_json(),
                challenge.id,
            )
        return challenge

    async def save_challenge(self, challenge: Challenge) -> None:
        await self.fetch(
            "UPDATE challenges SET status = ?, data = ? WHERE id = ?",
            challenge.stage,
            challenge.model_dump_json(),
            challenge.id,
        )

    async def challenge(self, challenge_id: int) -> Challenge | None:
        rows = await self.fetch("SELECT data FROM challenges WHERE id = ?", challenge_id)
        return Challenge.model_validate_json(rows[0][0]) if rows else None

    async def challenges_owing(self) -> list[Challenge]:
        """Every challenge still open, or ended without its reveal shown yet."""
        rows = await self.fetch(
            "SELECT data FROM challenges WHERE status IN ('open', 'ending') ORDER BY ends_at, id"
        )
        return [Challenge.model_validate_json(r[0]) for r in rows]

    async def open_challenges(self, guild_id: int) -> list[Challenge]:
        """A server's open challenges, newest first (a daily Enigma's apart)."""
        rows = await self.fetch(
            "SELECT data FROM challenges WHERE guild_id = ? AND status = 'open'"
            " AND daily IS NULL ORDER BY id DESC",
            guild_id,
        )
        return [Challenge.model_validate_json(r[0]) for r in rows]

    async def claim_entry(self, challenge_id: int, user_id: int, tries: bool) -> int | None:
        """A member's entry (its try's number), or None: they have one already."""
        async with self.transaction() as tx:
            try_no = 1
            if tries:
                rows = await tx.fetch(
                    "SELECT MAX(try_no) FROM challenge_entries"
                    " WHERE challenge_id = ? AND user_id = ?",
                    challenge_id,
                    user_id,
                )
                try_no = int(rows[0][0] or 0) + 1
            added = await tx.execute(
                "INSERT INTO challenge_entries (challenge_id, user_id, try_no, table_id,"
                " created_at) VALUES (?, ?, ?, NULL, ?) ON CONFLICT DO NOTHING",
                challenge_id,
                user_id,
                try_no,
                _now(),
            )
        return try_no if added == 1 else None

    async def entry_opened(self, challenge_id: int, user_id: int, try_no: int, table: int) -> None:
        await self.fetch(
            "UPDATE challenge_entries SET table_id = ?"
            " WHERE challenge_id = ? AND user_id = ? AND try_no = ?",
            table,
            challenge_id,
            user_id,
            try_no,
        )

    async def drop_entry(self, challenge_id: int, user_id: int, try_no: int) -> None:
        """An entry that could not open (a limit refused its table): none was played."""
        await self.fetch(
            "DELETE FROM challenge_entries WHERE challenge_id = ? AND user_id = ? AND try_no = ?",
            challenge_id,
            user_id,
            try_no,
        )

    async def entry_tables(self, challenge_id: int) -> list[tuple[int, int]]:
        """(member, table) of every entry that opened, in the order they did."""
        rows = await self.fetch(
            "SELECT user_id, table_id FROM challenge_entries"
            " WHERE challenge_id = ? AND table_id IS NOT NULL ORDER BY table_id",
            challenge_id,
        )
        return [(int(u), int(t)) for u, t in rows]

    async def challenge_results(self, challenge_id: int) -> list[EntryResult]:
        """Every finished game of the challenge's entries, in the order they finished."""
        rows = await self.fetch(
            "SELECT r.user_id, r.won, r.score, r.details, r.table_id FROM game_results r"
            " JOIN challenge_entries e ON e.table_id = r.table_id AND e.user_id = r.user_id"
            " WHERE e.challenge_id = ? ORDER BY r.finished_at, r.table_id, r.game_no",
            challenge_id,
        )
        return [
            EntryResult(int(u), bool(w), int(s), json.loads(d), int(t)) for u, w, s, d, t in rows
        ]

    # --- A challenge's groups ---------------------------------------------------------------

    async def claim_seat_entry(self, challenge_id: int, user_id: int, table_id: int | None) -> bool:
        """A member's one entry, at a group's table (None: one being opened), or False: they
        have one already."""
        async with self.transaction() as tx:
            added = await tx.execute(
                "INSERT INTO challenge_entries (challenge_id, user_id, try_no, table_id,"
                " created_at) VALUES (?, ?, 1, ?, ?) ON CONFLICT DO NOTHING",
                challenge_id,
                user_id,
                table_id,
                _now(),
            )
        return bool(added == 1)

    async def entry_table(self, challenge_id: int, user_id: int) -> int | None:
        """The table of a member's entry (None: none, or not opened yet)."""
        rows = await self.fetch(
            "SELECT table_id FROM challenge_entries WHERE challenge_id = ? AND user_id = ?"
            " AND table_id IS NOT NULL ORDER BY try_no",
            challenge_id,
            user_id,
        )
        return int(rows[0][0]) if rows else None

    async def give_back_entry(self, challenge_id: int, user_id: int, table_id: int) -> None:
        """A member's entry at that group's table, given back (they left it before its start)."""
        await self.fetch(
            "DELETE FROM challenge_entries WHERE challenge_id = ? AND user_id = ? AND table_id = ?",
            challenge_id,
            user_id,
            table_id,
        )

    async def keep_group_entries(
        self, challenge_id: int, table_id: int, users: Sequence[int]
    ) -> None:
        """Of the entries at a group's table (not dealt yet), only those of the members
        seated there now are kept: the others left, their entries are theirs again."""
        kept = "".join(" AND user_id <> ?" for _ in users)
        await self.fetch(
            f"DELETE FROM challenge_entries WHERE challenge_id = ? AND table_id = ?{kept}",
            challenge_id,
            table_id,
            *users,
        )

    async def challenge_tables(self, challenge_id: int) -> list[Table]:
        """The tables of a challenge's entries (a group's once), oldest first."""
        rows = await self.fetch(
            "SELECT data FROM game_tables WHERE id IN (SELECT table_id FROM challenge_entries"
            " WHERE challenge_id = ? AND table_id IS NOT NULL) ORDER BY id",
            challenge_id,
        )
        return [Table.model_validate_json(r[0]) for r in rows]
