"""A seat's private redraws go one at a time (`GameFace.redraw_here`), and the table leaving
memory meanwhile breaks neither that nor the redraw holding the lock.

The race behind a `KeyError` in `GameFace.redraw_here` (its locks: `bot.tables.keyed_locks`), seen once in several runs:
Confirm ends an Enigma, and while the click's redraw still waits on Discord, the table's
outbox posts the results, finds nothing more to do and lets the finished table leave memory;
that used to drop the seat's redraw lock under the redraw holding it. Here the redraw's edit
waits until the test has let the table go: the same order, every time."""

from __future__ import annotations

import asyncio

from bot.games.pop.face import PopFace
from bot.model.posts import Post
from bot.tables.faces import Press
from bot.tables.held import TableCache
from tests.factories import people, pop_table


class HandFace(PopFace):
    """Pop's face, drawing a seat's message as a line of text (no pictures)."""

    def private_post(self, _live, seat, _lang):
        return Post(f"hand of {seat.name}")


class Api:
    def __init__(self, live) -> None:
        self.table = live

    async def live(self, _table_id):
        return self.table

    def view_for(self, _table, _post):
        return None


class Reply:
    async def defer(self, **_kwargs) -> None:
        pass


class Interaction:
    """A click whose message edits wait until the test lets them through."""

    def __init__(self) -> None:
        self.editing = asyncio.Event()  # an edit reached Discord
        self.answer = asyncio.Event()  # Discord answers it
        self.edits = 0

    async def edit_original_response(self, **_kwargs) -> None:
        self.edits += 1
        self.editing.set()
        await self.answer.wait()


def a_press(face, live, interaction) -> Press:
    return Press(Api(live), interaction, Reply(), live, live.table.seats[0], None)


async def test_a_table_leaving_memory_during_a_redraw_breaks_nothing():
    face = HandFace()
    live = pop_table(people("ana"), mode="enigma", puzzle_id="e001")
    live.table.status = "finished"  # the Confirm just ended the puzzle
    registry = TableCache(store=None, faces={"pop": face})  # type: ignore[arg-type]
    registry.cache[live.table.id] = live

    click = Interaction()
    redraw = asyncio.create_task(face.redraw_here(a_press(face, live, click)))
    await asyncio.wait_for(click.editing.wait(), 10)
    # The outbox is done: the finished table leaves memory while the redraw holds its lock.
    assert registry.forget(live.table.id, busy=lambda: False) is live
    # A later redraw of the same seat still waits for the one holding the lock.
    later_click = Interaction()
    later = asyncio.create_task(face.redraw_here(a_press(face, live, later_click)))
    await asyncio.sleep(0.2)
    assert later_click.edits == 0

    click.answer.set()
    later_click.answer.set()
    await asyncio.wait_for(asyncio.gather(redraw, later), 10)  # no KeyError
    assert later_click.edits == 1
    assert face._redraws.locks == {}  # the lock went with its last user
