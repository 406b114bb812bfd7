"""Co-op AI seats at a Pop table talk as §6 allows: each AI seat says the colour it played, the
next AI seat hears it in its own view before it thinks, and once every AI seat has spoken
they think again with everything said, in rounds, until a round changes nothing."""

from __future__ import annotations

import asyncio

import pytest

from bot.games.pop.face import PopFace
from bot.model.binding import Moved
from bot.model.table import LiveTable, Seat, Table
from bot.tables import workers
from bot.tables.faces import FaceServices
from engine.pop import ai as pop_ai
from engine.pop.adapter import POP, PopOptions


class TableInMemory:
    """Enough of the table layer for AI seats and their talk, in memory: the services a face
    is handed (`FaceServices`), its moves applied by the face; `think` may stand in for the
    AI (the AI's workers are this object's `ai_think`)."""

    def __init__(self, table: Table, state, think=None) -> None:
        self.table, self.state, self.think = table, state, think
        self.thoughts = 0
        self.heard: list[list[str]] = []  # the seats an AI heard, each time it thought
        self.said: list[str] = []
        self.work: list = []
        self.services = FaceServices(
            store=None,
            live=self.live,
            update=None,
            insert=None,
            person_move=None,
            ai_move=self.ai_move,
            say=self.say,
            show_private=None,
            background=self.background,
            reads_chat=True,
        )

    async def live(self, _table_id: int) -> LiveTable:
        return LiveTable(self.table, self.state)

    async def ai_think(self, fn, game, view, level, seed):
        self.thoughts += 1
        self.heard.append([seat for seat, _, _ in view.talk])
        if self.think is not None:
            return list(self.think(view))
        return fn(game, view, level, seed)

    async def ai_move(self, _table_id, move, seat, epoch, version):
        if epoch != self.table.epoch or (version is not None and version != self.table.version):
            return None
        before = self.state
        applied = FACE.apply(self.state, seat.id, move)
        self.state = applied.after
        update = {"version": self.table.version + 1}
        if applied.new_turn:
            update["epoch"] = self.table.epoch + 1
        self.table = self.table.model_copy(update=update)
        return Moved(seat, before, LiveTable(self.table, self.state), applied.new_turn)

    def say(self, _table_id: int, text: str, _mentions=()) -> None:
        self.said.append(text)

    def background(self, work, _name: str) -> None:
        self.work.append(work)

    async def ai_seats_act(self, seats: list[Seat]) -> None:
        """What the table layer's AI seats do: each in turn thinks, plays, talks."""
        for seat in seats:
            live = await self.live(self.table.id)
            fn, args = FACE.ai_job(live, seat)
            move = FACE.load_move(await self.ai_think(fn, *args))
            moved = await self.ai_move(self.table.id, move, seat, self.table.epoch, None)
            await FACE.after_move(self.services, moved, move, by_person=False)

    async def run_background(self) -> None:
        while self.work:
            await self.work.pop(0)

    def drop_background(self) -> None:
        for work in self.work:
            work.close()  # a coroutine this test does not run
        self.work = []


@pytest.fixture(autouse=True)
def _ai_thinks_in_the_harness(monkeypatch):
    """The face's AI seats think through the harness (`TableInMemory.ai_think`)."""
    harnesses: list[TableInMemory] = []

    async def think(fn, *args):
        return await harnesses[-1].ai_think(fn, *args)

    monkeypatch.setattr(workers.AI, "run", think)
    original = TableInMemory.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        harnesses.append(self)

    monkeypatch.setattr(TableInMemory, "__init__", init)


FACE = PopFace()


def _coop_table(seats: list[Seat]) -> tuple[Table, object]:
    """A co-op Pop table in its first turn, and its state."""
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
        seats=seats,
    )
    return table, POP.start(options, [s.id for s in seats], seed=2026)


def test_each_ai_seat_hears_the_ai_seats_that_picked_before_it():
    seats = [Seat(id=s, user_id=None, name=s, ai=True) for s in ("ai-1", "ai-2", "ai-3")]
    api = TableInMemory(*_coop_table(seats))
    asyncio.run(api.ai_seats_act(seats))
    assert api.heard == [[], ["ai-1"], ["ai-1", "ai-2"]]
    assert len(api.said) == 2  # the last seat to pick reveals the turn: no one left to tell
    assert all("ai-" in text for text in api.said)
    assert POP.view(api.state, None).talk == ()  # the turn was revealed: its talk is over


async def _a_person_and_two_ai_seats_who_picked(think=None) -> TableInMemory:
    table, state = _coop_table(
        [
            Seat(id="ana", user_id=5, name="Ana"),
            Seat(id="ai-1", user_id=None, name="AI 1", ai=True),
            Seat(id="ai-2", user_id=None, name="AI 2", ai=True),
        ]
    )
    api = TableInMemory(table, state)
    await api.ai_seats_act(table.seats[1:])
    api.think, api.thoughts, api.said = think, 0, []
    return api


async def test_once_every_ai_seat_has_spoken_they_talk_while_a_person_still_chooses():
    api = await _a_person_and_two_ai_seats_who_picked(lambda view: view.my_choice)
    assert POP.to_act(api.state) == {"ana"}
    assert [seat for seat, _, _ in POP.view(api.state, "ana").talk] == ["ai-1", "ai-2"]
    await api.run_background()
    assert api.thoughts == 2  # both AI seats thought again, with everything said


async def test_a_round_that_changes_nothing_ends_the_talk():
    api = await _a_person_and_two_ai_seats_who_picked(lambda view: view.my_choice)  # its pick
    api.drop_background()
    await FACE._ai_talk(api.services, api.table.id)
    assert api.thoughts == 2  # one round: both AI seats thought again
    assert api.said == []


async def test_seats_that_keep_changing_their_minds_talk_at_most_talk_rounds():
    def another_card(view):
        return (next(c for c in sorted(view.hand) if (c,) != tuple(view.my_choice)),)

    api = await _a_person_and_two_ai_seats_who_picked(another_card)
    version = api.table.version
    api.drop_background()
    await FACE._ai_talk(api.services, api.table.id)
    assert api.thoughts == 2 * (pop_ai.TALK_ROUNDS - 1)
    assert len(api.said) == api.thoughts  # every changed pick is announced at the table
    assert api.table.version == version + 2 * api.thoughts  # each: the pick, then its talk
