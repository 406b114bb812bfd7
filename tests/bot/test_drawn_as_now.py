"""A drawing made in a worker thread reads the table as it was when it was asked for.

The race behind a Colourist test that timed out once in CI: the turn message's text
(`TurnMessage.edit_text`) was drawn in a thread from the held `LiveTable`, and a move made
meanwhile replaced its state, so the last round's message showed the next round's header over
its own buttons. Here the drawing waits until the test has replaced the state: the same order,
every time."""

from __future__ import annotations

import asyncio
import threading
from types import SimpleNamespace

from bot.model.table import LiveTable
from bot.posting.turn_message import TurnMessage
from tests.factories import people, pop_table


class SlowFace:
    """Draws a turn's text from the state it is given, once the test lets it."""

    def __init__(self) -> None:
        self.asked = threading.Event()
        self.go_on = threading.Event()
        self.drawn_from: object = None

    def to_act(self, _state: object) -> frozenset[str]:
        return frozenset({"ben"})

    def table_text(self, live: LiveTable, _lang: str) -> str:
        self.asked.set()
        self.go_on.wait(5)
        self.drawn_from = live.state
        return "text"


class Transport:
    def __init__(self) -> None:
        self.revised: list[int] = []

    async def revise(self, _table, message_id, _change) -> None:
        self.revised.append(message_id)


class Posted:
    def __init__(self) -> None:
        self.shown: list[tuple[int, int]] = []

    async def text_shown(self, table_id, epoch, to_act) -> None:
        self.shown.append((table_id, epoch, to_act))


async def test_a_turn_text_is_drawn_from_the_state_it_was_due_for():
    live = pop_table(people("ana", "ben"))
    live.table.turn_message_id = 77
    face, transport = SlowFace(), Transport()
    posting = SimpleNamespace(face=lambda _table: face)
    posted = Posted()
    turn = TurnMessage(posting, posted, transport, lambda _seat: None, live.table.id)  # type: ignore[arg-type]
    due_for = live.state

    editing = asyncio.create_task(turn.edit_text(live))
    await asyncio.to_thread(face.asked.wait, 5)
    live.state = object()  # a move made meanwhile: the next turn's state
    face.go_on.set()
    await editing

    assert face.drawn_from is due_for
    assert transport.revised == [77]
    assert posted.shown == [(live.table.id, live.table.epoch, frozenset({"ben"}))]


def test_as_now_keeps_still_while_the_held_table_moves_on():
    live = pop_table(people("ana", "ben"))
    now = live.as_now()
    table, state = live.table, live.state
    live.state, live.table = object(), live.table.model_copy()
    assert now.state is state
    assert now.table is table
