"""A press at a table Discord stopped is told why: paused (the bot lost its permission to post
there) or ended (its thread was deleted); never a nearby sentence ("not playing")."""

from __future__ import annotations

import pytest

from bot.model import life
from bot.model.posts import Refusal
from bot.tables.moves import admit
from tests.factories import people, pop_table


def refusal_of(live, user_id: int = 1) -> str:
    with pytest.raises(Refusal) as no:
        admit(live, user_id, live.table.epoch, None)
    return no.value.key


def test_a_playing_table_seats_the_clicker():
    live = pop_table(people("ana", "ben"))
    assert admit(live, 2, live.table.epoch, None).name == "Ben"


def test_a_press_at_a_paused_table_says_it_is_paused():
    live = pop_table(people("ana", "ben"))
    life.pause(live.table, "forbidden")
    assert refusal_of(live) == "refusal.paused"
    life.unpause(live.table)
    assert admit(live, 1, live.table.epoch, None).name == "Ana"


def test_a_press_at_a_table_whose_thread_went_says_it_ended():
    live = pop_table(people("ana", "ben"))
    assert life.lose_thread(live.table)
    assert refusal_of(live) == "refusal.thread_gone"
    live.table.paused = None  # cancelled by its host instead: not playing, no thread lost
    assert refusal_of(live) == "refusal.not_playing"
