"""The upper panel of Colourist's pictures: the word card of a turn (or who is keeping a phrase)
and, in a reveal, one box a seat (its card, its name, the colour, matched or colourist)."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from engine.colourist.game import DOUBLE, TRIANGLE
from engine.colourist.view import ColouristView, RoundResult

from .. import frame as F
from .. import kit
from .. import style as S
from .parts import CARD_INK, symbol, tile, word

CARD_FILL = "#F6F1E4"
BOX_GAP = 6  # px between a reveal's boxes
BOX_COLUMNS = 2  # a reveal's boxes: two a row, so that a long name has room


def word_card(
    img: Image.Image,
    view: ColouristView,
    shown: str | None,
    picker: str,
    labels: Mapping[str, str],
    box: kit.Box,
) -> None:
    """The round's word or phrase on a light card inside `box`, what kind its words are along
    its top; while the colourist keeps a phrase (`shown` None), who is keeping it."""
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, F.RADIUS, fill=CARD_FILL, outline=CARD_INK, width=2)
    kinds = {1: ("noun",) if view.symbol == TRIANGLE else ("adjective",), 2: ("adjective", "noun")}
    x = x0 + 28
    for kind in kinds.get(len(view.words), ()):
        symbol(d, TRIANGLE if kind == "noun" else "circle", x, y0 + 24, 9, CARD_INK)
        x += (
            16
            + kit.draw_line(d, (x + 16, y0 + 24), word(labels, kind), F.BODY, False, CARD_INK).width
        )
        x += 28
    room = int(x1 - x0 - 80)
    mid = ((x0 + x1) / 2, (y0 + y1) / 2 + 10)
    if shown is not None:
        kit.draw_line(d, mid, shown, 56, True, "#1A1A1A", "mm", max_width=room, min_size=F.BODY)
        return
    said = word(labels, "picking", name=picker)
    kit.draw_line(
        d, (mid[0], mid[1] - 14), said, 28, True, CARD_INK, "mm",
        max_width=room, min_size=F.SMALL, names=[picker],
    )  # fmt: skip
    symbol(d, DOUBLE, mid[0], mid[1] + 30, 14, CARD_INK)


def box_size(width: float, height: float, rows: int) -> tuple[float, float]:
    """A reveal box's size, `rows` of BOX_COLUMNS filling `width` x `height`."""
    w = (width - (BOX_COLUMNS - 1) * BOX_GAP) / BOX_COLUMNS
    return w, (height - (rows - 1) * BOX_GAP) / rows


def seat_box(
    img: Image.Image,
    result: RoundResult,
    seat: str,
    name: str,
    labels: Mapping[str, str],
    box: kit.Box,
) -> None:
    """A seat's box in a reveal: its card (ringed in gold: the colourist's), its name, the
    colour's name, and "✓ matched" (green) or "colourist" (gold)."""
    x0, y0, x1, y1 = box
    is_colourist = seat == result.colourist
    matched = seat in result.matched
    d = ImageDraw.Draw(img)
    outline = S.GOLD if is_colourist else S.GOOD if matched else None
    d.rounded_rectangle(box, 10, fill=S.PANEL, outline=outline, width=3)
    size = int(min(44, y1 - y0 - 10))
    card = result.cards[seat]
    tile(img, card, int(x0 + 8), int((y0 + y1 - size) / 2), size, S.GOLD if is_colourist else None)
    x = x0 + 8 + size + 12
    room = int(x1 - x - 10)
    top, low = y0 + (y1 - y0) * 0.32, y0 + (y1 - y0) * 0.72
    kit.draw_line(d, (x, top), name, F.BODY, True, max_width=room, min_size=F.SMALL, names=[name])
    colour = kit.draw_line(
        d, (x, low), word(labels, card), F.SMALL, False, S.MUTED, max_width=room // 2
    ).width
    if matched or is_colourist:
        said = f"{S.ICON_YES} {word(labels, 'matched')}" if matched else word(labels, "role")
        kit.draw_line(
            d, (x + colour + 14, low), said, F.SMALL, True, S.GOOD if matched else S.GOLD,
            max_width=int(room - colour - 14),
        )  # fmt: skip
