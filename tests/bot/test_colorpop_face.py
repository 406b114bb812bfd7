"""Colorpop's face without Discord: nothing public depends on the secret colours (texts,
pictures, alt texts, captions are byte-identical whoever holds what), My colour shows a seat
its own colour(s) only, the group labels read as §7 says, and stats from outcomes."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from bot.games.colorpop.face import ColorpopFace
from bot.games.colorpop.words import group_label
from bot.model.binding import Moved
from bot.model.table import LiveTable, Pending, Seat, Table
from bot.tables.faces import FaceServices, Press
from engine.colorpop import game
from engine.colorpop.adapter import COLORPOP, ColorpopMove
from engine.colorpop.rules import Group
from tests.colorpop.helpers import board_from

FACE = ColorpopFace()

SEATS = ["1", "2", "3", "4"]


def table(mode: str, seats: list[str]) -> Table:
    t = Table(
        game="colorpop",
        guild_id=1,
        channel_id=2,
        host_id=1,
        options={"mode": mode},
        seats=[Seat(id=s, user_id=int(s), name=f"P{s}") for s in seats],
    )
    t.status = "playing"
    return t


def two_deals(mode: str, seats: list[str], a: list[tuple[str, ...]], b: list[tuple[str, ...]]):
    """The same board and first seat, two different deals of the secret colours."""
    base = COLORPOP.start(COLORPOP.options_model.model_validate({"mode": mode}), seats, 7)
    return [game.from_deal(mode, seats, deal, base.first, base.board) for deal in (a, b)]


def public_of(live: LiveTable) -> list[object]:
    post = FACE.table_post(live, "en")
    return [
        post.content,
        [(p.png, p.alt) for p in post.pictures],
        [(c.verb, c.label, c.arg, getattr(c, "disabled", None)) for c in post.controls],
    ]


async def steps_of(live: LiveTable, state, move: ColorpopMove) -> list[object]:
    seat = COLORPOP.view(state, None).on_turn
    after, events = COLORPOP.apply(state, seat, move)
    posts = await FACE.move_posts(None, live, Pending(1, 1, state, events, after), "en")  # type: ignore[arg-type]
    return [(p.content, [(x.png, x.alt) for x in p.pictures]) for p in posts]


def test_nothing_public_depends_on_who_holds_which_colour():
    states = two_deals("competitive", SEATS[:3], [("R",), ("Y",), ("G",)], [("B",), ("P",), ("R",)])
    lives = [LiveTable(table("competitive", SEATS[:3]), s) for s in states]
    assert public_of(lives[0]) == public_of(lives[1])
    move = COLORPOP.ai_move(COLORPOP.view(states[0], None), "easy", 3)
    first, second = (asyncio.run(steps_of(live, live.state, move)) for live in lives)
    assert first == second
    assert len(first) >= 2


def test_my_colour_is_the_seat_s_own_and_teams_see_their_two():
    state = two_deals(
        "teams", SEATS, [("R",), ("Y",), ("G",), ("B",)], [("R",), ("Y",), ("G",), ("B",)]
    )[0]
    live = LiveTable(table("teams", SEATS), state)
    shown = {s.id: FACE.private_post(live, s, "en").content for s in live.table.seats}
    assert "red" in shown["1"]
    assert "green" in shown["1"]
    assert "P3" in shown["1"]
    assert "yellow" not in shown["1"]
    assert "blue" not in shown["1"]
    assert "yellow" in shown["2"]
    assert "blue" in shown["2"]
    assert "red" not in shown["2"]
    assert "red" in shown["3"]
    assert "green" in shown["3"]
    assert "P1" in shown["3"]
    assert "yellow" not in shown["3"]
    assert "blue" not in shown["3"]


def test_a_group_label_reads_as_the_rules_page_says():
    group = Group("R", ((2, 1), (2, 2), (2, 3), (3, 2)), 1, (2, 2))
    assert group_label(group, "en") == "● red ×4 (1 joker) at C3"
    assert group_label(group._replace(jokers=0), "en") == "● red ×4 at C3"
    assert group_label(group._replace(jokers=2), "pl") == "● czerwony ×4 (2 jokery) na C3"


def test_stats_lines_from_outcomes():
    rows = [
        ("competitive", True, 19, {"end": "cleared", "colours": 1}),
        ("competitive", False, 12, {"end": "blocked", "colours": 1}),
        ("solo", True, 38, {"end": "cleared", "colours": 2}),
        ("solo", False, 30, {"end": "blocked", "colours": 2}),
    ]
    assert FACE.stats_lines(rows, "en") == [
        "Won by clearing their colours: 1",
        "Own tokens off the board, on average: 15.5",
        "Solo (secret colours: 2): cleared 1 of 2",
    ]


class FakeReply:
    """The press's answer: what it said, and the buttons it showed (verb, argument, label)."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.buttons: list[tuple[str, str, str]] = []

    async def send_message(
        self, content: str | None = None, view: object = None, **_: object
    ) -> None:
        self.said.append(content if view is None else view.layout.text)  # type: ignore[attr-defined]
        for item in getattr(view, "walk_children", list)():
            if getattr(item, "custom_id", None):
                _game, _table, _epoch, verb, arg = item.custom_id.split(":")
                self.buttons.append((verb, arg, item.label))

    async def edit_message(self, *, view: object, **_: object) -> None:
        self.said.append(view.layout.text)  # type: ignore[attr-defined]


