"""The rule pictures are held to where Discord shows them (`tests/render/readable.py`) finds
what breaks it."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import kit
from tests.render.readable import Seen, drawn_while, problems


def picture(width: int, height: int, size: int, text: str = "Round 1") -> Seen:
    def draw() -> bytes:
        image = Image.new("RGB", (width, height))
        kit.draw_text(ImageDraw.Draw(image), (4, 4), text, size)
        return kit.encode(image)

    png, texts = drawn_while(draw)
    return Seen(f"{width}x{height}@{size}", png, texts)


def test_a_wide_picture_with_text_that_reads_at_550_px_passes():
    assert problems([picture(1100, 800, 20)]) == []


def test_small_text_a_tall_picture_and_two_sizes_are_each_named():
    found = problems([picture(1100, 800, 16), picture(800, 1000, 24)])
    assert any("'Round 1' at 16 px is 8.0 px high" in p for p in found)
    assert any("800 x 1000 is taller than wide" in p for p in found)
    assert any(p.startswith("2 sizes") for p in found)
    assert problems([picture(1100, 800, 20), picture(800, 600, 20)], one_size=False) == []


def test_a_line_drawn_on_a_larger_canvas_is_judged_at_the_size_it_is_shown():
    big = Image.new("RGB", (2200, 1600))
    with kit.recording_texts() as texts:
        kit.draw_text(ImageDraw.Draw(big), (4, 4), "Pile 68", 30)
    shrunk = kit.encode(big.resize((1100, 800)))
    assert any(
        "15.0 px" not in p and "7.5 px high" in p
        for p in problems([Seen("x", shrunk, tuple(texts))])
    )


def test_a_picture_is_judged_at_the_scale_discord_previews_it_inside_550_by_400():
    """An 800 x 720 picture is shown 400 px high (444 x 400): its 15 px text is 8.3 px, though
    it would be 10.3 px at 550 px wide; at 800 x 580 the width decides, and it reads."""
    found = problems([picture(800, 720, 15)])
    assert any("'Round 1' at 15 px is 8.3 px high shown at 444 x 400" in p for p in found)
    assert problems([picture(800, 580, 15)]) == []
    assert any("9.4 px" in p for p in problems([picture(800, 596, 14)]))
