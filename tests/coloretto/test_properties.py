"""Hypothesis properties over random games: every card accounted for after every action,
the state round-trips through JSON, a view never shows the pile's order, a seat always has a
legal move."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.coloretto import cards as C
from engine.coloretto import events as ev
from engine.coloretto import game
from engine.coloretto.adapter import COLORETTO
from engine.coloretto.state import ColorettoState
from engine.coloretto.view import view


def random_game(players: int, seed: int, expert: bool):
    """Yield (state, events) after every move of a game of random legal moves."""
    state = game.new_game([f"p{i}" for i in range(players)], expert, seed)
    rng = random.Random(seed)
    while not state.over:
        moves = game.legal_moves(state)
        assert moves, "the player to move always has a legal move"
        # Favour draws so that rounds fill up and the pile can run out (5 players).
        draws = [m for m in moves if not isinstance(m, game.Take)]
        move = rng.choice(draws if draws and rng.random() < 0.85 else moves)
        state, events = game.apply(state, state.turn, move)
        yield state, events


games = dict(players=st.integers(2, 5), seed=st.integers(0, 2**64 - 1), expert=st.booleans())


@settings(max_examples=60, deadline=None)
@given(**games)
def test_every_card_is_accounted_for_after_every_action(players, seed, expert):
    for state, events in random_game(players, seed, expert):
        census = game.card_census(state)
        assert sum(census.values()) == C.TOTAL_CARDS
        assert census == {
            **{c: 9 for c in C.COLOURS},
            "cotton": 10,
            "joker": 2,
            "golden": 1,
            "last": 1,
        }
        for e in events:
            if isinstance(e, ev.RowTaken):
                assert e.extra != "last"
        assert all(len(r) <= lim for r, lim in zip(state.rows, game.limits(state), strict=True))
    assert state.over
    if players != 5:
        assert game.pile_size(state) > 0, "only 5 players can run the pile out"


@settings(max_examples=30, deadline=None)
@given(**games, cut=st.floats(0, 1))
def test_state_round_trips_through_json_and_copy(players, seed, expert, cut):
    states = [s for s, _ in random_game(players, seed, expert)]
    state = states[int(cut * (len(states) - 1))]
    assert ColorettoState.from_json(state.to_json()) == state
    assert COLORETTO.load_state(COLORETTO.dump_state(state)) == state
    snapshot = state.to_json()
    copied = state.copy()
    assert copied == state
    copied.rows[0].append("red")
    copied.collections[state.players[0]]["red"] = 99
    copied.actions.append({"take": 1})
    if copied.rounds[0].takes:
        copied.rounds[0].takes[0].cards.append("red")
    assert state.to_json() == snapshot, "a copy shares nothing with its original"


@settings(max_examples=30, deadline=None)
@given(**games)
def test_a_view_never_shows_the_pile_order(players, seed, expert):
    for state, _ in random_game(players, seed, expert):
        v = view(state, state.players[0])
        fields = {f.name for f in dataclasses.fields(v)}
        assert "deck" not in fields
        assert "top" not in fields
        pile = state.deck[state.top :]
        assert v.pile_size == len(pile)
        assert v.unseen == {n: pile.count(n) for n in C.CARD_NAMES if n != "last" and pile.count(n)}
        assert (C.LAST in pile) == (not v.last_round)
        if not v.last_round:
            assert v.cards_before_last == pile.index(C.LAST)
        assert v.legal_moves() == game.legal_moves(state)
        # Two deals that differ only in the pile's order below the top give equal views.
        other = state.copy()
        rest = other.deck[other.top :]
        other.deck[other.top :] = sorted(rest, key=lambda c: (c == C.LAST, c))
        if C.LAST in rest:
            under = other.deck[other.top :]
            under.remove(C.LAST)
            under.insert(len(under) - C.UNDER_LAST, C.LAST)
            other.deck[other.top :] = under
        assert view(other, state.players[0]) == v


@settings(max_examples=30, deadline=None)
@given(**games, cut=st.floats(0, 1))
def test_export_of_an_unfinished_game_replays_to_the_same_position(players, seed, expert, cut):
    from engine.coloretto.record import export_record, replay

    states = [s for s, _ in random_game(players, seed, expert) if s.drawn is None]
    state = states[int(cut * (len(states) - 1))]
    again = replay(export_record(state), partial=True)
    assert again.to_json() == state.copy().to_json().replace(
        f'"rng_seed":{state.rng_seed},"rng_state":{state.rng_state}'.encode(),
        b'"rng_seed":0,"rng_state":0',
    )
