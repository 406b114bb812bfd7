"""Pop's own look on top of the shared style: the board's geometry, the Queue cards, the Chief,
and which colour style each of the 50 cards wears."""

from __future__ import annotations

from engine.pop.cards import COLOUR, COLOUR_NAMES

from ..style import COLOUR_STYLE, ColourStyle

assert tuple(COLOUR_STYLE) == COLOUR_NAMES  # Pop's five colours, in the card table's order

QUEUE_FILL = "#5A6172"
QUEUE_EDGE = "#C9CED8"
ICON_CHIEF = "♛"

# Board geometry (pixels). A column is PITCH_X wide, a row PITCH_Y tall; the card sits inside
# with room around it for the highlight ring.
CARD_W, CARD_H = 116, 80
PAD = 7
PITCH_X, PITCH_Y = CARD_W + 2 * PAD, CARD_H + 2 * PAD
MINI_W, MINI_H = 66, 48
MARGIN = 20
WIDTH = 2 * MARGIN + 5 * PITCH_X  # 690: wide enough for a phone, one column per card


def colour_style(card: int) -> ColourStyle:
    return COLOUR_STYLE[COLOUR_NAMES[COLOUR[card]]]
