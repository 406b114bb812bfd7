"""Pop's step frames read at a glance: never taller than 1.3 x their width, and each says what
it is (its step number, the chain, the score change) in the words it is given."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

from engine.pop.events import Revealed
from engine.pop.record import replay
from render import kit
from render.pop import board, side
from render.pop import style as P
from render.pop.demo import play_demo
from render.pop.labels import LABELS_EN
from render.pop.pictures import frame_picture
from render.pop.scene import Scene
from render.style import COLOUR_STYLE, rgb

GAMES = [
    ("competitive", 5, 3),
    ("competitive", 2, 1),
    ("competitive", 3, 2),
    ("trick", 4, 3),
    ("coop", 5, 1),
    ("coop", 3, 1),
    ("solo", 1, 1),
    ("enigma", 1, 1),
]


def frames_of(mode: str, seats: int, sets: int, seed: int):
    r = replay(play_demo(mode, seats, "normal", seed, sets))
    scene = Scene(r.state.mode, r.state.seats, sets_total=r.state.sets_total)
    for event in r.events:
        if isinstance(event, Revealed):
            yield scene.frame("board")
        frame = scene.apply(event)
        if frame is not None:
            yield frame


def test_a_tall_grid_draws_shorter_cards_rather_than_a_taller_picture():
    frame = next(f for f in frames_of("coop", 5, 1, 1) if f.incoming)
    tall = replace(frame, top_row=frame.bottom_row - 12)  # 13 rows: full-size cards overflow
    assert board.card_height(frame, P.GRID_H) == P.CARD_H
    assert board.card_height(tall, P.GRID_H) < P.CARD_H
    assert board.card_height(tall, P.GRID_H) * 13 <= P.GRID_H
    img = Image.open(io.BytesIO(frame_picture(tall).png))
    assert img.size == (P.WIDTH, P.HEIGHT)


def test_rows_above_the_highest_card_are_not_drawn():
    for frame in frames_of("competitive", 4, 1, 1):
        tops = [q - len(c) for q, c in zip(frame.queues, frame.columns, strict=True)]
        assert frame.top_row == min(tops)


def test_a_step_frame_says_its_number_chain_and_score_change_in_the_given_words():
    frames = [f for seed in range(4) for f in frames_of("competitive", 3, 1, seed)]
    chained = next(f for f in frames if f.kind == "fell" and f.depth >= 1 and f.gains)
    lines = [text for text, *_ in side.step_lines(chained, LABELS_EN)]
    seat, gain = chained.gains[0]
    assert board.status(chained, LABELS_EN).startswith(f"Step {chained.step} · Arrows: ")
    assert f"chain ×{chained.depth + 1}" in lines
    assert f"+{gain} {chained.name_of(seat)}" in lines
    italian = {"step": "Passo {n}", "chain": "catena ×{n}"}
    lines = [text for text, *_ in side.step_lines(chained, italian)]
    assert board.status(chained, italian).startswith(f"Passo {chained.step}")
    assert f"catena ×{chained.depth + 1}" in lines
    # and the words change the picture itself
    a = frame_picture(chained).png
    b = frame_picture(chained, labels=italian).png
    assert a != b


def test_the_score_change_adds_up_to_the_symbols_collected():
    """Over a whole game, the +N drawn on the steps add up to each seat's symbols."""
    from engine.pop.cards import SYMBOLS

    r = replay(play_demo("competitive", 3, "normal", 5, 1))
    scene = Scene(r.state.mode, r.state.seats)
    shown = dict.fromkeys(r.state.seats, 0)
    for event in r.events:
        frame = scene.apply(event)
        for seat, n in frame.gains if frame else ():
            shown[seat] += n
    for seat in r.state.seats:
        assert shown[seat] == sum(SYMBOLS[c] for c in r.state.collected[seat])


