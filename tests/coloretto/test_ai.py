"""The AI levels: legal, deterministic, from the view alone; hard clearly beats easy."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.coloretto import ai, bench_ai, game
from engine.coloretto.adapter import COLORETTO
from engine.coloretto.bench_ai import play
from engine.coloretto.view import view


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
    level=st.sampled_from(ai.LEVELS),
    expert=st.booleans(),
)
def test_every_ai_move_is_legal_and_deterministic(players, seed, level, expert):
    state = game.new_game([f"p{i}" for i in range(players)], expert, seed)
    step = 0
    while not state.over:
        v = view(state, state.turn)
        move = COLORETTO.ai_move(v, level, seed + step)
        assert move == COLORETTO.ai_move(v, level, seed + step)
        assert move in game.legal_moves(state)
        state, _ = game.apply(state, state.turn, move)
        step += 1


def test_unknown_level_and_finished_game_are_refused():
    state = game.new_game(["a", "b"], False, 1)
    with pytest.raises(ValueError, match=r"unknown AI level"):
        ai.choose(view(state, "a"), "genius", 1)
    state.over = True
    with pytest.raises(ValueError, match=r"game is over"):
        ai.choose(view(state, "a"), "easy", 1)


def win_share(strong: str, weak: str, games: int, players: int = 2) -> float:
    """strong's share of the wins (shared wins split), seats alternating."""
    wins = 0.0
    for g in range(games):
        levels = [strong if (i + g) % 2 == 0 else weak for i in range(players)]
        _, winners, _ = play(levels, 10_000 + g)
        wins += sum(1 / len(winners) for w in winners if levels[int(w[1:])] == strong)
    return wins / games


def test_hard_clearly_beats_easy_over_100_two_player_games():
    # Seeded: hard wins all 100 (199 of 200); 80 % leaves room for a change of either level.
    t0 = time.perf_counter()
    share = win_share("hard", "easy", 100)
    elapsed = time.perf_counter() - t0
    print(f"hard vs easy: hard wins {share:.0%} of 100 games in {elapsed:.1f} s")
    assert share >= 0.8


def test_normal_beats_easy_and_hard_beats_normal_four_players():
    share = win_share("normal", "easy", 40, 4)
    assert share >= 0.75
    share = win_share("hard", "normal", 20, 3)
    assert share >= 0.5


def test_decision_time(monkeypatch):
    """Measured, printed, and bounded loosely (the machine is shared). In CPU time (this
    thread's): what a decision costs, which the other processes of a busy machine (the suite
    runs in parallel) do not change, where the wall clock would also count their turns."""
    monkeypatch.setattr(bench_ai, "time", SimpleNamespace(perf_counter=time.thread_time))
    for players in (2, 5):
        times = play(["hard"] * players, 3)[2]
        mean = sum(times) / len(times)
        print(
            f"hard, {players} players: mean {1000 * mean:.1f} ms, max "
            f"{1000 * max(times):.1f} ms over {len(times)} decisions"
        )
        assert mean < 0.1
        assert max(times) < 1.0
