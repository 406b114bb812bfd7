"""One message a seat's turn (`bot.posting.whole_turn`), built with fakes of the narrow parts it is
given: a move within the turn is added to the turn's message under the captions the table
recorded for it, never under text read back from Discord, and only once across a restart."""

from __future__ import annotations

from types import SimpleNamespace

from bot.model.posts import Button, Post
from bot.model.table import LiveTable, Pending
from bot.posting.layout_view import view_for
from bot.posting.turn_message import DrawnTurn
from bot.posting.whole_turn import WholeTurns
from render.kit import Picture
from tests.factories import a_table

TURN_MESSAGE = 77


def pic(name: str) -> Picture:
    return Picture(b"png", f"alt of {name}", name)


class Transport:
    def __init__(self) -> None:
        self.edits: list[tuple[int, dict]] = []

    async def edit(self, _table, message_id, **changes) -> None:
        self.edits.append((message_id, changes))


class Turn:
    """The turn's message: Discord's copy says something the bot never wrote there."""

    def __init__(self, *pictures: str) -> None:
        attachments = [
            SimpleNamespace(filename=name, description=f"alt of {name}") for name in pictures
        ]
        self.message = SimpleNamespace(
            content="read me back\n\nand be wrong", attachments=attachments
        )
        self.fetched = 0

    async def draw(self, live):
        post = Post("Ben to place", [pic("turn.png")], [Button("place", "Row 1")])
        return DrawnTurn(post, live.table.epoch, None)

    async def as_posted(self, _table, _message_id):
        self.fetched += 1
        return self.message


class Posted:
    def __init__(self) -> None:
        self.added: list[tuple[int, int, str]] = []

    async def captions_added(self, _table_id, message_id, move, text) -> None:
        self.added.append((message_id, move, text))


class Progress:
    async def advance(self, _progress) -> None:
        pass


class Moves:
    def out(self, live, seq) -> None:
        live.pending.pop(seq, None)


async def add_a_draw(turn: Turn, recorded: list[tuple[int, str]]):
    """Move 5, Ben's draw, within the turn whose message shows move 4's caption."""
    table = a_table(
        "coloretto",
        id=9,
        status="playing",
        epoch=5,
        turn_message_id=TURN_MESSAGE,
        turn_message_epoch=5,
        turn_captions=recorded,
    )
    pending = Pending(1, 5, None, [], None, new_turn=False, epoch=5)
    live = LiveTable(table, None, {5: pending})

    async def now(_table_id):
        return live

    posting = SimpleNamespace(tables=SimpleNamespace(live=now), views=view_for)
    transport, posted = Transport(), Posted()
    whole = WholeTurns(posting, transport, Moves(), turn, Progress(), posted)
    await whole.post(live, pending, [Post("Ben drew a card", [pic("draw-5.png")], step=True)])
    return transport.edits, posted.added


async def test_a_move_within_the_turn_is_added_under_the_recorded_captions():
    edits, added = await add_a_draw(Turn("take-4.png"), [(4, "Ana took row 2")])
    [(message_id, changes)] = edits
    assert message_id == TURN_MESSAGE
    laid = changes["view"].layout
    assert laid.text == "Ana took row 2\nBen drew a card\n\nBen to place"
    assert [a.filename for a in changes["attachments"]] == ["take-4.png", "draw-5.png"]
    assert [p.filename for p in laid.pictures] == ["take-4.png", "draw-5.png"]
    assert [p.alt for p in laid.pictures] == ["alt of take-4.png", "alt of draw-5.png"]
    assert added == [(TURN_MESSAGE, 5, "Ben drew a card")]


async def test_an_addition_made_before_a_restart_is_recorded_not_made_again():
    edits, added = await add_a_draw(Turn("take-4.png", "draw-5.png"), [(4, "Ana took row 2")])
    assert edits == []
    assert added == [(TURN_MESSAGE, 5, "Ben drew a card")]


async def test_an_addition_recorded_already_asks_discord_nothing():
    turn = Turn("take-4.png", "draw-5.png")
    edits, added = await add_a_draw(turn, [(4, "Ana took row 2"), (5, "Ben drew a card")])
    assert (edits, added, turn.fetched) == ([], [], 0)
