"""`pop-bot bench ai`: how well and how fast the computer players play, printed as one JSON object.

- head to head: two-seat competitive games of one set (the two-player variant, on by default for
  two people), `--games` per pairing, the levels swapping seats every other game; a shared
  victory counts half. Win rates come with a 95% Wilson interval.
- Trick head to head: the same for Trick, `--trick-games` per pairing.
- cooperative: 3, 4 and 5 seats of one level (`--coop-games` each), with and without the AIs'
  own table talk (each seat, in seat order, picks, then announces its card's colour and Queue
  letter; then, as at the bot's tables where picks stay open until the reveal, each seat hears
  what was said after its pick and may change its card and announce again, up to TALK_ROUNDS
  rounds): the success rate with its 95% interval, and the mean number of turns survived
  without an explosion with its 95% interval, and the share of games still safe after each
  turn (`safe_after_turn`) (`--coop-games-3` plays more games at 3 seats,
  where the ceiling rarely wins; `--coop-seats` picks the seat counts). The
  same deals are played by the ceiling (`engine.pop.ceiling`: a team that sees every hand and
  plans together); `coop_targets` says whether each level reaches half the ceiling's success
  rate and half its mean safe turns, with table talk; `coop_targets_with_margin` asks the same
  of the lower ends of the level's 95% intervals.
- solo: `--solo-games` per difficulty and level.
- decision time: wall-clock time of every `choose_cards` call, p50 / p95 per level (each worker
  process runs on its own core), over every mode and over cooperative tables alone.

Every game is seeded, so a run is reproducible.
"""

from __future__ import annotations

import json
import math
import os
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from .ai import LEVELS, TALK_ROUNDS, Signal, announce, choose_cards
from .ceiling import ceiling_plays
from .game import new_game, play_turn
from .state import PopState
from .view import view

PAIRINGS = (("hard", "normal"), ("normal", "easy"), ("hard", "easy"))
COOP_SEATS = (3, 4, 5)
SOLO_DIFFICULTIES = (1, 2, 3, 4)


def play(
    mode: str,
    levels: Sequence[str],
    seed: int,
    *,
    sets: int = 1,
    difficulty: int | None = None,
    talk: bool = False,
    times: dict[str, list[float]] | None = None,
) -> PopState:
    """A whole game among AI seats p1, p2, ... with the given levels; returns the final state.
    The level "ceiling" (cooperative only) is the team that sees every hand."""
    seats = [f"p{i + 1}" for i in range(len(levels))]
    level_of = dict(zip(seats, levels, strict=True))
    state = new_game(mode, seats, seed=seed, sets=sets, difficulty=difficulty)
    rngs = {seat: random.Random(seed * 7919 + i) for i, seat in enumerate(seats)}
    if "ceiling" in levels:
        rng = random.Random(seed)
        while state.phase == "choosing":
            play_turn(state, ceiling_plays(state, rng), steps=False)
        return state

    def think(seat: str, plays: dict[str, list[int]], signals: list[Signal]) -> bool:
        """The seat (re)picks with what was said so far; a changed pick is announced."""
        v = view(state, seat)
        start = time.perf_counter()
        cards = choose_cards(v, level_of[seat], rngs[seat], signals)
        if times is not None:
            times.setdefault(level_of[seat], []).append(time.perf_counter() - start)
        if plays.get(seat) == cards:
            return False
        plays[seat] = cards
        if talk and state.spec.cooperative and (said := announce(v, cards)):
            signals.append(said)
        return True

    while state.phase == "choosing":
        plays: dict[str, list[int]] = {}
        signals: list[Signal] = []
        for seat in seats:
            think(seat, plays, signals)
        if talk and state.spec.cooperative:
            # Picks stay open until the turn is revealed (as at the bot's tables): each seat in
            # turn hears everything said since its pick, thinks again, and announces a change.
            for _ in range(TALK_ROUNDS - 1):
                if not any([think(seat, plays, signals) for seat in seats]):  # a list: all think
                    break
        play_turn(state, plays, steps=False)
    return state


# A job: (kind, key, seeds). The key is (level, other level) head to head, (level, talk, seats)
# in coop, (level, difficulty) in solo; results are win shares, or (won, safe turns) in coop.
JobKey = tuple[Any, ...]
Job = tuple[str, JobKey, range]


