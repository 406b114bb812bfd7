"""The parts every game's pictures share, drawn one way, so that the four games read as one
product: the frame (one size for a whole game, never taller than wide), a header band, panels,
a legend that says what each mark means, and a results board by place with a winner headline.

Sizes are for an 800 px frame, which Discord shows about 550 px wide: a line drawn at
`SMALL` (15 px) is still 10 px high there (tests/render/readable.py holds pictures to it).
Every word comes from the caller, in the table's language; this module draws, it never words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from . import kit
from . import style as S

WIDTH = 800  # px: a frame's width in every game
TITLE = 24  # px: a header's title, a results headline
BODY = 18  # px: names, scores, most labels
SMALL = 15  # px: the smallest text a frame draws (10.3 px at 550 px)
PAD = 16  # px: the margin around and between panels
HEADER_H = 52  # px: the header band
RADIUS = 12  # px: a panel's corners
ROW_H = 34  # px: one row of a results board
CHIP = 22  # px: a colour chip or an icon in a legend

Icon = Callable[[ImageDraw.ImageDraw, kit.Box], None]  # draws a mark inside a box


def canvas(height: int, width: int = WIDTH) -> Image.Image:
    """A frame of the background colour: `height` fixed for the whole game, <= `width`."""
    if height > width:
        raise ValueError(f"a frame is never taller than wide ({width} x {height})")
    return Image.new("RGB", (width, height), S.BACKGROUND)


def header(img: Image.Image, title: str, status: str = "", *, names: Sequence[str] = ()) -> int:
    """The band on top: `title` (bold) on the left, `status` (muted) on the right, each fitted
    to its half (player `names` in them may be shortened); returns the band's bottom."""
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, img.width, HEADER_H), fill=S.PANEL)
    mid = HEADER_H / 2
    room = img.width - 2 * PAD
    right = 0.0
    if status:
        line = kit.fit_line(status, BODY, False, room // 2, min_size=SMALL, names=names)
        right = line.width + PAD
        kit.draw_text(d, (img.width - PAD, mid), line.text, line.size, False, S.MUTED, "rm")
    kit.draw_line(
        d, (PAD, mid), title, TITLE, True, S.TEXT,
        max_width=int(room - right), min_size=BODY, names=names,
    )  # fmt: skip
    return HEADER_H


def panel(img: Image.Image, box: kit.Box, *, lit: bool = False, fill: str = S.PANEL) -> None:
    """A rounded panel; `lit` outlines it in gold (the seat on turn, the winner)."""
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(box, RADIUS, fill=fill, outline=S.GOLD if lit else None, width=3)


def chip(style: S.ColourStyle) -> Icon:
    """A colour's chip as a legend's icon: its fill with its shape, as the pieces show it."""

    def draw(d: ImageDraw.ImageDraw, box: kit.Box) -> None:
        x0, y0, x1, y1 = box
        d.rounded_rectangle(box, 4, fill=style.hex, outline="#000000", width=1)
        inset = (x1 - x0) * 0.22
        kit.draw_shape(d, style.shape, (x0 + inset, y0 + inset, x1 - inset, y1 - inset), style.ink)

    return draw


def glyph(text: str, colour: str = S.TEXT) -> Icon:
    """A character as a legend's icon (★, ✹, ♛, a number)."""

    def draw(d: ImageDraw.ImageDraw, box: kit.Box) -> None:
        x0, y0, x1, y1 = box
        kit.draw_text(d, ((x0 + x1) / 2, (y0 + y1) / 2), text, BODY, True, colour, "mm")

    return draw


def legend(img: Image.Image, keys: Sequence[tuple[Icon, str]], box: kit.Box) -> int:
    """What each mark means: an icon and its word, laid left to right and wrapped inside
    `box`; returns the bottom of the last row. A word too long for a row of its own shrinks
    to `SMALL`, then is cut (recorded, so tests see it)."""
    d = ImageDraw.Draw(img)
    x0, y0, x1, _ = box
    x, y, row = x0, y0, CHIP + 8
    for icon, word in keys:
        line = kit.fit_line(word, SMALL, False, int(x1 - x0 - CHIP - 8))
        width = CHIP + 6 + line.width + 18
        if x > x0 and x + width - 18 > x1:
            x, y = x0, y + row
        icon(d, (x, y + 3, x + CHIP, y + 3 + CHIP))
        kit.draw_text(
            d, (x + CHIP + 6, y + 3 + CHIP / 2), line.text, line.size, False, S.TEXT, "lm"
        )
        x += width
    return int(y + row)


def legend_height(keys: Sequence[tuple[Icon, str]], width: float) -> int:
    """How tall `legend` draws these keys in a box `width` wide (to lay a frame out first)."""
    probe = Image.new("RGB", (int(width), 8 * (len(keys) + 1) * (CHIP + 8)))
    return legend(probe, keys, (0, 0, width, probe.height))


@dataclass(frozen=True)
class Standing:
    """One row of a results board: the place in words ("1st"), the seat's name, its score in
    words ("12 points"), and whether it won (shared wins: several rows)."""

    place: str
    name: str
    score: str
    won: bool = False
    marks: tuple[Icon, ...] = ()  # drawn after the name (a seat's secret colours, its team)


def results(
    img: Image.Image,
    headline: str,
    rows: Sequence[Standing],
    box: kit.Box,
    *,
    rule: str = "",
    won: bool = True,
    names: Sequence[str] = (),
) -> int:
    """The results by place inside `box`: the headline (when someone `won`, gold with the
    crown; else plain, as a lost solo game), then `rule` (what decided, muted) when given, then
    one row a seat, best first, winners lit. Returns the bottom of the last row. `names`: the
    names the headline may shorten besides the rows' (a headline drawn wider than its rows,
    with no rows)."""
    d = ImageDraw.Draw(img)
    x0, y, x1, _ = box
    names = [row.name for row in rows] + list(names)
    crown = 0.0
    if won:
        kit.draw_text(d, (x0, y + TITLE / 2 + 4), S.ICON_WIN, TITLE, True, S.GOLD, "lm")
        crown = kit.text_length(S.ICON_WIN, TITLE, True) + 10
    kit.draw_line(
        d, (x0 + crown, y + TITLE / 2 + 4), headline, TITLE, True, S.GOLD if won else S.TEXT,
        max_width=int(x1 - x0 - crown), min_size=BODY, names=names,
    )  # fmt: skip
    y += TITLE + 16
    if rule:
        line = kit.fit_line(rule, SMALL, False, int(x1 - x0))
        kit.draw_text(d, (x0, y + SMALL / 2), line.text, line.size, False, S.MUTED, "lm")
        y += SMALL + 12
    place_w = max(kit.text_length(row.place, BODY, True) for row in rows) + 16 if rows else 0
    for row in rows:
        y = _standing(img, row, (x0, y, x1, y + ROW_H), place_w, names) + 6
    return int(y)


def _standing(
    img: Image.Image, row: Standing, box: kit.Box, place_w: float, names: Sequence[str]
) -> float:
    x0, y0, x1, y1 = box
    panel(img, box, lit=row.won, fill=S.PANEL if row.won else S.TRACK)
    d = ImageDraw.Draw(img)
    mid = (y0 + y1) / 2
    colour = S.GOLD if row.won else S.TEXT
    if row.place:  # a solo game has no places
        kit.draw_line(d, (x0 + 12, mid), row.place, BODY, True, colour, max_width=int(place_w))
    score = kit.fit_line(row.score, BODY, True, int((x1 - x0) / 3), min_size=SMALL)
    kit.draw_text(d, (x1 - 12, mid), score.text, score.size, True, colour, "rm")
    marks_w = len(row.marks) * (CHIP + 6)
    room = int(x1 - x0 - 12 - place_w - score.width - 24 - marks_w)
    name = kit.draw_line(
        d, (x0 + 12 + place_w, mid), row.name, BODY, False, S.TEXT,
        max_width=room, min_size=SMALL, names=names,
    )  # fmt: skip
    x = x0 + 12 + place_w + name.width + 8
    for icon in row.marks:
        icon(d, (x, mid - CHIP / 2, x + CHIP, mid + CHIP / 2))
        x += CHIP + 6
    return y1


def results_height(rows: int, *, rule: bool = False) -> int:
    """How tall `results` draws a board of `rows` seats (to lay a frame out first)."""
    return TITLE + 16 + (SMALL + 12 if rule else 0) + rows * (ROW_H + 6)
