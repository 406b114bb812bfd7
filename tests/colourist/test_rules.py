"""One test per rule of docs/rules/colourist.md §1–§5, on hand-built positions."""

from __future__ import annotations

import pytest

from engine.colourist import game
from engine.colourist.errors import RuleError
from engine.colourist.events import (
    ChoicesRevealed,
    GameEnded,
    PawnsMoved,
    RoundStarted,
    SeatChose,
    WordsShown,
)

from .helpers import SEATS, deck, hand_built

# --- §1 Components ----------------------------------------------------------------------------


def test_colour_order_names_and_emoji_are_the_pages():
    assert game.COLOURS == (
        "black",
        "white",
        "brown",
        "red",
        "orange",
        "yellow",
        "green",
        "blue",
        "purple",
    )
    assert game.CARDS[-1] == "joker"
    assert "".join(game.EMOJI[c] for c in game.CARDS) == "⚫⚪🟤🔴🟠🟡🟢🔵🟣🃏"


def test_track_lengths():
    assert game.LENGTHS == {"short": 10, "normal": 15, "long": 20}
    assert [len(game.track(k)) for k in ("short", "normal", "long")] == [10, 15, 20]


def test_normal_track_symbols_verbatim():
    letters = {"triangle": "T", "circle": "C", "double": "D"}
    assert " ".join(letters[s] for s in game.track("normal")) == "T C T C T D T C T C D C T C T"


def test_field_symbol_rule():
    assert game.symbol_of(0) == "triangle"  # the start, though 0 mod 5 = 0
    assert [game.symbol_of(i) for i in (5, 10, 15)] == ["double"] * 3
    assert [game.symbol_of(i) for i in (1, 3, 19)] == ["circle"] * 3
    assert [game.symbol_of(i) for i in (2, 4, 18)] == ["triangle"] * 3


# --- §2 Set-up --------------------------------------------------------------------------------


def test_set_up_pawns_jokers_decks_first_colourist():
    events: list = []
    state = game.new_game(SEATS, deck("noun", 8), deck("adjective", 7), seed=5, events=events)
    assert state.positions == {"ana": 0, "ben": 0, "cai": 0}
    assert state.jokers == {"ana": None, "ben": None, "cai": None}
    assert state.first in SEATS
    assert state.colourist == state.first
    # Round 1 is drawn at once: the start is a triangle, one noun.
    assert len(state.drawn) == 1
    assert state.drawn[0].startswith("n")
    assert sorted(state.piles["noun"] + state.drawn) == deck("noun", 8)
    assert sorted(state.piles["adjective"]) == deck("adjective", 7)
    assert events == [
        RoundStarted(1, state.first, 0, "triangle", ()),
        WordsShown(1, tuple(state.drawn)),
    ]


def test_set_up_is_deterministic_and_seeded():
    a = game.new_game(SEATS, deck("noun", 30), deck("adjective", 30), seed=11)
    b = game.new_game(SEATS, deck("noun", 30), deck("adjective", 30), seed=11)
    assert a == b
    others = {
        tuple(game.new_game(SEATS, deck("noun", 30), deck("adjective", 30), seed=s).piles["noun"])
        for s in range(12, 20)
    }
    assert len(others) > 1  # the seed shuffles
    firsts = {
        game.new_game(SEATS, deck("noun", 30), deck("adjective", 30), seed=s).first
        for s in range(40)
    }
    assert firsts == set(SEATS)  # the first colourist is drawn, not seat 1


@pytest.mark.parametrize("seats", [["a", "b"], ["a", "b", "c", "d", "e", "f", "g"]])
def test_three_to_six_seats(seats):
    with pytest.raises(ValueError, match="seats"):
        game.new_game(seats, deck("noun", 5), deck("adjective", 5))
    for n in (3, 6):
        game.new_game([f"s{i}" for i in range(n)], deck("noun", 5), deck("adjective", 5))


def test_decks_are_ids_of_their_kind():
    for nouns, adjectives in (
        (["n001"], ["a001", "a002"]),
        (["n001", "a002"], ["a001", "a003"]),
        (["n001", "n001"], ["a001", "a002"]),
        (["n001", "n0002"], ["a001", "a002"]),
    ):
        with pytest.raises(ValueError, match=r"deck|ids"):
            game.new_game(SEATS, nouns, adjectives)


def test_role_passes_to_the_next_seat_cyclically():
    assert [game.colourist_of(SEATS, "ben", r) for r in range(1, 6)] == [
        "ben",
        "cai",
        "ana",
        "ben",
        "cai",
    ]


# --- §3 A round -------------------------------------------------------------------------------


