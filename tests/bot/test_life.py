"""A table's life: each transition changes the status, the epoch and what is posted as its
docstring says, impossible ones are refused, and nothing else in bot/ changes them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.model import life
from bot.model.table import Seat, Table

ROOT = Path(__file__).resolve().parents[2]


def a_table(status: str = "lobby") -> Table:
    table = Table(
        id=3,
        game="pop",
        guild_id=1,
        channel_id=2,
        host_id=10,
        seats=[Seat(id="10", user_id=10, name="Ana", timeouts=2, autoplay_epoch=4)],
    )
    table.status = status  # type: ignore[assignment]  # a table in the middle of its life
    return table


def test_a_deal_starts_the_game_afresh_and_makes_the_lobby_stale():
    table = a_table()
    table.turn_deadline, table.warned = 123.0, True
    life.deal(table, seed=77)
    assert (table.status, table.games, table.seed, table.moves, table.epoch) == (
        "playing",
        1,
        77,
        0,
        1,
    )
    assert (table.turn_deadline, table.warned) == (None, False)
    assert (table.seats[0].timeouts, table.seats[0].autoplay_epoch) == (0, None)


def test_a_deal_marks_the_seats_whose_person_is_already_away():
    """(Their game is not rated for them unless they come back: bot/ratings/rules.py.)"""
    table = a_table()
    table.seats.append(Seat(id="11", user_id=11, name="Ben", ai=True))  # left, or taken over
    table.seats.append(Seat(id="ai-1", name="Robo", ai=True))  # an AI chair: no person away
    life.deal(table, seed=3)
    assert [s.away_at_deal for s in table.seats] == [False, True, False]


def test_a_rematch_deals_again_from_finished_and_counts_the_game():
    table = a_table()
    life.deal(table, seed=1)
    table.moves = 12
    life.finish(table)
    assert table.status == "finished"
    life.deal(table, seed=2)
    assert (table.status, table.games, table.seed, table.moves, table.epoch) == (
        "playing",
        2,
        2,
        0,
        2,
    )


def test_a_new_turn_makes_the_controls_stale_and_waits_for_its_message():
    table = a_table()
    life.deal(table, seed=1)
    life.turn_posted(table, message_id=55, epoch=table.epoch, deadline=1000.0)
    assert (table.turn_message_id, table.turn_message_epoch, table.turn_deadline) == (
        55,
        1,
        1000.0,
    )
    life.new_turn(table)
    assert table.epoch == 2
    assert table.turn_deadline is None
    assert table.turn_message_epoch != table.epoch  # the next turn's message is due


def test_a_turn_message_of_an_older_turn_sets_no_deadline():
    table = a_table()
    life.deal(table, seed=1)
    life.new_turn(table)
    life.turn_posted(table, message_id=56, epoch=1, deadline=1000.0)
    assert table.turn_message_id == 56
    assert table.turn_deadline is None


def test_the_turn_message_keeps_its_captions_each_moves_once():
    table = a_table()
    life.deal(table, seed=1)
    life.turn_posted(table, message_id=57, epoch=1, deadline=None, captions=[(3, "Ana took")])
    life.captions_added(table, 57, 4, "Ben drew")
    life.captions_added(table, 57, 4, "Ben drew")  # added again after a restart: kept once
    life.captions_added(table, 12, 5, "another message's")
    assert table.turn_captions == [(3, "Ana took"), (4, "Ben drew")]
    life.turn_posted(table, message_id=58, epoch=1, deadline=None)
    assert table.turn_captions == []  # a new turn message carries none of the old one's
    life.captions_added(table, 58, 6, "Cleo drew")
    life.message_deleted(table, 58)
    assert table.turn_captions == []


@pytest.mark.parametrize("status", ["lobby", "playing", "finished"])
def test_cancelling_ends_the_table_and_bumps_its_epoch(status):
    table = a_table(status)
    life.cancel(table)
    assert (table.status, table.epoch) == ("cancelled", 1)


def test_a_lost_thread_ends_the_table_once():
    table = a_table("playing")
    assert life.lose_thread(table)
    assert (table.status, table.paused, table.epoch) == ("cancelled", "gone", 1)
    assert not life.lose_thread(table)  # already over: nothing more to announce
    assert table.epoch == 1


@pytest.mark.parametrize(
    ("status", "move"),
    [
        ("cancelled", lambda t: life.deal(t, 1)),
        ("playing", lambda t: life.deal(t, 1)),
        ("lobby", life.finish),
        ("cancelled", life.cancel),
    ],
)
def test_a_transition_the_life_has_not_is_refused(status, move):
    table = a_table(status)
    with pytest.raises(life.LifeError):
        move(table)
    assert table.status == status
    assert table.epoch == 0


def test_pausing_and_posting_are_recorded():
    table = a_table("playing")
    life.pause(table, "forbidden")
    assert table.paused == "forbidden"
    life.unpause(table)
    assert table.paused is None
    life.lobby_posted(table, 9)
    life.moved_to_thread(table, 44)
    assert (table.lobby_message_id, table.thread_id, table.where) == (9, 44, 44)


LIFE_FIELDS = {
    "status",
    "epoch",
    "paused",
    "thread_id",
    "lobby_message_id",
    "turn_message_id",
    "turn_message_epoch",
}


def test_only_the_life_changes_a_tables_status_epoch_or_posts():
    """Every assignment to a table's life fields in bot/ is in bot/model/life.py."""
    offenders = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        if path.name == "life.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            targets = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, ast.AugAssign | ast.AnnAssign):
                targets = [node.target]
            for target in targets:
                for leaf in ast.walk(target):
                    owner = getattr(leaf, "value", None)
                    mine = isinstance(owner, ast.Name) and owner.id == "self"  # not a table's
                    if isinstance(leaf, ast.Attribute) and leaf.attr in LIFE_FIELDS and not mine:
                        offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} .{leaf.attr}")
    assert offenders == []
