"""One test per rule of docs/rules/coloretto.md §2–§5, on hand-built positions."""

from __future__ import annotations

import pytest

from engine.coloretto import cards as C
from engine.coloretto import errors as E
from engine.coloretto import events as ev
from engine.coloretto import game
from engine.coloretto.game import Draw, Place, Take

from .helpers import draw, play, position

ABC = ("ana", "ben", "cai")


# --- §2 Set-up --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "limits", "removed", "per_player", "deck_size"),
    [
        (2, (1, 2, 3), 2, 2, 55),
        (3, (3, 3, 3), 1, 1, 65),
        (4, (3,) * 4, 0, 1, 73),
        (5, (3,) * 5, 0, 1, 72),
    ],
)
def test_set_up_by_player_count(n, limits, removed, per_player, deck_size):
    for seed in range(20):
        state = game.new_game([f"p{i}" for i in range(n)], False, seed)
        assert game.limits(state) == limits
        assert state.rows == [[] for _ in limits]
        assert len(state.removed) == removed
        assert len(set(state.removed)) == removed
        given = [c for p in state.players for c in state.start[p]]
        assert all(len(state.start[p]) == per_player for p in state.players)
        assert len(set(given)) == len(given), "a colour is given twice"
        assert not set(given) & set(state.removed), "a starting colour is removed"
        assert len(state.deck) == deck_size
        assert state.deck.index(C.LAST) == deck_size - 16, "15 cards under the last-round card"
        for colour in C.COLOURS:
            expected = 0 if colour in state.removed else 9 - given.count(colour)
            assert state.deck.count(colour) == expected
        assert state.deck.count("cotton") == 10
        assert state.deck.count("joker") == 2
        assert state.deck.count("golden") == 1
        assert state.turn == state.first
        assert state.first in state.players
        assert {p: state.collections[p] for p in state.players} == {
            p: {c: 1 for c in state.start[p]} for p in state.players
        }


def test_deal_is_deterministic_from_the_seed_and_varies_with_it():
    a = game.new_game(ABC, False, 7)
    assert a == game.new_game(ABC, False, 7)
    deals = {tuple(game.new_game(ABC, False, s).deck) for s in range(10)}
    assert len(deals) == 10
    firsts = {game.new_game(ABC, False, s).first for s in range(30)}
    assert firsts == set(ABC), "the first player is chosen at random"


def test_new_game_refuses_wrong_seats():
    with pytest.raises(ValueError, match=r"played by 2 to 5"):
        game.new_game(["solo"], False, 1)
    with pytest.raises(ValueError, match=r"played by 2 to 5"):
        game.new_game(["a", "b", "c", "d", "e", "f"], False, 1)
    with pytest.raises(ValueError, match=r"distinct"):
        game.new_game(["a", "a"], False, 1)


# --- §3 A round -------------------------------------------------------------------------------


def test_first_move_of_a_round_is_a_draw():
    state = position()
    assert game.legal_moves(state) == [Draw()]
    with pytest.raises(E.RowEmpty) as err:
        game.apply(state, "ana", Take(1))
    assert err.value.code == "row_empty"


def test_draw_reveals_the_top_card_and_it_must_be_placed():
    state = position(top=["red"])
    state, events = play(state, Draw())
    assert events == [ev.CardDrawn("ana", "red", 1)]
    assert state.drawn == "red"
    assert state.turn == "ana"
    assert game.legal_moves(state) == [Place(1), Place(2), Place(3)]
    for move in (Draw(), Take(1)):
        with pytest.raises(E.MustPlaceDrawnCard) as err:
            game.apply(state, "ana", move)
        assert err.value.code == "must_place_drawn_card"
    state, events = play(state, Place(2))
    assert events == [ev.CardPlaced("ana", "red", 2, 1)]
    assert state.rows == [[], ["red"], []]
    assert state.drawn is None
    assert state.turn == "ben"


def test_place_without_a_drawn_card_is_refused():
    with pytest.raises(E.NothingToPlace):
        game.apply(position(), "ana", Place(1))


def test_not_your_turn_not_seated_and_no_such_row():
    state = position()
    with pytest.raises(E.NotYourTurn) as err:
        game.apply(state, "ben", Draw())
    assert err.value.code == "not_your_turn"
    with pytest.raises(E.NotSeated):
        game.apply(state, "zed", Draw())
    state, _ = play(state, Draw())
    with pytest.raises(E.NoSuchRow):
        game.apply(state, "ana", Place(4))
    with pytest.raises(E.NoSuchRow):
        game.apply(state, "ana", Place(0))


