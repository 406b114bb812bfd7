"""Colorpop through engine.protocol.Game: options, seats, moves, state JSON, outcome, the AI."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from engine.colorpop import bench_ai, errors, rules
from engine.colorpop.adapter import COLORPOP, ColorpopGame, ColorpopMove, ColorpopOptions
from engine.colorpop.state import ColorpopState
from engine.protocol import Game, Outcome, RuleError

from .helpers import random_game, table


def test_it_is_a_game_of_the_protocol():
    game: Game = COLORPOP  # type-checks against the protocol
    assert isinstance(COLORPOP, ColorpopGame)
    assert (game.key, game.record_format, game.options_model) == (
        "colorpop",
        "colorpop-record/1",
        ColorpopOptions,
    )


@pytest.mark.parametrize(
    ("mode", "seats"),
    [("competitive", (2, 5)), ("solo", (1, 1)), ("duel", (2, 2)), ("teams", (4, 4))],
)
def test_seat_range_per_mode(mode, seats):
    assert COLORPOP.seat_range(ColorpopOptions(mode=mode)) == seats


def test_options_are_frozen_and_checked():
    options = ColorpopOptions()
    assert (options.mode, options.solo_colours) == ("competitive", 1)
    with pytest.raises(ValidationError):
        ColorpopOptions(mode="coop")
    with pytest.raises(ValidationError):
        ColorpopOptions(mode="solo", solo_colours=6)
    with pytest.raises(ValidationError):
        options.mode = "solo"  # type: ignore[misc]
    solo = COLORPOP.start(ColorpopOptions(mode="solo", solo_colours=4), ["ana"], 5)
    assert len(solo.secrets[0]) == 4
    with pytest.raises(ValueError, match=r"played by 2 to 2 seats"):
        COLORPOP.start(ColorpopOptions(mode="duel"), ["a", "b", "c"], 5)


def test_start_is_deterministic_and_one_seat_acts():
    one = COLORPOP.start(ColorpopOptions(), ["a", "b", "c"], 42)
    assert one == COLORPOP.start(ColorpopOptions(), ["a", "b", "c"], 42)
    assert COLORPOP.to_act(one) == frozenset({one.seats[one.first]})
    assert COLORPOP.outcome(one) is None


def test_moves_round_trip_and_junk_is_a_value_error():
    move = ColorpopMove("C3")
    assert move.position == (2, 2)
    assert ColorpopMove.at((2, 2)) == move
    assert COLORPOP.dump_move(move) == {"pick": "C3"}
    assert COLORPOP.load_move(json.loads(json.dumps(COLORPOP.dump_move(move)))) == move
    for junk in (
        "C3",
        {"pick": "c3"},
        {"pick": "C3", "x": 1},
        {"pick": 3},
        {},
        None,
        [],
        {"pick": "C3\n"},
        {"pick": "K1"},
        {"pick": "A0"},
    ):
        with pytest.raises(ValueError, match=r"not a Colorpop move|not a cell"):
            COLORPOP.load_move(junk)
    with pytest.raises(ValueError, match=r"not a cell"):
        ColorpopMove("Z9")


@given(
    st.recursive(
        st.none() | st.integers() | st.text(max_size=4) | st.floats(),
        lambda inner: (
            st.lists(inner, max_size=3)
            | st.dictionaries(st.sampled_from(["pick", "seat"]), inner, max_size=2)
        ),
    )
)
def test_load_move_accepts_exactly_a_pick_object(data):
    if isinstance(data, dict) and set(data) == {"pick"} and rules.parse_cell(data["pick"]):
        assert COLORPOP.load_move(data).cell == data["pick"]
    else:
        with pytest.raises(ValueError, match=r"not a Colorpop move|not a cell"):
            COLORPOP.load_move(data)


def test_apply_refuses_with_rule_errors_and_changes_nothing():
    state = table(
        """
        W....
        RRGBP
    """,
        [["R"], ["G"]],
    )
    before = COLORPOP.dump_state(state)
    for seat, cell, code in [
        ("ben", "A1", "not_your_turn"),
        ("ana", "A2", "joker_cell"),
        ("ana", "C1", "no_group"),
        ("ana", "J10", "empty_cell"),
        ("zed", "A1", "not_seated"),
    ]:
        with pytest.raises(RuleError) as caught:
            COLORPOP.apply(state, seat, ColorpopMove(cell))
        assert caught.value.code == code
        assert isinstance(caught.value, errors.ColorpopRuleError)
    assert COLORPOP.dump_state(state) == before


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 40))
def test_state_round_trips_through_json(seed, moves):
    state = random_game(seed, stop_after=moves)
    text = COLORPOP.dump_state(state)
    assert COLORPOP.load_state(text) == state
    assert COLORPOP.dump_state(COLORPOP.load_state(text)) == text
    assert isinstance(COLORPOP.load_state(text), ColorpopState)


def test_outcome_gives_every_seat_its_side_numbers():
    state = table("RRGGYYPRB", [["R"], ["B"], ["Y"], ["G"]], mode="teams")
    for seat in ("ana", "ben", "cai"):
        state, _ = COLORPOP.apply(state, seat, ColorpopMove("A1"))
    outcome = COLORPOP.outcome(state)
    assert isinstance(outcome, Outcome)
    assert outcome.winners == ("ben", "dan")
    ana = outcome.of("ana")
    assert (ana.won, ana.score) == (False, 37)  # 38 tokens of R and Y, 1 still on the board
    assert ana.details == {
        "left": 1,
        "removed_own": 4,
        "colours": ["R", "Y"],
        "end": "blocked",
        "tie_break": "removed_own",
    }
    assert outcome.of("dan").details["colours"] == ["G", "B"]  # canonical order


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**64 - 1), st.sampled_from(["easy", "normal", "hard"]))
def test_ai_moves_are_legal_and_deterministic_from_the_seed(seed, level):
    state = COLORPOP.start(ColorpopOptions(mode="duel"), ["a", "b"], seed)
    while not state.over:
        seat = next(iter(COLORPOP.to_act(state)))
        seen = COLORPOP.view(state, seat)
        move = COLORPOP.ai_move(seen, level, seed)
        assert move == COLORPOP.ai_move(seen, level, seed)
        group = rules.group_at(state.board, move.position)
        assert group is not None
        assert group.size >= 2
        state, _ = COLORPOP.apply(state, seat, move)


def test_an_unknown_ai_level_is_refused():
    state = COLORPOP.start(ColorpopOptions(), ["a", "b"], 1)
    with pytest.raises(ValueError, match=r"unknown AI level|level"):
        COLORPOP.ai_move(COLORPOP.view(state, "a"), "grandmaster", 1)


def test_hard_clearly_beats_easy():
    # Seeded: 74 to 24 (2 shared) over these 100 games. How fast it decides is the bench's
    # figure (`pop-bot bench ai --game colorpop`, decision p50/p95), not a timed test's.
    result = bench_ai.match("hard", "easy", 100)
    wins = result["wins"]
    assert isinstance(wins, dict)
    assert wins["hard"] >= 2 * wins["easy"]


def test_hard_wins_in_teams_and_duel_too():
    for mode in ("teams", "duel"):
        wins = bench_ai.match("hard", "easy", 40, mode)["wins"]
        assert isinstance(wins, dict)
        assert wins["hard"] > 1.5 * wins["easy"], (mode, wins)
