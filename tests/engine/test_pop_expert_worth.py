"""The Pop expert values a play-out by its chance of winning (`playout.worth`), breaks a tie at
the game's very end by the card left in hand (§6), and says so in its judgement ("wins")."""

from __future__ import annotations

import random

from engine.pop import playout
from engine.pop.adapter import POP, PopOptions
from engine.pop.cards import SYMBOLS


def test_a_margin_is_worth_its_chance_of_winning():
    worth = playout.worth
    assert (worth(3, 0), worth(0, 0), worth(-1, 0)) == (1.0, 0.5, 0.0)  # the game ends now
    assert (worth(0.5, 0), worth(-0.5, 0)) == (1.0, 0.0)  # the tie-break's half point
    assert worth(0, 5) == 0.5
    assert 0.5 < worth(2, 5) < worth(6, 5) < 1.0
    assert 0.0 < worth(-6, 5) < worth(-2, 5) < 0.5
    assert worth(6, 1) > worth(6, 7)  # a lead is safer with fewer turns to play
    assert worth(-6, 1) < worth(-6, 7)  # and a deficit harder to make up


def last_turn_view(seed: int):
    state = POP.start(PopOptions(mode="competitive", sets=1), ["s0", "s1"], seed)
    rnd = random.Random(seed)
    while True:
        seat = min(POP.to_act(state))
        view = POP.view(state, seat)
        if view.turn_number == 8:
            return view
        state, _ = POP.apply(state, seat, tuple(sorted(rnd.sample(view.hand, 2))))


def test_a_tie_at_the_end_goes_to_the_fewest_symbols_left_in_hand():
    view = last_turn_view(3)
    position = playout.Position.of(view)
    world = playout.deal_worlds(position, random.Random(1), 1)[0]
    me = position.seats.index(position.me)
    checked = set()
    for pick in position.picks():
        table = playout._first_turn(position, world, pick)
        table.scores = [10, 10]
        mine = SYMBOLS[table.hands[me][0]]
        theirs = SYMBOLS[table.hands[1 - me][0]]
        expected = 0.5 if mine < theirs else -0.5 if mine > theirs else 0.0
        assert table.margin() == expected
        checked.add(expected)
        table.scores[me] = 9
        assert table.margin() == 1.0  # no tie: the margin itself
    assert checked - {0.0}


def test_the_competitive_judgement_is_a_share_of_the_win():
    view = last_turn_view(5)
    judged = POP.judge(view, 2)
    assert judged.unit == "wins"
    assert 0.0 <= judged.second.value <= judged.best.value <= 1.0
