"""The Colorpop board, drawn into a frame: rails A–J and rows 1–10 on its edges, one colour and
one shape per token (the shared palette, render/style.py: a joker is a star on a light card), the
group picked ringed in gold, and after a move its marks: the group's tokens as faded ghosts in
the cells they left free (ringed like the group), an arrow badge on every token that slid down
or moved left. The marks' icons, for the legend, are here too.

Tokens are drawn at twice the size and scaled down (smooth edges); the coordinates are drawn on
the frame itself, at the size they are seen.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.colorpop.rules import JOKER, NUM_RAILS, NUM_ROWS, RAIL_NAMES, Board, Cell

from .. import frame, kit
from .. import style as S
from .marks import Marks

SS = 2  # tokens drawn at twice the size, then halved
AXIS = 24  # px: the row numbers' column (left) and the rail letters' row (below)
RING = S.GOLD  # the group picked, and its ghosts
DIM = 0.6  # how far tokens outside a ring fade into the board
GHOST = 0.72  # how far a ghost fades
EMPTY = "#2A2F39"
BADGE = "#FFFFFF"
BADGE_INK = "#1B1E24"

COLOUR_OF = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "P": "purple"}
# A letter's look: the shared palette's colour, the joker's light card with its star.
LOOK: dict[str, S.ColourStyle] = {
    **{letter: S.COLOUR_STYLE[name] for letter, name in COLOUR_OF.items()},
    JOKER: S.JOKER_STYLE,
}


class Grid(NamedTuple):
    """Where the board lies on a frame: its left and top (the cells', not the axes'), and one
    cell's side."""

    x: int
    y: int
    pitch: int

    @property
    def width(self) -> int:
        return NUM_RAILS * self.pitch

    @property
    def height(self) -> int:
        return NUM_ROWS * self.pitch

    def cell(self, cell: Cell) -> tuple[int, int]:
        """A cell's top left on the frame (row 1 at the bottom)."""
        return self.x + cell[0] * self.pitch, self.y + (NUM_ROWS - 1 - cell[1]) * self.pitch


def draw_token(d: ImageDraw.ImageDraw, letter: str, box: kit.Box, fade: float = 0.0) -> None:
    """A token inside `box`: a rounded tile of its colour with its shape (a joker's light card
    outlined dark), faded `fade` of the way into the board."""
    _token_tile(d, letter, box, fade)
    _token_shape(d, letter, box, fade)


def _token_tile(d: ImageDraw.ImageDraw, letter: str, box: kit.Box, fade: float) -> None:
    """A token's rounded tile, without its shape."""
    look = LOOK[letter]
    fill = kit.mix(look.hex, S.TRACK, fade)
    side = box[2] - box[0]
    outline = kit.mix("#1A1A1A", S.TRACK, fade) if letter == JOKER else fill
    d.rounded_rectangle(
        box, radius=side * 0.22, fill=fill, outline=outline, width=max(1, round(side / 24))
    )


def _token_shape(d: ImageDraw.ImageDraw, letter: str, box: kit.Box, fade: float) -> None:
    """A token's shape, drawn on its tile."""
    look = LOOK[letter]
    x0, y0, x1, y1 = box
    inset = (x1 - x0) * 0.2
    ink = kit.mix(look.ink, S.TRACK, fade)
    kit.draw_shape(d, look.shape, (x0 + inset, y0 + inset, x1 - inset, y1 - inset), ink)


