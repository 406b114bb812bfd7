"""Scene folding events into frames, and the alt text that goes with every picture."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.pop.cards import COLUMN_LETTERS, SYMBOLS, colour_name
from engine.pop.events import CHIEF, Exploded, Fell, Placed, TurnEnded
from engine.pop.view import view
from render.kit import has_glyph, safe_text
from render.pop import art
from render.pop.alt import board_alt, hand_alt
from render.pop.pictures import board_picture, hand_picture, step_frames, step_pictures
from render.pop.scene import Scene

from .cases import competitive, coop, enigma_game
from .games import NAMES, game, play


def all_turns():
    """(before, events) of every turn of the fixed games: competitive, 2-player, coop, solo."""
    turns = list(competitive()[1]) + list(coop()[1])
    for mode, seats, seed, opts in (
        ("trick", 2, 21, {"sets": 1}),
        ("solo", 1, 8, {}),
        ("competitive", 5, 2, {"sets": 1}),
    ):
        turns += play(game(mode, seats, seed, **opts))
    _, before, events = enigma_game()
    return [*turns, (before, events)]


TURNS = all_turns()


def test_one_frame_per_step_in_order():
    for before, events in TURNS:
        frames = step_frames(before, events, NAMES)
        steps = [e for e in events if isinstance(e, Placed | Exploded | Fell)]
        kinds = {Placed: "placed", Exploded: "exploded", Fell: "fell"}
        assert [f.kind for f in frames] == [kinds[type(e)] for e in steps]
        assert [f.step for f in frames] == list(range(1, len(frames) + 1))
        for frame, event in zip(frames, steps, strict=True):
            assert frame.columns == event.grid
            assert frame.queues == event.queues
            if isinstance(event, Placed):
                assert frame.highlight == (event.column, event.row)
                assert frame.card_at(event.column, event.row) == event.card
            if isinstance(event, Exploded):
                assert set(frame.marked) == set(event.positions)
                assert all(frame.card_at(c, r) in event.cards for c, r in frame.marked)
            # Everything on the board is inside the drawn rows, Queue cards included.
            for c, q in enumerate(frame.queues):
                assert frame.top_row <= q - len(frame.columns[c])
                assert q <= frame.bottom_row


def test_frames_of_one_turn_keep_their_bottom_and_drop_empty_rows_on_top():
    """Within a turn the Queue row stays put (the cards do not jump between steps); rows left
    empty above the highest card after an explosion are not drawn, but in the fall's own frame,
    which shows where the cards fell from."""
    for before, events in TURNS:
        frames = step_frames(before, events, NAMES)
        assert len({f.bottom_row for f in frames}) <= 1
        for i, f in enumerate(frames):
            top = min(q - len(c) for q, c in zip(f.queues, f.columns, strict=True))
            if f.kind == "fell":
                assert f.top_row == min(top, frames[i - 1].top_row)
            else:
                assert f.top_row == top


def test_queue_rows_follow_the_turn():
    """Columns that received their card this turn stand one row lower."""
    before, events = competitive()[1][0]
    start = before.queues
    for frame in step_frames(before, events, NAMES):
        for c in range(5):
            assert frame.queues[c] == start[c] + (c in frame.placed_columns)


def test_symbols_after_the_last_fall_match_the_engine():
    """A fell frame already counts what the explosion earned: it agrees with TurnEnded."""
    checked = 0
    for before, events in TURNS:
        frames = step_frames(before, events, NAMES)
        end = next(e for e in events if isinstance(e, TurnEnded))
        if frames:
            last = frames[-1]
            want = tuple(sum(SYMBOLS[c] for c in end.collected[s]) for s in last.seats)
            assert last.symbols == want
            if before.mode != "trick":
                assert sorted(last.chief_pile) == sorted(end.chief_pile)
            checked += 1
    assert checked > 20


def test_chief_pile_is_shown_and_collected():
    seen_pile = seen_taken = False
    for before, events in competitive()[1]:
        for frame in step_frames(before, events, NAMES):
            if frame.chief_pile:
                seen_pile = True
            if frame.kind == "fell" and frame.owner not in (None, CHIEF) and before.chief_pile:
                assert frame.chief_pile == ()
                seen_taken = True
    assert seen_pile
    assert seen_taken


def test_board_picture_shows_the_chief_face_up_card():
    before = competitive()[1][5][0]
    assert before.chief_face_up
    text = board_picture(before, NAMES).alt
    card = before.chief_face_up[0]
    assert f"The Chief shows {card} {colour_name(card)} face up." in text


def _check_alt_names_board(text, frame):
    for c, col in enumerate(frame.columns):
        letter = COLUMN_LETTERS[c]
        match = re.search(rf"\b{letter}: ([^;.]*)", text.split("Columns top to bottom: ")[1])
        assert match, (letter, text)
        listed = match.group(1)
        if col:
            assert listed == ", ".join(f"{n} {colour_name(n)}" for n in col), (letter, text)
        else:
            assert listed == "empty"
        assert (
            f"{letter} {frame.queues[c] - frame.top_row + 1}"
            in text.split("Queue cards by row from the top: ")[1]
        )


def test_alt_text_names_every_card_and_queue_position():
    """The board picture (before each reveal) names the whole table; the steps say what
    changed (tests/render/test_alt_words.py)."""
    for before, events in TURNS:
        board = board_picture(before, NAMES)
        frame = Scene.from_view(before, NAMES).frame("board")
        assert len(board.alt) <= 1024
        _check_alt_names_board(board.alt, frame)
        for picture in step_pictures(before, events, NAMES):
            assert len(picture.alt) <= 1024
            assert "Columns top to bottom" not in picture.alt


def test_alt_text_of_a_full_ten_row_board_fits_discord():
    from render.pop.bench import ten_row_frame

    frame = replace(ten_row_frame(), kind="board")
    text = board_alt(frame)
    assert len(text) <= 1024
    _check_alt_names_board(text, frame)


def test_alt_text_says_what_happened():
    before, events = competitive()[1][5]
    frames = step_frames(before, events, NAMES)
    texts = [p.alt for p in step_pictures(before, events, NAMES)]
    placed = next(t for f, t in zip(frames, texts, strict=True) if f.kind == "placed")
    assert "placed" in placed
    assert "highlighted" in placed
    exploded = next((f, t) for f, t in zip(frames, texts, strict=True) if f.kind == "exploded")
    assert all(str(c) in exploded[1] for c in exploded[0].marked_cards)
    assert "explode" in exploded[1]
    fell = [t for f, t in zip(frames, texts, strict=True) if f.kind == "fell"]
    assert any("collects" in t or "beside the Chief" in t for t in fell)


def test_public_pictures_never_show_a_secret():
    """No card from any hand, nor a face-down Chief card, in a public picture's frames or alt."""
    checked = 0
    for mode, seats, seed in (
        ("competitive", 2, 4),
        ("competitive", 3, 9),
        ("coop", 3, 1),
        ("solo", 1, 5),
    ):
        state = game(mode, seats, seed, **({"sets": 1} if mode == "competitive" else {}))
        while state.phase == "choosing":
            secret = {c for s in state.seats for c in state.hands[s]}
            secret |= set(state.chief_face_down)
            before = view(state)
            board = board_picture(before, NAMES)
            named = {
                int(n) for n in re.findall(r"(\d+) (?:red|yellow|green|blue|purple)", board.alt)
            }
            on_board = {c for col in before.columns for c in col} | set(before.chief_face_up)
            on_board |= set(before.chief_pile)
            assert named == on_board
            assert not secret & named
            ((_, events),) = play(state, 1)
            for frame in step_frames(before, events, NAMES):
                shown = {c for col in frame.columns for c in col} | set(frame.chief_face_up)
                shown |= set(frame.chief_pile)
                hidden_now = secret - {card for card, _ in frame.incoming}
                assert not shown & hidden_now
                checked += 1
    assert checked > 50