def _task(job: Job) -> tuple[str, JobKey, list[Any], dict[str, list[float]]]:
    kind, key, seeds = job
    times: dict[str, list[float]] = {}
    results: list[Any] = []
    for seed in seeds:
        if kind in ("competitive", "trick"):
            a, b = key
            swap = seed % 2 == 1
            state = play(kind, [b, a] if swap else [a, b], seed, times=times)
            seat_a = "p2" if swap else "p1"
            winners = state.winners
            results.append(1.0 if winners == [seat_a] else 0.5 if len(winners) == 2 else 0.0)
        elif kind == "coop":
            level, talk, people = key
            coop_times: dict[str, list[float]] = {}
            state = play("coop", [level] * people, seed, talk=talk, times=coop_times)
            for lv, xs in coop_times.items():
                times.setdefault(lv, []).extend(xs)
                times.setdefault(f"coop_{lv}", []).extend(xs)
            assert state.result is not None
            won = state.result.won
            results.append((1.0 if won else 0.0, state.turn_number - (0 if won else 1)))
        else:  # solo
            level, difficulty = key
            state = play("solo", [level], seed, difficulty=difficulty, times=times)
            assert state.result is not None
            results.append(1.0 if state.result.won else 0.0)
    return kind, key, results, times


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _rate(results: list[float]) -> dict[str, Any]:
    n = len(results)
    wins = sum(results)
    low, high = wilson(wins, n)
    return {
        "games": n,
        "rate": round(wins / n, 4) if n else None,
        "ci95": [round(low, 4), round(high, 4)],
    }


def _coop(results: list[tuple[float, int]]) -> dict[str, Any]:
    out = _rate([won for won, _ in results])
    n = max(1, len(results))
    mean = sum(t for _, t in results) / n
    spread = math.sqrt(sum((t - mean) ** 2 for _, t in results) / max(1, n - 1))
    out["mean_safe_turns"] = round(mean, 3)
    half = 1.96 * spread / math.sqrt(n)
    out["turns_ci95"] = [round(mean - half, 3), round(mean + half, 3)]
    # The share of games still safe after each of the 9 turns: where a level falls behind the
    # ceiling (the last figure is the success rate).
    out["safe_after_turn"] = (
        [round(sum(1 for _, t in results if t >= turn) / n, 4) for turn in range(1, 10)]
        if results
        else None  # no game played: no shares, as the rate is None
    )
    return out


def _reaches_half(table: dict[str, Any], level: str) -> bool:
    """Does a level, with table talk, reach half the ceiling's success rate and half its mean
    safe turns?"""
    ceiling, talk = table["ceiling"], table[level]["with_table_talk"]
    return bool(
        talk["rate"] >= ceiling["rate"] / 2
        and talk["mean_safe_turns"] >= ceiling["mean_safe_turns"] / 2
    )


def _reaches_half_surely(table: dict[str, Any], level: str) -> bool:
    """The same with a margin: the lower end of the level's 95% intervals (success rate and
    mean safe turns) reaches half the ceiling's figures."""
    ceiling, talk = table["ceiling"], table[level]["with_table_talk"]
    return bool(
        talk["ci95"][0] >= ceiling["rate"] / 2
        and talk["turns_ci95"][0] >= ceiling["mean_safe_turns"] / 2
    )


def _percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def _chunks(seeds: range, size: int) -> list[range]:
    return [seeds[i : i + size] for i in range(0, len(seeds), size)]


