"""Tables in a real database, with numbered migrations: SQLite (WAL mode) or PostgreSQL.

Every accepted action is written with the table's new state in ONE transaction, before the
interaction is answered; `(table_id, version)` is the actions' primary key and the update only
applies to the version it was computed from, so nothing is ever applied twice — not even by two
processes sharing one PostgreSQL database: the second writer gets `StaleWrite`.

`SqlStore` holds the behaviour, written once in SQL with `?` placeholders; `Store` (SQLite,
through aiosqlite, in `bot.storage.sqlite`) and `PostgresStore` (asyncpg, in `bot.storage.postgres`,
which translates the few dialect differences) only supply connections and transactions.
`bot.running.open_store.open_store(settings)` picks one.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from typing import Any, Protocol

from bot.model.table import ACTIVE, Table
from bot.ratings.reads import RatingReads
from bot.ratings.rows import rate_game, running_season
from bot.ratings.rules import Placed

from .challenges import ChallengeQueries
from .migrations.carry_over_003 import carry_over_pop_tables
from .migrations.carry_over_006 import carry_over_wakes
from .migrations.carry_over_009 import carry_over_private_ends
from .migrations.rate_004 import rate_stored_games
from .migrations.rate_010 import rate_again
from .people import PeopleQueries
from .results import ResultReads
from .seasons import SeasonQueries
from .tournaments import TournamentQueries


@dataclass(frozen=True)
class Move:
    """A player's move as stored: enough, after the game's seed, to replay the game."""

    game_no: int
    seq: int
    seat: str
    user_id: int | None
    move: Any  # the game's dump_move


@dataclass(frozen=True)
class Result:
    """One human seat of a finished game, for the stats."""

    user_id: int
    mode: str
    won: bool
    score: int
    details: dict[str, Any]


@dataclass(frozen=True)
class Delivery:
    """How far a table's outbox got (see migration 003)."""

    game_no: int
    seq: int
    step: int
    idle: bool


class StaleWrite(RuntimeError):
    """The table changed in the database since it was read (another process wrote it)."""


class UnknownMigrations(RuntimeError):
    """The database has migrations this pop-bot does not have: a newer one ran on it."""

    def __init__(self, unknown: Sequence[int]) -> None:
        self.unknown = sorted(unknown)
        super().__init__(
            "has migrations this pop-bot does not know: "
            + ", ".join(f"{n:03d}" for n in self.unknown)
            + " (a newer pop-bot has run on it): run that version or a newer one"
        )


# A table's limits (`bot.model.limits.admit`): given its server's open tables, raises to refuse it.
Admit = Callable[[Iterable[Table]], None]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def migrations() -> list[tuple[int, str]]:
    """The numbered SQL files in bot/storage/migrations, in order."""
    files = resources.files("bot.storage").joinpath("migrations")
    found = []
    for entry in files.iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:3].isdigit():
            found.append((int(name[:3]), entry.read_text(encoding="utf-8")))
    return sorted(found)


def statements(sql: str) -> list[str]:
    """A migration file's statements (split on `;`; migrations keep `;` out of literals). A
    part that is only comments is none: a migration done in Python alone (`CARRY_OVER`) has a
    file that only says what it does."""
    return [s for s in sql.split(";") if _code(s)]


def _code(sql: str) -> str:
    return "\n".join(line for line in sql.splitlines() if not line.strip().startswith("--")).strip()