def test_a_row_holds_at_most_its_limit_and_jokers_and_cotton_count():
    state = position(top=["joker", "cotton", "red", "blue"])
    state, _ = play(state, *draw(1), *draw(1), *draw(1))
    assert state.rows[0] == ["joker", "cotton", "red"]
    state, _ = play(state, Draw())
    with pytest.raises(E.RowFull) as err:
        game.apply(state, state.turn, Place(1))
    assert err.value.code == "row_full"
    assert Place(1) not in game.legal_moves(state)


def test_a_player_who_cannot_draw_must_take():
    state = position(top=["red"] * 8 + ["blue"])
    for row in (1, 1, 1, 2, 2, 2, 3, 3, 3):
        state, _ = play(state, *draw(row))
    assert game.legal_moves(state) == [Take(1), Take(2), Take(3)]
    with pytest.raises(E.MustTake) as err:
        game.apply(state, state.turn, Draw())
    assert err.value.code == "must_take"


def test_take_moves_the_cards_and_the_player_is_out():
    state = position(top=["red", "green"])
    state, _ = play(state, *draw(1), *draw(1))
    state, events = play(state, Take(1))  # cai takes
    assert events == [ev.RowTaken("cai", 1, ("red", "green"), None, 1)]
    assert state.collections["cai"] == {"green": 2, "red": 1}  # cai started with green
    assert state.out == ["cai"]
    assert state.taken == [True, False, False]
    assert state.turn == "ana", "play passes to the next player who is still in"
    state, _ = play(state, Draw())
    with pytest.raises(E.RowTaken) as err:
        game.apply(state, "ana", Place(1))
    assert err.value.code == "row_taken"
    state, _ = play(state, Place(2))
    assert state.turn == "ben"
    state, _ = play(state, *draw(2))
    assert state.turn == "ana", "cai is out and is skipped"
    with pytest.raises(E.RowTaken):
        game.apply(state, "ana", Take(1))


def test_a_player_left_alone_goes_on_drawing_until_they_take():
    state = position(top=["red", "blue", "brown", "green", "yellow"])
    # ana draws, ben takes, cai draws, ana takes: cai is left alone
    state, _ = play(state, *draw(1), Take(1), *draw(2), Take(2))
    assert state.out == ["ben", "ana"]
    assert state.turn == "cai"
    state, _ = play(state, *draw(3))
    assert state.turn == "cai"
    state, _ = play(state, *draw(3))
    assert state.turn == "cai"
    assert state.rows[2] == ["brown", "green"]
    state, events = play(state, Take(3))
    assert isinstance(events[-1], ev.RoundStarted)


def test_round_ends_when_everyone_took_and_the_last_taker_starts_the_next():
    state = position(top=["red", "blue", "brown", "green"])
    state, _ = play(state, *draw(1), *draw(2), *draw(3))
    state, events = play(state, Take(3), Take(1), Take(2))  # ana, ben, cai
    assert events[-2:] == [ev.RoundEnded(1, ()), ev.RoundStarted(2, "cai")]
    assert state.rows == [[], [], []]
    assert state.taken == [False] * 3
    assert state.out == []
    assert state.turn == "cai"
    assert state.round_number == 2
    assert [t.player for t in state.rounds[0].takes] == ["ana", "ben", "cai"]


def test_two_players_green_rows_and_the_third_row_is_discarded():
    state = position(("ana", "ben"), top=["red", "blue", "brown", "green", "yellow"])
    assert game.limits(state) == (1, 2, 3)
    state, _ = play(state, *draw(1), *draw(2))
    state, _ = play(state, Draw())
    with pytest.raises(E.RowFull):
        game.apply(state, "ana", Place(1))  # row 1 holds one card
    state, _ = play(state, Place(3), *draw(3))  # ana: brown, ben: green in row 3
    state, _ = play(state, Take(2))  # ana takes blue
    assert state.turn == "ben"
    state, _ = play(state, *draw(3))  # ben alone: yellow to row 3
    state, events = play(state, Take(1))  # ben takes red; row 3 is discarded
    assert events[-2:] == [
        ev.RoundEnded(1, ("brown", "green", "yellow")),
        ev.RoundStarted(2, "ben"),
    ]
    assert state.rounds[0].discarded == ["brown", "green", "yellow"]
    assert state.turn == "ben", "2 players: the second taker starts the next round"
    assert sum(game.card_census(state).values()) == 77


