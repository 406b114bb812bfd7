"""Computer players. They see only their own seat's view: never another hand, never a
face-down Chief card.
"""

from __future__ import annotations

from .cards import SYMBOLS
from .view import TableView


def safe_choice(view: TableView) -> list[int]:
    """A simple, safe pick: the cards worth the fewest symbols (the most in Trick, where
    collecting is the aim), lowest numbers first on ties. Used when a player's time runs out."""
    if view.cards_to_choose == 0 or view.seat is None:
        return []
    sign = -1 if view.mode == "trick" else 1
    ranked = sorted(view.hand, key=lambda card: (sign * SYMBOLS[card], card))
    return sorted(ranked[:view.cards_to_choose])
