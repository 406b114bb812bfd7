"""A display name inside the bot's Markdown is shown as written (`bot.texts.markdown.literal`)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.model.table import Seat, Table
from bot.texts.markdown import literal
from tests.bot.story import read


@pytest.mark.parametrize(
    ("name", "escaped"),
    [
        ("**Ana**", r"\*\*Ana\*\*"),
        ("||x|| __u__ ~~s~~ `c`", r"\|\|x\|\| \_\_u\_\_ \~\~s\~\~ \`c\`"),
        ("# Big", r"\# Big"),
        ("> quote", r"\> quote"),
        ("-# small", r"\-# small"),
        ("1. first", r"1\. first"),
        ("[x](https://evil.example)", r"\[x\](https\://evil.example)"),
        ("<@1> <t:0:R>", r"\<@1> \<t\:0\:R>"),
        ("back\\slash", r"back\\slash"),
        ("two\nlines", "two lines"),
    ],
)
def test_markdown_in_a_name_is_escaped(name, escaped):
    assert literal(name) == escaped


@pytest.mark.parametrize(
    "name", ["Ana", "Jean-Luc", "Robo Ada", "ai-1", "Zoë (she/her)", "O'Neil #2"]
)
def test_an_ordinary_name_is_left_as_it_is(name):
    assert literal(name) == name


@given(
    st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n\u2028\u2029"))
)
def test_a_reader_sees_the_name_itself(name):
    """Discord shows a backslashed punctuation character as the character."""
    assert read(literal(name)) == name


def test_a_table_names_its_seats_escaped_for_texts_and_as_written_for_pictures():
    seat = Seat(id="1", user_id=1, name="**Ana**")
    table = Table(game="pop", guild_id=1, channel_id=2, host_id=1, seats=[seat])
    assert table.names() == {"1": r"\*\*Ana\*\*"}
    assert table.plain_names() == {"1": "**Ana**"}
    assert seat.text_name == r"\*\*Ana\*\*"
