"""A tied game's deciding cards: hidden while playing, shown (picture and alt text) at the end."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from engine.pop.game import best_totals, totals
from engine.pop.record import replay
from engine.pop.view import view
from render.pop.demo import play_demo
from render.pop.pictures import results_picture


def tied_game(tiebreak: str):
    """The first demo game (easy seats, one set) that ends on that tie-break."""
    for seed in range(1, 200):
        for seats in (5, 4, 3, 2):
            state = replay(play_demo("competitive", seats, "easy", seed, 1), steps=False).state
            if state.tiebreak == tiebreak:
                return state
    raise AssertionError(f"no demo game ends with tiebreak {tiebreak!r}")


@pytest.mark.parametrize("tiebreak", ["card_in_hand", "shared"])
def test_the_tied_leaders_cards_are_public_once_the_game_is_over(tiebreak):
    state = tied_game(tiebreak)
    shown = dict(view(state, None).tie_cards)
    total = totals(state)
    assert set(shown) == set(best_totals(state))
    assert len(shown) >= 2
    assert len({total[s] for s in shown}) == 1
    assert all(shown[s] == tuple(sorted(state.hands[s])) and shown[s] for s in shown)

    picture = results_picture(view(state, None))
    for seat, cards in shown.items():
        for card in cards:
            assert f"{seat} {card} " in picture.alt  # "ada 12 yellow"
    # The cards are drawn: under the board, in the same frame, a row of cards an untied
    # game's picture does not have.
    untied = Image.open(io.BytesIO(picture.png)).convert("RGB")
    without = view(state, None).__class__(**{**view(state, None).__dict__, "tie_cards": ()})
    plain = Image.open(io.BytesIO(results_picture(without).png)).convert("RGB")
    assert untied.size == plain.size
    changed = ImageChops.difference(untied, plain).getbbox()
    assert changed is not None
    assert changed[3] - changed[1] >= 50  # a card's height at least


def test_no_card_in_hand_is_shown_before_the_end_or_without_a_tie():
    record = play_demo("competitive", 3, "easy", 1, 1)
    first_set = dict(record["sets"][0])
    first_set["turns"] = first_set["turns"][:3]
    playing = replay({**record, "sets": [first_set]}, partial=True, steps=False).state
    assert playing.phase == "choosing"
    assert view(playing, None).tie_cards == ()
    untied = [
        state
        for seed in range(1, 30)
        if (state := replay(play_demo("competitive", 3, "easy", seed, 1), steps=False).state)
        and state.tiebreak is None
    ]
    assert untied
    assert all(view(state, None).tie_cards == () for state in untied)
