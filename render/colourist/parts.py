"""The pieces of Colourist's pictures: a label as drawn (`word`: English only where no bundled
font has the glyphs), a card's tile, a field's symbol, a pawn, and the track drawn as one lane a
seat (its name, its Joker while unused, its pawn on its field). The word card and the reveal's
boxes are cards.py's; the header, legend and results board render/frame.py's.

Marks, one meaning each (the pictures' legend says them in the table's language): ▲ a noun
field, ● an adjective field, ▲● a double field (a phrase), the chequered flag the finish, a
gold ring round a pawn the colourist of the round, a green arrow a pawn that moved 1 field,
the Joker's tile (the palette's star on a light card) a Joker still in hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.colourist.game import CARDS, DOUBLE, JOKER, TRIANGLE
from engine.colourist.view import ColouristView

from .. import frame as F
from .. import kit
from .. import style as S
from .labels import LABELS_EN, label

SYMBOL_INK = "#C9CED8"
CARD_INK = "#5A5040"
OUTLINE = "#8A90A0"
PAWN = "#E8E8E8"
PAWN_R = 10
NAME_W = 250  # px: the lanes' name column (a 23-letter name whole at 16 px)
NUMBERS_H = 36  # px: the row of field numbers and symbols over the lanes
LANE_MAX = 34  # px: a lane's height at most (fewer seats: the same room, roomier lanes)


class TileStyle(NamedTuple):
    fill: str
    shape: str  # drawn in `ink` on the tile: never colour alone
    ink: str


def card_style(card: str) -> S.ColourStyle:
    """A card's look from the one palette: its colour's fill and shape, or the Joker's."""
    return S.JOKER_STYLE if card == JOKER else S.COLOUR_STYLE[card]


TILE_STYLE = {
    c: TileStyle(card_style(c).hex, card_style(c).shape, card_style(c).ink) for c in CARDS
}


def tile(img: Image.Image, card: str, x: int, y: int, size: int, ring: str | None = None) -> None:
    """A card's tile, supersampled: its colour with its shape; the Joker a light tile with a
    star. `ring`: its outline's colour (the colourist's card: gold)."""
    k = kit.SS
    style = TILE_STYLE[card]
    big = Image.new("RGB", (size * k, size * k), img.getpixel((x, y)))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((0, 0, size * k - 1, size * k - 1), 8 * k, fill=ring or OUTLINE)
    inset = 3 * k if ring else 2 * k
    box = (inset, inset, size * k - 1 - inset, size * k - 1 - inset)
    d.rounded_rectangle(box, 6 * k, fill=style.fill)
    pad = size * k * 0.24
    kit.draw_shape(d, style.shape, (pad, pad, size * k - pad, size * k - pad), style.ink)
    img.paste(big.resize((size, size), Image.Resampling.LANCZOS), (x, y))


def symbol(d: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float, fill: str) -> None:
    """A field's symbol: a triangle (a noun), a circle (an adjective), both (a double field)."""
    if kind == DOUBLE:
        symbol(d, TRIANGLE, cx - r * 1.05, cy, r * 0.8, fill)
        symbol(d, "circle", cx + r * 1.05, cy, r * 0.8, fill)
    elif kind == TRIANGLE:
        d.polygon([(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)], fill=fill)
    else:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)


def flag(d: ImageDraw.ImageDraw, box: kit.Box) -> None:
    """The finish: a chequered flag of 3 x 3 squares inside `box`."""
    x0, y0, x1, y1 = box
    side = min(x1 - x0, y1 - y0)
    step = side / 3
    left, top = (x0 + x1 - side) / 2, (y0 + y1 - side) / 2
    d.rectangle((left, top, left + side, top + side), fill="#F4F4F4", outline="#F4F4F4")
    for i in range(3):
        for j in range(3):
            if (i + j) % 2 == 0:
                x, y = left + i * step, top + j * step
                d.rectangle((x, y, x + step, y + step), fill="#161616")


def pawn(
    d: ImageDraw.ImageDraw, cx: float, cy: float, ring: str | None = None, r: float = PAWN_R
) -> None:
    """A pawn: a light disc of radius `r`; `ring` around it (gold: the colourist)."""
    if ring:
        d.ellipse((cx - r - 4, cy - r - 4, cx + r + 4, cy + r + 4), fill=ring)
    box = (cx - r, cy - r, cx + r, cy + r)
    d.ellipse(box, fill=PAWN, outline="#101010", width=1)


