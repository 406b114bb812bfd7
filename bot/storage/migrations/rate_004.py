"""Place every game finished before ratings existed (migration 004), in the order played, so a
server that already plays starts with its ratings.

Run once, inside migration 004's transaction, with each game's own rule (`bot.ratings.rules.RULES`,
registered by `bot.games`). Only what those games stored is known: each person's result
(`game_results`) and the table (its seats, options and AI level). So AI chairs of those games
are not rated (their results were never stored), and a person counts as gone (placed last)
only in their table's last game, the one whose seats the table still shows.

Only the places are written here (004's `rating_changes`, a newcomer's rating before and
after): migration 010, which always follows, rates every placed game under today's rules.
"""

from __future__ import annotations

import itertools
from typing import Any, Protocol

from bot.model.table import Table
from bot.ratings import rules as ratings
from bot.ratings.rules import Placed
from bot.ratings.skill import Rating
from engine.protocol import Outcome, SeatOutcome


class _Tx(Protocol):
    dialect: str

    async def execute(self, sql: str, *args: Any) -> int: ...

    async def fetch(self, sql: str, *args: Any) -> list[tuple[Any, ...]]: ...


class RulesMissing(RuntimeError):
    """Stored games to rate, but no game registered its rule (bot.games was not imported)."""


def _outcome(table: Table, mode: str, rows: list[tuple[Any, ...]]) -> Outcome:
    """A stored game's outcome, as far as its people's results tell it."""
    seats = []
    for row in rows:
        user_id, won, score = int(row[2]), bool(row[4]), int(row[5])
        seat = table.seat_of_user(user_id)
        seats.append(SeatOutcome(seat.id if seat else str(user_id), won, score))
    return Outcome(mode, tuple(seats))


async def rate_stored_games(tx: _Tx) -> None:
    rows = await tx.fetch(
        "SELECT r.table_id, r.game_no, r.user_id, r.mode, r.won, r.score, r.finished_at,"
        " r.guild_id, r.game, t.data FROM game_results r JOIN game_tables t ON t.id = r.table_id"
        " ORDER BY r.finished_at, r.table_id, r.game_no, r.user_id"
    )
    if rows and not ratings.RULES:
        raise RulesMissing("migration 004 rates stored games by each game's rule: import bot.games")
    for (table_id, game_no), group in itertools.groupby(rows, key=lambda r: (r[0], r[1])):
        found = list(group)
        first = found[0]
        rule = ratings.RULES.get(str(first[8]))
        if rule is None:  # a game no longer hosted: its results stay, unrated
            continue
        table = Table.model_validate_json(first[9])
        outcome = _outcome(table, str(first[3]), found)
        # The seats show who had left only as the table's last game ended.
        gone = None if int(game_no) == table.games and table.status == "finished" else ()
        placed = ratings.entries(table, outcome, rule, gone)
        if placed is not None:
            played = (int(table_id), int(game_no))
            await _keep_places(tx, (int(first[7]), str(first[8])), played, placed, str(first[6]))


async def _keep_places(
    tx: _Tx, where: tuple[int, str], played: tuple[int, int], placed: Placed, at: str
) -> None:
    """A game's places, in 004's rows (its ratings are 010's to compute)."""
    new = Rating()
    for e in placed.seats:
        await tx.execute(
            "INSERT INTO rating_changes (table_id, game_no, seat, guild_id, game, player, side,"
            " place, gone, mu_before, sigma_before, mu_after, sigma_after, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            *played,
            e.seat,
            *where,
            e.player,
            e.side,
            e.place,
            int(e.left),
            new.mu,
            new.sigma,
            new.mu,
            new.sigma,
            at,
        )
