"""The look of every picture: card colours and shapes, sizes, fonts, background tones.

The five card colours were tuned so that they stay apart under simulated protan, deutan and
tritan colour vision (tests/render/test_colours.py); each colour also has a shape of its own,
drawn on every card, so colour is never the only cue.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from PIL import ImageFont

from engine.data import data_path
from engine.pop.cards import COLOUR, COLOUR_NAMES

FONT_DIR = data_path("fonts")
FONT_REGULAR = FONT_DIR / "DejaVuSans.ttf"
FONT_BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"


class ColourStyle(NamedTuple):
    hex: str  # the card's fill
    shape: str  # the shape drawn on the card: circle, triangle, square, diamond, star
    symbol: str  # the same shape as one Unicode character (button labels, alt text)
    ink: str  # number and icons on the card: dark on light cards, white on dark ones


COLOUR_STYLE: dict[str, ColourStyle] = {
    "red": ColourStyle("#B1102F", "circle", "●", "#FFFFFF"),
    "yellow": ColourStyle("#FFEB37", "triangle", "▲", "#1A1A1A"),
    "green": ColourStyle("#1CB765", "square", "■", "#0E1A12"),
    "blue": ColourStyle("#4466F8", "diamond", "◆", "#FFFFFF"),
    "purple": ColourStyle("#7A3F78", "star", "★", "#FFFFFF"),
}
assert tuple(COLOUR_STYLE) == COLOUR_NAMES

BACKGROUND = "#1B1E24"
TRACK = "#272B34"  # the lane behind each column
PANEL = "#2F3440"
TEXT = "#F4F4F4"
MUTED = "#A4AAB6"
QUEUE_FILL = "#5A6172"
QUEUE_EDGE = "#C9CED8"
HIGHLIGHT = "#FFFFFF"
GOLD = "#FFC83D"
GOOD = "#3DDC84"
BAD = "#FF5A5F"

# Board geometry (pixels). A column is PITCH_X wide, a row PITCH_Y tall; the card sits inside
# with room around it for the highlight ring.
CARD_W, CARD_H = 116, 80
PAD = 7
PITCH_X, PITCH_Y = CARD_W + 2 * PAD, CARD_H + 2 * PAD
MINI_W, MINI_H = 66, 48
MARGIN = 20
WIDTH = 2 * MARGIN + 5 * PITCH_X  # 690: wide enough for a phone, one column per card

# Glyphs from DejaVu Sans that stand in for words, so pictures need no translation.
ICON_SET = "❖"
ICON_TURN = "⟳"
ICON_CHIEF = "♛"
ICON_BURST = "✹"
ICON_WIN = "♛"
ICON_YES = "✓"
ICON_NO = "✗"
ICON_TIE = "⚖"
ICON_STAR = "★"
ICON_STAR_EMPTY = "☆"
PLACEHOLDER = "□"  # drawn for a character the font cannot show


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans (basic layout: the same pixels on every machine)."""
    return ImageFont.truetype(str(FONT_BOLD if bold else FONT_REGULAR), size,
                              layout_engine=ImageFont.Layout.BASIC)


def rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def colour_style(card: int) -> ColourStyle:
    return COLOUR_STYLE[COLOUR_NAMES[COLOUR[card]]]
