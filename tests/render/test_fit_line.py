"""The kit's one text-fitting helper: a line that fits is drawn as it is; one that does not is
shrunk (when allowed), then cut with an ellipsis (unless told not to), and says so."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from render import kit

LONG = "Benedikt the Long-Named"


def test_a_text_that_fits_is_drawn_as_it_is():
    line = kit.fit_line("Round 3", 24, True, max_width=400, min_size=12)
    assert (line.text, line.size) == ("Round 3", 24)
    assert line.width == kit.text_length("Round 3", 24, True)
    assert (line.shrunk, line.cut, line.overflows) == (False, False, False)


def test_without_a_room_nothing_is_shrunk_or_cut():
    line = kit.fit_line(LONG * 5, 30)
    assert line.text == LONG * 5
    assert (line.shrunk, line.cut, line.overflows) == (False, False, False)


def test_a_text_too_wide_is_cut_with_an_ellipsis_at_its_size():
    room = int(kit.text_length(LONG, 24)) // 2
    line = kit.fit_line(LONG, 24, max_width=room)
    assert line.cut
    assert not line.shrunk
    assert line.size == 24
    assert line.text.endswith("…")
    assert LONG.startswith(line.text[:-1])
    assert line.width <= room
    longer = line.text[:-1] + LONG[len(line.text) - 1] + "…"
    assert kit.text_length(longer, 24) > room  # the longest start that fits


def test_a_text_too_wide_shrinks_first_when_it_may():
    room = int(kit.text_length(LONG, 20)) + 1  # fits at 20 px, not at 24
    line = kit.fit_line(LONG, 24, max_width=room, min_size=12)
    assert (line.text, line.size) == (LONG, 20)
    assert line.shrunk
    assert not line.cut


def test_shrinking_goes_two_pixels_at_a_time_down_to_the_smallest_size_then_cuts():
    line = kit.fit_line(LONG * 3, 19, max_width=100, min_size=11)
    assert line.size == 11
    assert line.cut
    assert line.width <= 100
    assert kit.fit_line(LONG * 3, 18, max_width=100, min_size=11).size == 11  # 18, 16, … 12, 11


def test_a_text_that_must_not_be_cut_overflows_and_says_so():
    line = kit.fit_line("×12+3", 24, True, max_width=20, min_size=20, cut=False)
    assert (line.text, line.size) == ("×12+3", 20)
    assert line.overflows
    assert not line.cut


def test_what_the_fonts_cannot_draw_is_made_safe_before_fitting():
    line = kit.fit_line("Ana\u200d\ufe0f\x07", 20, max_width=300)
    assert line.text == kit.safe_text("Ana\u200d\ufe0f\x07") == "Ana"
    assert not line.cut  # a dropped control character is not a cut


def test_draw_line_draws_what_fit_line_fitted_and_returns_it():
    room = 150
    img = Image.new("RGB", (400, 60))
    line = kit.draw_line(ImageDraw.Draw(img), (10, 30), LONG, 24, True, max_width=room)
    assert line == kit.fit_line(LONG, 24, True, max_width=room)
    want = Image.new("RGB", (400, 60))
    kit.draw_text(ImageDraw.Draw(want), (10, 30), line.text, line.size, True, anchor="lm")
    assert img.tobytes() == want.tobytes()
    assert img.getbbox() is not None


def test_a_name_sprite_is_cut_as_fit_line_cuts_it():
    palette = kit.Palette(
        ["#1B1E24", "#F4F4F4"], lambda: [kit.text_rgb("Ag", 20, False, "#F4F4F4", "#1B1E24")]
    )
    cut = palette.name_sprite(LONG, 22, 120)
    assert (
        cut.tobytes() == palette.text_sprite(kit.fit_line(LONG, 22, False, 120).text, 22).tobytes()
    )
    assert cut.width < palette.name_sprite(LONG, 22, 1000).width


# --- Player names may be shortened; no other word may be cut ---------------------------------

NAME = "Maximiliane Wolkenstein-Brückner"  # 32 characters: Discord's longest display name


def test_a_name_alone_is_shortened_by_design_not_cut():
    line = kit.fit_line(NAME, 24, True, max_width=200, names=[NAME])
    assert line.shortened
    assert not line.cut
    assert line.text == kit.fit_line(NAME, 24, True, max_width=200).text  # the same "…"
    assert line.width <= 200


def test_a_name_inside_a_sentence_is_shortened_and_the_words_stay_whole():
    text = f"{NAME} took row 3"
    room = int(kit.text_length("Maximiliane W… took row 3", 24, True)) + 1
    line = kit.fit_line(text, 24, True, max_width=room, names=[NAME])
    assert line.text == "Maximiliane W… took row 3"  # as many letters of the name as fit
    assert (line.shortened, line.cut, line.overflows) == (True, False, False)


def test_several_names_give_way_alike():
    text = f"Shared win: {NAME}, Ana, Wojciech Grzegorzewski"
    line = kit.fit_line(text, 22, max_width=450, names=[NAME, "Ana", "Wojciech Grzegorzewski"])
    assert line.text.startswith("Shared win: ")
    assert ", Ana, " in line.text  # a short name stays whole
    first, _, last = line.text.removeprefix("Shared win: ").split(", ")
    assert first.endswith("…")
    assert last.endswith("…")
    assert abs(len(first) - len(last)) <= 1
    assert not line.cut


def test_words_shrink_so_that_a_name_keeps_its_first_letters_then_the_name_gives_way():
    text = f"{NAME} took row 3"
    keep = f"{NAME[: kit.NAME_KEEP]}… took row 3"
    room = int(kit.text_length(keep, 20, True)) + 1  # fits at 20 px, not at 24
    line = kit.fit_line(text, 24, True, max_width=room, min_size=16, names=[NAME])
    assert line.size == 20  # no smaller than that name needs
    assert line.text.startswith(NAME[: kit.NAME_KEEP])
    assert line.text.endswith(" took row 3")


def test_a_line_shrinks_a_little_to_show_a_name_whole():
    text = f"{NAME}  10/10"
    room = int(kit.text_length(text, 24 - kit.NAME_SHRINK, True)) + 1
    line = kit.fit_line(text, 24, True, max_width=room, min_size=12, names=[NAME])
    assert (line.text, line.size) == (text, 24 - kit.NAME_SHRINK)
    assert not line.shortened
    smaller = kit.fit_line(text, 24, True, max_width=room - 40, min_size=12, names=[NAME])
    assert smaller.shortened  # more would be too small: the name gives way instead
    assert smaller.size > 12


def test_nothing_is_recorded_unless_asked():
    kit.fit_line(LONG, 24, max_width=50)  # a cut, outside any recording
    with kit.recording_cuts() as cuts:
        pass
    assert cuts == []


def test_a_cut_word_is_recorded_with_its_room_and_where_it_was_drawn():
    with kit.recording_cuts() as cuts:
        kit.fit_line("golden joker bonus", 22, True, max_width=120)
        kit.fit_line(f"{NAME} drew", 24, True, max_width=200, names=[NAME])  # fits: a name gave way
        kit.fit_line(NAME, 24, True, max_width=100, names=[NAME])  # a name alone: by design
    assert len(cuts) == 1
    (cut,) = cuts
    assert (cut.text, cut.max_width, cut.size) == ("golden joker bonus", 120, 22)
    assert cut.shown.endswith("…")
    assert cut.caller.startswith("tests/render/test_fit_line.py:")
    assert "test_a_cut_word_is_recorded" in cut.caller


def test_a_line_fitted_before_is_recorded_again_when_drawn_while_recording():
    assert kit.fit_line("golden joker bonus", 22, True, max_width=121).cut  # now in the cache
    with kit.recording_cuts() as cuts:
        again = kit.fit_line("golden joker bonus", 22, True, max_width=121)
    assert again == kit.fit_line("golden joker bonus", 22, True, max_width=121)
    assert [c.max_width for c in cuts] == [121]


def test_a_word_that_must_not_be_cut_and_overflows_is_recorded_too():
    with kit.recording_cuts() as cuts:
        kit.fit_line("×12+3", 24, True, max_width=20, min_size=20, cut=False)
    assert [(c.text, c.shown) for c in cuts] == [("×12+3", "×12+3")]


def test_the_caller_is_the_drawing_code_in_render():
    from render.colorpop.picture import _heading

    img = Image.new("RGB", (400, 100))
    with kit.recording_cuts() as cuts:
        _heading(img, "Move 3 · the tokens slide down " * 4, 0, 0, 300)
    assert cuts
    assert cuts[0].caller.startswith("render/colorpop/picture.py:")
    assert " _heading" in cuts[0].caller.split(" < ")[0]


def test_recordings_do_not_nest():
    with kit.recording_cuts(), pytest.raises(RuntimeError), kit.recording_cuts():
        pass


# --- Wrapping -----------------------------------------------------------------------------------


def test_a_text_that_fits_is_one_line():
    assert kit.wrap("Partie terminée", 30, True, 400) == ["Partie terminée"]


def test_a_sentence_wraps_at_spaces():
    text = "Tied totals: the card left in hand decided (fewest symbols wins)."
    lines = kit.wrap(text, 26, False, 300)
    assert len(lines) > 1
    assert " ".join(lines) == text
    assert all(kit.text_length(line, 26) <= 300 for line in lines)


def test_japanese_wraps_between_characters_never_before_a_mark_that_ends_a_line():
    text = "手札のカードでも同点\uff1a勝利を分け合います。"  # a full-width colon
    lines = kit.wrap(text, 30, True, 200)
    assert "".join(lines) == text
    assert len(lines) > 1
    assert all(kit.text_length(line, 30, True) <= 200 for line in lines)
    assert not any(line[0] in "、。\uff1aー" for line in lines)


def test_a_line_with_a_name_stays_one_line_when_its_words_fit():
    text = f"+3 {NAME}"
    assert kit.wrap(text, 26, True, 208, names=[NAME]) == [text]
    lines = kit.wrap(f"{NAME} {NAME}", 26, True, 208, names=[NAME])
    assert lines == [NAME, NAME]  # a name is never broken
