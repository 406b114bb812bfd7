"""Fill in `game_tables.wake_at` (migration 006) for the tables already being played, so that
their running turn timers still fire once the scheduler reads deadlines from that column.

Run once, inside migration 006's transaction.
"""

from __future__ import annotations

from typing import Any, Protocol

from bot.model.table import Table


class _Tx(Protocol):
    async def execute(self, sql: str, *args: Any) -> int: ...

    async def fetch(self, sql: str, *args: Any) -> list[tuple[Any, ...]]: ...


async def carry_over_wakes(tx: _Tx) -> None:
    for table_id, data in await tx.fetch(
        "SELECT id, data FROM game_tables WHERE status = 'playing'"
    ):
        wake = Table.model_validate_json(data).next_wake()
        if wake is not None:
            await tx.execute("UPDATE game_tables SET wake_at = ? WHERE id = ?", wake, table_id)