def _finish_round(state, cards):
    events = []
    for seat, card in cards.items():
        events += game.choose(state, seat, card)
    return events


def _next_draw(positions, first="ana", round_number=1):
    """Play a round where nobody matches, from a hand-built position: the next round's draw."""
    state = hand_built(positions=positions, first=first, round_number=round_number)
    _finish_round(state, {"ana": "red", "ben": "blue", "cai": "green"})
    return state


@pytest.mark.parametrize(
    ("field", "kinds"), [(0, "n"), (1, "a"), (4, "n"), (5, "nnaa"), (10, "nnaa"), (11, "a")]
)
def test_draw_by_the_colourists_field(field, kinds):
    # Nobody matches in round 1 (colourist ana), so everyone moves one field on; round 2's
    # colourist ben then stands on `field`.
    state = _next_draw({"ana": 0, "ben": field - 1 if field else 0, "cai": 0})
    if field == 0:
        state = hand_built(positions={"ana": 0, "ben": 0, "cai": 0})
        assert "".join(c[0] for c in state.drawn) == "n"
        return
    assert state.colourist == "ben"
    assert "".join(c[0] for c in state.drawn) == kinds


def test_double_field_the_colourist_keeps_one_noun_and_one_adjective():
    state = hand_built(
        positions={"ana": 5, "ben": 0, "cai": 0},
        phase="picking",
        drawn=["n001", "n002", "a001", "a002"],
    )
    assert game.to_act(state) == {"ana"}
    with pytest.raises(RuleError) as e:
        game.choose(state, "ben", "red")
    assert e.value.code == "phrase_pending"
    with pytest.raises(RuleError) as e:
        game.keep(state, "ben", 0, 0)
    assert e.value.code == "not_colourist"
    with pytest.raises(RuleError) as e:
        game.keep(state, "ana", 2, 0)
    assert e.value.code == "no_such_word"
    events = game.keep(state, "ana", 1, 0)
    assert state.words == ["a001", "n002"]  # [adjective, noun]
    assert events == [WordsShown(1, ("a001", "n002"))]
    assert game.to_act(state) == set(SEATS)
    with pytest.raises(RuleError) as e:
        game.keep(state, "ana", 0, 0)
    assert e.value.code == "not_picking"
    _finish_round(state, {"ana": "red", "ben": "red", "cai": "blue"})
    # Every drawn card is discarded, the two unkept ones too; the record keeps the choice.
    assert sorted(state.discards["noun"]) == ["n001", "n002"]
    assert sorted(state.discards["adjective"]) == ["a001", "a002"]
    assert state.rounds[-1].chosen == ["a001", "n002"]


def test_choices_are_secret_simultaneous_and_final():
    state = hand_built()
    events = game.choose(state, "ben", "red")
    assert events == [SeatChose(1, "ben")]  # public: who, never what
    assert game.to_act(state) == {"ana", "cai"}
    with pytest.raises(RuleError) as e:
        game.choose(state, "ben", "blue")
    assert e.value.code == "already_chosen"
    assert state.choices["ben"] == "red"


def test_not_a_card_and_not_a_seat():
    state = hand_built()
    for card in ("pink", "grey", "Red", ""):
        with pytest.raises(RuleError) as e:
            game.choose(state, "ben", card)
        assert e.value.code == "not_a_card"
    with pytest.raises(RuleError) as e:
        game.choose(state, "dan", "red")
    assert e.value.code == "not_seated"


def test_the_colourist_never_plays_the_joker():
    state = hand_built(first="ana")
    with pytest.raises(RuleError) as e:
        game.choose(state, "ana", "joker")
    assert e.value.code == "colourist_no_joker"
    assert game.playable(state, "ana") == game.COLOURS
    assert game.playable(state, "ben") == game.CARDS


def test_the_joker_is_played_once_per_game():
    state = hand_built(first="ana")
    _finish_round(state, {"ana": "red", "ben": "blue", "cai": "joker"})
    assert state.jokers == {"ana": None, "ben": None, "cai": 1}
    assert state.colourist == "ben"
    assert "joker" not in game.playable(state, "cai")
    assert "joker" in game.playable(state, "ana")
    with pytest.raises(RuleError) as e:
        game.choose(state, "cai", "joker")
    assert e.value.code == "joker_used"


def test_apply_leaves_the_state_alone_on_a_rule_error():
    state = hand_built()
    before = state.copy()
    with pytest.raises(RuleError):
        game.apply(state, "ana", game.Choose("joker"))
    assert state == before
    after, _ = game.apply(state, "ben", game.Choose("red"))
    assert state == before
    assert after.choices == {"ben": "red"}


