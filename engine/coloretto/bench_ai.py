"""`pop-bot bench ai --game coloretto` (`bench_ai_main`): AI levels against each other, as JSON.

Two-seat games, seats alternating levels (each level plays each seat equally often). For each
pairing (hard against normal, normal against easy) it prints the first-named level's share of
games won, a shared win counting half, with its 95% Wilson interval ("beats" when the interval
lies above 50%), and every level's decision time (p50, p95, max). Games run in a process pool.
Then `versus`: hard and expert against opponents written apart from the AI (`opponents.py`:
random, greedy, a determinized Monte-Carlo player), and expert against hard, over mirrored deals
at 2 and 3 seats (`engine.bench_vs`): win shares with 95% intervals, mean margins, decision times.
`python -m engine.coloretto.bench_ai [games]` prints the older, smaller survey (`main`).
"""

from __future__ import annotations

import json
import sys
import time
from functools import partial
from typing import Any

from .. import bench_vs
from ..bench_kit import print_report, run_jobs, seed_chunks, workers
from ..stats import decision_ms, rate_of
from . import ai, game
from .adapter import COLORETTO, ColorettoOptions
from .opponents import OPPONENTS
from .view import view


def play(
    levels: list[str], seed: int, expert: bool = False
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


def match(a: str, b: str, games: int, players: int = 2, expert: bool = False) -> dict[str, Any]:
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
    return {
        "games": games,
        "players": players,
        "expert": expert,
        "win_share": {k: round(v / games, 3) for k, v in wins.items()},
        "mean_points": {k: round(v / games / players * 2, 1) for k, v in points.items()},
    }


def decision_times(level: str, games: int = 20, players: int = 4) -> dict[str, Any]:
    """Mean and worst decision time of `level` (ms) over `games` games it plays alone."""
    every: list[float] = []
    for g in range(games):
        every += play([level] * players, g)[2]
    return {
        "level": level,
        "decisions": len(every),
        "mean_ms": round(1000 * sum(every) / len(every), 3),
        "max_ms": round(1000 * max(every), 3),
    }


PAIRINGS: tuple[tuple[str, str], ...] = (("hard", "normal"), ("normal", "easy"))
TARGET_P95_MS = 200.0


def timed_game(levels: list[str], seed: int) -> tuple[tuple[str, ...], dict[str, list[float]]]:
    """One game with a level per seat (seat i is "s{i}"): winners, decision times by level."""
    seats = [f"s{i}" for i in range(len(levels))]
    state = game.new_game(seats, False, seed)
    times: dict[str, list[float]] = {level: [] for level in levels}
    step = 0
    while not state.over:
        seat = state.turn
        level = levels[seats.index(seat)]
        t0 = time.perf_counter()
        move = ai.choose(view(state, seat), level, seed * 1000 + step)
        times[level].append(time.perf_counter() - t0)
        game.check(state, seat, move)
        game.apply_in_place(state, move, [])
        step += 1
    return game.winners(state), times


def _pairing_games(job: tuple[str, str, range]) -> tuple[float, int, dict[str, list[float]]]:
    """Games `seeds` of level a against level b (a sits first in even games): a's wins (a
    shared win counts half), games played, decision times by level."""
    a, b, seeds = job
    wins = 0.0
    times: dict[str, list[float]] = {a: [], b: []}
    for g in seeds:
        levels = [a, b] if g % 2 == 0 else [b, a]
        winners, spent = timed_game(levels, g)
        if f"s{levels.index(a)}" in winners:
            wins += 1 / len(winners)
        for level, xs in spent.items():
            times[level] += xs
    return wins, len(seeds), times


def _versus_chunk(job: bench_vs.Chunk) -> bench_vs.ChunkResult:
    subject, opponent, seats, deals = job
    player = partial(bench_vs.player, COLORETTO, ai.ALL_LEVELS, OPPONENTS)
    return bench_vs.rotations(
        COLORETTO, ColorettoOptions(), player(subject), player(opponent), seats, deals
    )


def versus(
    games: int, jobs: int, seed: int = 2026, matches: tuple[bench_vs.Match, ...] = bench_vs.MATCHES
) -> dict[str, Any]:
    """The levels against outside opponents (`matches`), about `games` games a match."""
    return bench_vs.versus(_versus_chunk, games, jobs, seed, matches)


def bench_ai_main(
    games: int = 1000, jobs: int | None = None, seed: int = 2026, vs_games: int = 400
) -> int:
    """Print the head-to-head results and decision times as JSON, then `versus` (`vs_games`
    games a match); 0 when hard beats normal, normal beats easy (95% intervals
    above 50%) and every level's p95 (expert's included) is within 200 ms."""
    jobs = workers(jobs)
    work = [
        (a, b, seeds)
        for i, (a, b) in enumerate(PAIRINGS)
        for seeds in seed_chunks(seed + 1_000_000 * (i + 1), games, 25)
    ]
    work.sort(key=lambda job: "hard" not in job[:2])  # the slowest first: workers end together
    started = time.perf_counter()
    wins: dict[tuple[str, str], float] = {}
    played: dict[tuple[str, str], int] = {}
    times: dict[str, list[float]] = {level: [] for level in ai.LEVELS}
    for (a, b, _), (won, n, t) in zip(work, run_jobs(_pairing_games, work, jobs), strict=True):
        wins[a, b] = wins.get((a, b), 0.0) + won
        played[a, b] = played.get((a, b), 0) + n
        for level, xs in t.items():
            times[level] += xs
    head_to_head: dict[str, Any] = {}
    for a, b in PAIRINGS:
        result = rate_of(wins.get((a, b), 0.0), played.get((a, b), 0))  # --games 0: none
        result["beats"] = result["ci95"][0] > 0.5
        head_to_head[f"{a}_vs_{b}"] = result
    decision = {level: decision_ms(xs, digits=3) for level, xs in times.items()}
    ordered = all(r["beats"] for r in head_to_head.values())
    against = versus(vs_games, jobs, seed)
    decision.update({p: d for p, d in against["decision_ms_by_player"].items() if p == "expert"})
    fast = all(d["p95"] <= TARGET_P95_MS for d in decision.values())
    print_report(
        {
            "benchmark": "ai",
            "game": "coloretto",
            "what": "seeded two-seat games, seats alternating; the first-named level's share of "
            "games won with its 95% Wilson interval (a shared win counts half)",
            "head_to_head": head_to_head,
            "decision_ms": decision,
            "target_p95_ms": TARGET_P95_MS,
            "hard_beats_normal_beats_easy": ordered,
            "versus": against,
            "meets_time_target": fast,
            "workers": jobs,
            "seconds": round(time.perf_counter() - started, 1),
        },
        indent=1,
    )
    return 0 if ordered and fast else 1


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 200
    out = [
        match(x, y, games, n)
        for x, y in (("hard", "easy"), ("normal", "easy"), ("hard", "normal"))
        for n in (2, 4)
    ]
    out += [decision_times(level) for level in ai.LEVELS]
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])
