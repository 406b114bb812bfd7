"""Co-op AI seats at a Pop table: each AI's signal reaches the next AI seat's thinking at once,
before the background task that stores and posts it has run (the table layer lets the AI seats
act one after another without waiting for it)."""

from __future__ import annotations

from bot.games.pop.face import PopFace
from bot.table import LiveTable, Seat, Table
from engine.pop.adapter import POP, PopOptions


class Api:
    """Only what `after_ai_move` uses: background work is kept, never run."""

    def __init__(self) -> None:
        self.work: list[object] = []

    def background(self, work, _name: str) -> None:
        work.close()  # a coroutine never awaited
        self.work.append(work)


def test_each_ai_seat_hears_the_ai_seats_that_picked_before_it():
    face = PopFace()
    seats = ["ai-1", "ai-2", "ai-3"]
    options = PopOptions(mode="coop")
    table = Table(
        id=9,
        game="pop",
        guild_id=1,
        channel_id=2,
        host_id=1,
        status="playing",
        options=options.model_dump(),
        games=1,
        epoch=4,
        seats=[Seat(id=s, user_id=None, name=s, ai=True) for s in seats],
    )
    state = POP.start(options, seats, seed=2026)
    api = Api()
    heard = []
    for seat in table.seats:
        live = LiveTable(table, state)
        fn, view, level, seed, signals = face.ai_job(live, seat)
        heard.append([s for s, _, _ in signals])
        move = fn(view, level, seed, signals)
        before = state
        state, _ = POP.apply(state, seat.id, move)
        face.after_ai_move(api, LiveTable(table, state), seat, move, before)
    assert heard == [[], ["ai-1"], ["ai-1", "ai-2"]]
    assert len(api.work) == 2  # the last seat to pick has no one left to tell
    # Signals of another turn are not heard.
    table.epoch += 1
    assert face.signals(table) == []
