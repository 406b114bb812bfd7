"""Every table message is laid out as Components V2 by the one composer (`composer.laid_out`):
one container in the game's accent colour, the text, a gallery of the pictures with their alt
texts, a rule, the controls in rows of five; within Discord's limits. The adapter
(`bot.posting.layout_view`) turns that into discord.py's LayoutView with the same custom ids,
and reads a message the bot made back into the same layout (after a restart)."""

from __future__ import annotations

from types import SimpleNamespace

import discord
from discord.components import _component_factory

from bot.games import GAMES
from bot.model import layout
from bot.model.layout import Gallery, Layout, Row, Rule, Shown, Text
from bot.model.posts import Button, Post, Select
from bot.posting import composer
from bot.posting.controls import on_message
from bot.posting.layout_view import layout_of, layout_view, stripped, view_for
from render.kit import Picture
from tests.factories import a_table


def pic(name: str) -> Picture:
    return Picture(b"png", f"alt of {name}", name)


def test_a_post_is_its_text_its_pictures_a_rule_and_its_controls_in_rows_of_five():
    buttons = [Button("card", f"{n}", arg=str(n)) for n in range(7)]
    menu = Select("say", "Say…", (("red", "r"),))
    post = Post("Turn 3", [pic("a.png"), pic("b.png")], [*buttons, menu, Button("hand", "Hand")])
    laid = composer.laid_out(post, 0x8C6090)
    assert laid.accent == 0x8C6090
    text, gallery, rule, *rows = laid.blocks
    assert text == Text("Turn 3")
    assert gallery == Gallery((Shown("a.png", "alt of a.png"), Shown("b.png", "alt of b.png")))
    assert rule == Rule()
    assert rows == [
        Row(tuple(buttons[:5])),
        Row(tuple(buttons[5:])),
        Row((menu,)),
        Row((Button("hand", "Hand"),)),
    ]
    assert laid.count() == 1 + 3 + 4 + 9  # the container, three blocks, four rows, nine controls
    assert laid.text == "Turn 3"
    assert laid.controls == (*buttons, menu, Button("hand", "Hand"))


def test_a_message_without_controls_has_no_rule_and_kept_pictures_come_first():
    laid = composer.laid_out(Post("Step 2", [pic("s2.png")]), None, [Shown("s1.png", "one")])
    assert laid.blocks == (
        Text("Step 2"),
        Gallery((Shown("s1.png", "one"), Shown("s2.png", "alt of s2.png"))),
    )
    many = [Shown(f"{n}.png", "") for n in range(12)]
    assert [s.filename for s in composer.laid_out(Post("x"), None, many).pictures] == [
        f"{n}.png" for n in range(2, 12)
    ]  # a gallery shows ten: the latest
    assert composer.laid_out(Post(""), None).blocks == (Text("…"),)  # never an empty message


def test_a_text_over_discords_limit_keeps_its_first_line_and_its_latest_lines():
    lines = ["Results"] + [f"step {n}: " + "x" * 90 for n in range(100)]
    fitted = layout.fitted("\n".join(lines))
    assert len(fitted) <= layout.MAX_TEXT
    kept = fitted.split("\n")
    assert kept[:2] == ["Results", "…"]
    assert kept[-1] == lines[-1]
    assert kept[2:] == lines[-len(kept) + 2 :]
    assert layout.fitted("short") == "short"


def test_a_status_is_rewritten_in_place_and_controls_come_off():
    laid = composer.laid_out(Post("3 of 4 chose", [pic("t.png")], [Button("hand", "Hand")]), 1)
    now = composer.with_text(laid, "4 of 4 chose")
    assert now.text == "4 of 4 chose"
    assert now.pictures == laid.pictures
    assert now.controls == laid.controls
    closed = now.without_controls()
    assert closed.blocks == (Text("4 of 4 chose"), Gallery((Shown("t.png", "alt of t.png"),)))


def test_the_adapter_makes_one_container_with_the_same_custom_ids():
    table = a_table("pop", id=12, epoch=3)
    post = Post(
        "Turn", [pic("t.png")], [Button("card", "27", "primary", "27"), Button("hand", "Hand")]
    )
    view = view_for(table, post)
    assert isinstance(view, discord.ui.LayoutView)
    assert view.has_components_v2()
    [container] = view.to_components()
    assert container["type"] == 17
    assert container["accent_color"] == GAMES["pop"].accent
    text, gallery, separator, row = container["components"]
    assert text == {"type": 10, "content": "Turn"}
    assert gallery["items"] == [
        {"media": {"url": "attachment://t.png"}, "description": "alt of t.png", "spoiler": False}
    ]
    assert separator["type"] == 14
    assert [b["custom_id"] for b in row["components"]] == ["pop:12:3:card:27", "pop:12:3:hand"]


def as_message(view: discord.ui.LayoutView, files: list[str]) -> SimpleNamespace:
    """The message Discord makes of a view (its components as discord.py reads them back)."""
    components = [_component_factory(c) for c in view.to_components()]
    attachments = [SimpleNamespace(filename=f, description=f"alt of {f}") for f in files]
    flags = discord.MessageFlags(components_v2=True)
    return SimpleNamespace(components=components, attachments=attachments, flags=flags)


def test_a_message_read_back_is_the_layout_it_was_made_from():
    table = a_table("coloretto", id=4, epoch=9)
    post = Post(
        "Ana to take",
        [pic("t.png")],
        [Button("take", "Row 1", arg="0"), Select("x", "…", (("a", "a"),))],
    )
    view = view_for(table, post)
    message = as_message(view, ["t.png"])
    laid, epoch = layout_of(message)  # type: ignore[arg-type]
    assert (laid, epoch) == (view.layout, 9)
    assert on_message("coloretto:4:9:take:0", message)  # type: ignore[arg-type]
    assert not on_message("coloretto:4:9:take:1", message)  # type: ignore[arg-type]
    bare = stripped(message, a_table("coloretto", id=4, epoch=10))  # type: ignore[arg-type]
    assert bare["view"].layout == view.layout.without_controls()
    again = layout_view(laid, "coloretto", 4, epoch)
    assert again.to_components() == view.to_components()


def test_layouts_count_as_discord_counts():
    laid = Layout(None, (Text("a"), Row((Button("a", "a"), Button("b", "b")))))
    assert laid.count() == 5
    view = layout_view(laid, "pop", 1, 1)
    assert view.total_children_count == laid.count()


def test_a_turns_story_shows_its_latest_picture_large_and_the_steps_before_in_a_strip():
    steps = Post("Step 3", [pic("s2.png"), pic("s3.png")])
    laid = composer.laid_out(steps, 1, [Shown("board.png", "alt of board.png")], story=True)
    text, latest, strip = laid.blocks
    assert text == Text("Step 3")
    assert latest == Gallery((Shown("s3.png", "alt of s3.png"),))
    assert strip == Gallery(
        (Shown("board.png", "alt of board.png"), Shown("s2.png", "alt of s2.png"))
    )
    many = composer.laid_out(Post("", [pic(f"{n}.png") for n in range(12)]), 1, story=True)
    assert len(many.pictures) == 10  # the message's ten attachments
    view = layout_view(laid, "pop", 1, 1)
    files = ["board.png", "s2.png", "s3.png"]
    assert layout_of(as_message(view, files))[0] == laid  # type: ignore[arg-type]
