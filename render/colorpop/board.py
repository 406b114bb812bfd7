"""The Colorpop board as a PNG: rails A–J and rows 1–10 on its edges, one colour and one shape
per token (jokers a star), the tokens left on the board, and every seat's pile size.

Colours and shapes are the shared palette's (render/style.py: colour-blind safe, a shape as a
second cue), the letters the rules page's (§1). Pictures are drawn at twice the size and scaled down, so edges stay smooth. Every word
drawn comes from `labels` (the bot translates); seat names come from `names`.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.colorpop.rules import LETTERS, NUM_RAILS, NUM_ROWS, RAIL_NAMES, Board, Cell
from engine.colorpop.view import ColorpopView

from .. import kit
from .. import style as S


class TokenStyle(NamedTuple):
    fill: str
    shape: str  # circle, triangle, square, diamond, cross, star
    ink: str  # the shape's colour on the token
    edge: str  # the token's outline
    symbol: str  # the shape as one character, for button and select labels (§7)


COLOUR_OF = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "P": "purple"}


def _token_style(look: S.ColourStyle) -> TokenStyle:
    return TokenStyle(look.hex, look.shape, look.ink, look.hex, look.symbol)


# The shared palette (render/style.py): a colour and its shape as in every other game.
TOKEN_STYLE: dict[str, TokenStyle] = {
    **{letter: _token_style(S.COLOUR_STYLE[colour]) for letter, colour in COLOUR_OF.items()},
    "W": TokenStyle(S.JOKER_STYLE.hex, "star", S.JOKER_STYLE.ink, "#1A1A1A", "★"),
}
assert tuple(TOKEN_STYLE) == LETTERS

SCALE = 2  # drawn at twice the size, then halved
PITCH = 52  # one cell, final pixels
TOKEN = 46  # a token inside its cell
AXIS = 28  # room for the row numbers (left) and rail letters (below)
MARGIN = 12
GRID_W, GRID_H = NUM_RAILS * PITCH, NUM_ROWS * PITCH
WIDTH = 2 * MARGIN + AXIS + GRID_W
ROW_H = 34  # one pile line
TITLE_H = 40
EMPTY = "#2A2F39"
HIGHLIGHT = S.GOLD
DIM = 0.6  # how far tokens outside a highlight fade into the board
ICON_TURN = "▶"
ICON_WIN = S.ICON_WIN


def _px(v: float) -> int:
    return round(v * SCALE)


def _dim(hex_colour: str) -> str:
    """A colour pushed towards the background: the tokens around a highlighted group."""
    a, b = S.rgb(hex_colour), S.rgb(S.TRACK)
    return "#{:02X}{:02X}{:02X}".format(
        *(round(x + (y - x) * DIM) for x, y in zip(a, b, strict=True))
    )


def _token(
    draw: ImageDraw.ImageDraw, letter: str, x: float, y: float, size: float, dim: bool = False
) -> None:
    """One token: a rounded tile of its colour with its shape on it; (x, y) its top left."""
    look = TOKEN_STYLE[letter]
    fill, edge, ink = look.fill, look.edge, look.ink
    if dim:
        fill, edge, ink = _dim(fill), _dim(edge), _dim(ink)
    draw.rounded_rectangle(
        (_px(x), _px(y), _px(x + size), _px(y + size)),
        radius=_px(size * 0.22),
        fill=fill,
        outline=edge,
        width=_px(2),
    )
    inset = size * 0.2
    kit.draw_shape(
        draw,
        look.shape,
        (_px(x + inset), _px(y + inset), _px(x + size - inset), _px(y + size - inset)),
        ink,
    )


def _cell_box(cell: Cell, top: float) -> tuple[float, float]:
    """Top-left corner (final pixels) of a cell's token; row 1 is at the bottom."""
    rail, row = cell
    x = MARGIN + AXIS + rail * PITCH + (PITCH - TOKEN) / 2
    y = top + (NUM_ROWS - 1 - row) * PITCH + (PITCH - TOKEN) / 2
    return x, y


def board_picture(
    view: ColorpopView,
    highlight_cells: Iterable[Cell] = (),
    labels: Mapping[str, str] | None = None,
    names: Mapping[str, str] | None = None,
    board: Board | None = None,
) -> bytes:
    """The board of `view` as PNG bytes, about 560 px wide.

    `highlight_cells`: (rail, row) cells ringed in gold (a group to pick, the group leaving).
    `labels`: the words to draw, already translated; only "title" is used (drawn on top when
    given). `names`: display names by seat (default: the seat ids). `board`: draw this board
    instead of the view's (e.g. an event's board, before a group left)."""
    names = names or {}
    board = view.board if board is None else board
    title = (labels or {}).get("title", "")
    top = MARGIN + (TITLE_H if title else 0)
    legend_top = top + GRID_H + AXIS + 8
    piles_top = legend_top + ROW_H + 10
    height = piles_top + ROW_H * len(view.seats) + MARGIN
    img = Image.new("RGB", (_px(WIDTH), _px(height)), S.BACKGROUND)
    draw = ImageDraw.Draw(img)
    if title:
        _title(draw, title, list(names.values()))
    _grid(draw, board, top, set(highlight_cells))
    _axes(draw, top)
    _tokens_left(draw, view, board, legend_top)
    known = _known_colours(view)
    for i, seat in enumerate(view.seats):
        _pile(draw, view, seat, names.get(seat, seat), known.get(seat, ()), piles_top, i)
    return _png(img.resize((WIDTH, height), Image.Resampling.LANCZOS))


