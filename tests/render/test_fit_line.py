"""The kit's one text-fitting helper: a line that fits is drawn as it is; one that does not is
shrunk (when allowed), then cut with an ellipsis (unless told not to), and says so."""

from __future__ import annotations

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
    assert kit.fit_line(LONG * 3, 18, max_width=100, min_size=11).size == 12


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
