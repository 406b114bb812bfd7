"""Four in a row's picture, drawn with the shared kit (`render.kit`): the board from a view,
each seat's tokens in its own colour and its own shape (colour is never the only cue), the
last drop ringed and a winning line outlined."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import style as S
from render.kit import SS, draw_shape, draw_text, encode
from render.style import COLOUR_STYLE

from .game import COLUMNS, ROWS, FourRowView

CELL, MARGIN, TITLE = 96, 24, 56
SEAT_STYLES = (COLOUR_STYLE["red"], COLOUR_STYLE["blue"])  # circles, diamonds


def _cell_box(column: int, row: int) -> tuple[float, float, float, float]:
    """The box of (column, row), both from 1, rows from the bottom, in supersampled pixels."""
    x = MARGIN + (column - 1) * CELL
    y = TITLE + (ROWS - row) * CELL
    return (x * SS, y * SS, (x + CELL) * SS, (y + CELL) * SS)


def board_png(view: FourRowView, title: str) -> bytes:
    width, height = 2 * MARGIN + COLUMNS * CELL, TITLE + ROWS * CELL + MARGIN + 28
    img = Image.new("RGB", (width * SS, height * SS), S.BACKGROUND)
    draw = ImageDraw.Draw(img)
    for column in range(1, COLUMNS + 1):
        for row in range(1, ROWS + 1):
            x0, y0, x1, y1 = _cell_box(column, row)
            pad = 6 * SS
            draw.ellipse((x0 + pad, y0 + pad, x1 - pad, y1 - pad), fill=S.TRACK)
            stack = view.columns[column - 1]
            if row <= len(stack):
                style = SEAT_STYLES[stack[row - 1]]
                inner = 18 * SS
                draw_shape(
                    draw, style.shape, (x0 + inner, y0 + inner, x1 - inner, y1 - inner), style.hex
                )
            ringed = view.last == (column, row) or (column, row) in view.line
            if ringed:
                colour = S.GOLD if (column, row) in view.line else S.HIGHLIGHT
                draw.ellipse((x0 + pad, y0 + pad, x1 - pad, y1 - pad), outline=colour, width=4 * SS)
    img = img.resize((width, height), Image.Resampling.LANCZOS)
    small = ImageDraw.Draw(img)
    draw_text(small, (MARGIN, TITLE // 2), title, 26, bold=True, anchor="lm")
    for column in range(1, COLUMNS + 1):
        x = MARGIN + (column - 0.5) * CELL
        draw_text(small, (x, height - MARGIN), str(column), 22, fill=S.MUTED, anchor="mm")
    return encode(img)


def board_words(view: FourRowView, names: dict[str, str]) -> tuple[str, str]:
    """The board for its alt text: each column bottom up, by symbol; whose symbol is whose."""
    symbols = [s.symbol for s in SEAT_STYLES]
    columns = "; ".join(
        f"{c + 1}: {' '.join(symbols[who] for who in stack) or '-'}"
        for c, stack in enumerate(view.columns)
    )
    who = ", ".join(f"{names.get(s, s)} {symbols[i]}" for i, s in enumerate(view.seats))
    return columns, who
