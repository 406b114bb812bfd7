"""Scoring (§6): set values, jokers, three plus colours, cotton, winners; a brute force check."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.coloretto import cards as C
from engine.coloretto import game
from engine.coloretto.record import summary

from .helpers import position

ALL = C.COLOURS


def test_set_values_normal_and_expert():
    assert [C.set_value(n, False) for n in range(1, 10)] == [1, 3, 6, 10, 15, 21, 21, 21, 21]
    assert [C.set_value(n, True) for n in range(1, 10)] == [1, 4, 8, 7, 6, 5, 5, 5, 5]


def test_the_pages_summary_example_scores():
    """§7: ana holds blue 1, red 5, cotton 2, a joker: the joker is red, 21 + 1 + 4 = 26."""
    s = C.score({"blue": 1, "red": 5, "cotton": 2, "joker": 1}, False, ALL)
    assert s.jokers == ("red",)
    assert dict(s.plus) == {"red": 21, "blue": 1}
    assert list(dict(s.plus)) == ["red", "blue"]
    assert s.minus == ()
    assert s.cotton == 4
    assert s.total == 26


def test_expert_joker_goes_to_a_new_colour():
    """§6's note: two colours of 3 and a joker; a new third colour gains 1, a 4th card loses 1."""
    s = C.score({"red": 3, "blue": 3, "joker": 1}, True, ALL)
    assert s.jokers == ("brown",), "the first new colour in colour order"
    assert s.total == 8 + 8 + 1
    assert C.score({"red": 3, "blue": 3, "joker": 1}, False, ALL).jokers == ("blue",)


def test_three_plus_colours_ties_in_colour_order_rest_minus():
    coll = {"purple": 2, "yellow": 2, "red": 2, "blue": 2, "green": 1}
    s = C.score(coll, False, ALL)
    assert s.plus == (("blue", 3), ("red", 3), ("yellow", 3))
    assert s.minus == (("purple", -3), ("green", -1))
    assert s.total == 9 - 4


def test_three_colours_or_fewer_are_all_plus_and_more_than_six_count_six():
    s = C.score({"red": 8, "green": 1}, False, ALL)
    assert s.plus == (("red", 21), ("green", 1))
    assert s.minus == ()
    assert s.total == 22


def test_jokers_only_become_colours_in_play():
    in_play = [c for c in ALL if c not in ("blue", "brown")]
    s = C.score({"red": 3, "green": 3, "joker": 1}, True, in_play)
    assert s.jokers == ("orange",)
    assert s.total == 17


def test_jokers_of_a_player_holding_no_colour_and_the_golden_one():
    s = C.score({"golden": 1, "joker": 2}, False, ALL)
    assert s.jokers == ("blue", "blue", "blue")
    assert s.total == 6


def test_cotton_counts_two_each():
    assert C.score({"cotton": 3}, True, ALL).total == 6


def test_winners_share_a_tie_in_seat_order():
    state = position()
    state.collections = {"ana": {"red": 2}, "ben": {"blue": 1}, "cai": {"green": 1}}
    assert game.winners(state) == ("ana",)
    state.collections["ben"] = {"blue": 2}
    assert game.winners(state) == ("ana", "ben")
    assert summary(state)["winners"] == ["ana", "ben"]


def brute_force(
    collection: dict[str, int], expert: bool, in_play: tuple[str, ...]
) -> tuple[tuple[str, ...], int]:
    """§6 literally: every k-tuple of colours in play in lexicographic colour order; the first
    strictly best total wins; plus = the 3 highest values."""
    k = collection.get("joker", 0) + collection.get("golden", 0)
    best: tuple[tuple[str, ...], int] | None = None
    for combo in itertools.product(in_play, repeat=k):
        counts = {c: collection.get(c, 0) for c in ALL}
        for c in combo:
            counts[c] += 1
        values = sorted((C.set_value(n, expert) for n in counts.values() if n), reverse=True)
        total = sum(values[:3]) - sum(values[3:]) + 2 * collection.get("cotton", 0)
        if best is None or total > best[1]:
            best = (combo, total)
    assert best is not None
    return best


collections = (
    st.fixed_dictionaries({}, optional={name: st.integers(1, 9) for name in (*ALL, "cotton")})
    .flatmap(lambda d: st.tuples(st.just(d), st.integers(0, 2), st.booleans()))
    .map(lambda t: {**t[0], **({"joker": t[1]} if t[1] else {}), **({"golden": 1} if t[2] else {})})
)


@settings(max_examples=300, deadline=None)
@given(
    collection=collections, expert=st.booleans(), removed=st.sets(st.sampled_from(ALL), max_size=2)
)
def test_score_equals_a_brute_force_over_every_joker_assignment(collection, expert, removed):
    in_play = tuple(c for c in ALL if c not in removed)
    s = C.score(collection, expert, in_play)
    jokers, total = brute_force(collection, expert, in_play)
    assert (s.jokers, s.total) == (jokers, total)
    assert s.total == sum(v for _, v in s.plus) + sum(v for _, v in s.minus) + s.cotton
    assert len(s.plus) <= 3
    assert all(v < 0 for _, v in s.minus)
