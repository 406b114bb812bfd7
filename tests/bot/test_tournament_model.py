"""A tournament's pairings and standings (`bot.model.tournament`), against counts done by hand."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from bot.model.tournament import AI, Played, game_points, round_robin, standings, swiss_round


def test_game_points_count_the_seats_beaten_and_half_the_ties():
    assert game_points(1, [2]) == 1
    assert game_points(1, [1]) == Fraction(1, 2)
    assert [game_points(p, [q for q in (1, 2, 3, 4) if q != p]) for p in (1, 2, 3, 4)] == [
        1,
        Fraction(2, 3),
        Fraction(1, 3),
        0,
    ]


def test_standings_rank_by_points_then_buchholz():
    players = [1, 2, 3, 4]
    played = [
        Played(1, {1: 1, 2: 2}),
        Played(1, {3: 1, 4: 2}),
        Played(2, {1: 2, 3: 1}),
        Played(2, {2: 1, 4: 2}),
    ]
    rows = standings(players, played)
    # points: 1 → 1, 2 → 1, 3 → 2, 4 → 0; Buchholz: 1 met 2, 3 (3); 2 met 1, 4 (1)
    assert [(r.user_id, r.points, r.buchholz) for r in rows] == [
        (3, 2, 1),
        (1, 1, 3),
        (2, 1, 1),
        (4, 0, 3),
    ]


def test_an_ai_seat_scores_against_people_but_is_nobodys_opponent():
    rows = standings([1, 2], [Played(1, {1: 1, 2: 3}, ai_places=(2,))])
    by = {r.user_id: r for r in rows}
    assert by[1].points == 1
    assert by[2].points == 0
    assert by[1].met == {2}


def test_eight_players_at_tables_of_three_leave_one_short_table_filled_by_ai():
    seating = swiss_round(list(range(1, 9)), {}, size=3, smallest=3)
    assert seating.tables == ((1, 2, 3), (4, 5, 6), (7, 8, AI))


def test_swiss_avoids_a_repeat_when_a_seat_allows_it():
    met = {1: {2}, 2: {1}}
    seating = swiss_round([1, 2, 3, 4], met, size=2, smallest=2)
    assert seating.tables == ((1, 3), (2, 4))


@given(st.integers(min_value=2, max_value=12))
def test_round_robin_pairs_everyone_once(n):
    rounds = round_robin(list(range(1, n + 1)))
    pairs = [frozenset(t) for r in rounds for t in r.tables]
    assert len(pairs) == len(set(pairs)) == n * (n - 1) // 2
    for r in rounds:
        seated = [u for t in r.tables for u in t] + list(r.byes)
        assert sorted(seated) == list(range(1, n + 1))
