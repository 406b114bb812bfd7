"""Pop's own look on top of the shared style: the board's geometry, the Queue cards, the Chief,
and which colour style each of the 50 cards wears."""

from __future__ import annotations

from engine.pop.cards import COLOUR, COLOUR_NAMES

from ..style import COLOUR_STYLE, ColourStyle

assert set(COLOUR_NAMES) <= set(COLOUR_STYLE)  # Pop's five colours wear the shared palette

QUEUE_FILL = "#5A6172"
QUEUE_EDGE = "#C9CED8"
ICON_CHIEF = "♛"

# Board geometry (pixels). A column is PITCH_X wide, a row PITCH_Y tall; the card sits inside
# with room around it for the highlight ring. A tall grid draws its cards shorter
# (MIN_CARD_H at least) so that no board picture is taller than MAX_RATIO times its width.
CARD_W, CARD_H = 108, 80
MIN_CARD_H = 52
PAD = 7
PITCH_X, PITCH_Y = CARD_W + 2 * PAD, CARD_H + 2 * PAD
MINI_W, MINI_H = 66, 48
MARGIN = 18
GRID_W = 5 * PITCH_X  # 610
GUTTER = 16
SIDE_W = 232  # beside the grid: the step, the Chief, the seats
WIDTH = 2 * MARGIN + GRID_W + GUTTER + SIDE_W  # 894
HAND_WIDTH = 2 * MARGIN + GRID_W
MAX_RATIO = 1.3
# Text sizes, chosen to stay readable when Discord shows the picture 400 px wide (x 0.45).
NAME_SIZE = 27  # owner and seat names: 12 px at 400 px wide


def colour_style(card: int) -> ColourStyle:
    return COLOUR_STYLE[COLOUR_NAMES[COLOUR[card]]]