class Tx(Protocol):
    """One open transaction, whatever the database. SQL uses `?` placeholders."""

    dialect: str  # "sqlite" or "postgresql"

    async def execute(self, sql: str, *args: Any) -> int:
        """Run a statement; the number of rows it changed."""

    async def insert(self, sql: str, *args: Any) -> int:
        """Run an INSERT into a table with an `id` key; the new row's id."""

    async def fetch(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        """Run a query; its rows."""


class SqlStore(
    RatingReads, PeopleQueries, ResultReads, ChallengeQueries, SeasonQueries, TournamentQueries
):
    """What the bot asks of its database (its reads of ratings in `bot.ratings.reads`, of
    people's settings in `bot.storage.people`, of finished games in `bot.storage.results`, of
    challenges in `bot.storage.challenges`). Subclasses supply `open`, `close`,
    `transaction`, `fetch` (a read outside any transaction, without locking rows),
    `_has_table` and `describe`."""

    kind = "sql"

    async def open(self, *, migrate: bool = True) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    def transaction(self) -> contextlib.AbstractAsyncContextManager[Tx]:
        raise NotImplementedError

    async def fetch(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    async def _has_table(self, name: str) -> bool:
        raise NotImplementedError

    async def describe(self) -> str:
        """One line for `pop-bot check`: which database, where (never a password)."""
        raise NotImplementedError

    async def _lock_migrations(self, tx: Tx) -> None:
        """Keep other processes from migrating at the same time (until the transaction ends)."""

    async def _lock_server(self, tx: Tx, guild_id: int) -> None:
        """Keep other processes from opening a table in this server until the transaction ends
        (SQLite's write transaction already holds the whole file)."""

    async def _within_limits(self, tx: Tx, guild_id: int, admit: Admit) -> None:
        """The server's open tables, read under its lock in the transaction about to open one
        more, handed to `admit`: a refusal it raises writes nothing. The check and the count
        are one step, in one process or several."""
        await self._lock_server(tx, guild_id)
        admit(await _open_tables(tx.fetch, guild_id))

    # --- Migrations ---------------------------------------------------------------------

    async def applied(self) -> set[int]:
        """The migrations recorded in this database (none if it was never migrated)."""
        if not await self._has_table("schema_migrations"):
            return set()
        return {row[0] for row in await self.fetch("SELECT version FROM schema_migrations")}

    async def pending(self) -> list[int]:
        """The migrations this code has that the database has not applied yet."""
        done = await self.applied()
        return [number for number, _ in migrations() if number not in done]

    async def migrate(self) -> list[int]:
        """Apply the migrations not applied yet, each in its own transaction. A database that
        a newer pop-bot migrated further (`UnknownMigrations`) is left as it is: this code
        would read and write tables it does not know the shape of."""
        async with self.transaction() as tx:
            await self._lock_migrations(tx)
            await tx.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations "
                "(version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"
            )
            done = {row[0] for row in await tx.fetch("SELECT version FROM schema_migrations")}
        unknown = done - {number for number, _ in migrations()}
        if unknown:
            raise UnknownMigrations(sorted(unknown))
        applied = []
        for number, sql in migrations():
            async with self.transaction() as tx:
                await self._lock_migrations(tx)
                # Read again under the lock: another process may have just applied it.
                if await tx.fetch("SELECT 1 FROM schema_migrations WHERE version = ?", number):
                    continue
                for statement in statements(sql):
                    await tx.execute(statement)
                if number in CARRY_OVER:
                    await CARRY_OVER[number](tx)
                await tx.execute("INSERT INTO schema_migrations VALUES (?, ?)", number, _now())
            applied.append(number)
        return applied

    # --- Tables, moves and deliveries ----------------------------------------------------

    async def insert_table(self, table: Table, admit: Admit | None = None) -> int:
        """A new table; `admit`: its limits, checked in the same transaction."""
        now = _now()
        async with self.transaction() as tx:
            if admit is not None:
                await self._within_limits(tx, table.guild_id, admit)
            table.id = await tx.insert(
                "INSERT INTO game_tables (game, guild_id, channel_id, thread_id, status, version,"
                " data, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, '{}', ?, ?)",
                table.game,
                table.guild_id,
                table.channel_id,
                table.thread_id,
                table.status,
                table.version,
                now,
                now,
            )
            await tx.execute(
                "UPDATE game_tables SET data = ? WHERE id = ?", table.model_dump_json(), table.id
            )
            await tx.execute(
                "INSERT INTO table_deliveries VALUES (?, 0, 1, 0, 1, ?)", table.id, now
            )
            if table.tournament is not None:  # its place in its round: one table there
                at = table.tournament
                await tx.execute(
                    "INSERT INTO tournament_tables VALUES (?, ?, ?, ?)",
                    at.id,
                    at.round_no,
                    at.table_no,
                    table.id,
                )
        return table.id

    async def save(
        self,
        table: Table,
        state: str | None,
        *,
        move: Move | None = None,
        results: Sequence[Result] = (),
        rated: Placed | None = None,
        posts_due: bool = False,
        posts_dropped: bool = False,
        owes_work: bool = True,
        admit: Admit | None = None,
    ) -> None:
        """Write the table at its new version, its game's state, and the move that led there
        (if a player moved), atomically. `table.version` must already be the new version;
        `StaleWrite` if the stored one is not the version before it (and nothing is written).
        A game that ends here brings its `results`, and its seats' places when it is `rated`
        (the ratings move in the same transaction); `posts_due` marks the outbox busy in the
        same transaction, so a restart resumes the table until everything is posted;
        `posts_dropped` lets go of what was still to post (the table's thread is gone);
        `owes_work`: the table has work no person will ask for (migration 007), so a restart
        loads it. `admit`: the limits of a table opening again (a private game dealt anew),
        checked in the same transaction."""
        now = _now()
        async with self.transaction() as tx:
            if admit is not None:
                await self._within_limits(tx, table.guild_id, admit)
            await _write_version(tx, table, state, owes_work, now)
            if move is not None:
                await _insert_move(tx, table.id, move, now)
            if posts_due or posts_dropped:
                await tx.execute(
                    "UPDATE table_deliveries SET idle = ?, updated_at = ? WHERE table_id = ?",
                    int(posts_dropped),
                    now,
                    table.id,
                )
            await _insert_results(tx, table, results, now)
            if rated is not None:
                season = await running_season(tx, table.guild_id)
                played = (table.id, table.games)
                await rate_game(tx, table.guild_id, table.game, played, rated, now, season)

    async def load(self, table_id: int) -> tuple[Table, str | None] | None:
        rows = await self.fetch("SELECT data, state FROM game_tables WHERE id = ?", table_id)
        return (Table.model_validate_json(rows[0][0]), rows[0][1]) if rows else None

    async def moves(self, table_id: int, game_no: int) -> list[tuple[str, Any]]:
        """The (seat, move) of one game at a table, in order."""
        rows = await self.fetch(
            "SELECT seat, move FROM game_moves WHERE table_id = ? AND game_no = ? ORDER BY seq",
            table_id,
            game_no,
        )
        return [(seat, json.loads(move)) for seat, move in rows]

    async def delivery(self, table_id: int) -> Delivery:
        rows = await self.fetch(
            "SELECT game_no, seq, step, idle FROM table_deliveries WHERE table_id = ?", table_id
        )
        if not rows:
            return Delivery(0, 1, 0, True)
        game_no, seq, step, idle = rows[0]
        return Delivery(int(game_no), int(seq), int(step), bool(idle))

    async def delivered(self, table_id: int, progress: Delivery) -> None:
        """The outbox's progress: a one-row write, apart from the table and its moves. One
        statement is atomic by itself: it runs outside a transaction (one trip, not three)."""
        await self.fetch(
            "UPDATE table_deliveries SET game_no = ?, seq = ?, step = ?, idle = ?,"
            " updated_at = ? WHERE table_id = ?",
            progress.game_no,
            progress.seq,
            progress.step,
            int(progress.idle),
            _now(),
            table_id,
        )

    async def tables_to_resume(self) -> list[tuple[Table, str | None]]:
        """Tables in their lobby or being played that owe work of their own (`owes_work`),
        and any table with something not posted yet whatever its status: what a restarted
        bot picks up again. The other open tables stay in the database until asked for."""
        marks = ", ".join("?" for _ in ACTIVE)
        rows = await self.fetch(
            f"SELECT data, state FROM game_tables WHERE (status IN ({marks}) AND owes_work = 1)"
            " OR id IN (SELECT table_id FROM table_deliveries WHERE idle = 0) ORDER BY id",
            *ACTIVE,
        )
        return [(Table.model_validate_json(data), state) for data, state in rows]

    async def open_places(self) -> list[tuple[int, int, int]]:
        """(table, its guild, the channel it posts to) of every table in its lobby or in
        play: a few integers each, so a chat line in an unloaded table's thread finds it."""
        marks = ", ".join("?" for _ in ACTIVE)
        rows = await self.fetch(
            f"SELECT id, guild_id, COALESCE(thread_id, channel_id) FROM game_tables"
            f" WHERE status IN ({marks})",
            *ACTIVE,
        )
        return [(int(i), int(g), int(where)) for i, g, where in rows]

    async def owes_nothing(self, table: Table) -> None:
        """A table owes no work of its own at its version, as it is now (resumed, or its turn's
        text just shown: that flag stored cleared, no new version): the next restart skips it
        (unless a newer version, written meanwhile, says otherwise)."""
        sql = "UPDATE game_tables SET owes_work = 0, data = ? WHERE id = ? AND version = ?"
        await self.fetch(sql, table.model_dump_json(), table.id, table.version)

    async def tables_in(self, channel_id: int, statuses: tuple[str, ...] = ACTIVE) -> list[Table]:
        """Tables (active ones, by default) whose thread, or channel, is this one."""
        if not statuses:
            return []
        marks = ", ".join("?" for _ in statuses)
        rows = await self.fetch(
            f"SELECT data FROM game_tables WHERE status IN ({marks})"
            " AND (thread_id = ? OR (thread_id IS NULL AND channel_id = ?)) ORDER BY id",
            *statuses,
            channel_id,
            channel_id,
        )
        return [Table.model_validate_json(r[0]) for r in rows]

    async def open_tables(self, guild_id: int) -> list[Table]:
        """A server's tables in their lobby or in play (what its limits count)."""
        return await _open_tables(self.fetch, guild_id)


async def _open_tables(fetch: Callable[..., Any], guild_id: int) -> list[Table]:
    marks = ", ".join("?" for _ in ACTIVE)
    rows = await fetch(
        f"SELECT data FROM game_tables WHERE guild_id = ? AND status IN ({marks})",
        guild_id,
        *ACTIVE,
    )
    return [Table.model_validate_json(r[0]) for r in rows]


# Data a migration's SQL cannot move by itself: run in the same transaction, right after it.
CARRY_OVER = {
    3: carry_over_pop_tables,
    4: rate_stored_games,
    6: carry_over_wakes,
    9: carry_over_private_ends,
    10: rate_again,
}


async def _write_version(
    tx: Tx, table: Table, state: str | None, owes_work: bool, now: str
) -> None:
    """The table at its new version, only over the version it was computed from (else
    `StaleWrite`, and the transaction writes nothing)."""
    changed = await tx.execute(
        "UPDATE game_tables SET status = ?, thread_id = ?, version = ?, data = ?,"
        " state = ?, wake_at = ?, owes_work = ?, updated_at = ?"
        " WHERE id = ? AND version = ?",
        table.status,
        table.thread_id,
        table.version,
        table.model_dump_json(),
        state,
        table.next_wake(),
        int(owes_work),
        now,
        table.id,
        table.version - 1,
    )
    if changed != 1:
        raise StaleWrite(f"table {table.id} is not at version {table.version - 1}")


async def _insert_move(tx: Tx, table_id: int, move: Move, now: str) -> None:
    await tx.execute(
        "INSERT INTO game_moves (table_id, game_no, seq, seat, user_id, move, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        table_id,
        move.game_no,
        move.seq,
        move.seat,
        move.user_id,
        json.dumps(move.move),
        now,
    )


async def _insert_results(tx: Tx, table: Table, results: Sequence[Result], now: str) -> None:
    """A finished game's results, one row per person, in the game's own transaction."""
    for r in results:
        await tx.execute(
            "INSERT INTO game_results (table_id, game_no, game, guild_id, user_id, mode,"
            " won, score, details, day, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            table.id,
            table.games,
            table.game,
            table.guild_id,
            r.user_id,
            r.mode,
            int(r.won),
            r.score,
            json.dumps(r.details),
            now[:10],
            now,
        )