def test_hand_picture_and_alt():
    picture = hand_picture([3, 12, 41], selected=[12], disabled=[3])
    assert picture.alt == (
        "Your hand, 3 cards: 3 green (cannot be chosen), 12 yellow (selected), 41 red."
    )
    assert "selected" not in hand_alt([7, 8])


@pytest.mark.parametrize(
    "name",
    [
        "Ana",
        "Ελένη",
        "Жанна",
        "山田太郎",
        "😀🎲👩‍👩‍👧",
        "\u202eevil",
        "a\u0000b\ud800c",
        "\U000f0000",
        "",
        " ",
        "x" * 500,
    ],
)
def test_any_name_draws(name):
    before = competitive()[1][0][0]
    picture = board_picture(before, {"ana": name})
    assert picture.png.startswith(b"\x89PNG")
    assert len(picture.alt) <= 1024


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=40))
def test_safe_text_never_raises_and_only_keeps_drawable_characters(name):
    text = safe_text(name)
    assert text
    assert all(has_glyph(ch) or ch == " " for ch in text)
    art.name_sprite(name, 22, 300)


def test_latin_greek_cyrillic_and_japanese_are_drawn_as_such():
    for name in ("Zoë Ångström", "Ελένη", "Жанна", "山田", "さくら・ミク"):
        assert safe_text(name) == name
    assert safe_text("한국") == "□"  # Hangul: in neither bundled font
