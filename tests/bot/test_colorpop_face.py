"""Colorpop's face without Discord: nothing public depends on the secret colours (texts,
pictures, alt texts, captions are byte-identical whoever holds what), My colour shows a seat
its own colour(s) only, the group labels read as §7 says, and stats from outcomes."""

from __future__ import annotations

import asyncio

from bot.games.colorpop.face import ColorpopFace
from bot.games.colorpop.words import group_label
from bot.table import LiveTable, Pending, Seat, Table
from engine.colorpop import game
from engine.colorpop.adapter import COLORPOP, ColorpopMove
from engine.colorpop.rules import Group

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


def test_a_column_button_names_the_groups_cells_in_that_column_and_picks_there():
    from bot.games.colorpop.words import pick_in

    # An L-shaped red group: A1, B1, B2, B3 (rail, row from 0); its anchor is A1.
    group = Group("R", ((0, 0), (1, 0), (1, 1), (1, 2)), 0, (0, 0))
    board = ("R", "RRR", *[""] * 8)
    assert group_label(group, "en").endswith("at A1")
    assert group_label(group, "en", rail=1).endswith("at B1–B3")
    assert pick_in(group, board, 1) == (1, 0)
    assert pick_in(group, board, 0) == (0, 0)
    # A group that reaches column A by a joker alone is picked at its anchor, in column B.
    joined = Group("R", ((0, 0), (1, 0), (1, 1)), 1, (1, 0))
    assert pick_in(joined, ("W", "RR", *[""] * 8), 0) == (1, 0)
