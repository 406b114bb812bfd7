"""Tables for the tests that use a store, the table layer or a game face without Discord.

- `a_table(game, **fields)`: a `Table` whose fields a test does not care about are filled in
  (guild 1, channel 2, host 1, in the lobby);
- `people(*names)`: a seat per person, in order, with user ids 1, 2, 3…;
- `pop_table(seats, ...)`: a Pop table being played, dealt from a seed, with its game's state, as
  the table layer holds it (a `LiveTable`);
- `OtherProcess(store)`: a second bot process's tables, moves and AI seats on the same database.
"""

from __future__ import annotations

import time
from typing import Any

from bot.model.binding import Moved
from bot.model.table import LiveTable, Seat, Table
from bot.storage.store import SqlStore
from bot.tables.ai_seats import AiSeats
from bot.tables.faces import FaceServices
from bot.tables.held import TableCache
from bot.tables.moves import MovePath
from engine.pop.adapter import POP, PopOptions


def a_table(game: str = "pop", **fields: Any) -> Table:
    """A table of `game`; `fields` are any of `Table`'s, over guild 1, channel 2, host 1."""
    return Table(**({"game": game, "guild_id": 1, "channel_id": 2, "host_id": 1} | fields))


def people(*names: str, seat_ids: str = "user") -> list[Seat]:
    """A seat per name, played by a person with user id 1, 2, 3… in order. Each seat's id is
    its user id as text (as the bot names a person's seat), or with `seat_ids="name"` the name
    itself (as engine tests name seats: "ana", "ben")."""
    return [
        Seat(id=name if seat_ids == "name" else str(n), user_id=n, name=name.title())
        for n, name in enumerate(names, start=1)
    ]


def pop_table(seats: list[Seat], seed: int = 2026, **options: Any) -> LiveTable:
    """A Pop table being played, in the first turn of its first game, dealt from `seed`;
    `options` are `PopOptions` (mode, sets, …)."""
    pop = PopOptions(**options)
    table = a_table(
        "pop",
        id=7,
        status="playing",
        options=pop.model_dump(),
        seats=seats,
        games=1,
        epoch=1,
        seed=seed,
    )
    return LiveTable(table, POP.start(pop, [s.id for s in seats], seed))


class _Unposted:
    """Outboxes that post nothing: the other process's posts are not the test's subject."""

    def of(self, _table_id: int) -> _Unposted:
        return self

    def kick(self) -> None:
        pass

    def table_text_changed(self) -> None:
        pass


class OtherProcess:
    """Another bot process on the same database, as far as moves and AI seats go: its own
    store (its own connection), its own tables in memory, the same games."""

    def __init__(self, store: SqlStore) -> None:
        from bot.games import faces

        self.store = store
        self.held = TableCache(store, faces())
        self.moves = MovePath(self.held, _Unposted(), lambda _table_id: None)  # type: ignore[arg-type]
        services = FaceServices(
            store=store,
            live=self.held.live,
            update=self.held.update,
            insert=self.held.insert,
            person_move=self.moves.person_move,
            ai_move=lambda *_args: _nothing(),
            say=lambda *_args: None,
            show_private=lambda *_args: _nothing(),
            background=lambda *_args: None,
            reads_chat=False,
        )
        self.ai = AiSeats(self.held, self.moves, services, time.time, lambda *_args: None)

    async def picks(self, table_id: int, user_id: int, *cards: int) -> Moved:
        """The person `user_id` picks `cards` at a Pop table, through this process."""
        live = await self.held.live(table_id)
        return await self.moves.person_move(table_id, live.table.epoch, user_id, tuple(cards))


async def _nothing() -> None:
    return None
