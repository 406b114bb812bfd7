"""Tables for the tests that use a store, the table layer or a game face without Discord.

- `a_table(game, **fields)`: a `Table` whose fields a test does not care about are filled in
  (guild 1, channel 2, host 1, in the lobby);
- `people(*names)`: a seat per person, in order, with user ids 1, 2, 3…;
- `pop_table(seats, ...)`: a Pop table being played, dealt from a seed, with its game's state, as
  the table layer holds it (a `LiveTable`).
"""

from __future__ import annotations

from typing import Any

from bot.table import LiveTable, Seat, Table
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
