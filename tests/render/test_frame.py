"""The parts every game's pictures share (render/frame.py) read where Discord shows them, fit
long names, and say a result by place."""

from __future__ import annotations

import pytest
from PIL import Image

from render import frame as F
from render import kit
from render import style as S
from tests.render.readable import Seen, drawn_while, problems

LONG = "Benedikt the Long-Named"
ROWS = [
    F.Standing("1st", LONG, "21 points", won=True),
    F.Standing("1st", "中村さくら", "21 points", won=True),
    F.Standing("3rd", "Żaneta", "13 points"),
    F.Standing("4th", "Ana", "−2 points"),
]
KEYS = [(F.chip(style), name) for name, style in S.COLOUR_STYLE.items()] + [
    (F.chip(S.JOKER_STYLE), "joker: any colour"),
    (F.glyph("✹", S.GOLD), "explosion mark"),
]


def whole_frame() -> Image.Image:
    img = F.canvas(520)
    y = F.header(img, "Coloretto · Round 5", f"{LONG} to move · pile 39", names=[LONG])
    y = F.legend(img, KEYS, (F.PAD, y + 12, img.width - F.PAD, img.height))
    F.results(img, f"Shared win: {LONG}, 中村さくら", ROWS, (F.PAD, y + 12, 784, 520), rule="r")
    return img


def test_a_frame_of_every_shared_part_reads_at_550_px_and_cuts_nothing():
    with kit.recording_cuts() as cuts:
        img, texts = drawn_while(whole_frame)
    assert problems([Seen("frame", kit.encode(img), texts)]) == []
    assert cuts == []
    assert any(LONG in text.text for text in texts)  # the long name whole, not "Bened…"


def test_a_frame_is_never_taller_than_wide():
    assert F.canvas(800).size == (800, 800)
    with pytest.raises(ValueError, match="never taller than wide"):
        F.canvas(801)


def test_the_legend_wraps_inside_its_box_and_says_how_tall_it_is():
    img = F.canvas(400)
    bottom = F.legend(img, KEYS, (16, 10, 300, 400))
    assert bottom == 10 + F.legend_height(KEYS, 284)
    assert bottom > 10 + 3 * (F.CHIP + 8)  # eleven keys need rows in 284 px
    right = img.crop((301, 0, 800, 400))
    assert right.getcolors() == [(right.width * right.height, S.rgb(S.BACKGROUND))]


def test_results_light_the_winners_rows_only():
    img = F.canvas(400)
    bottom = F.results(img, "Shared win", ROWS, (16, 10, 784, 400))
    assert bottom == 10 + F.results_height(len(ROWS))
    gold = S.rgb(S.GOLD)
    row_tops = [10 + F.TITLE + 16 + i * (F.ROW_H + 6) for i in range(len(ROWS))]
    lit = [gold in {img.getpixel((x, top + 1)) for x in range(30, 700)} for top in row_tops]
    assert lit == [True, True, False, False]
