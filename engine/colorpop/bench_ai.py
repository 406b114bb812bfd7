"""AI benchmark: `python -m engine.colorpop.bench_ai hard easy 200 [mode]` prints JSON.

Plays seeded games between two AI levels (seats alternate who plays first and which level takes
seat 1) and reports wins per level, shared wins, and the time of each hard decision.
"""

from __future__ import annotations

import json
import sys
import time

from .adapter import COLORPOP, ColorpopOptions
from .state import Mode


def play(levels: list[str], seed: int, mode: Mode = "competitive",
         times: list[tuple[str, float]] | None = None) -> tuple[str, ...]:
    """One seeded game between AI seats; returns the winning levels, one per winning seat."""
    seats = [f"seat{i}" for i in range(len(levels))]
    state = COLORPOP.start(ColorpopOptions(mode=mode), seats, seed)
    step = 0
    while not state.over:
        seat = next(iter(COLORPOP.to_act(state)))
        level = levels[seats.index(seat)]
        began = time.perf_counter()
        move = COLORPOP.ai_move(COLORPOP.view(state, seat), level, seed * 1000 + step)
        if times is not None:
            times.append((level, time.perf_counter() - began))
        state, _ = COLORPOP.apply(state, seat, move)
        step += 1
    return tuple(levels[seats.index(s)] for s in state.winners)


def match(first: str, second: str, games: int, mode: Mode = "competitive") -> dict[str, object]:
    """`games` two-sided games (teams: four seats, alternating levels)."""
    wins = {first: 0, second: 0, "shared": 0}
    times: list[tuple[str, float]] = []
    for seed in range(games):
        pair = [first, second] if seed % 2 == 0 else [second, first]
        levels = pair * 2 if mode == "teams" else pair
        won = set(play(levels, seed, mode, times))
        if len(won) == 2:
            wins["shared"] += 1
        elif won:
            wins[won.pop()] += 1
    hard = sorted(t for level, t in times if level == "hard")
    return {"mode": mode, "games": games, "wins": wins,
            "hard_ms_mean": round(1000 * sum(hard) / len(hard), 2) if hard else None,
            "hard_ms_max": round(1000 * hard[-1], 2) if hard else None}


if __name__ == "__main__":
    args = sys.argv[1:]
    mode: Mode = args[3] if len(args) > 3 else "competitive"  # type: ignore[assignment]
    print(json.dumps(match(args[0], args[1], int(args[2]), mode)))