def arrow(d: ImageDraw.ImageDraw, box: kit.Box) -> None:
    """Moved 1 field: a green arrow pointing right, inside `box`."""
    x0, y0, x1, y1 = box
    cy, h = (y0 + y1) / 2, (y1 - y0)
    head = x1 - h * 0.5
    d.polygon(
        [
            (x0, cy - h * 0.14), (head, cy - h * 0.14), (head, y0 + h * 0.15), (x1, cy),
            (head, y1 - h * 0.15), (head, cy + h * 0.14), (x0, cy + h * 0.14),
        ],
        fill=S.GOOD,
    )  # fmt: skip


def ringed(d: ImageDraw.ImageDraw, box: kit.Box) -> None:
    """The colourist's mark as a legend's icon: a pawn ringed in gold."""
    x0, y0, x1, y1 = box
    pawn(d, (x0 + x1) / 2, (y0 + y1) / 2, S.GOLD, (y1 - y0) / 2 - 4)


def lanes(
    img: Image.Image,
    view: ColouristView,
    names: Mapping[str, str],
    box: kit.Box,
    colourist: str | None,
    moved: Sequence[str] = (),
) -> float:
    """The track inside `box`: a row of field numbers with their symbols (the finish a flag),
    then one lane a seat in seat order: its name, its Joker while unused, its pawn on its
    field (the `colourist`'s, the round's shown, ringed in gold; one that moved, an arrow
    behind it). Returns the bottom of the last lane."""
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    cell = (x1 - x0 - NAME_W) / (view.finish + 1)
    left = x0 + NAME_W
    for field in range(view.finish + 1):
        cx = left + (field + 0.5) * cell
        kit.draw_text(d, (cx, y0 + 9), str(field), F.SMALL, True, S.MUTED, "mm")
        if field == view.finish:
            flag(d, (cx - 8, y0 + 20, cx + 8, y0 + 36))
        else:
            symbol(d, view.track[field], cx, y0 + 28, 6, SYMBOL_INK)
    height = min(LANE_MAX, (y1 - y0 - NUMBERS_H) / len(view.seats))
    for i, seat in enumerate(view.seats):
        top = y0 + NUMBERS_H + i * height
        _lane(d, view, names.get(seat, seat), seat, (x0, top, x1, top + height - 4), cell)
        field = view.positions[seat]
        cy = top + (height - 4) / 2
        cx = left + (field + 0.5) * cell
        if seat in moved:
            arrow(d, (cx - cell - 2, cy - 7, cx - PAWN_R - 2, cy + 7))
        pawn(d, cx, cy, S.GOLD if seat == colourist else None)
    return y0 + NUMBERS_H + len(view.seats) * height


def _lane(
    d: ImageDraw.ImageDraw,
    view: ColouristView,
    name: str,
    seat: str,
    box: kit.Box,
    cell: float,
) -> None:
    """One seat's lane behind its pawn: its name, its Joker while unused, its fields."""
    x0, y0, x1, y1 = box
    d.rounded_rectangle((x0, y0, x1, y1), 8, fill=S.TRACK)
    mid = (y0 + y1) / 2
    chip = F.CHIP - 2
    room = NAME_W - 16 - chip - 8
    kit.draw_line(
        d, (x0 + 8, mid), name, 17, False, S.TEXT, max_width=room, min_size=F.SMALL, names=[name]
    )
    if view.jokers.get(seat) is None:
        F.chip(S.JOKER_STYLE)(
            d, (x0 + NAME_W - 8 - chip, mid - chip / 2, x0 + NAME_W - 8, mid + chip / 2)
        )
    left = x0 + NAME_W
    for field in range(1, view.finish + 1):
        x = left + field * cell
        d.line((x, y0 + 5, x, y1 - 5), fill=S.PANEL, width=1)


def drawable(text: str) -> bool:
    """Can the bundled fonts draw every character of `text`?"""
    return all(kit.has_glyph(ch) or ch.isspace() for ch in text)


def word(labels: Mapping[str, str], key: str, **values: object) -> str:
    """A label to draw: the table's language (English only if no bundled font can draw it)."""
    text = label(labels, key, **values)
    return text if drawable(text) else label(LABELS_EN, key, **values)