def test_co_op_game_over_is_marked_and_unplaced_cards_are_not_still_to_come():
    for seed in range(6):
        frames = list(frames_of("coop", 4, 1, seed))
        last = frames[-1]
        if last.game_over:
            break
    else:
        pytest.fail("no co-op demo ended on an explosion")
    assert any(text == "Game over" for text, *_ in side.step_lines(last, LABELS_EN))
    assert all(not f.game_over for f in frames if f.kind == "board")
    assert last.bottom_row == max(last.queues)  # no room kept for cards that will not come


def _grey(hex_colour: str) -> float:
    r, g, b = rgb(hex_colour)
    return 0.299 * r + 0.587 * g + 0.114 * b  # Pillow's "L"


def test_red_and_purple_differ_in_greyscale_too():
    assert abs(_grey(COLOUR_STYLE["red"].hex) - _grey(COLOUR_STYLE["purple"].hex)) >= 25


def test_a_recorded_game_draws_its_set_counter_and_game_totals_from_set_two():
    from render.pop.records import record_pictures

    record = play_demo("competitive", 3, "normal", 1, 2)
    r = replay(record)
    scene_frames = list(frames_of("competitive", 3, 2, 1))
    assert all(f.sets_total == 2 for f in scene_frames)
    later = [f for f in scene_frames if f.set_number == 2]
    first_set = r.state.set_scores[0]
    assert all(f.past_totals == tuple(first_set[s] for s in f.seats) for f in later)
    assert len(record_pictures(record)) == len(scene_frames) + 1  # and the results


def test_solo_frames_count_the_cards_left_in_pile_and_hand():
    from engine.pop.view import view
    from render.pop.records import _start

    record = play_demo("solo", 1, "normal", 2, 1)
    r = replay(record)
    scene = Scene.from_view(view(_start(record)))
    frames = [f for f in map(scene.apply, r.events) if f is not None]
    assert frames[0].hand_sizes == (5,)  # 10 dealt, 5 revealed for the first turn
    assert frames[-1].pile_size == len(r.state.draw_pile)
    assert frames[-1].hand_sizes == (len(r.state.hands[r.state.seats[0]]),)


def test_the_chiefs_explosion_says_where_its_cards_go():
    """Trick: the Chief's exploding cards are marked lost; competitive: they wait beside it."""
    for mode, key, word in (
        ("trick", "chief_loses", "Lost"),
        ("competitive", "chief_keeps", "keeps"),
    ):
        frames = [f for seed in range(6) for f in frames_of(mode, 3, 1, seed)]
        chiefs = [f for f in frames if f.kind == "exploded" and f.owner == "chief"]
        assert chiefs, mode
        f = chiefs[0]
        lines = [text for text, *_ in side.step_lines(f, LABELS_EN)]
        assert LABELS_EN[key].format(n=len(f.marked_cards)) in lines
        assert any(word in line for line in lines)


def test_a_seat_taking_the_chiefs_pile_is_cued():
    frames = [f for seed in range(6) for f in frames_of("competitive", 3, 1, seed)]
    taken = next(f for f in frames if f.from_chief)
    lines = [text for text, *_ in side.step_lines(taken, LABELS_EN)]
    assert f"+{len(taken.from_chief)} from ♛" in lines


def test_the_chiefs_face_down_cards_are_counted_never_shown():
    board = next(f for f in frames_of("coop", 3, 1, 4) if f.kind == "board")
    assert board.chief_face_down == 1
    assert len(board.chief_face_up) == 1


def test_results_say_the_tie_break_in_full_even_in_a_long_language():
    from tests.render.cases import competitive_results_tiebreak

    german = "Gleichstand: Die Karte auf der Hand entscheidet (weniger Symbole gewinnen)."
    lines = kit.wrap(german, 18, False, P.WIDTH - 2 * P.MARGIN, min_size=16)
    assert " ".join(lines) == german
    english = Image.open(io.BytesIO(competitive_results_tiebreak().png))
    assert english.size == (P.WIDTH, P.HEIGHT)