def test_reshuffle_when_a_pile_holds_too_few_cards():
    # A 2-noun deck: ben's double field needs 2 nouns while the pile holds 1.
    state = hand_built(
        positions={"ana": 0, "ben": 4, "cai": 0}, nouns=2, adjectives=3, drawn=["n001"]
    )
    events = _finish_round(state, {"ana": "red", "ben": "blue", "cai": "green"})
    started = next(e for e in events if isinstance(e, RoundStarted))
    assert started.symbol == "double"
    assert started.reshuffled == ("noun",)
    assert sorted(state.drawn[:2]) == ["n001", "n002"]  # discards and pile, shuffled
    assert state.piles["noun"] == []
    assert state.discards["noun"] == []
    assert sorted(state.piles["adjective"] + state.drawn[2:]) == deck("adjective", 3)


def test_no_reshuffle_while_the_pile_holds_enough():
    state = hand_built(positions={"ana": 0, "ben": 1, "cai": 0}, nouns=3, drawn=["n001"])
    events = _finish_round(state, {"ana": "red", "ben": "blue", "cai": "green"})
    assert next(e for e in events if isinstance(e, RoundStarted)).reshuffled == ()


# --- §4 Scoring -------------------------------------------------------------------------------


def test_someone_matched_matchers_and_colourist_score_one():
    state = hand_built(seats=["ana", "ben", "cai", "dan"], first="ana")
    events = _finish_round(state, {"ana": "red", "ben": "red", "cai": "red", "dan": "blue"})
    revealed = next(e for e in events if isinstance(e, ChoicesRevealed))
    assert revealed.colour == "red"
    assert revealed.matched == ("ben", "cai")
    assert revealed.cards == {"ana": "red", "ben": "red", "cai": "red", "dan": "blue"}
    moved = next(e for e in events if isinstance(e, PawnsMoved))
    assert moved.moved == ("ana", "ben", "cai")
    # One point for the colourist however many matched.
    assert state.positions == {"ana": 1, "ben": 1, "cai": 1, "dan": 0}


def test_nobody_matched_everyone_scores_one():
    state = hand_built(first="ana")
    _finish_round(state, {"ana": "red", "ben": "blue", "cai": "green"})
    assert state.positions == {"ana": 1, "ben": 1, "cai": 1}


def test_a_joker_matches_in_every_respect():
    state = hand_built(first="ana")
    events = _finish_round(state, {"ana": "red", "ben": "joker", "cai": "green"})
    assert next(e for e in events if isinstance(e, ChoicesRevealed)).matched == ("ben",)
    # …so somebody matched: cai, who did not, stays.
    assert state.positions == {"ana": 1, "ben": 1, "cai": 0}


def test_score_round_function():
    assert game.score_round(SEATS, "ben", {"ana": "red", "ben": "blue", "cai": "blue"}) == (
        ("cai",),
        ("ben", "cai"),
    )
    assert game.score_round(SEATS, "ben", {"ana": "red", "ben": "blue", "cai": "red"}) == (
        (),
        ("ana", "ben", "cai"),
    )


# --- §5 End -----------------------------------------------------------------------------------


def test_the_game_ends_on_the_finish_and_every_seat_there_wins():
    state = hand_built(
        length="short", positions={"ana": 9, "ben": 9, "cai": 3}, first="ana", drawn=["a001"]
    )
    events = _finish_round(state, {"ana": "red", "ben": "red", "cai": "blue"})
    assert state.phase == "over"
    assert state.winners == ["ana", "ben"]
    assert events[-1] == GameEnded(1, ("ana", "ben"), {"ana": 10, "ben": 10, "cai": 3})
    assert game.to_act(state) == set()
    with pytest.raises(RuleError) as e:
        game.choose(state, "cai", "red")
    assert e.value.code == "not_playing"


def test_a_finish_reached_by_nobody_matched_is_shared_by_all_there():
    state = hand_built(length="short", positions={"ana": 9, "ben": 9, "cai": 9}, drawn=["a001"])
    _finish_round(state, {"ana": "red", "ben": "blue", "cai": "green"})
    assert state.winners == SEATS
    assert state.positions == dict.fromkeys(SEATS, 10)


def test_no_finish_no_end():
    state = hand_built(
        length="short", positions={"ana": 8, "ben": 9, "cai": 0}, first="ana", drawn=["n001"]
    )
    _finish_round(state, {"ana": "red", "ben": "blue", "cai": "red"})  # ben stays on 9
    assert state.phase != "over"
    assert state.round_number == 2