def _title(draw: ImageDraw.ImageDraw, title: str, names: list[str]) -> None:
    """The title across the top, fitted to the picture's width (a seat's name in it may be
    shortened)."""
    kit.draw_line(
        draw,
        (_px(WIDTH / 2), _px(MARGIN + TITLE_H / 2 - 4)),
        title,
        _px(22),
        True,
        anchor="mm",
        max_width=_px(WIDTH - 2 * MARGIN),
        names=names,
    )


def _grid(draw: ImageDraw.ImageDraw, board: Board, top: float, highlight: set[Cell]) -> None:
    """The board's lane and every cell on it."""
    draw.rounded_rectangle(
        (
            _px(MARGIN + AXIS - 4),
            _px(top - 4),
            _px(MARGIN + AXIS + GRID_W + 4),
            _px(top + GRID_H + 4),
        ),
        radius=_px(10),
        fill=S.TRACK,
    )
    for rail in range(NUM_RAILS):
        for row in range(NUM_ROWS):
            _cell(draw, board, (rail, row), top, highlight)


def _cell(
    draw: ImageDraw.ImageDraw, board: Board, cell: Cell, top: float, highlight: set[Cell]
) -> None:
    """One cell: its token (faded outside a highlight) or an empty slot, maybe ringed."""
    rail, row = cell
    x, y = _cell_box(cell, top)
    if row < len(board[rail]):
        _token(draw, board[rail][row], x, y, TOKEN, dim=bool(highlight) and cell not in highlight)
    else:
        draw.rounded_rectangle(
            (_px(x + 6), _px(y + 6), _px(x + TOKEN - 6), _px(y + TOKEN - 6)),
            radius=_px(8),
            fill=EMPTY,
        )
    if cell in highlight:
        ring = (PITCH - TOKEN) / 2
        draw.rounded_rectangle(
            (
                _px(x - ring + 0.5),
                _px(y - ring + 0.5),
                _px(x + TOKEN + ring - 0.5),
                _px(y + TOKEN + ring - 0.5),
            ),
            radius=_px(12),
            outline=HIGHLIGHT,
            width=_px(5),
        )


def _axes(draw: ImageDraw.ImageDraw, top: float) -> None:
    """The rail letters below the board, the row numbers left of it."""
    for rail in range(NUM_RAILS):
        cx = MARGIN + AXIS + rail * PITCH + PITCH / 2
        xy = (_px(cx), _px(top + GRID_H + AXIS / 2 + 4))
        kit.draw_line(draw, xy, RAIL_NAMES[rail], _px(22), True, anchor="mm")
    for row in range(NUM_ROWS):
        cy = top + (NUM_ROWS - 1 - row) * PITCH + PITCH / 2
        xy = (_px(MARGIN + AXIS / 2 - 2), _px(cy))
        kit.draw_line(draw, xy, str(row + 1), _px(20), True, anchor="mm")


def _tokens_left(draw: ImageDraw.ImageDraw, view: ColorpopView, board: Board, y: float) -> None:
    """Tokens left on the board, per colour: a chip and a number each."""
    left = view.left if board is view.board else {c: "".join(board).count(c) for c in LETTERS}
    slot = (WIDTH - 2 * MARGIN) / len(LETTERS)
    for i, letter in enumerate(LETTERS):
        x = MARGIN + i * slot + 8
        _token(draw, letter, x, y + 2, ROW_H - 4)
        xy = (_px(x + ROW_H + 4), _px(y + ROW_H / 2))
        kit.draw_line(draw, xy, str(left[letter]), _px(20), True)


def _known_colours(view: ColorpopView) -> dict[str, tuple[str, ...]]:
    """The secret colours shown: all once revealed, else a seated viewer's side's own."""
    known = dict(view.secrets or {})
    if view.seat is not None and not view.secrets:
        known.update({s: view.my_colours for s in view.partners})
    return known


def _pile(
    draw: ImageDraw.ImageDraw,
    view: ColorpopView,
    seat: str,
    name: str,
    colours: tuple[str, ...],
    piles_top: float,
    i: int,
) -> None:
    """The `i`th seat's line: on turn or a winner, its colours when known, name, pile size."""
    y = piles_top + i * ROW_H
    cy = y + ROW_H / 2
    if i % 2 == 0:
        draw.rectangle((_px(MARGIN), _px(y), _px(WIDTH - MARGIN), _px(y + ROW_H)), fill=S.PANEL)
    marker = ICON_TURN if seat == view.on_turn else ICON_WIN if seat in view.winners else ""
    if marker:
        kit.draw_line(draw, (_px(MARGIN + 8), _px(cy)), marker, _px(18), fill=S.GOLD)
    x = MARGIN + 34
    for letter in colours:
        _token(draw, letter, x, y + 5, ROW_H - 10)
        x += ROW_H - 6
    room = _px(WIDTH - MARGIN - 90 - x)
    kit.draw_line(draw, (_px(x + 4), _px(cy)), name, _px(20), max_width=room, names=[name])
    xy = (_px(WIDTH - MARGIN - 10), _px(cy))
    kit.draw_line(draw, xy, str(view.collected.get(seat, 0)), _px(22), True, anchor="rm")


def _png(img: Image.Image) -> bytes:
    """The picture as an optimised RGB PNG."""
    out = io.BytesIO()
    img.save(out, "PNG", optimize=True)
    return out.getvalue()
