"""The Enigma solver on hand-built puzzles, the generator, and the shipped pack.

Colours: red 1, 6, 11 ...; yellow 2, 7, 12 ...; green 3, 8, 13 ...; blue 4, 9, 14 ...;
purple 5, 10, 15 ... Arrows on 1-10 and 41-50 (the puzzles below use none: placed A to E).
"""

from __future__ import annotations

import random

import pytest

from engine.pop.enigma import (
    GRADE_NAMES,
    PACK_PATH,
    chain_depth,
    describe,
    generate,
    grade_of,
    load_pack,
    puzzle_deal,
    solve,
    valid_layout,
)
from engine.pop.game import new_game, play_turn
from engine.pop.grid import NUM_COLUMNS
from engine.pop.results import SoloResult

ONE_ROW = [[11], [12], [13], [14], [15]]  # red, yellow, green, blue, purple
# Columns of different heights, bottom-aligned (Queue cards under row 1): B holds green 23 over
# red 11, C holds blue 14; A, D, E are empty.
CHAIN = [[], [23, 11], [14], [], []]


def test_a_one_row_puzzle_has_exactly_its_one_colour_matched_answer():
    # 21 (red) is a decoy: with it, purple 15 in E has no purple partner, or A gets yellow.
    assert solve(ONE_ROW, [16, 17, 18, 19, 20, 21]) == [(16, 17, 18, 19, 20)]


def test_a_puzzle_can_have_no_solution():
    # 26 (red) lands in E under purple 15: that card never explodes.
    assert solve(ONE_ROW, [21, 22, 23, 24, 26]) == []
    assert describe("x", ONE_ROW, [21, 22, 23, 24, 26]) is None


def test_a_puzzle_that_needs_a_chain_lists_every_solution():
    # Green 18 goes to A (row 2, no neighbour yet); red 21 to B explodes with 11, so 23 falls
    # to row 2 beside 18: the chain. Blue 24 to C explodes with 14; the last two cards are a
    # purple pair in D and E. Any two of the three purples 30, 35, 40 will do; 20 is a decoy.
    hand = [18, 20, 21, 24, 30, 35, 40]
    assert valid_layout(CHAIN)
    assert solve(CHAIN, hand) == [(18, 21, 24, 30, 35), (18, 21, 24, 30, 40), (18, 21, 24, 35, 40)]
    assert chain_depth(CHAIN, (18, 21, 24, 30, 35)) == 1
    assert chain_depth(ONE_ROW, (16, 17, 18, 19, 20)) == 0
    puzzle = describe("chain", CHAIN, hand)
    assert (puzzle.solutions, puzzle.chain_depth, puzzle.rows) == (3, 1, 2)


def test_a_solution_wins_the_enigma_when_played_through_the_engine():
    puzzle = describe("chain", CHAIN, [18, 20, 21, 24, 30, 35, 40])
    state = new_game("enigma", ["ana"], seed=0, puzzle=puzzle_deal(puzzle, "ana"))
    play_turn(state, {"ana": [18, 21, 24, 30, 40]})
    assert state.result == SoloResult(True, 1)
    state = new_game("enigma", ["ana"], seed=0, puzzle=puzzle_deal(puzzle, "ana"))
    play_turn(state, {"ana": [20, 21, 24, 30, 40]})
    assert state.result == SoloResult(False, 1)


def test_harder_features_never_lower_the_grade():
    base = grade_of(rows=1, hand_size=5, solutions=1, depth=0, cards=5)
    assert base == 1
    assert grade_of(rows=3, hand_size=5, solutions=1, depth=0, cards=12) > base
    assert grade_of(rows=1, hand_size=8, solutions=1, depth=0, cards=5) > base
    assert grade_of(rows=2, hand_size=7, solutions=1, depth=0, cards=9) >= grade_of(
        rows=2, hand_size=7, solutions=6, depth=0, cards=9
    )
    assert grade_of(rows=4, hand_size=8, solutions=1, depth=2, cards=20) == 5


def test_the_generator_makes_solvable_valid_puzzles():
    rnd = random.Random(12)
    made = [p for p in (generate(rnd, rows=r, tries=3000) for r in (1, 1, 2, 2)) if p]
    assert len(made) >= 3
    for p in made:
        assert valid_layout(p.grid)
        assert 5 <= len(p.hand) <= 8
        assert not set(p.hand) & {c for col in p.grid for c in col}
        assert len(solve(p.grid, p.hand)) == p.solutions >= 1


@pytest.fixture(scope="module")
def pack():
    return load_pack()


def test_the_pack_has_at_least_100_puzzles_over_every_grade(pack):
    assert len(pack) >= 100
    assert len({p.id for p in pack}) == len(pack)
    assert {p.grade for p in pack} == set(GRADE_NAMES)
    assert PACK_PATH.name == "enigmas.json"


def test_every_puzzle_of_the_pack_is_resolved_to_its_stored_count_and_grade(pack):
    for p in pack:
        assert len(p.grid) == NUM_COLUMNS, p.id
        assert valid_layout(p.grid), p.id
        cards = [c for col in p.grid for c in col] + p.hand
        assert len(cards) == len(set(cards)), p.id
        assert len(p.hand) >= 5, p.id
        solutions = solve(p.grid, p.hand)
        assert len(solutions) == p.solutions >= 1, p.id
        depth = min(chain_depth(p.grid, s) for s in solutions)
        assert (p.rows, p.chain_depth) == (max(map(len, p.grid)), depth), p.id
        assert p.grade == grade_of(
            p.rows, len(p.hand), p.solutions, depth, sum(map(len, p.grid))
        ), p.id
