"""The expert level: legal, deterministic for a seed, and blind to the pile's order."""

from __future__ import annotations

import pytest

from engine.coloretto import ai, cards, expert, game
from engine.coloretto.adapter import COLORETTO
from engine.coloretto.view import view


def played(players: int, seed: int, moves: int) -> game.ColorettoState:
    """A table after `moves` moves of normal players."""
    state = game.new_game([f"p{i}" for i in range(players)], False, seed)
    for step in range(moves):
        state, _ = game.apply(state, state.turn, ai.choose(view(state, state.turn), "normal", step))
    return state


def reordered(state: game.ColorettoState) -> game.ColorettoState:
    """The same table with another pile order: the cards above the last-round card reversed,
    and those under it (only the order changes, so every view stays the same)."""
    other = state.copy()
    pile = other.deck[other.top :]
    if cards.LAST in pile:
        at = pile.index(cards.LAST)
        pile = [*reversed(pile[:at]), cards.LAST, *reversed(pile[at + 1 :])]
    else:
        pile.reverse()
    other.deck = other.deck[: other.top] + pile
    return other


def test_expert_is_a_level_the_engine_accepts_but_not_one_a_table_offers():
    assert "expert" in ai.ALL_LEVELS
    assert ai.LEVELS == ("easy", "normal", "hard")


@pytest.mark.parametrize(
    ("players", "seed", "moves"), [(2, 1, 0), (2, 7, 9), (3, 4, 14), (4, 2, 5)]
)
def test_same_view_and_seed_same_move_whatever_the_pile_order(players, seed, moves):
    state = played(players, seed, moves)
    other = reordered(state)
    assert other.deck != state.deck  # the hidden order differs …
    seat = state.turn
    assert view(state, seat) == view(other, seat)  # … the view does not
    move = COLORETTO.ai_move(view(state, seat), "expert", 99)
    assert move == COLORETTO.ai_move(view(state, seat), "expert", 99)  # deterministic
    assert move == COLORETTO.ai_move(view(other, seat), "expert", 99)  # blind to the order
    assert move in game.legal_moves(state)


def test_the_sampled_piles_hold_exactly_the_unseen_cards_and_depend_on_the_seed():
    v = view(played(2, 3, 6), "p0")
    piles = expert.sample_piles(v, 5)
    assert len(piles) == expert.SAMPLES
    unseen = sorted(ai.SLOT[name] for name, n in v.unseen.items() for _ in range(n))
    assert all(sorted(p) == unseen for p in piles)
    assert piles == expert.sample_piles(v, 5)
    assert piles != expert.sample_piles(v, 6)


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12)])
def test_every_expert_move_of_a_whole_game_is_legal(players, seed):
    state = game.new_game([f"p{i}" for i in range(players)], seed % 2 == 1, seed)
    levels = ["expert", *["hard"] * (players - 1)]
    step = 0
    while not state.over:
        level = levels[state.players.index(state.turn)]
        move = COLORETTO.ai_move(view(state, state.turn), level, seed + step)
        assert move in game.legal_moves(state)
        state, _ = game.apply(state, state.turn, move)
        step += 1
