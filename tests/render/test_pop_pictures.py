"""Every picture Pop posts, in the seven languages (tests/render/every_picture.py: every phase
of competitive games of 2 and 3 seats over two sets, Trick, co-op, solo and Enigma, each
result, with names as long as Discord allows), read where Discord shows it: one size for the
whole game, no taller than wide, every line 10 px high at 550 px wide; and what each picture
must say, it says in words."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from bot.games.pop.words import picture_labels
from bot.texts.i18n import languages
from engine.pop.results import CoopResult, SoloResult
from engine.pop.view import view
from render.pop import art, board, side
from render.pop.final import places
from render.pop.labels import LABELS_EN
from render.pop.pictures import frame_picture, results_picture
from tests.render.every_picture import game, play, pop_pictures
from tests.render.readable import Seen, drawn_while, problems
from tests.render.test_frames import frames_of


def seen_pictures(lang: str) -> Iterator[Seen]:
    pictures = pop_pictures(lang)
    while True:
        for cache in (art.text_image, board.header_band, board.legend_band):
            cache.cache_clear()  # a cached line is not drawn again, nor recorded
        made, texts = drawn_while(lambda: next(pictures, None))
        if made is None:
            return
        name, png = made
        if name != "pop-hand":  # a seat's hand is its private message, not the thread's
            yield Seen(f"{lang}/{name}", png, texts)


@pytest.mark.parametrize("lang", languages())
def test_every_picture_is_one_size_and_reads_at_550_px(lang: str) -> None:
    seen = list(seen_pictures(lang))
    assert len(seen) >= 100
    assert {s.size for s in seen} == {(800, 580)}
    assert problems(seen) == []


def _later_set_board():
    return next(f for f in frames_of("competitive", 3, 2, 1) if f.set_number == 2 and f.incoming)


def test_the_header_says_the_set_turn_and_order_in_words():
    f = _later_set_board()
    assert board.title(f, LABELS_EN) == f"Pop · Set 2 of 2 · Turn {f.turn_number} of 8"
    order = "E → A" if f.descending else "A → E"
    assert board.status(f, LABELS_EN).endswith(f"Arrows: {f.arrows} · placing {order}")
    de = picture_labels("de")
    assert board.title(f, de).startswith("Pop · Runde 2 von 2 · Zug ")
    assert not any(ch in board.title(f, de) + board.status(f, de) for ch in "⟳❖←Σ")


def test_every_mark_a_frame_shows_is_in_its_legend():
    frames = [f for seed in range(3) for f in frames_of("competitive", 3, 1, seed)]
    for kind, word in (("placed", "card just placed"), ("exploded", "exploding")):
        f = next(f for f in frames if f.kind == kind)
        words = [w for _, w in board.legend_keys(f, LABELS_EN)]
        assert words[:2] == ["explosion symbol", "arrow card"]
        assert word in words
    fell = next(f for f in frames if f.kind == "fell" and f.moved)
    words = [w for _, w in board.legend_keys(fell, LABELS_EN)]
    assert {"fell", "fell from here"} <= set(words)


def test_a_plain_placement_says_who_put_which_card_where_in_the_step_box():
    """The side panel's step box was empty on every placement that exploded nothing."""
    frames = [f for seed in range(3) for f in frames_of("competitive", 3, 1, seed)]
    placed = [f for f in frames if f.kind == "placed" and f.placed_card and f.highlight]
    assert placed
    plain = 0
    for f in placed:
        lines = [text for text, _ in side.step_lines(f, LABELS_EN)]
        assert lines, f
        if lines[-1].startswith("places "):
            plain += 1
            assert lines[-1] == f"places {f.placed_card} in column {'ABCDE'[f.highlight[0]]}"
            assert lines[-2] == ("♛ Chief" if f.owner == "chief" else f.name_of(f.owner or ""))
    assert plain > len(placed) // 2  # most placements explode nothing
    de = picture_labels("de")
    assert side.step_lines(placed[0], de)[-1][0].startswith(f"legt {placed[0].placed_card} in")


