"""The 50 Pop cards, loaded once from the card table in data/pop/cards.csv (one row per card).

Lookups are tuples indexed by card number (index 0 is unused), because the resolver reads them
in its innermost loop.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from pathlib import Path

from ..data import data_path

CARD_TABLE = data_path("pop", "cards.csv")

COLOUR_NAMES = ("red", "yellow", "green", "blue", "purple")
COLUMN_LETTERS = "ABCDE"
ALL_CARDS = tuple(range(1, 51))


def _load(path: Path) -> tuple[tuple[int, ...], tuple[bool, ...], tuple[int, ...]]:
    colour = [-1] * 51
    arrow = [False] * 51
    symbols = [0] * 51
    with path.open(newline="") as f:
        for row in csv.DictReader(f):
            n = int(row["number"])
            colour[n] = COLOUR_NAMES.index(row["colour"])
            arrow[n] = row["arrow"] == "1"
            symbols[n] = int(row["symbols"])
    if any(c < 0 for c in colour[1:]):
        raise RuntimeError(f"{path} does not list every card from 1 to 50")
    return tuple(colour), tuple(arrow), tuple(symbols)


COLOUR, ARROW, SYMBOLS = _load(CARD_TABLE)


def colour_name(card: int) -> str:
    return COLOUR_NAMES[COLOUR[card]]


def symbols_of(cards: Iterable[int]) -> int:
    return sum(map(SYMBOLS.__getitem__, cards))
