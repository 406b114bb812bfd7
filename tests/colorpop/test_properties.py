"""Hypothesis properties of the rules page's invariants (§4) over random boards and games."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.colorpop import game, rules
from engine.colorpop.rules import Board

from .helpers import random_game

MODES = st.sampled_from(
    [
        ("competitive", 2),
        ("competitive", 3),
        ("competitive", 5),
        ("solo", 1),
        ("duel", 2),
        ("teams", 4),
    ]
)


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """Any board the rules allow between turns: rails filled from the bottom, empty ones right."""
    rails = [draw(st.text(alphabet="RYGBPW", min_size=0, max_size=10)) for _ in range(10)]
    full = [r for r in rails if r]
    return tuple(full + [""] * (10 - len(full)))


def reference_remove(board: Board, cells: tuple[tuple[int, int], ...]) -> Board:
    """The page's §4 steps done literally on a 10 × 10 grid: holes, then slide, then shift."""
    grid = [[board[r][w] if w < len(board[r]) else None for w in range(10)] for r in range(10)]
    for r, w in cells:
        grid[r][w] = None
    moved = True
    while moved:  # a token above a hole slides down one row
        moved = False
        for r in range(10):
            for w in range(9):
                if grid[r][w] is None and grid[r][w + 1] is not None:
                    grid[r][w], grid[r][w + 1] = grid[r][w + 1], None
                    moved = True
    moved = True
    while moved:  # an empty rail left of a non-empty one swaps with it
        moved = False
        for r in range(9):
            if all(t is None for t in grid[r]) and any(t is not None for t in grid[r + 1]):
                grid[r], grid[r + 1] = grid[r + 1], grid[r]
                moved = True
    return tuple("".join(t for t in rail if t is not None) for rail in grid)


@settings(max_examples=200, deadline=None)
@given(boards(), st.randoms(use_true_random=False))
def test_gravity_and_rail_shift_match_a_literal_simulation(board, rnd):
    groups = rules.legal_groups(board)
    if not groups:
        return
    group = rnd.choice(groups)
    assert rules.remove(board, group.cells).board == reference_remove(board, group.cells)


@settings(max_examples=200, deadline=None)
@given(boards())
def test_a_legal_group_exists_exactly_when_a_token_touches_its_colour_or_a_joker(board):
    groups = rules.legal_groups(board)
    assert rules.has_legal_group(board) == bool(groups)
    coloured: list[tuple[int, int]] = []
    for group in groups:
        assert group.size >= 2
        assert rules.token_at(board, group.anchor) == group.colour
        assert all(rules.token_at(board, c) in (group.colour, "W") for c in group.cells)
        coloured += [c for c in group.cells if rules.token_at(board, c) != "W"]
    assert len(coloured) == len(set(coloured))  # a coloured token is in one group at most


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**64 - 1), MODES)
def test_every_state_keeps_the_invariants(seed, mode_seats):
    mode, seats = mode_seats
    state = game.new_game(mode, [f"p{i}" for i in range(seats)], seed)
    rnd = random.Random(seed)
    while True:
        on_board = sum(len(r) for r in state.board)
        in_piles = sum(sum(p.values()) for p in state.piles.values())
        assert on_board + in_piles == 100  # every token accounted for
        letters = "".join(state.board)
        for letter in rules.LETTERS:
            piled = sum(p[letter] for p in state.piles.values())
            assert letters.count(letter) + piled == (5 if letter == "W" else 19)
        display = rules.display_rows(state.board)
        assert all(row.rstrip(".") == state.board[i] for i, row in enumerate(display))
        assert all("." not in row.rstrip(".") for row in display)  # tokens rest at the bottom
        empties = [not rail for rail in state.board]
        assert empties == sorted(empties)  # no empty rail left of a non-empty one
        if state.over:
            assert not state.over or state.end in ("cleared", "blocked")
            break
        group = rnd.choice(rules.legal_groups(state.board))
        state, _ = game.apply(state, state.seats[state.turn], group.anchor)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**64 - 1))
def test_a_game_ends_cleared_by_a_side_or_blocked_with_no_group(seed):
    state = random_game(seed)
    if state.end == "blocked":
        assert not rules.has_legal_group(state.board)
    else:
        cleared = [
            i
            for i, held in enumerate(state.secrets)
            if all(c not in "".join(state.board) for c in held)
        ]
        assert [state.seats[i] for i in cleared] == list(state.winners)