def test_a_fell_frame_marks_the_cards_that_fell_and_where_they_were():
    frames = [f for seed in range(3) for f in frames_of("competitive", 3, 1, seed)]
    pairs = itertools.pairwise(frames)
    fells = [(before, f) for before, f in pairs if f.kind == "fell" and f.moved]
    assert fells
    for before, f in fells:
        assert before.kind == "exploded"
        for c, row in f.moved:
            assert f.card_at(c, row)  # a card landed there
        for (c, row), card in f.vacated:
            assert before.card_at(c, row) == card
            assert not f.card_at(c, row)  # it is gone from there
            assert f.top_row <= row
    plain = frame_picture(replace_moved(fells[0][1])).png
    assert frame_picture(fells[0][1]).png != plain  # the marks are drawn


def replace_moved(f):
    return replace(f, moved=(), vacated=())


def test_long_names_are_not_cut_to_five_characters():
    long = "Benedikt the Long-Named"
    f = _later_set_board()
    names = (long, "Żaneta", "中村さくら")
    f = type(f)(**{**f.__dict__, "names": names})
    for name in names:
        assert len(name) <= 6 or name[:10] in "".join(_drawn_texts(f))


def _drawn_texts(f) -> list[str]:
    for cache in (art.text_image, board.header_band, board.legend_band):
        cache.cache_clear()
    _, texts = drawn_while(lambda: board.draw_board(f))
    return [t.text for t in texts]


def test_results_are_by_place_with_the_shared_winner_words_and_the_rule():
    state = game("competitive", 3, 11, sets=1)
    play(state)
    v = view(state, None)
    order = places(v)
    assert order[0] == (1, v.winners[0])
    totals = [v.totals[s] for _, s in order]
    assert totals == sorted(totals)  # the lowest total first
    art.text_image.cache_clear()
    _, texts = drawn_while(lambda: results_picture(v, None, picture_labels("en")))
    drawn = [t.text for t in texts]
    assert f"{v.winners[0]} wins" in drawn
    assert "Explosion symbols per set and in total: the lowest total wins." in drawn
    assert not any("↓" in t for t in drawn)


def test_a_lost_solo_game_and_an_enigma_show_their_final_grid():
    solo = game("solo", 1, 3, difficulty=4)
    play(solo)
    v = replace(view(solo, None), result=SoloResult(False, 8))
    art.text_image.cache_clear()
    _, texts = drawn_while(lambda: results_picture(v, None, picture_labels("en")))
    drawn = [t.text for t in texts]
    assert "The grid at the end" in drawn
    assert "Lost · turns: 8" in drawn
    art.card_image.cache_clear()
    with_grid = results_picture(v).png
    empty = results_picture(replace(v, columns=((), (), (), (), ()))).png
    assert with_grid != empty  # the cards of the final grid are drawn


def test_the_bursts_on_a_small_card_are_large_enough_to_count_at_550_px():
    """A revealed card's three explosion symbols cover a good part of its bottom right corner
    (each burst 13 px across, 9 px at 550 px wide; they were about 6)."""
    mini = art.card_rgb(5, True)  # 3 symbols
    ink = Image.new("RGB", (45, 18), art.P.colour_style(5).ink)
    corner = mini.crop((mini.width - 45, mini.height - 18, mini.width, mini.height))
    diff = ImageChops.difference(corner, ink).convert("L")
    assert sum(1 for v in diff.get_flattened_data() if v < 60) >= 3 * 40


def test_a_co_op_level_is_said_in_words_beside_its_stars():
    coop = game("coop", 4, 5)
    play(coop)
    v = replace(view(coop, None), result=CoopResult(True, "legendary_guards", 0))
    filled, total = v.result.stars
    art.text_image.cache_clear()
    _, texts = drawn_while(lambda: results_picture(v, None, picture_labels("de")))
    drawn = [t.text for t in texts]
    assert f"Stufe {filled} von {total}" in drawn
    assert "Die Gruppe hat überlebt" in drawn
