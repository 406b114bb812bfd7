"""AI benchmarks of Colorpop, printing JSON.

- `bench_ai_main(games)` (`pop-bot bench ai --game colorpop`): hard beats normal beats easy
  head to head (95% Wilson intervals), the solo clear rate per level, decision time p95;
- `python -m engine.colorpop.bench_ai hard easy 200 [mode]`: one pairing, wins per level.

Seats alternate who plays first and which level takes seat 1; every game is seeded. Then
`versus`: hard and expert against opponents written apart from the AI (`opponents.py`: random,
greedy, a determinized Monte-Carlo player), and expert against hard, over mirrored deals at 2 and
3 seats (`engine.bench_vs`): win shares with 95% intervals, mean margins, decision times.
"""

from __future__ import annotations

import json
import sys
import time
from functools import partial
from typing import Any

from .. import bench_vs
from ..bench_kit import print_report, run_jobs, seed_chunks, workers
from ..stats import decision_ms, rate
from . import ai
from .adapter import COLORPOP, ColorpopOptions
from .opponents import OPPONENTS
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


def _versus_chunk(job: bench_vs.Chunk) -> bench_vs.ChunkResult:
    subject, opponent, seats, deals = job
    player = partial(bench_vs.player, COLORPOP, ai.ALL_LEVELS, OPPONENTS)
    return bench_vs.rotations(
        COLORPOP, ColorpopOptions(), player(subject), player(opponent), seats, deals
    )


def versus(
    games: int, jobs: int, seed: int = 2026, matches: tuple[bench_vs.Match, ...] = bench_vs.MATCHES
) -> dict[str, Any]:
    """The levels against outside opponents (competitive), about `games` games a match."""
    return bench_vs.versus(_versus_chunk, games, jobs, seed, matches)


def bench_ai_main(
    games: int = 1000,
    solo_games: int | None = None,
    jobs: int | None = None,
    seed: int = 2026,
    vs_games: int = 400,
) -> int:
    """Head to head (two seats, competitive), `games` per pairing, the levels swapping who
    plays first every other game (a shared win counts half); the solo clear rate per level
    (one secret colour, `solo_games` each); decision time per level; then `versus`
    (`vs_games` games a match). One JSON object."""
    jobs = workers(jobs)
    work = _work(games, games if solo_games is None else solo_games, seed)
    started = time.perf_counter()
    results: dict[tuple[str, tuple[str, ...]], list[float]] = {}
    times: dict[str, list[float]] = {}
    for kind, levels, scores, by_level in run_jobs(_chunk, work, jobs):
        results.setdefault((kind, levels), []).extend(scores)
        for level, xs in by_level.items():
            times.setdefault(level, []).extend(xs)
    head: dict[str, dict[str, object]] = {}
    for a, b in PAIRINGS:
        result = rate(results.get(("h2h", (a, b)), []))  # --games 0: none
        result["beats"] = result["ci95"][0] > 0.5
        head[f"{a}_vs_{b}"] = result
    decision = {level: decision_ms(times.get(level, [])) for level in LEVELS}
    against = versus(vs_games, jobs, seed)
    decision.update({p: d for p, d in against["decision_ms_by_player"].items() if p == "expert"})
    print_report(
        {
            "benchmark": "ai",
            "game": "colorpop",
            "what": "seeded two-seat competitive games between AI levels (win rate of the first "
            "named, shared win = half, 95% Wilson interval); solo clear rate per level",
            "head_to_head": head,
            "hard_beats_normal_beats_easy": bool(
                head["hard_vs_normal"]["beats"] and head["normal_vs_easy"]["beats"]
            ),
            "solo_clear_rate": {
                level: rate(results.get(("solo", (level,)), [])) for level in LEVELS
            },
            "decision_ms": decision,
            "target_p95_ms": TARGET_P95_MS,
            "meets_time_target": all(d["p95"] <= TARGET_P95_MS for d in decision.values()),
            "versus": against,
            "workers": jobs,
            "seconds": round(time.perf_counter() - started, 1),
        }
    )
    return 0


def _work(games: int, solo_games: int, seed: int) -> list[tuple[str, tuple[str, ...], range]]:
    """The jobs: each pairing's games, then each level's solo games, 50 seeds a job."""
    work: list[tuple[str, tuple[str, ...], range]] = []
    for i, pairing in enumerate(PAIRINGS):
        work += [("h2h", pairing, r) for r in seed_chunks(seed + 1_000_000 * (i + 1), games, 50)]
    for i, level in enumerate(LEVELS):
        base = seed + 5_000_000 + 100_000 * i
        work += [("solo", (level,), r) for r in seed_chunks(base, solo_games, 50)]
    return work


if __name__ == "__main__":
    args = sys.argv[1:]
    mode: Mode = args[3] if len(args) > 3 else "competitive"  # type: ignore[assignment]
    print(json.dumps(match(args[0], args[1], int(args[2]), mode)))
