"""The expert level: legal in every mode, deterministic for a seed, blind to the others' colours."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from engine.colorpop import ai, expert
from engine.colorpop.adapter import COLORPOP, ColorpopOptions
from engine.colorpop.rules import COLOURS


def played(mode: str, seats: int, seed: int, moves: int):
    """A table after `moves` picks of hard players (None if the game ended before)."""
    state = COLORPOP.start(ColorpopOptions(mode=mode), [f"s{i}" for i in range(seats)], seed)
    for step in range(moves):
        (seat,) = COLORPOP.to_act(state)
        state, _ = COLORPOP.apply(
            state, seat, COLORPOP.ai_move(COLORPOP.view(state, seat), "hard", step)
        )
    return state


def other_secrets(state, seat_index: int):
    """The same table with every other seat holding other colours, all different from the
    seat's own: what the seat cannot see."""
    free = [c for c in COLOURS if c not in state.secrets[seat_index]]
    sizes = [len(s) for i, s in enumerate(state.secrets) if i != seat_index]
    for order in itertools.permutations(free):
        parts, k = [], 0
        for n in sizes:
            parts.append(tuple(sorted(order[k : k + n], key=COLOURS.index)))
            k += n
        others = [s for i, s in enumerate(state.secrets) if i != seat_index]
        if all(set(p) != set(o) for p, o in zip(parts, others, strict=True)):
            parts.insert(seat_index, state.secrets[seat_index])
            return dataclasses.replace(state, secrets=tuple(parts))
    raise AssertionError("no other colours to give")


def test_expert_is_a_level_the_engine_accepts_but_not_one_a_table_offers():
    assert "expert" in ai.ALL_LEVELS
    assert ai.LEVELS == ("easy", "normal", "hard")


@pytest.mark.parametrize(("seats", "seed", "moves"), [(2, 3, 0), (2, 8, 6), (3, 5, 9)])
def test_same_view_and_seed_same_move_whatever_the_others_hold(seats, seed, moves):
    state = played("competitive", seats, seed, moves)
    assert not state.over
    (seat,) = COLORPOP.to_act(state)
    other = other_secrets(state, state.seats.index(seat))
    assert other.secrets != state.secrets  # the hidden colours differ …
    assert COLORPOP.view(state, seat) == COLORPOP.view(other, seat)  # … the view does not
    move = COLORPOP.ai_move(COLORPOP.view(state, seat), "expert", 42)
    assert move == COLORPOP.ai_move(COLORPOP.view(state, seat), "expert", 42)  # deterministic
    assert move == COLORPOP.ai_move(COLORPOP.view(other, seat), "expert", 42)  # blind to them
    assert move in COLORPOP.legal_moves(state, seat)


def test_every_guess_keeps_our_colours_and_gives_the_others_distinct_ones():
    state = played("competitive", 3, 2, 4)
    (seat,) = COLORPOP.to_act(state)
    v = COLORPOP.view(state, seat)
    for world in expert.sample_worlds(v, random.Random(1)):
        me = state.seats.index(seat)
        assert world[me] == v.my_colours
        held = [c for colours in world for c in colours]
        assert len(held) == len(set(held)) == len(state.seats)


@pytest.mark.parametrize(
    ("mode", "seats", "seed"),
    [("competitive", 3, 21), ("duel", 2, 22), ("teams", 4, 23), ("solo", 1, 24)],
)
def test_every_expert_move_of_a_whole_game_is_legal(mode, seats, seed):
    state = COLORPOP.start(ColorpopOptions(mode=mode), [f"s{i}" for i in range(seats)], seed)
    step = 0
    while not state.over:
        (seat,) = COLORPOP.to_act(state)
        level = "expert" if seat == "s0" else "hard"
        move = COLORPOP.ai_move(COLORPOP.view(state, seat), level, seed + step)
        assert move in COLORPOP.legal_moves(state, seat)
        state, _ = COLORPOP.apply(state, seat, move)
        step += 1


def test_a_near_tie_of_sums_is_a_tie_and_the_hint_is_the_move_the_expert_makes(monkeypatch):
    """Two groups whose play-outs add up to the same mean, summed in another order (0.3 + 0.2
    + 0.1 against 0.1 + 0.2 + 0.3, one last bit more): the expert's move and its judgement (a
    hint) both take the first in hard's order, not the one a last bit ahead."""
    state = played("competitive", 2, seed=5, moves=4)
    (seat,) = COLORPOP.to_act(state)
    view = COLORPOP.view(state, seat)
    monkeypatch.setattr(expert, "SAMPLES", 3)
    order: dict[object, list[float]] = {}

    def play_out(view, world, group, rnd):
        results = order.setdefault(group, [0.3, 0.2, 0.1] if not order else [0.1, 0.2, 0.3])
        return results.pop(0) if len(order) <= 2 else 0.0

    monkeypatch.setattr(expert, "_play_out", play_out)
    assert 0.3 + 0.2 + 0.1 < 0.1 + 0.2 + 0.3  # the two sums differ in their last bit
    move = COLORPOP.ai_move(view, "expert", 11)
    order.clear()
    judged = COLORPOP.judge(view, 11)
    assert judged.best.move == move
    assert judged.best.value == judged.second.value  # a tie, shown as one
