"""`pop-bot bench ai --game pop`'s `versus`: the expert against players it did not write.

- competitive (one-set games, SETS; the two-player variant at two seats, as a table deals it):
  expert and hard against the outside Monte-Carlo player (`opponents.py`) two-seated, expert
  against hard at two and three seats, over mirrored deals (`engine.bench_vs`); `--vs-games`
  games for the first, a share of it for the others (MATCHES);
- Trick: expert against hard, two and three seats, the same way;
- co-op: the same deals played by a team of expert partners and by a team of hard partners,
  with the AIs' table talk (`bench_ai.play`): the mean team score (turns survived without an
  explosion, 9 a win) of each, the win rates, and the expert team's mean gain on the same deal,
  each with its 95 % interval.
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any

from .. import bench_vs
from ..bench_kit import run_jobs, seed_chunks
from ..stats import decision_ms, mean_ci95, rate
from .adapter import POP, PopOptions
from .ai import ALL_LEVELS
from .bench_ai import play
from .modes import Mode
from .opponents import OPPONENTS

# (mode, match, share of `--vs-games`): the target match in full, the rest in part (a
# three-set game of an expert seat takes about 3 s on one core).
MATCHES: tuple[tuple[Mode, bench_vs.Match, float], ...] = (
    ("competitive", ("expert", "mc", 2), 1.0),
    ("competitive", ("hard", "mc", 2), 0.25),
    ("competitive", ("expert", "hard", 2), 0.5),
    ("competitive", ("expert", "hard", 3), 0.375),
    ("trick", ("expert", "hard", 2), 0.25),
    ("trick", ("expert", "hard", 3), 0.225),
)
# One-set games (the table option `sets`): a three-set game costs three times as much, and the
# 400-game match did not fit in a shared machine's hour; a set's margin is the game's unit.
SETS = 1
COOP_SEATS = 3  # where teams fail often enough to tell two apart (four seats: both win)
COOP_LEVELS = ("expert", "hard")
VersusJob = tuple[Mode, bench_vs.Chunk]


def versus_chunk(job: VersusJob) -> bench_vs.ChunkResult:
    """One worker's deals of one match, in its mode."""
    mode, (subject, opponent, seats, deals) = job
    player = partial(bench_vs.player, POP, ALL_LEVELS, OPPONENTS)
    return bench_vs.rotations(
        POP, PopOptions(mode=mode, sets=SETS), player(subject), player(opponent), seats, deals
    )


def versus_modes(games: int, jobs: int, seed: int) -> dict[str, Any]:
    """Every match of MATCHES in one pool of workers, reported by mode (`engine.bench_vs`)."""
    work: list[VersusJob] = []
    for mode, match, share in MATCHES:
        deal_seed = seed + (0 if mode == "competitive" else 7)
        work += [(mode, c) for c in bench_vs.work([match], round(games * share), deal_seed, 5)]
    work.sort(key=lambda job: -job[1][2])  # three seats first: the workers end together
    results = run_jobs(versus_chunk, work, jobs)
    out: dict[str, Any] = {}
    for mode in ("competitive", "trick"):
        matches = [m for md, m, _ in MATCHES if md == mode]
        chunks = [(c, r) for (md, c), r in zip(work, results, strict=True) if md == mode]
        section = bench_vs.versus_report(matches, [c for c, _ in chunks], [r for _, r in chunks])
        section["targets"] = bench_vs.verdicts(section["matches"])
        out[mode] = section
    return out


CoopJob = tuple[str, int, range]


def coop_chunk(job: CoopJob) -> tuple[str, list[tuple[int, float]], list[float]]:
    """A co-op team of one level on the deals `seeds`: per deal (seed, safe turns), times."""
    level, people, seeds = job
    times: dict[str, list[float]] = {}
    out = []
    for seed in seeds:
        state = play("coop", [level] * people, seed, talk=True, times=times)
        assert state.result is not None
        won = state.result.won
        out.append((seed, float(state.turn_number - (0 if won else 1))))
    return level, out, times.get(level, [])


def coop_report(games: int, jobs: int, seed: int) -> dict[str, Any]:
    """Expert partners against hard partners on the same co-op deals, with table talk."""
    work = [
        (level, COOP_SEATS, r)
        for level in COOP_LEVELS
        for r in seed_chunks(seed + 5_000_000, games, 5)
    ]
    turns: dict[str, dict[int, float]] = {level: {} for level in COOP_LEVELS}
    times: dict[str, list[float]] = {level: [] for level in COOP_LEVELS}
    for level, out, t in run_jobs(coop_chunk, work, jobs):
        turns[level].update(out)
        times[level] += t
    report: dict[str, Any] = {"seats": COOP_SEATS, "deals": games}
    for level in COOP_LEVELS:
        xs = list(turns[level].values())
        mean, low, high = mean_ci95(xs)
        report[level] = {
            "mean_team_score": round(mean, 3),
            "score_ci95": [round(low, 3), round(high, 3)],
            "win": rate([1.0 if x == 9 else 0.0 for x in xs]),
            "decision_ms": decision_ms(times[level]),
        }
    gains = [turns["expert"][s] - turns["hard"][s] for s in turns["expert"] if s in turns["hard"]]
    mean, low, high = mean_ci95(gains)
    report["expert_gain_same_deal"] = {
        "mean": round(mean, 3),
        "ci95": [round(low, 3), round(high, 3)],
    }
    return report


def versus_main(games: int, jobs: int, seed: int = 2026, coop_games: int = 100) -> dict[str, Any]:
    """The whole `versus` section: about `games` games a match, `coop_games` co-op deals."""
    started = time.perf_counter()
    out = versus_modes(games, jobs, seed)
    if coop_games:
        out["coop"] = coop_report(coop_games, jobs, seed)
    out["seconds"] = round(time.perf_counter() - started, 1)
    return out
