"""Two bot processes on one database (SQLite and PostgreSQL alike): a table one of them holds
in memory while the other moves is refused once, read again, and the next press works."""

from __future__ import annotations

import pytest

from bot.model.posts import Refusal
from bot.model.table import Seat
from bot.tables import workers
from tests import factories


async def test_a_stale_table_is_read_again_and_the_next_press_works(make_store):
    first, second = factories.OtherProcess(make_store()), factories.OtherProcess(make_store())
    await first.store.open()
    await second.store.open()
    try:
        live = factories.pop_table(factories.people("ana", "ben", "cleo"))
        live.table.id = 0
        table_id = (await first.held.insert(live.table, live.state)).table.id
        hands = live.state.hands
        held = (await second.held.live(table_id)).table.version  # the second holds it too

        await first.picks(table_id, 1, hands["1"][0])  # ana, through the first process
        with pytest.raises(Refusal) as refused:
            await second.picks(table_id, 2, hands["2"][0])  # ben's, computed from the old
        assert refused.value.key == "refusal.table_changed"
        assert second.held.cache[table_id].table.version == held + 1  # read again
        await second.picks(table_id, 2, hands["2"][0])  # pressed again: it is taken

        stored = await second.store.moves(table_id, 1)
        assert stored == [("1", [hands["1"][0]]), ("2", [hands["2"][0]])]
        table, _ = await first.store.load(table_id)
        assert table.version == second.held.cache[table_id].table.version
    finally:
        await first.store.close()
        await second.store.close()


async def test_an_ai_move_overtaken_by_another_process_is_thought_again(make_store, monkeypatch):
    monkeypatch.setattr(workers.AI, "size", 0)  # the AI thinks in this process
    first, second = factories.OtherProcess(make_store()), factories.OtherProcess(make_store())
    await first.store.open()
    await second.store.open()
    try:
        seats = [*factories.people("ana", "ben"), Seat(id="ai-1", name="Robo Ada", ai=True)]
        live = factories.pop_table(seats)
        live.table.id = 0
        table_id = (await first.held.insert(live.table, live.state)).table.id
        await second.held.live(table_id)  # the second process holds it
        await first.picks(table_id, 1, live.state.hands["1"][0])
        await second.ai.drive(table_id)  # its first try is computed from the old copy
        assert [seat for seat, _ in await first.store.moves(table_id, 1)] == ["1", "ai-1"]
    finally:
        await first.store.close()
        await second.store.close()
