"""`bench_ai_main(games)`: AI-only Colourist tables, as JSON — per AI level, how often a guess
matches the colourist's colour (Jokers apart) and how long games last in rounds.

Each game seats three to six AIs of one level (the colourist is an AI of that level too), on
the normal track, seeds 0 … games−1. Benchmarks are commands that print JSON, not tests.
"""

from __future__ import annotations

import statistics
from typing import Literal

from ..bench_kit import print_report
from .adapter import COLOURIST, ColouristOptions
from .ai import LEVELS
from .game import JOKER, colourist_of


def play(
    level: str, seats: int, seed: int, length: Literal["short", "normal", "long"] = "normal"
) -> tuple[int, int, int]:
    """One AI-only game: (guesses matching the colour, guesses in all, rounds)."""
    ids = [f"s{i}" for i in range(seats)]
    state = COLOURIST.start(ColouristOptions(length=length), ids, seed)
    hits = guesses = n = 0
    while COLOURIST.outcome(state) is None:
        seat = sorted(COLOURIST.to_act(state), key=ids.index)[0]
        move = COLOURIST.ai_move(COLOURIST.view(state, seat), level, seed * 100_003 + n)
        n += 1
        state = COLOURIST.apply(state, seat, move)[0]
    for number, record in enumerate(state.rounds, 1):
        colourist = colourist_of(ids, state.first, number)
        colour = record.cards[colourist]
        for seat, card in record.cards.items():
            if seat != colourist and card != JOKER:
                guesses += 1
                hits += card == colour
    return hits, guesses, len(state.rounds)


def bench_ai_main(games: int = 200) -> int:
    """Print the JSON report; 0."""
    report: dict[str, object] = {"games": games, "length": "normal", "levels": {}}
    levels: dict[str, object] = {}
    for level in LEVELS:
        hits = guesses = 0
        lengths = []
        for seed in range(games):
            h, g, rounds = play(level, 3 + seed % 4, seed)
            hits, guesses = hits + h, guesses + g
            lengths.append(rounds)
        levels[level] = {
            "match_rate": round(hits / guesses, 3) if guesses else None,
            "rounds_mean": round(statistics.fmean(lengths), 2),
            "rounds_min": min(lengths),
            "rounds_max": max(lengths),
        }
    report["levels"] = levels
    print_report(report, indent=1)
    return 0