def bench_ai_main(
    games: int = 1000,
    trick_games: int = 1000,
    solo_games: int = 150,
    coop_games: int | None = None,
    jobs: int | None = None,
    coop_games_3: int | None = None,
    coop_seats: Sequence[int] = COOP_SEATS,
    seed: int = 2026,
) -> int:
    coop_games = 100 if coop_games is None else coop_games
    # Three seats: the ceiling itself rarely wins (a face-down Chief card every turn), so its
    # rate needs many more games to be measured; they are short.
    per_seats = {
        3: coop_games if coop_games_3 is None else coop_games_3,
        4: coop_games,
        5: coop_games,
    }
    jobs = jobs or os.cpu_count() or 1
    work: list[Job] = []
    for i, pairing in enumerate(PAIRINGS):
        base = seed + 1_000_000 * (i + 1)
        work += [("competitive", pairing, r) for r in _chunks(range(base, base + games), 25)]
        base += 500_000
        work += [("trick", pairing, r) for r in _chunks(range(base, base + trick_games), 25)]
    for people in coop_seats:
        # Every level and the ceiling play the same deals.
        base = seed + 5_000_000 + 100_000 * people
        for level, talk in [("ceiling", False)] + [(lv, t) for lv in LEVELS for t in (False, True)]:
            work += [
                ("coop", (level, talk, people), r)
                for r in _chunks(range(base, base + per_seats[people]), 10)
            ]
    for i, level in enumerate(LEVELS):
        for difficulty in SOLO_DIFFICULTIES:
            base = seed + 7_000_000 + 100_000 * i + 10_000 * difficulty
            work += [
                ("solo", (level, difficulty), r)
                for r in _chunks(range(base, base + solo_games), 25)
            ]
    # The slowest jobs first, so that the workers finish together.
    work.sort(key=lambda job: (job[0] in ("solo",), "hard" not in str(job[1])))
    started = time.perf_counter()
    results: dict[tuple[str, JobKey], list[Any]] = {}
    times: dict[str, list[float]] = {}
    with ProcessPoolExecutor(jobs) as pool:
        for kind, key, res, t in pool.map(_task, work):
            results.setdefault((kind, key), []).extend(res)
            for level, xs in t.items():
                times.setdefault(level, []).extend(xs)

    def pairings(kind: str) -> dict[str, Any]:
        out = {}
        for a, b in PAIRINGS:
            r = _rate(results.get((kind, (a, b)), []))
            r["beats"] = r["ci95"][0] > 0.5
            out[f"{a}_vs_{b}"] = r
        return out

    report: dict[str, Any] = {
        "benchmark": "ai",
        "what": "seeded games among AI seats; win rates of the first-named level with 95% "
        "Wilson intervals (shared victory counts half)",
        "head_to_head_competitive": pairings("competitive"),
        "head_to_head_trick": pairings("trick"),
        "coop": {
            f"{people}_seats": {
                "ceiling": _coop(results[("coop", ("ceiling", False, people))]),
                **{
                    level: {
                        talk_name: _coop(results[("coop", (level, talk, people))])
                        for talk_name, talk in (("silent", False), ("with_table_talk", True))
                    }
                    for level in LEVELS
                },
            }
            for people in coop_seats
        },
        "solo_win_rate": {
            level: {
                f"difficulty_{d}": _rate(results.get(("solo", (level, d)), []))
                for d in SOLO_DIFFICULTIES
            }
            for level in LEVELS
        },
        "decision_ms": {
            level: {
                "decisions": len(times.get(level, [])),
                "p50": round(1000 * _percentile(times.get(level, []), 0.5), 2),
                "p95": round(1000 * _percentile(times.get(level, []), 0.95), 2),
                "max": round(1000 * max(times.get(level, [0.0])), 2),
            }
            for level in LEVELS
        },
        "coop_decision_ms": {
            level: {
                "decisions": len(times.get(f"coop_{level}", [])),
                "p50": round(1000 * _percentile(times.get(f"coop_{level}", []), 0.5), 2),
                "p95": round(1000 * _percentile(times.get(f"coop_{level}", []), 0.95), 2),
                "max": round(1000 * max(times.get(f"coop_{level}", [0.0])), 2),
            }
            for level in LEVELS
        },
        "target_p95_ms": 200,
        "workers": jobs,
        "seconds": round(time.perf_counter() - started, 1),
    }
    report["hard_beats_normal_beats_easy"] = (
        report["head_to_head_competitive"]["hard_vs_normal"]["beats"]
        and report["head_to_head_competitive"]["normal_vs_easy"]["beats"]
    )
    report["coop_targets"] = {
        f"{people}_seats": {
            level: _reaches_half(report["coop"][f"{people}_seats"], level)
            for level in ("normal", "hard")
        }
        for people in coop_seats
    }
    report["coop_targets_with_margin"] = {
        f"{people}_seats": {
            level: _reaches_half_surely(report["coop"][f"{people}_seats"], level)
            for level in ("normal", "hard")
        }
        for people in coop_seats
    }
    report["meets_time_target"] = all(d["p95"] <= 200 for d in report["decision_ms"].values())
    print(json.dumps(report))
    return 0
