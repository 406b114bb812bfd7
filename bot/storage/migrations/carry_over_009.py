"""Give the private games already being played (migration 009) the end every private game now
has: left alone for `LEFT_ALONE` from the migration, they end (`bot.model.life.touched_private`).

Run once, inside migration 009's transaction. The version is kept, as 006 keeps it: nothing
of the game changes, only when it ends.
"""

from __future__ import annotations

import time
from typing import Any, Protocol

from bot.model import life
from bot.model.table import Table


class _Tx(Protocol):
    async def execute(self, sql: str, *args: Any) -> int: ...

    async def fetch(self, sql: str, *args: Any) -> list[tuple[Any, ...]]: ...


async def carry_over_private_ends(tx: _Tx) -> None:
    now = time.time()
    for table_id, data in await tx.fetch(
        "SELECT id, data FROM game_tables WHERE status = 'playing' AND data LIKE ?",
        '%"private":true%',
    ):
        table = Table.model_validate_json(data)
        if not table.private or table.turn_deadline is not None:
            continue
        life.touched_private(table, now)
        await tx.execute(
            "UPDATE game_tables SET data = ?, wake_at = ? WHERE id = ?",
            table.model_dump_json(),
            table.next_wake(),
            table_id,
        )
