"""The look every game's pictures share: colours with their shapes, background tones, fonts and
the glyphs that stand in for words.

Text is drawn with DejaVu Sans; characters it lacks (Japanese) are drawn with the bundled subset
of Noto Sans CJK JP (data/fonts/build_cjk_subset.py), run by run (render/kit.py `text_runs`).

The five colours were tuned so that they stay apart under simulated protan, deutan and tritan
colour vision (tests/render/test_colours.py); each colour also has a shape of its own, drawn
wherever the colour is, so colour is never the only cue.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from PIL import ImageFont

from engine.data import data_path

FONT_DIR = data_path("fonts")
FONT_REGULAR = FONT_DIR / "DejaVuSans.ttf"
FONT_BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
FONT_CJK_REGULAR = FONT_DIR / "NotoSansCJKjp-Subset-Regular.otf"
FONT_CJK_BOLD = FONT_DIR / "NotoSansCJKjp-Subset-Bold.otf"


class ColourStyle(NamedTuple):
    hex: str  # the fill
    shape: str  # the shape drawn on it (kit.draw_shape)
    symbol: str  # the same shape as one Unicode character (button labels, alt text)
    ink: str  # numbers and icons drawn on it: dark on light colours, white on dark ones


# One palette for every game: a colour is drawn in the same fill with the same shape wherever it
# appears, so ● red in a text meets a red circle on the picture. The fills were searched to stay
# apart (CIEDE2000 >= 14) under simulated protan, deutan and tritan vision, all ten together
# (tests/render/test_colours.py), with numbers on them legible (WCAG AA), while each still reads
# as the colour it is called.
COLOUR_STYLE: dict[str, ColourStyle] = {
    "red": ColourStyle("#CE0410", "circle", "●", "#FFFFFF"),
    "orange": ColourStyle("#DB8614", "hexagon", "⬢", "#1A1A1A"),
    "yellow": ColourStyle("#FFDC0E", "triangle", "▲", "#1A1A1A"),
    "green": ColourStyle("#5EBB7C", "square", "■", "#0E1A12"),
    "blue": ColourStyle("#1E6AFF", "diamond", "◆", "#FFFFFF"),
    "purple": ColourStyle("#6B4A8E", "cross", "✚", "#FFFFFF"),
    "brown": ColourStyle("#8D6656", "bar", "▬", "#FFFFFF"),
    "black": ColourStyle("#161616", "x", "✖", "#F4F4F4"),
    "white": ColourStyle("#F2F2F2", "moon", "☾", "#2A2A2A"),
}
# Pieces that stand for any colour: a light card with a star (never dark on the dark panel); the
# golden joker is the same star on gold.
JOKER_STYLE = ColourStyle("#B1AFBB", "star", "★", "#1A1A1A")
GOLDEN_STYLE = ColourStyle("#FFC83D", "star", "★", "#1A1A1A")
# A card of points and no colour (Coloretto's "+2"): cream, its mark the number itself.
PLUS2_STYLE = ColourStyle("#EFEBE0", "plus2", "+2", "#1A1A1A")

BACKGROUND = "#1B1E24"
TRACK = "#272B34"  # a lane behind a row or column of pieces
PANEL = "#2F3440"
TEXT = "#F4F4F4"
MUTED = "#A4AAB6"
HIGHLIGHT = "#FFFFFF"
GOLD = "#FFC83D"
GOOD = "#3DDC84"
BAD = "#FF5A5F"
BLACK = "#000000"

# Glyphs from DejaVu Sans that stand in for words, so pictures need no translation.
ICON_SET = "❖"
ICON_TURN = "⟳"
ICON_BURST = "✹"
ICON_WIN = "♛"
ICON_YES = "✓"
ICON_NO = "✗"
ICON_STAR = "★"
ICON_STAR_EMPTY = "☆"
PLACEHOLDER = "□"  # drawn for a character no bundled font can show


@lru_cache(maxsize=2048)  # about 3 KB a line: a few MB at most
def _mask(
    face: ImageFont.FreeTypeFont, text: str, mode: str, args: tuple[Any, ...], kwargs: Any
) -> tuple[Any, tuple[int, int]]:
    return ImageFont.FreeTypeFont.getmask2(face, text, mode, *args, **dict(kwargs))


@lru_cache(maxsize=8192)  # a float a line; Pillow measures each line it anchors (middle, right)
def _length(
    face: ImageFont.FreeTypeFont,
    text: str | bytes,
    mode: str,
    direction: str | None,
    language: str | None,
) -> float:
    return ImageFont.FreeTypeFont.getlength(face, text, mode, direction, None, language)


class _Font(ImageFont.FreeTypeFont):
    """A FreeType font whose rendered lines are memoised: pictures draw the same words at the
    same places again and again, and FreeType's rendering was a fifth of a picture's CPU. The
    mask (an 8-bit coverage image, read-only to the drawing) is the one FreeType draws for the
    same text, size, anchor and sub-pixel start, so every pixel stays the same. Widths too."""

    def getmask2(
        self, text: str | bytes, mode: str = "", *args: Any, **kwargs: Any
    ) -> tuple[Any, tuple[int, int]]:
        if mode == "RGBA" or not isinstance(text, str) or any(isinstance(a, list) for a in args):
            # colour glyphs (Pillow writes into that mask), bytes, a list of features: afresh
            return super().getmask2(text, mode, *args, **kwargs)
        return _mask(self, text, mode, args, tuple(sorted(kwargs.items())))

    def getlength(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
    ) -> float:
        if features is not None:  # a list: measured afresh
            return super().getlength(text, mode, direction, features, language)
        return _length(self, text, mode, direction, language)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans (basic layout: the same pixels on every machine)."""
    return _Font(
        str(FONT_BOLD if bold else FONT_REGULAR), size, layout_engine=ImageFont.Layout.BASIC
    )


@lru_cache(maxsize=64)
def cjk_font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled Japanese subset, for the characters DejaVu Sans lacks (same size: its kana
    and kanji fit inside DejaVu's line)."""
    return _Font(
        str(FONT_CJK_BOLD if bold else FONT_CJK_REGULAR), size, layout_engine=ImageFont.Layout.BASIC
    )


def rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)
