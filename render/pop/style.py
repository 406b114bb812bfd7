"""Pop's own look on top of the shared style: the board's geometry, the Queue cards, the Chief,
and which colour style each of the 50 cards wears."""

from __future__ import annotations

from engine.pop.cards import COLOUR, COLOUR_NAMES

from ..style import COLOUR_STYLE, ColourStyle

assert set(COLOUR_NAMES) <= set(COLOUR_STYLE)  # Pop's five colours wear the shared palette

QUEUE_FILL = "#5A6172"
QUEUE_EDGE = "#C9CED8"
ICON_CHIEF = "♛"

# The frame (render/frame.py): one size for every picture a game posts, 800 x 580, which
# Discord shows 550 x 399. Across the top the header band; along the bottom the legend; between
# them, on the left, the turn's revealed cards (the strip) over the grid's five lanes, and on
# the right the side panel: this step, the Chief, the seats.
WIDTH, HEIGHT = 800, 580
MARGIN = 16
BODY_TOP = 64  # under the header band
LEGEND_H = 30
BODY_BOTTOM = HEIGHT - MARGIN - LEGEND_H - 8  # 526
PITCH_X = 100  # a lane
GRID_W = 5 * PITCH_X  # 500
SIDE_X = MARGIN + GRID_W + 14  # 530
SIDE_W = WIDTH - MARGIN - SIDE_X  # 254
# A board card in its cell (PAD around it for the rings); a tall grid draws its cards shorter
# (the rows share the lanes' height), never the picture taller.
CARD_W, CARD_H = 90, 66
PAD = 5
PITCH_Y = CARD_H + 2 * PAD
MINI_W, MINI_H = 80, 56  # the revealed cards over the lanes, the Chief's cards
STRIP_H = MINI_H + 30  # the revealed cards and, under each, its owner
GRID_TOP = BODY_TOP + STRIP_H
GRID_H = BODY_BOTTOM - GRID_TOP  # 376
HAND_WIDTH = WIDTH  # a hand, in a seat's private message: the frames' width, as tall as it needs


def colour_style(card: int) -> ColourStyle:
    return COLOUR_STYLE[COLOUR_NAMES[COLOUR[card]]]
