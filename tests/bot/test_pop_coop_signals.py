"""Co-op AI seats at a Pop table: each AI's signal reaches the next AI seat's thinking at once,
before the background task that stores and posts it has run (the table layer lets the AI seats
act one after another without waiting for it)."""

from __future__ import annotations

from bot.games.pop.face import PopFace
from bot.table import LiveTable, Seat, Table
from engine.pop import ai as pop_ai
from engine.pop.adapter import POP, PopOptions


class Api:
    """Only what `after_ai_move` uses: background work is kept, never run."""

    def __init__(self) -> None:
        self.work: list[object] = []

    def background(self, work, _name: str) -> None:
        work.close()  # a coroutine never awaited
        self.work.append(work)


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
    face = PopFace()
    seats = ["ai-1", "ai-2", "ai-3"]
    table, state = _coop_table([Seat(id=s, user_id=None, name=s, ai=True) for s in seats])
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


class TalkingApi(Api):
    """Enough of the table layer for a round of table talk, in memory: `think` stands in for
    the AI (it gets the seat's view and what it picked), moves are applied by the engine."""

    def __init__(self, table: Table, state, think) -> None:
        super().__init__()
        self.table, self.state, self.think = table, state, think
        self.thoughts = 0
        self.said: list[str] = []

    async def live(self, _table_id: int) -> LiveTable:
        return LiveTable(self.table, self.state)

    async def ai_think(self, _fn, view, *_args):
        self.thoughts += 1
        return self.think(view)

    async def play(self, _interaction, _table_id, epoch, move, *, seat, version):
        assert epoch == self.table.epoch
        assert version == self.table.version
        self.state, _ = POP.apply(self.state, seat.id, move)
        self.table = self.table.model_copy(update={"version": self.table.version + 1})
        return False

    async def update_face(self, _table_id: int, change) -> Table:
        change(self.table)
        return self.table

    def say(self, _table_id: int, text: str) -> None:
        self.said.append(text)


class LaterApi(TalkingApi):
    """A TalkingApi that keeps its background work for the test to run, in order."""

    def background(self, work, _name: str) -> None:
        self.work.append(work)


def _a_person_and_two_ai_seats_who_picked(api=None):
    face = PopFace()
    table, state = _coop_table(
        [
            Seat(id="ana", user_id=5, name="Ana"),
            Seat(id="ai-1", user_id=None, name="AI 1", ai=True),
            Seat(id="ai-2", user_id=None, name="AI 2", ai=True),
        ]
    )
    api = api or Api()
    for seat in table.seats[1:]:
        fn, view, level, seed, signals = face.ai_job(LiveTable(table, state), seat)
        move = fn(view, level, seed, signals)
        before = state
        state, _ = POP.apply(state, seat.id, move)
        face.after_ai_move(api, LiveTable(table, state), seat, move, before)
    return face, table, state, api


async def test_once_every_ai_seat_has_spoken_they_talk_while_a_person_still_chooses():
    api = LaterApi(None, None, lambda view: view.my_choice)  # each keeps its pick
    _face, table, state, _ = _a_person_and_two_ai_seats_who_picked(api)
    api.table, api.state = table, state
    assert api.thoughts == 0  # nothing ran yet: the AI seats acted without waiting for it
    for work in api.work:
        await work
    # Each AI seat's signal is stored on the table and said there, in the order they picked...
    assert [s["seat"] for s in api.table.face["signals"]] == ["ai-1", "ai-2"]
    assert len(api.said) == 2
    assert api.said[0].startswith("📣 AI 1:")
    assert api.said[1].startswith("📣 AI 2:")
    # ...and then both think again with everything said: the talk, while ana has not chosen.
    assert api.thoughts == 2
    assert not POP.view(api.state, "ana").my_choice


async def test_a_round_that_changes_nothing_ends_the_talk():
    face, table, state, _ = _a_person_and_two_ai_seats_who_picked()
    api = TalkingApi(table, state, lambda view: view.my_choice)  # each keeps its pick
    await face._ai_talk(api, table.id)
    assert api.thoughts == 2  # one round: both AI seats thought again
    assert api.said == []


async def test_seats_that_keep_changing_their_minds_talk_at_most_talk_rounds():
    face, table, state, _ = _a_person_and_two_ai_seats_who_picked()

    def another_card(view):
        return (next(c for c in sorted(view.hand) if (c,) != tuple(view.my_choice)),)

    api = TalkingApi(table, state, another_card)
    await face._ai_talk(api, table.id)
    assert api.thoughts == 2 * (pop_ai.TALK_ROUNDS - 1)
    assert len(api.said) == api.thoughts  # every changed pick is announced at the table
    assert api.table.version == table.version + api.thoughts
