"""Competitive and Trick levels (and any table where a seat picks more than one card):
"hard" plays every candidate pick out on samples of the hidden cards, "normal" places each
card alone and weighs where it may land."""

from __future__ import annotations

import random
from itertools import combinations

from ..cards import COLOUR, SYMBOLS
from ..events import CHIEF
from ..game import settle
from ..grid import place
from .knowledge import KnownTable

HARD_MIN_SAMPLES, HARD_MAX_SAMPLES = 30, 250
COOP_CONVENTION = 0.5


def monte_carlo_pick(table: KnownTable, rng: random.Random, simulations: int) -> tuple[int, ...]:
    """Hard: every candidate pick played out on the same samples of the hidden cards."""
    # About `simulations` placements in all; the best mean outcome wins.
    candidates = list(combinations(table.hand, table.need))
    samples = max(HARD_MIN_SAMPLES, min(HARD_MAX_SAMPLES, simulations // len(candidates)))
    totals = [0.0] * len(candidates)
    known = [(c, CHIEF) for c in table.face_up]
    me = table.me
    for _ in range(samples):
        hidden = table.sample_unknown(rng)
        if table.signals:
            for _retry in range(4):  # prefer samples where the teammates' cards land as said
                probe = sorted(known + hidden + [(c, me) for c in candidates[0]])
                if table.signals_fit(probe):
                    break
                hidden = table.sample_unknown(rng)
        base = known + hidden
        for i, pick in enumerate(candidates):
            placing = sorted(base + [(c, me) for c in pick])
            gains, exploded_any, _ = table.outcome(placing)
            totals[i] += table.utility(gains, exploded_any)
    # Ties (common in coop, where many cards are always safe): the heuristic decides.
    tie_break = heuristic_scores(table)
    best = max(
        range(len(candidates)),
        key=lambda i: (round(totals[i] / samples, 9), sum(tie_break[c] for c in candidates[i]), -i),
    )
    return candidates[best]


def heuristic_scores(table: KnownTable) -> dict[int, float]:
    """Each card's expected value if placed alone: outcomes per column weighted by the chance
    of landing there. Higher is better for its owner."""
    scores = {}
    spec = table.spec
    # Cooperative convention (a focal point every careful player can find): a new card takes
    # the colour of the lowest card of the column on its left. A row laid that way never
    # matches the row above nor itself, since no two neighbours of the row above match.
    convention = [-1] + [COLOUR[col[-1]] if col else -1 for col in table.cols[:-1]]
    for card in table.hand:
        value = 0.0
        for column, p in enumerate(table.column_chances(card)):
            if p == 0.0:
                continue
            if spec.cooperative and COLOUR[card] == convention[column]:
                value += COOP_CONVENTION * p
            value += p * _placed_alone(table, column, card)
        # Small preference, all else equal: shed cards that are worth much when exploded
        # later (competitive), keep them for later in Trick; coop plays its risky cards early.
        if spec.scoring == "lowest":
            value += 0.001 * SYMBOLS[card]
        elif spec.scoring == "highest":
            value -= 0.001 * SYMBOLS[card]
        scores[card] = value
    return scores


def _placed_alone(table: KnownTable, column: int, card: int) -> float:
    """One card alone in a column: 0 if nothing explodes, else -1 (co-op) or ±symbols."""
    cols = [c[:] for c in table.cols]
    queues = table.queues[:]
    exploded = place(cols, queues, column, card, table.me)
    if not exploded:
        return 0.0
    if table.spec.cooperative:
        return -1.0
    got, _, _ = settle(table.spec, table.me, exploded, table.chief_pile)
    symbols = sum([SYMBOLS[c] for c in got])
    return float(symbols if table.spec.scoring == "highest" else -symbols)


def heuristic_pick(table: KnownTable, rng: random.Random) -> list[int]:
    """The normal level: the best-scored cards, ties broken at random."""
    scores = heuristic_scores(table)
    noise = {card: rng.random() * 1e-6 for card in table.hand}
    ranked = sorted(table.hand, key=lambda c: -(scores[c] + noise[c]))
    return ranked[: table.need]