# --- §4 Golden joker --------------------------------------------------------------------------


def test_golden_joker_brings_the_top_card():
    state = position(top=["golden", "red"])
    state, _ = play(state, *draw(1))
    state, events = play(state, Take(1))  # ben
    assert events[0] == ev.RowTaken("ben", 1, ("golden",), "red", 1)
    assert state.collections["ben"] == {"brown": 1, "golden": 1, "red": 1}
    assert state.rounds[0].takes[0].extra == "red"


def test_golden_joker_passes_over_the_last_round_card():
    state = position(top=["golden"])
    state, _ = play(state, *draw(1))
    state.top = state.deck.index(C.LAST)  # the last-round card is next
    after_last = state.deck[state.top + 1]
    state, events = play(state, Take(1))
    assert events[:2] == [
        ev.LastRoundRevealed("ben", 1, True),
        ev.RowTaken("ben", 1, ("golden",), after_last, 1),
    ]
    assert state.last_round
    assert state.top == state.deck.index(C.LAST) + 2


def test_golden_joker_with_an_empty_pile_brings_nothing():
    state = position(top=["golden"])
    state, _ = play(state, *draw(1))
    state.last_round, state.top = True, len(state.deck)
    state, events = play(state, Take(1))
    assert events[0] == ev.RowTaken("ben", 1, ("golden",), None, 1)


# --- §5 End of the game -----------------------------------------------------------------------


def test_last_round_card_is_set_aside_and_the_round_is_played_out():
    state = position()
    state.top = state.deck.index(C.LAST)
    nxt = state.deck[state.top + 1]
    state, events = play(state, Draw())
    assert events == [ev.LastRoundRevealed("ana", 1, False), ev.CardDrawn("ana", nxt, 1)]
    assert state.last_round
    assert state.drawn == nxt
    assert not state.over
    state, _ = play(state, Place(1), Take(1), *draw(2), Take(2))  # ben, ana take
    assert not state.over
    assert state.turn == "cai"
    state, events = play(state, *draw(3), Take(3))
    assert state.over
    assert game.current_player(state) is None
    assert isinstance(events[-1], ev.GameEnded)
    assert isinstance(events[-2], ev.RoundEnded)
    assert not any(isinstance(e, ev.RoundStarted) for e in events), "no new round starts"
    assert game.legal_moves(state) == []
    with pytest.raises(E.GameOver) as err:
        game.apply(state, "ana", Draw())
    assert err.value.code == "not_playing"


def test_five_players_pile_runs_out_in_the_last_round():
    five = ("a", "b", "c", "d", "e")
    state = position(five)
    state.top = state.deck.index(C.LAST)
    # 16 cards left (the last-round card and 15): 15 placements fill the 5 rows of 3.
    for row in [1] * 3 + [2] * 3 + [3] * 3 + [4] * 3 + [5] * 2:
        state, _ = play(state, *draw(row))
    state, _ = play(state, *draw(5))
    assert game.pile_size(state) == 0
    assert state.last_round
    with pytest.raises(E.PileEmpty) as err:
        game.apply(state, state.turn, Draw())
    assert err.value.code == "pile_empty"
    while not state.over:
        moves = game.legal_moves(state)
        assert moves
        assert all(isinstance(m, Take) for m in moves)
        state, _ = play(state, moves[0])
    assert all(sum(c.values()) == 1 + 3 for c in state.collections.values())


def test_five_players_empty_pile_with_a_row_short_of_its_limit():
    """A row taken early keeps room the pile cannot fill: the others still can take."""
    five = ("a", "b", "c", "d", "e")
    state = position(five)
    state.top = state.deck.index(C.LAST)
    state, _ = play(state, *draw(1), Take(1))  # a: last-round card, then one card; b takes
    for row in [2] * 3 + [3] * 3 + [4] * 3 + [5] * 3:
        state, _ = play(state, *draw(row))
    assert game.pile_size(state) == 2
    state, _ = play(state, Take(2), Take(3), Take(4))
    assert len(state.out) == 4
    assert not state.over
    assert game.legal_moves(state) == [Take(5)]
    state, _ = play(state, Take(5))
    assert state.over
    assert len(state.deck) - state.top == 2, "cards left in the pile are unused"
