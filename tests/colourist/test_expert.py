"""The expert reads each seat's habits from the revealed rounds and plays by them; it and the
outside opponents play whole games legally, the same for the same seeds."""

from __future__ import annotations

import dataclasses

from engine import bench_vs
from engine.colourist.adapter import COLOURIST, ColouristOptions
from engine.colourist.game import COLOURS, Choose
from engine.colourist.opponents import OPPONENTS
from engine.colourist.view import ColouristView, RoundResult
from engine.colourist.words import shipped_words

SEATS = ["ana", "ben", "cai"]


def concepts_with_three_colours(count: int) -> list[tuple[str, tuple[str, ...]]]:
    """`count` nouns listing three colours, with their colours."""
    found = [
        (cid, c.colours)
        for cid, c in sorted(shipped_words().concepts.items())
        if cid.startswith("n") and len(c.colours) == 3
    ]
    return found[:count]


def a_view(seat_is_colourist: bool) -> ColouristView:
    """A choosing view of round 1 for the colourist or a guesser."""
    state = COLOURIST.start(ColouristOptions(), SEATS, 3)
    for seat in SEATS:
        view = COLOURIST.view(state, seat)
        if (seat == view.colourist) == seat_is_colourist and view.phase == "choosing":
            return view
    raise AssertionError("no such seat")


def past(n: int, colourist: str, word: str, cards: dict[str, str]) -> RoundResult:
    return RoundResult(n, colourist, (word,), cards[colourist], cards, (), ())


def test_a_guesser_follows_what_this_colourist_has_been_choosing():
    *earlier, (now, colours) = concepts_with_three_colours(7)
    plain = dataclasses.replace(a_view(False), words=(now,), playable=COLOURS)
    k = plain.colourist
    history = tuple(
        past(n, k, cid, {s: cs[1] if s == k else cs[0] for s in SEATS})
        for n, (cid, cs) in enumerate(earlier, 1)
    )
    learned = dataclasses.replace(plain, history=history)
    assert COLOURIST.ai_move(plain, "expert", 1) == Choose(colours[0])
    assert COLOURIST.ai_move(learned, "expert", 1) == Choose(colours[1])


def test_the_colourist_lets_the_seat_behind_match_not_the_one_level_with_it():
    *earlier, (now, colours) = concepts_with_three_colours(7)
    view = a_view(True)
    me = view.colourist
    level_with_me, behind = [s for s in SEATS if s != me]
    history = tuple(  # `level_with_me` always guesses the first colour, `behind` the second
        past(n, me, cid, {me: cs[2], level_with_me: cs[0], behind: cs[1]})
        for n, (cid, cs) in enumerate(earlier, 1)
    )
    view = dataclasses.replace(
        view,
        words=(now,),
        history=history,
        positions={me: 9, level_with_me: 9, behind: 4},
        jokers=dict.fromkeys(SEATS, 1),
    )
    assert COLOURIST.ai_move(view, "expert", 1) == Choose(colours[1])
    assert COLOURIST.judge(view, 1, Choose(colours[0])).cost > 0


def test_the_expert_and_the_outside_opponents_play_whole_games_the_same_for_a_seed():
    def expert(view, seed):
        return COLOURIST.ai_move(view, "expert", seed)

    players = [expert, OPPONENTS["mc"], OPPONENTS["greedy"], OPPONENTS["random"]]
    options = ColouristOptions(length="short")
    first = bench_vs.play_game(COLOURIST, options, players, 5, 9)
    again = bench_vs.play_game(COLOURIST, options, players, 5, 9)
    assert first[:2] == again[:2]
    assert max(first[1]) == 10  # a pawn on the finish: the game was played to its end
