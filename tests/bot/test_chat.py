"""Chat lines as the tables read them (`bot.tables.chat`): a forward's words, each version once."""

from __future__ import annotations

from types import SimpleNamespace

from bot.tables.chat import Heard, said_in


def line(message_id: int, content: str, *forwarded: str) -> SimpleNamespace:
    snapshots = [SimpleNamespace(content=words) for words in forwarded]
    return SimpleNamespace(id=message_id, content=content, message_snapshots=snapshots)


def test_a_forward_says_the_words_of_what_it_forwards():
    assert said_in(line(1, "", "my 23")) == "\nmy 23"
    assert said_in(line(2, "look", "blue", "to C")) == "look\nblue\nto C"
    assert said_in(line(3, "blue to C")) == "blue to C"


def test_each_version_of_a_line_is_read_once_and_the_oldest_lines_are_forgotten():
    heard = Heard(size=2)
    assert heard.first_time(line(1, "blue to C"))
    assert not heard.first_time(line(1, "blue to C"))  # the edit's words, already read
    assert heard.first_time(line(1, "blue to D"))
    assert not heard.first_time(line(1, "blue to C"))  # edited back: nothing new
    assert heard.first_time(line(2, "blue to C"))  # another line, the same words
    assert heard.first_time(line(3, "red"))
    assert list(heard.versions) == [2, 3]
    assert heard.first_time(line(1, "blue to D"))  # forgotten: read again
