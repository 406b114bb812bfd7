"""Coloretto through the game protocol: what the table layer calls."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from engine.coloretto import errors as E
from engine.coloretto import events as ev
from engine.coloretto.adapter import COLORETTO, ColorettoGame, ColorettoOptions
from engine.coloretto.game import Draw, Place, Take
from engine.protocol import Game, Outcome, RecordError, RuleError


def test_protocol_facts():
    game: Game = COLORETTO
    assert isinstance(COLORETTO, ColorettoGame)
    assert game.key == "coloretto"
    assert game.record_format == "coloretto-record/1"
    assert game.options_model is ColorettoOptions
    assert game.seat_range(ColorettoOptions()) == (2, 5)
    assert ColorettoOptions().expert is False
    with pytest.raises(ValidationError):
        ColorettoOptions(expert=True).expert = False  # type: ignore[misc]


def test_a_whole_game_through_the_protocol():
    seats = ["ana", "ben", "cai", "dan"]
    state = COLORETTO.start(ColorettoOptions(expert=True), seats, seed=5)
    assert COLORETTO.start(ColorettoOptions(expert=True), seats, seed=5) == state
    assert COLORETTO.outcome(state) is None
    step = 0
    all_events: list = []
    while COLORETTO.to_act(state):
        (seat,) = COLORETTO.to_act(state)
        move = COLORETTO.ai_move(COLORETTO.view(state, seat), "normal", step)
        move = COLORETTO.load_move(json.loads(json.dumps(COLORETTO.dump_move(move))))
        state, events = COLORETTO.apply(state, seat, move)
        all_events += events
        state = COLORETTO.load_state(COLORETTO.dump_state(state))
        step += 1
    outcome = COLORETTO.outcome(state)
    assert isinstance(outcome, Outcome)
    assert outcome.mode == "expert"
    assert [s.seat for s in outcome.seats] == seats
    best = max(s.score for s in outcome.seats)
    assert outcome.winners == tuple(s.seat for s in outcome.seats if s.score == best)
    for s in outcome.seats:
        d = s.details
        assert s.score == sum(d["plus"].values()) + sum(d["minus"].values()) + d["cotton"]
        json.dumps(d)
    assert isinstance(all_events[-1], ev.GameEnded)
    assert all_events[-1].winners == outcome.winners
    summary = COLORETTO.replay_summary(COLORETTO.export_record(state))
    assert {p: summary["scores"][p]["total"] for p in seats} == {
        s.seat: s.score for s in outcome.seats
    }


def test_rule_errors_have_stable_codes_and_change_nothing():
    state = COLORETTO.start(ColorettoOptions(), ["a", "b"], seed=1)
    before = COLORETTO.dump_state(state)
    other = "b" if state.turn == "a" else "a"
    for seat, move, code in (
        (other, Draw(), "not_your_turn"),
        (state.turn, Take(1), "row_empty"),
        (state.turn, Place(1), "nothing_drawn"),
        ("zed", Draw(), "not_seated"),
    ):
        with pytest.raises(RuleError) as err:
            COLORETTO.apply(state, seat, move)
        assert err.value.code == code
    assert COLORETTO.dump_state(state) == before
    codes = {
        cls.code for cls in vars(E).values() if isinstance(cls, type) and issubclass(cls, RuleError)
    }
    assert {
        "not_your_turn",
        "row_full",
        "row_taken",
        "row_empty",
        "must_place_drawn_card",
        "must_take",
        "pile_empty",
        "no_such_row",
        "not_playing",
        "not_seated",
    } <= codes
    assert issubclass(E.RecordError, RecordError)


def test_moves_as_json():
    for move, data in ((Draw(), {"draw": None}), (Place(3), {"place": 3}), (Take(5), {"take": 5})):
        assert COLORETTO.dump_move(move) == data
        assert COLORETTO.load_move(data) == move


@settings(max_examples=300, deadline=None)
@given(
    data=st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
        lambda x: (
            st.lists(x, max_size=3)
            | st.dictionaries(st.sampled_from(["draw", "place", "take", "x"]), x, max_size=3)
        ),
        max_leaves=8,
    )
)
def test_load_move_raises_value_error_on_junk(data):
    try:
        move = COLORETTO.load_move(data)
    except ValueError:
        return
    assert COLORETTO.dump_move(move) == data


def test_load_move_refuses_look_alikes():
    for junk in (
        {"take": True},
        {"take": 1.0},
        {"take": 0},
        {"take": 6},
        {"draw": 1},
        {"place": "1"},
        {"take": 1, "x": 1},
        [],
        "draw",
        None,
        {"take": 10**100},
    ):
        with pytest.raises(ValueError, match=r"not a Coloretto move"):
            COLORETTO.load_move(junk)
    deep: list = []
    for _ in range(10_000):
        deep = [deep]
    with pytest.raises(ValueError, match=r"not a Coloretto move"):
        COLORETTO.load_move({"take": deep})


def test_replay_summary_raises_record_error():
    with pytest.raises(RecordError, match=r"^format: "):
        COLORETTO.replay_summary({"format": "pop-record/1"})
