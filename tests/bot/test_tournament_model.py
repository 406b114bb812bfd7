"""A tournament's pairings and standings (`bot.model.tournament`), against counts done by hand."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from bot.model.tournament import (
    AI,
    Played,
    elimination_round,
    game_points,
    next_seating,
    places_of,
    round_robin,
    smallest_table,
    standings,
    still_in,
    swiss_round,
)
from bot.model.tournament_state import Game, Tournament


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


def test_a_dropped_players_round_robin_opponent_has_a_bye():
    fixed = round_robin([1, 2, 3, 4])[1]
    seating = next_seating("round_robin", [1, 2, 3, 4], [4], 2, [], (2, 2))
    opponent = next(u for t in fixed.tables if 4 in t for u in t if u != 4)
    assert seating.byes == (opponent,)
    assert all(4 not in t for t in seating.tables)
    assert len(seating.tables) == 1


def test_swiss_seats_the_next_round_by_points_without_the_dropped():
    played = [Played(1, {1: 2, 2: 1}), Played(1, {3: 1, 4: 2})]
    seating = next_seating("swiss", [1, 2, 3, 4, 5], [5], 2, played, (2, 2))
    assert seating.tables == ((2, 3), (1, 4))  # winners together, no one meets twice


def test_places_follow_wins_then_scores_and_ties_share():
    sides = [(("a",), False, 10), (("b",), True, 3), (("c",), False, 10), (("d",), False, 2)]
    assert places_of(sides) == {"b": 1, "a": 2, "c": 2, "d": 4}


def test_a_table_is_full_up_to_three_seats_and_may_be_one_short_above():
    assert [smallest_table(n, 2) for n in (2, 3, 4, 5)] == [2, 3, 3, 4]
    assert smallest_table(3, 3) == 3


def test_a_round_is_over_once_each_of_its_tables_finished():
    tournament = Tournament(
        guild_id=1, channel_id=2, host_id=3, game="coloretto", mode="standard",
        rounds=2, timer=0, seats=2, smallest=2, players=[1, 2, 3, 4], stage="playing",
    )  # fmt: skip
    tournament.seat_next_round()
    assert tournament.seated[0].tables == [[1, 2], [3, 4]]
    assert not tournament.round_over()
    tournament.games.append(Game(round_no=1, table_no=0, seats=[1, 2], places=[1, 2]))
    assert not tournament.round_over()
    tournament.games.append(Game(round_no=1, table_no=1, seats=[3, 4], places=[1, 1]))
    assert tournament.round_over()
    assert not tournament.last_round()
    assert tournament.seat_next_round().tables == ((1, 3), (4, 2))
    assert tournament.last_round()


def test_single_elimination_pairs_seeds_from_the_ends_and_the_first_has_the_odd_bye():
    assert elimination_round([1, 2, 3, 4]).tables == ((1, 4), (2, 3))
    odd = elimination_round([1, 2, 3, 4, 5])
    assert odd.byes == (1,)
    assert odd.tables == ((2, 5), (3, 4))


def test_a_duel_lost_puts_a_player_out_and_a_draw_sends_the_higher_seed_through():
    played = [Played(1, {1: 2, 4: 1}), Played(1, {2: 1, 3: 1})]
    assert still_in([1, 2, 3, 4], [], played) == [2, 4]
    assert still_in([1, 2, 3, 4], [4], played) == [2]
    assert next_seating("elimination", [1, 2, 3, 4], [], 2, played, (2, 2)).tables == ((2, 4),)
