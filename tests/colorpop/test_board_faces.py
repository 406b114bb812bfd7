"""The board pastes each cell's tile from a cache (render/colorpop/board.py `_face`) and draws
only the token's shape in place: every cell of the board must come out byte for byte as a token
drawn in place there, for every letter and fade, and the empty slot too."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from engine.colorpop.rules import NUM_RAILS, NUM_ROWS
from render import style as S
from render.colorpop import board as B
from render.colorpop.picture import PITCH


def _lane(p: int) -> Image.Image:
    """The board's lane, supersampled, as draw_board starts it."""
    tile = Image.new("RGB", (NUM_RAILS * p + 8 * B.SS, NUM_ROWS * p + 8 * B.SS), S.BACKGROUND)
    box = (0, 0, tile.width - 1, tile.height - 1)
    ImageDraw.Draw(tile).rounded_rectangle(box, radius=10 * B.SS, fill=S.TRACK)
    return tile


def _in_place(letter: str, fade: float, grid: B.Grid) -> Image.Image:
    """Every cell drawn as the board drew it before its tiles were cached."""
    tile = _lane(grid.pitch)
    d = ImageDraw.Draw(tile)
    p = grid.pitch
    for rail in range(NUM_RAILS):
        for row in range(NUM_ROWS):
            x, y = grid.cell((rail, row))
            if letter:
                m = p * 0.06
                B.draw_token(d, letter, (x + m, y + m, x + p - m, y + p - m), fade)
            else:
                e = p * 0.16
                box = (x + e, y + e, x + p - e, y + p - e)
                d.rounded_rectangle(box, radius=p * 0.14, fill=B.EMPTY)
    return tile


def _pasted(letter: str, fade: float, grid: B.Grid) -> Image.Image:
    """Every cell drawn by the board's own `_cell`: a full board, a full board faded outside a
    ring, an empty board with a ghost in every cell, or an empty board."""
    cells = [(rail, row) for rail in range(NUM_RAILS) for row in range(NUM_ROWS)]
    full = fade != B.GHOST and letter
    board = tuple((letter * NUM_ROWS if full else "") for _ in range(NUM_RAILS))
    ringed = {(NUM_RAILS, NUM_ROWS)} if fade == B.DIM else set()  # a ring off the board
    marks = B.Marks(ghosts={c: letter for c in cells}) if fade == B.GHOST else B.Marks()
    tile = _lane(grid.pitch)
    for cell in cells:
        B._cell(tile, grid, board, cell, ringed, marks)
    return tile


@pytest.mark.parametrize("fade", [0.0, B.DIM, B.GHOST])
@pytest.mark.parametrize("letter", list(B.LOOK))
def test_every_token_is_drawn_in_every_cell_as_in_place(letter: str, fade: float) -> None:
    grid = B.Grid(4 * B.SS, 4 * B.SS, PITCH * B.SS)
    assert _pasted(letter, fade, grid).tobytes() == _in_place(letter, fade, grid).tobytes()


def test_every_empty_slot_is_drawn_as_in_place() -> None:
    grid = B.Grid(4 * B.SS, 4 * B.SS, PITCH * B.SS)
    assert _pasted("", 0.0, grid).tobytes() == _in_place("", 0.0, grid).tobytes()
