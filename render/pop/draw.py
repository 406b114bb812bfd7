"""Pop's private hand picture: the cards of a hand, the selected ones ringed and ticked."""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image

from .. import style as S
from . import art
from . import style as P

# --- Hand -----------------------------------------------------------------------------------------


def draw_hand(
    cards: Iterable[int], selected: Iterable[int] = (), disabled: Iterable[int] = ()
) -> Image.Image:
    shown = list(cards)
    per_row = (P.HAND_WIDTH - 2 * P.MARGIN) // P.PITCH_X  # 7 cards a row
    rows = max(1, (len(shown) + per_row - 1) // per_row)
    m = P.MARGIN
    img = art.new_canvas((P.HAND_WIDTH, 2 * m + rows * P.PITCH_Y))
    chosen, unavailable = set(selected), set(disabled)
    for i, card in enumerate(shown):
        variant = "selected" if card in chosen else "dimmed" if card in unavailable else "normal"
        x = m + (i % per_row) * P.PITCH_X
        y = m + (i // per_row) * P.PITCH_Y
        img.paste(art.card_sprite(card, False, variant, S.BACKGROUND), (x, y))
    return img