def draw_board(
    img: Image.Image,
    grid: Grid,
    board: Board,
    ringed: tuple[Cell, ...] = (),
    marks: Marks | None = None,
) -> None:
    """The board on `img` at `grid`: its lane, every cell, the ring, the marks, the axes."""
    marks = marks or Marks()
    p = grid.pitch * SS
    tile = Image.new("RGB", (NUM_RAILS * p + 2 * SS * 4, NUM_ROWS * p + 2 * SS * 4), S.BACKGROUND)
    d = ImageDraw.Draw(tile)
    d.rounded_rectangle((0, 0, tile.width - 1, tile.height - 1), radius=10 * SS, fill=S.TRACK)
    local = Grid(4 * SS, 4 * SS, p)
    fade = set(ringed) if ringed and not marks else set()
    for rail in range(NUM_RAILS):
        for row in range(NUM_ROWS):
            _cell(tile, local, board, (rail, row), fade, marks)
    for cell in ringed:
        _ring(d, local, cell)
    small = tile.resize((tile.width // SS, tile.height // SS), Image.Resampling.LANCZOS)
    img.paste(small, (grid.x - 4, grid.y - 4))
    _axes(img, grid)


def _cell(
    tile: Image.Image, grid: Grid, board: Board, cell: Cell, ringed: set[Cell], marks: Marks
) -> None:
    """One cell: its token (faded outside a ring), a ghost, or an empty slot; its badge."""
    x, y = grid.cell(cell)
    p = grid.pitch
    m = p * 0.06
    box = (x + m, y + m, x + p - m, y + p - m)
    rail, row = cell
    letter, fade = "", 0.0  # an empty slot
    if row < len(board[rail]):
        letter, fade = board[rail][row], DIM if ringed and cell not in ringed else 0.0
    elif cell in marks.ghosts:
        letter, fade = marks.ghosts[cell], GHOST
    tile.paste(_face(letter, fade, p), (x, y))
    d = ImageDraw.Draw(tile)
    if letter:  # drawn in place: a polygon's pixels depend on where it lies
        _token_shape(d, letter, box, fade)
    fell, left = marks.fell.get(cell, 0), marks.shifted.get(cell, 0)
    if fell or left:
        r = p * 0.2
        _badge(d, (x + p - m - 2 * r, y + m, x + p - m, y + m + 2 * r), fell > 0, left > 0)


@functools.lru_cache(maxsize=32)  # 6 letters x 3 fades, and the empty slot: 21 KB each
def _face(letter: str, fade: float, p: int) -> Image.Image:
    """A cell of side `p` on the board's lane: the tile of a token of `letter` faded `fade`
    (its shape not yet drawn), or an empty slot (no letter). Drawn once, then pasted: their
    rounded rectangles are drawn at whole pixels, the same wherever a cell lies (which
    tests/colorpop/test_board_faces.py checks in every cell)."""
    face = Image.new("RGB", (p, p), S.TRACK)
    d = ImageDraw.Draw(face)
    if letter:
        m = p * 0.06
        _token_tile(d, letter, (m, m, p - m, p - m), fade)
    else:
        e = p * 0.16
        d.rounded_rectangle((e, e, p - e, p - e), radius=p * 0.14, fill=EMPTY)
    return face


def _ring(d: ImageDraw.ImageDraw, grid: Grid, cell: Cell) -> None:
    x, y = grid.cell(cell)
    p = grid.pitch
    w = max(2, round(p * 0.09))
    d.rounded_rectangle(
        (x + 1, y + 1, x + p - 1, y + p - 1), radius=p * 0.26, outline=RING, width=w
    )


def _badge(d: ImageDraw.ImageDraw, box: kit.Box, down: bool, left: bool) -> None:
    """A white disc with a dark arrow: down (slid down), left (moved left), or both."""
    d.ellipse(box, fill=BADGE, outline=BADGE_INK, width=max(1, round((box[2] - box[0]) / 12)))
    x0, y0, x1, y1 = box
    c, r = ((x0 + x1) / 2, (y0 + y1) / 2), (x1 - x0) / 2
    turn = 135 if down and left else 90 if down else 180
    d.polygon(_arrow(c, r * 0.72, turn), fill=BADGE_INK)


def _arrow(c: tuple[float, float], r: float, degrees: float) -> list[kit.Point]:
    """An arrow across a disc of radius `r` at `c`, pointing at `degrees` (0 right, 90 down)."""
    shape = [(r, 0), (0, -r * 0.8), (0, -r * 0.3), (-r, -r * 0.3), (-r, r * 0.3), (0, r * 0.3), (0, r * 0.8)]  # fmt: skip
    a = math.radians(degrees)
    cos, sin = math.cos(a), math.sin(a)
    return [(c[0] + x * cos - y * sin, c[1] + x * sin + y * cos) for x, y in shape]


def _axes(img: Image.Image, grid: Grid) -> None:
    """The rail letters below the board, the row numbers left of it."""
    d = ImageDraw.Draw(img)
    p = grid.pitch
    for rail in range(NUM_RAILS):
        xy = (grid.x + rail * p + p / 2, grid.y + grid.height + 4 + AXIS / 2)
        kit.draw_text(d, xy, RAIL_NAMES[rail], frame.SMALL + 1, True, S.MUTED, "mm")
    for row in range(NUM_ROWS):
        xy = (grid.x - 6 - AXIS / 2, grid.y + (NUM_ROWS - 1 - row) * p + p / 2)
        kit.draw_text(d, xy, str(row + 1), frame.SMALL + 1, True, S.MUTED, "mm")


# --- The marks' icons, for the legend --------------------------------------------------------


def _smooth(
    d: ImageDraw.ImageDraw,
    box: kit.Box,
    bg: str,
    paint: Callable[[ImageDraw.ImageDraw, kit.Box], None],
) -> None:
    """Paint an icon at four times its size on `bg`, then paste it scaled into `box`."""
    x0, y0, x1, y1 = (round(v) for v in box)
    k = 4
    tile = Image.new("RGB", ((x1 - x0) * k, (y1 - y0) * k), bg)
    paint(ImageDraw.Draw(tile), (0, 0, tile.width - 1, tile.height - 1))
    d._image.paste(tile.resize((x1 - x0, y1 - y0), Image.Resampling.LANCZOS), (x0, y0))


def icon_token(
    letter: str, fade: float = 0.0, ring: bool = False, bg: str = S.BACKGROUND
) -> frame.Icon:
    """A token (a ghost when faded), ringed like the group picked when `ring`, on `bg`."""

    def paint(d: ImageDraw.ImageDraw, box: kit.Box) -> None:
        x0, y0, x1, y1 = box
        k = (x1 - x0) * (0.12 if ring else 0.04)
        draw_token(d, letter, (x0 + k, y0 + k, x1 - k, y1 - k), fade)
        if ring:
            w = round((x1 - x0) * 0.09)
            d.rounded_rectangle(box, radius=(x1 - x0) * 0.26, outline=RING, width=w)

    return lambda d, box: _smooth(d, box, bg, paint)


def icon_badge(down: bool, left: bool, bg: str = S.BACKGROUND) -> frame.Icon:
    """The badge of a token that slid down or moved left, on `bg`."""

    def paint(d: ImageDraw.ImageDraw, box: kit.Box) -> None:
        x0, y0, x1, y1 = box
        k = (x1 - x0) * 0.08
        _badge(d, (x0 + k, y0 + k, x1 - k, y1 - k), down, left)

    return lambda d, box: _smooth(d, box, bg, paint)
