"""`python -m engine.coloretto.bench_ai [games]`: AI levels against each other, as JSON.

Seats alternate levels (each level plays each seat equally often); prints the share of games
each level won (shared wins count for each winner), mean scores and decision times.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from . import ai, game
from .view import view


def play(levels: list[str], seed: int, expert: bool = False
         ) -> tuple[dict[str, int], tuple[str, ...], list[float]]:
    """One game with a level per seat (seat i is "s{i}"): totals, winners, decision times."""
    seats = [f"s{i}" for i in range(len(levels))]
    state = game.new_game(seats, expert, seed)
    times: list[float] = []
    step = 0
    while not state.over:
        seat = state.turn
        t0 = time.perf_counter()
        move = ai.choose(view(state, seat), levels[seats.index(seat)], seed * 1000 + step)
        times.append(time.perf_counter() - t0)
        game.check(state, seat, move)
        game.apply_in_place(state, move, [])
        step += 1
    return ({p: s.total for p, s in game.scores(state).items()}, game.winners(state), times)


def match(a: str, b: str, games: int, players: int = 2,
          expert: bool = False) -> dict[str, Any]:
    """Level a against level b, seats alternating: a's and b's win shares and times."""
    wins = {a: 0.0, b: 0.0}
    points = {a: 0, b: 0}
    for g in range(games):
        levels = [a if (i + g) % 2 == 0 else b for i in range(players)]
        totals, winners, _ = play(levels, g, expert)
        for i, level in enumerate(levels):
            points[level] += totals[f"s{i}"]
        for w in winners:
            wins[levels[int(w[1:])]] += 1 / len(winners)
    return {"games": games, "players": players, "expert": expert,
            "win_share": {k: round(v / games, 3) for k, v in wins.items()},
            "mean_points": {k: round(v / games / players * 2, 1) for k, v in points.items()}}


def decision_times(level: str, games: int = 20, players: int = 4) -> dict[str, Any]:
    """Mean and worst decision time of `level` (ms) over `games` games it plays alone."""
    every: list[float] = []
    for g in range(games):
        every += play([level] * players, g)[2]
    return {"level": level, "decisions": len(every),
            "mean_ms": round(1000 * sum(every) / len(every), 3),
            "max_ms": round(1000 * max(every), 3)}


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 200
    out = [match(x, y, games, n) for x, y in (("hard", "easy"), ("normal", "easy"),
                                               ("hard", "normal")) for n in (2, 4)]
    out += [decision_times(level) for level in ai.LEVELS]
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])