def press_on(live: LiveTable, arg: str | None) -> tuple[Press, list[object], FakeReply]:
    """A press of the seat on turn, and the moves the table layer is asked to make."""
    moves: list[object] = []
    seat = live.table.seat(COLORPOP.view(live.state, None).on_turn or "")

    async def person_move(_table_id: int, _epoch: int, _user_id: int, move: object) -> Moved:
        moves.append(move)
        return Moved(seat, live.state, live, False)

    services = FaceServices(None, None, None, None, person_move, None, None, None, None, False)  # type: ignore[arg-type]
    reply = FakeReply()
    interaction = SimpleNamespace(user=SimpleNamespace(id=seat.user_id))
    return Press(services, interaction, reply, live, seat, arg), moves, reply  # type: ignore[arg-type]


async def pick_from_picker(live: LiveTable, arg: str) -> tuple[list[object], FakeReply]:
    """A group's button pressed: the move it names, made and answered as the table layer
    makes a move a control names (`bot.tables.presses`)."""
    press, moves, reply = press_on(live, arg)
    move = FACE.named_move("pick", arg)
    moved = await press.services.person_move(live.table.id, live.table.epoch, 0, move)
    await FACE.answer_move(press, move, moved)
    return moves, reply


def test_a_group_picked_from_its_column_is_named_played_and_told_at_its_anchor():
    """Rules §7: the bot records the anchor. Column B cuts a red group whose anchor is A1, and
    reaches a green group by a joker alone: each button names its group's anchor and picks
    there; the answer and the caption name that same cell."""
    board = board_from("""
        .WG
        .RG
        .RY
        RRY
    """)
    state = game.from_deal("competitive", SEATS[:2], [("Y",), ("B",)], 0, board)
    live = LiveTable(table("competitive", SEATS[:2]), state)
    press, _, picker = press_on(live, "B")
    asyncio.run(FACE.column(press))
    assert picker.buttons == [
        ("pick", "A1", "● red ×5 (1 joker) at A1"),
        ("pick", "C3", "■ green ×3 (1 joker) at C3"),
    ]
    moves, reply = asyncio.run(pick_from_picker(live, "A1"))
    assert moves == [ColorpopMove("A1")]
    assert reply.said == ["You picked ● red ×5 (1 joker) at A1."]
    captions = asyncio.run(steps_of(live, state, ColorpopMove("A1")))
    assert captions[0][0] == "**P1** picks ● red ×5 (1 joker) at A1."


def test_a_typed_cell_is_played_told_and_captioned_as_typed():
    """§7: a typed cell that is a coloured token of a legal group is the pick, as typed."""
    board = board_from("""
        .WG
        .RG
        .RY
        RRY
    """)
    state = game.from_deal("competitive", SEATS[:2], [("Y",), ("B",)], 0, board)
    live = LiveTable(table("competitive", SEATS[:2]), state)
    press, moves, reply = press_on(live, None)
    asyncio.run(FACE.play_typed(press, " b3 "))
    assert moves == [ColorpopMove("B3")]
    assert reply.said == ["You picked ● red ×5 (1 joker) at B3."]
    captions = asyncio.run(steps_of(live, state, ColorpopMove("B3")))
    assert captions[0][0] == "**P1** picks ● red ×5 (1 joker) at B3."
