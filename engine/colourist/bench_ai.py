"""`bench_ai_main(games)`: AI-only Colourist tables, as JSON — per AI level, how often a guess
matches the colourist's colour (Jokers apart) and how long games last in rounds.

Each game seats three to six AIs of one level (the colourist is an AI of that level too), on
the normal track, seeds 0 … games−1. Then `versus`: hard and expert against opponents written
apart from the AI (`opponents.py`: random, greedy, a determinized Monte-Carlo player), and
expert against hard, over mirrored deals (`engine.bench_vs`). Colourist seats three to six, so
the matches two-seated elsewhere are three-seated here (fair share 1/3), and expert meets hard
at 3 and 4 seats. Benchmarks are commands that print JSON, not tests.
"""

from __future__ import annotations

import statistics
import time
from functools import partial
from typing import Any, Literal

from .. import bench_vs
from ..bench_kit import print_report, run_jobs, workers
from ..stats import mean_ci95
from .adapter import COLOURIST, ColouristOptions
from .ai import ALL_LEVELS, LEVELS
from .game import JOKER, colourist_of
from .opponents import OPPONENTS

# The smallest table is three seats: every outside opponent there, expert against hard at 3 and 4.
MATCHES: tuple[bench_vs.Match, ...] = (
    *(
        (level, opponent, 3)
        for opponent in ("mc", "greedy", "random")
        for level in ("expert", "hard")
    ),
    ("expert", "hard", 3),
    ("expert", "hard", 4),
)
TARGET_P95_MS = 300.0


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


def _versus_chunk(job: bench_vs.Chunk) -> tuple[bench_vs.ChunkResult, list[float]]:
    """`bench_vs.rotations` of one worker's deals (the same games, seeds and figures), and per
    game how the subject ended against each other seat: 1 ahead in points, ½ level, 0 behind,
    averaged over the other seats."""
    subject, opponent, seats, deals = job
    player = partial(bench_vs.player, COLOURIST, ALL_LEVELS, OPPONENTS)
    me, them = player(subject), player(opponent)
    wins: list[float] = []
    margins: list[float] = []
    mine: list[float] = []
    theirs: list[float] = []
    ahead: list[float] = []
    for deal in deals:
        for at in range(seats):
            players = [me if i == at else them for i in range(seats)]
            shares, scores, times = bench_vs.play_game(
                COLOURIST, ColouristOptions(), players, deal, deal * seats + at
            )
            others = [s for i, s in enumerate(scores) if i != at]
            wins.append(shares[at])
            margins.append(scores[at] - max(others))
            mine += times[at]
            theirs += [t for i, ts in enumerate(times) if i != at for t in ts]
            pairs = [1.0 if scores[at] > s else 0.5 if scores[at] == s else 0.0 for s in others]
            ahead.append(sum(pairs) / len(pairs))
    return (wins, margins, mine, theirs), ahead


def versus(
    games: int, jobs: int, seed: int = 2026, matches: tuple[bench_vs.Match, ...] = MATCHES
) -> dict[str, Any]:
    """The levels against outside opponents (`matches`), about `games` games a match, as
    `bench_vs.versus` reports them, with each match's `seat_by_seat`: the subject against each
    other seat (1 ahead in points at the end, ½ level, 0 behind), a game's mean, and its 95 %
    interval: the two-seat figure of a game that seats three at least. Target: expert against
    the Monte-Carlo player three-seated, seat by seat at least 55 % with the interval above 50 %."""
    chunks = bench_vs.work(matches, games, seed)
    results = run_jobs(_versus_chunk, chunks, jobs)
    section = bench_vs.versus_report(matches, chunks, [r for r, _ in results])
    ahead: dict[str, list[float]] = {}
    for (subject, opponent, seats, _), (_, games_ahead) in zip(chunks, results, strict=True):
        ahead.setdefault(f"{subject}_vs_{opponent}_{seats}seats", []).extend(games_ahead)
    for key, xs in ahead.items():
        mean, low, high = mean_ci95(xs)
        section["matches"][key]["seat_by_seat"] = {
            "rate": round(mean, 4),
            "ci95": [round(low, 4), round(high, 4)],
        }
    section["targets"] = bench_vs.verdicts(section["matches"])
    mc3 = section["matches"].get("expert_vs_mc_3seats")
    if mc3:
        by_seat = mc3["seat_by_seat"]
        section["targets"]["expert_beats_mc_seat_by_seat_3seats"] = bool(
            by_seat["rate"] >= 0.55 and by_seat["ci95"][0] > 0.5
        )
        section["targets"]["expert_above_fair_vs_mc_3seats"] = bool(mc3["win"]["above_fair"])
    return section


def bench_ai_main(
    games: int = 200, jobs: int | None = None, seed: int = 2026, vs_games: int = 400
) -> int:
    """Print the JSON report (then `versus`, `vs_games` games a match); 0 when expert's
    decisions are within TARGET_P95_MS at p95."""
    started = time.perf_counter()
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
    against = versus(vs_games, workers(jobs), seed)
    expert_ms = against["decision_ms_by_player"].get("expert")
    fast = expert_ms is None or expert_ms["p95"] <= TARGET_P95_MS
    report.update(
        versus=against,
        target_p95_ms=TARGET_P95_MS,
        meets_time_target=fast,
        seconds=round(time.perf_counter() - started, 1),
    )
    print_report(report, indent=1)
    return 0 if fast else 1
