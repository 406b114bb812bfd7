"""The quick rule: how the expert's play-outs (`playout`) guess the other seats' picks, and this
seat's own replies among its best cards: cheap enough for thousands of worlds a decision."""

from __future__ import annotations

import random
from math import comb

from .cards import COLOUR, SYMBOLS

# BELOW[m][card]: chances that k of m cards drawn at random from the other 49 lie below `card`.
BELOW: list[list[tuple[float, ...]]] = [
    [
        tuple(comb(m, k) * (x - 1) ** k * (50 - x) ** (m - k) / 49**m for k in range(m + 1))
        for x in range(51)
    ]
    for m in range(6)
]
EXPLODED_WITH = 1.3  # the symbols a card meets when it explodes, besides its own (about)
NOISE = 0.3  # the quick rule's randomness: players differ


def quick_pick(
    hand: list[int],
    need: int,
    bottom: list[int],
    face_up: tuple[int, ...],
    stake: float,
    lowest: bool,
    rnd: random.Random,
) -> list[int]:
    """The quick rule: the `need` cards least likely to explode (competitive; most likely in
    Trick) in the column they will probably land in, weighed by what an explosion would cost."""
    unknown = 5 - need - len(face_up)
    chances = BELOW[unknown]
    scored = []
    for card in hand:
        colour = COLOUR[card]
        known = sum(1 for c in face_up if c < card)
        p = 0.0
        for k, q in enumerate(chances[card]):
            if bottom[min(4, known + k)] == colour:
                p += q
        worth = p * (SYMBOLS[card] + EXPLODED_WITH + stake)
        value = -worth + 0.05 * SYMBOLS[card] if lowest else worth - 0.05 * SYMBOLS[card]
        scored.append((value + NOISE * rnd.random(), card))
    scored.sort(reverse=True)
    return [card for _, card in scored[:need]]
