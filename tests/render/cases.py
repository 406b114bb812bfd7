"""Fixed states of every mode, drawn: the golden pictures (tests/render/golden/NAME.png)."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from engine.pop.game import choose
from engine.pop.results import SoloResult
from engine.pop.view import view
from render.pop.pictures import (
    Picture,
    board_picture,
    hand_picture,
    results_picture,
    step_frames,
    step_pictures,
)

from .games import NAMES, enigma, game, play
from .standings_cases import CASES as STANDINGS_CASES

UNICODE_NAMES = {
    "ana": "山田 太郎 😀🎲",
    "ben": "Ελένη\u200d\ufe0f",
    "cai": "Жанна-Мария Очень-Длинная",
}


@cache
def competitive():
    state = game("competitive", 3, 11, sets=1)
    return state, play(state)


@cache
def coop():
    state = game("coop", 4, 5)
    return state, play(state)


@cache
def enigma_game():
    state = enigma()
    before = view(state)
    events: list = []
    choose(state, "ana", [11, 17, 31, 41, 50], events=events)
    return state, before, events


def _step(before, events, kind: str, names=NAMES) -> Picture:
    frames = step_frames(before, events, names)
    index = [f.kind for f in frames].index(kind)
    return step_pictures(before, events, names)[index]


def competitive_board():
    _, turns = competitive()
    return board_picture(turns[5][0], NAMES)


def competitive_placed():
    _, turns = competitive()
    return _step(*turns[5], "placed")


def competitive_exploded():
    _, turns = competitive()
    return _step(*turns[5], "exploded")


def competitive_fell():
    _, turns = competitive()
    return _step(*turns[5], "fell")


def competitive_results_tiebreak():
    state, _ = competitive()
    v = view(state)
    scores = (
        {"ana": 6, "ben": 9, "cai": 4},
        {"ana": 5, "ben": 1, "cai": 7},
        {"ana": 2, "ben": 3, "cai": 2},
    )
    return results_picture(
        replace(
            v,
            sets_total=3,
            set_scores=scores,
            totals={"ana": 13, "ben": 13, "cai": 13},
            winners=("ben",),
            tiebreak="card_in_hand",
        ),
        NAMES,
    )


def trick_results():
    state = game("trick", 2, 21, sets=2)
    play(state)
    return results_picture(view(state), NAMES)


def coop_exploded():
    _, turns = coop()
    return _step(*turns[-1], "exploded")


def coop_results():
    state, _ = coop()
    return results_picture(view(state), NAMES)


def solo_board():
    state = game("solo", 1, 3, difficulty=4)
    return board_picture(view(state), NAMES)


def solo_results_won():
    state = game("solo", 1, 3, difficulty=3)
    play(state)
    # A won game of this deal, as a view: the picture only reads the view's result fields.
    return results_picture(replace(view(state), result=SoloResult(won=True, turns=4)), NAMES)


def enigma_board():
    _, before, _ = enigma_game()
    return board_picture(before, NAMES, puzzle="e001")


def enigma_exploded():
    _, before, events = enigma_game()
    return _step(before, events, "exploded")


def enigma_results():
    state, _, _ = enigma_game()
    return results_picture(view(state), NAMES)


def hand():
    return hand_picture([3, 9, 12, 17, 24, 30, 41, 44, 50], selected=[12, 41], disabled=[3, 30])


def unicode_names_board():
    _, turns = competitive()
    return board_picture(turns[5][0], UNICODE_NAMES)


CASES = {
    f.__name__: f
    for f in (
        competitive_board,
        competitive_placed,
        competitive_exploded,
        competitive_fell,
        competitive_results_tiebreak,
        trick_results,
        coop_exploded,
        coop_results,
        solo_board,
        solo_results_won,
        enigma_board,
        enigma_exploded,
        enigma_results,
        hand,
        unicode_names_board,
    )
} | STANDINGS_CASES
