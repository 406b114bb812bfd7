"""AI benchmarks of Colorpop, printing JSON.

- `bench_ai_main(games)` (`pop-bot bench ai --game colorpop`): hard beats normal beats easy
  head to head (95% Wilson intervals), the solo clear rate per level, decision time p95;
- `python -m engine.colorpop.bench_ai hard easy 200 [mode]`: one pairing, wins per level.

Seats alternate who plays first and which level takes seat 1; every game is seeded.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from .adapter import COLORPOP, ColorpopOptions
from .state import Mode


def play(
    levels: list[str],
    seed: int,
    mode: Mode = "competitive",
    times: list[tuple[str, float]] | None = None,
) -> tuple[str, ...]:
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
    return {
        "mode": mode,
        "games": games,
        "wins": wins,
        "hard_ms_mean": round(1000 * sum(hard) / len(hard), 2) if hard else None,
        "hard_ms_max": round(1000 * hard[-1], 2) if hard else None,
    }


# --- `pop-bot bench ai --game colorpop` ------------------------------------------------------

PAIRINGS = (("hard", "normal"), ("normal", "easy"), ("hard", "easy"))
LEVELS = ("easy", "normal", "hard")
TARGET_P95_MS = 200.0


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of `wins` in `n`."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _rate(scores: list[float]) -> dict[str, object]:
    n = len(scores)
    low, high = wilson(sum(scores), n)
    return {
        "games": n,
        "rate": round(sum(scores) / n, 4) if n else None,
        "ci95": [round(low, 4), round(high, 4)],
    }


def _chunk(
    job: tuple[str, tuple[str, ...], range],
) -> tuple[str, tuple[str, ...], list[float], dict[str, list[float]]]:
    """One worker's share: head-to-head games (1 a win of the first level, ½ shared) or solo
    games (1 cleared), with every decision's time per level."""
    kind, levels, seeds = job
    scores: list[float] = []
    times: list[tuple[str, float]] = []
    for seed in seeds:
        if kind == "solo":
            scores.append(1.0 if play([levels[0]], seed, "solo", times) else 0.0)
            continue
        first, second = levels
        pair = [first, second] if seed % 2 == 0 else [second, first]
        won = set(play(pair, seed, "competitive", times))
        scores.append(0.5 if len(won) == 2 else 1.0 if won == {first} else 0.0)
    by_level: dict[str, list[float]] = {}
    for level, seconds in times:
        by_level.setdefault(level, []).append(seconds)
    return kind, levels, scores, by_level


def bench_ai_main(
    games: int = 1000, solo_games: int | None = None, jobs: int | None = None, seed: int = 2026
) -> int:
    """Head to head (two seats, competitive), `games` per pairing, the levels swapping who
    plays first every other game (a shared win counts half); the solo clear rate per level
    (one secret colour, `solo_games` each); decision time per level. One JSON object."""
    solo_games = games if solo_games is None else solo_games
    jobs = jobs or os.cpu_count() or 1
    work: list[tuple[str, tuple[str, ...], range]] = []
    for i, pairing in enumerate(PAIRINGS):
        base = seed + 1_000_000 * (i + 1)
        work += [
            ("h2h", pairing, range(s, min(s + 50, base + games)))
            for s in range(base, base + games, 50)
        ]
    for i, level in enumerate(LEVELS):
        base = seed + 5_000_000 + 100_000 * i
        work += [
            ("solo", (level,), range(s, min(s + 50, base + solo_games)))
            for s in range(base, base + solo_games, 50)
        ]
    started = time.perf_counter()
    results: dict[tuple[str, tuple[str, ...]], list[float]] = {}
    times: dict[str, list[float]] = {}
    with ProcessPoolExecutor(jobs) as pool:
        for kind, levels, scores, by_level in pool.map(_chunk, work):
            results.setdefault((kind, levels), []).extend(scores)
            for level, xs in by_level.items():
                times.setdefault(level, []).extend(xs)

    def percentile(xs: list[float], q: float) -> float:
        xs = sorted(xs)
        return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0

    head: dict[str, dict[str, object]] = {}
    for a, b in PAIRINGS:
        rate = _rate(results[("h2h", (a, b))])
        rate["beats"] = rate["ci95"][0] > 0.5  # type: ignore[index]
        head[f"{a}_vs_{b}"] = rate
    decision = {
        level: {
            "decisions": len(times.get(level, [])),
            "p50": round(1000 * percentile(times.get(level, []), 0.5), 2),
            "p95": round(1000 * percentile(times.get(level, []), 0.95), 2),
            "max": round(1000 * max(times.get(level, [0.0])), 2),
        }
        for level in LEVELS
    }
    print(
        json.dumps(
            {
                "benchmark": "ai",
                "game": "colorpop",
                "what": "seeded two-seat competitive games between AI levels (win rate of the first "
                "named, shared win = half, 95% Wilson interval); solo clear rate per level",
                "head_to_head": head,
                "hard_beats_normal_beats_easy": bool(
                    head["hard_vs_normal"]["beats"] and head["normal_vs_easy"]["beats"]
                ),
                "solo_clear_rate": {level: _rate(results[("solo", (level,))]) for level in LEVELS},
                "decision_ms": decision,
                "target_p95_ms": TARGET_P95_MS,
                "meets_time_target": all(d["p95"] <= TARGET_P95_MS for d in decision.values()),
                "workers": jobs,
                "seconds": round(time.perf_counter() - started, 1),
            }
        )
    )
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    mode: Mode = args[3] if len(args) > 3 else "competitive"  # type: ignore[assignment]
    print(json.dumps(match(args[0], args[1], int(args[2]), mode)))
