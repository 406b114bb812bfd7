"""The game protocol face of Colourist: options, moves as JSON, views, outcome, AI seats."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from engine.colourist import ai, game
from engine.colourist.adapter import COLOURIST, ColouristGame, ColouristOptions
from engine.colourist.game import Choose, Keep
from engine.colourist.words import shipped_words

from .helpers import SEATS, hand_built


def test_protocol_facts():
    assert COLOURIST.key == "colourist"
    assert COLOURIST.record_format == "colourist-record/1"
    assert COLOURIST.options_model is ColouristOptions
    assert COLOURIST.seat_range(ColouristOptions()) == (3, 6)
    assert ColouristOptions().length == "normal"
    with pytest.raises(ValidationError):
        ColouristOptions.model_validate({"length": "huge"})
    with pytest.raises(ValidationError):
        ColouristOptions().length = "short"  # type: ignore[misc]  # frozen


def test_start_deals_the_shipped_decks():
    state = COLOURIST.start(ColouristOptions(length="short"), SEATS, seed=4)
    words = shipped_words()
    assert state.length == "short"
    assert state.finish == 10
    assert state.deck_sizes == {
        "noun": len(words.ids("noun")),
        "adjective": len(words.ids("adjective")),
    }
    assert COLOURIST.to_act(state) == set(SEATS)
    assert COLOURIST.export_record(state)["decks"] == state.deck_sizes
    with pytest.raises(ValueError, match="seats"):
        COLOURIST.start(ColouristOptions(), ["a", "b"], seed=1)
    again, events = COLOURIST.start_with_events(ColouristOptions(length="short"), SEATS, 4)
    assert again == state
    assert [type(e).__name__ for e in events] == ["RoundStarted", "WordsShown"]


@pytest.mark.parametrize("move", [Choose("red"), Choose("joker"), Keep(0, 1), Keep(1, 0)])
def test_moves_round_trip_through_json(move):
    data = COLOURIST.dump_move(move)
    assert COLOURIST.load_move(json.loads(json.dumps(data))) == move


@settings(max_examples=150, deadline=None)
@given(
    st.recursive(
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats()
        | st.text(max_size=6)
        | st.sampled_from(["red", "joker", "keep", "choose", "noun", "adjective"]),
        lambda inner: (
            st.lists(inner, max_size=3)
            | st.dictionaries(
                st.sampled_from(["choose", "keep", "noun", "adjective", "x"]), inner, max_size=3
            )
        ),
        max_leaves=8,
    )
)
def test_load_move_refuses_anything_malformed_with_value_error(data):
    try:
        move = COLOURIST.load_move(data)
    except ValueError:
        return
    assert COLOURIST.dump_move(move) == data  # only real moves load


@pytest.mark.parametrize(
    "data",
    [
        {"choose": "pink"},
        {"keep": {"noun": 2, "adjective": 0}},
        {"keep": {"noun": True, "adjective": 0}},
        {"choose": None},
        {"keep": [0, 1]},
        "red",
        None,
    ],
)
def test_load_move_examples(data):
    with pytest.raises(ValueError, match="not a Colourist move"):
        COLOURIST.load_move(data)


def test_public_view_shows_who_chose_never_what():
    state = hand_built(first="ana")
    state, _ = COLOURIST.apply(state, "ana", Choose("purple"))
    state, _ = COLOURIST.apply(state, "ben", Choose("joker"))
    public = COLOURIST.view(state, None)
    assert public.chosen == ("ana", "ben")
    assert "purple" not in repr(public)
    assert "joker" not in repr(public.jokers)
    assert COLOURIST.view(state, "ana").my_card == "purple"
    assert COLOURIST.view(state, "ben").my_card == "joker"
    cai = COLOURIST.view(state, "cai")
    assert cai.my_card is None
    assert cai.chosen == ("ana", "ben")
    other = state.copy()
    other.choices.update(ana="black", ben="green")  # what they chose does not change the view
    assert COLOURIST.view(other, "cai") == cai
    assert COLOURIST.view(other, None) == public
    state, _ = COLOURIST.apply(state, "cai", Choose("red"))
    last = COLOURIST.view(state, "cai").last
    assert last is not None
    assert last.cards == {"ana": "purple", "ben": "joker", "cai": "red"}
    assert last.matched == ("ben",)
    assert last.moved == ("ana", "ben")


def test_only_the_colourist_sees_the_four_cards_while_picking():
    state = hand_built(
        positions={"ana": 5, "ben": 0, "cai": 0},
        phase="picking",
        drawn=["n001", "n002", "a001", "a002"],
    )
    assert COLOURIST.view(state, "ana").offered == ("n001", "n002", "a001", "a002")
    for seat in ("ben", "cai", None):
        seen = COLOURIST.view(state, seat)
        assert seen.offered == ()
        assert seen.words == ()
        assert "n002" not in repr(seen)
        assert "a002" not in repr(seen)
    state, _ = COLOURIST.apply(state, "ana", Keep(0, 1))
    assert COLOURIST.view(state, "ben").words == ("a002", "n001")
    assert COLOURIST.view(state, "ana").offered == ()


def test_outcome():
    state = hand_built(
        length="short", positions={"ana": 9, "ben": 4, "cai": 9}, first="ana", drawn=["a001"]
    )
    assert COLOURIST.outcome(state) is None
    for seat, card in (("ana", "red"), ("ben", "blue"), ("cai", "red")):
        state, _ = COLOURIST.apply(state, seat, Choose(card))
    outcome = COLOURIST.outcome(state)
    assert outcome is not None
    assert outcome.winners == ("ana", "cai")
    assert [(s.seat, s.score, s.won) for s in outcome.seats] == [
        ("ana", 10, True),
        ("ben", 4, False),
        ("cai", 10, True),
    ]
    assert outcome.of("ben").details["position"] == 4


@pytest.mark.parametrize("level", ai.LEVELS)
def test_ai_seats_play_whole_games_legally_and_deterministically(level):
    def play(seed: int) -> list:
        state = COLOURIST.start(ColouristOptions(length="short"), ["a", "b", "c", "d"], seed)
        moves = []
        while COLOURIST.outcome(state) is None:
            for seat in sorted(COLOURIST.to_act(state)):
                move = COLOURIST.ai_move(COLOURIST.view(state, seat), level, seed + len(moves))
                state, _ = COLOURIST.apply(state, seat, move)  # a RuleError fails the test
                moves.append((seat, move))
                if state.phase == "picking":
                    break
        return moves

    assert play(3) == play(3)
    assert any(m == Choose("joker") for _, m in play(5) + play(6)) or level != "easy"


def test_ai_follows_the_word_lists_colours():
    words = shipped_words()
    by_en = {c.entries["en"]["text"]: i for i, c in words.concepts.items()}
    state = hand_built(first="ana", drawn=[by_en["banana"]])
    state.words = [by_en["banana"]]
    for seat in ("ana", "ben"):
        move = COLOURIST.ai_move(COLOURIST.view(state, seat), "normal", 1)
        assert move == Choose("yellow")
    # On a double field it keeps the pair whose colours agree (snow + frozen: white).
    state = hand_built(
        positions={"ana": 5, "ben": 0, "cai": 0},
        phase="picking",
        drawn=[by_en["fire"], by_en["snow"], by_en["hot"], by_en["frozen"]],
    )
    assert COLOURIST.ai_move(COLOURIST.view(state, "ana"), "hard", 1) in (Keep(1, 1), Keep(0, 0))


def test_ai_plays_the_joker_for_the_step_onto_the_finish():
    state = hand_built(
        length="short", positions={"ana": 0, "ben": 9, "cai": 0}, first="ana", drawn=["n001"]
    )
    assert COLOURIST.ai_move(COLOURIST.view(state, "ben"), "normal", 1) == Choose("joker")


def test_ai_without_a_move_says_so():
    state = hand_built()
    with pytest.raises(ValueError, match="no move"):
        COLOURIST.ai_move(COLOURIST.view(state, None), "normal", 1)
    with pytest.raises(ValueError, match="unknown AI level"):
        COLOURIST.ai_move(COLOURIST.view(state, "ana"), "genius", 1)


def test_a_game_can_bring_its_own_word_list():
    custom = ColouristGame(shipped_words())
    assert custom.start(ColouristOptions(), SEATS, 1) == COLOURIST.start(
        ColouristOptions(), SEATS, 1
    )
    assert game.NOUN in custom.export_record(custom.start(ColouristOptions(), SEATS, 1))["decks"]
