"""Rate every finished game again under the rules of migration 010 (a pool per way of winning, the
number shown following mu, AI levels rated once for the whole bot and never against
themselves, time away), in the order played, inside 010's transaction.

The games are the ones 004's rows placed (`rating_changes_009`: every seat's place, side and
whether its person had left, AI chairs included since 004): those places stand; what changes
is how they are rated. Each game's pool is its rule's for its mode (the mode its people's
results kept); an old AI player ("ai:hard") becomes its level at its game's AI version
("ai:hard@1"); one AI level on several sides is rated once (`rules.placed`). The old tables are
dropped at the end.
"""

from __future__ import annotations

import itertools
from typing import Any, Protocol

from bot.model.table import Table
from bot.ratings import rules as ratings
from bot.ratings.rows import rate_game
from bot.ratings.skill import Entry
from engine.protocol import Outcome


class _Tx(Protocol):
    dialect: str

    async def execute(self, sql: str, *args: Any) -> int: ...

    async def fetch(self, sql: str, *args: Any) -> list[tuple[Any, ...]]: ...


class RulesMissing(RuntimeError):
    """Stored games to rate, but no game registered its rule (bot.games was not imported)."""


def _player(old: str, game: str) -> str:
    """A player of 004's rows as 010 names it: an AI level gets its game's AI version."""
    if not ratings.is_ai(old) or "@" in old:
        return old
    return ratings.ai_player(old.removeprefix(ratings.AI_PREFIX), ratings.AI_VERSIONS.get(game, 1))


async def rate_again(tx: _Tx) -> None:
    rows = await tx.fetch(
        "SELECT c.table_id, c.game_no, c.seat, c.guild_id, c.game, c.player, c.side, c.place,"
        " c.gone, c.finished_at, t.data FROM rating_changes_009 c"
        " JOIN game_tables t ON t.id = c.table_id"
        " ORDER BY c.finished_at, c.table_id, c.game_no, c.seat"
    )
    if rows and not ratings.RULES:
        raise RulesMissing("migration 010 rates stored games by each game's rule: import bot.games")
    modes = {
        (int(table_id), int(game_no)): str(mode)
        for table_id, game_no, mode in await tx.fetch(
            "SELECT DISTINCT table_id, game_no, mode FROM game_results"
        )
    }
    for (table_id, game_no), group in itertools.groupby(rows, key=lambda r: (r[0], r[1])):
        found = list(group)
        first = found[0]
        guild_id, game, at = int(first[3]), str(first[4]), str(first[9])
        rule = ratings.RULES.get(game)
        if rule is None:  # a game no longer hosted: its results stay, unrated
            continue
        table = Table.model_validate_json(first[10])
        mode = modes.get((int(table_id), int(game_no)), str(table.options.get("mode", "")))
        rated = rule(table.options, [s.id for s in table.seats], Outcome(mode, ()))
        if rated is None:
            continue
        seats = [
            Entry(str(r[2]), _player(str(r[5]), game), int(r[6]), int(r[7]), bool(r[8]))
            for r in found
        ]
        placed = ratings.placed(rated.pool, seats)
        if placed is not None:
            await rate_game(tx, guild_id, game, (int(table_id), int(game_no)), placed, at)
    await tx.execute("DROP TABLE rating_changes_009")
    await tx.execute("DROP TABLE ratings_009")
