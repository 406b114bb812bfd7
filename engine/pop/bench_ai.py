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
- `versus` (`bench_versus`, `--vs-games` games a match, a quarter as many co-op deals): the
  expert against the outside Monte-Carlo player and against hard, competitive and Trick, and
  expert co-op partners against hard ones on the same deals.

Every game is seeded, so a run is reproducible.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from ..bench_kit import print_report, run_jobs, seed_chunks, workers
from ..stats import decision_ms, mean_ci95, rate
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


def _coop(results: list[tuple[float, int]]) -> dict[str, Any]:
    out = rate([won for won, _ in results])
    mean, low, high = mean_ci95([t for _, t in results])
    out["mean_safe_turns"] = round(mean, 3)
    out["turns_ci95"] = [round(low, 3), round(high, 3)]
    # The share of games still safe after each of the 9 turns: where a level falls behind the
    # ceiling (the last figure is the success rate).
    n = max(1, len(results))
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


def bench_ai_main(
    games: int = 1000,
    trick_games: int = 1000,
    solo_games: int = 150,
    coop_games: int | None = None,
    jobs: int | None = None,
    coop_games_3: int | None = None,
    coop_seats: Sequence[int] = COOP_SEATS,
    seed: int = 2026,
    vs_games: int = 400,
) -> int:
    coop_games = 100 if coop_games is None else coop_games
    # Three seats: the ceiling itself rarely wins (a face-down Chief card every turn), so its
    # rate needs many more games to be measured; they are short.
    per_seats = {
        3: coop_games if coop_games_3 is None else coop_games_3,
        4: coop_games,
        5: coop_games,
    }
    coop_seats = [people for people in coop_seats if per_seats[people] > 0]  # 0 games: none
    jobs = workers(jobs)
    work = _work(games, trick_games, solo_games, per_seats, coop_seats, seed)
    started = time.perf_counter()
    results: dict[tuple[str, JobKey], list[Any]] = {}
    times: dict[str, list[float]] = {}
    for kind, key, res, t in run_jobs(_task, work, jobs):
        results.setdefault((kind, key), []).extend(res)
        for level, xs in t.items():
            times.setdefault(level, []).extend(xs)
    report = _report(results, times, coop_seats)
    if vs_games:
        from .bench_versus import versus_main

        report["versus"] = versus_main(vs_games, jobs, seed, vs_games // 4)
    report["workers"] = jobs
    report["seconds"] = round(time.perf_counter() - started, 1)
    _add_verdicts(report, coop_seats)
    print_report(report)
    return 0


def _work(
    games: int,
    trick_games: int,
    solo_games: int,
    per_seats: dict[int, int],
    coop_seats: Sequence[int],
    seed: int,
) -> list[Job]:
    """Every job of the benchmark, the slowest first so that the workers finish together."""
    work: list[Job] = []
    for i, pairing in enumerate(PAIRINGS):
        base = seed + 1_000_000 * (i + 1)
        work += [("competitive", pairing, r) for r in seed_chunks(base, games, 25)]
        work += [("trick", pairing, r) for r in seed_chunks(base + 500_000, trick_games, 25)]
    for people in coop_seats:
        # Every level and the ceiling play the same deals.
        base = seed + 5_000_000 + 100_000 * people
        for level, talk in [("ceiling", False)] + [(lv, t) for lv in LEVELS for t in (False, True)]:
            work += [
                ("coop", (level, talk, people), r) for r in seed_chunks(base, per_seats[people], 10)
            ]
    for i, level in enumerate(LEVELS):
        for difficulty in SOLO_DIFFICULTIES:
            base = seed + 7_000_000 + 100_000 * i + 10_000 * difficulty
            work += [("solo", (level, difficulty), r) for r in seed_chunks(base, solo_games, 25)]
    work.sort(key=lambda job: (job[0] in ("solo",), "hard" not in str(job[1])))
    return work


def _report(
    results: dict[tuple[str, JobKey], list[Any]],
    times: dict[str, list[float]],
    coop_seats: Sequence[int],
) -> dict[str, Any]:
    """The JSON report of the games' results and the decisions' times."""

    def pairings(kind: str) -> dict[str, Any]:
        out = {}
        for a, b in PAIRINGS:
            r = rate(results.get((kind, (a, b)), []))
            r["beats"] = r["ci95"][0] > 0.5
            out[f"{a}_vs_{b}"] = r
        return out

    def coop_table(people: int) -> dict[str, Any]:
        table: dict[str, Any] = {"ceiling": _coop(results[("coop", ("ceiling", False, people))])}
        for level in LEVELS:
            table[level] = {
                talk_name: _coop(results[("coop", (level, talk, people))])
                for talk_name, talk in (("silent", False), ("with_table_talk", True))
            }
        return table

    return {
        "benchmark": "ai",
        "what": "seeded games among AI seats; win rates of the first-named level with 95% "
        "Wilson intervals (shared victory counts half)",
        "head_to_head_competitive": pairings("competitive"),
        "head_to_head_trick": pairings("trick"),
        "coop": {f"{people}_seats": coop_table(people) for people in coop_seats},
        "solo_win_rate": {
            level: {
                f"difficulty_{d}": rate(results.get(("solo", (level, d)), []))
                for d in SOLO_DIFFICULTIES
            }
            for level in LEVELS
        },
        "decision_ms": {level: decision_ms(times.get(level, [])) for level in LEVELS},
        "coop_decision_ms": {
            level: decision_ms(times.get(f"coop_{level}", [])) for level in LEVELS
        },
        "target_p95_ms": 200,
    }


def _add_verdicts(report: dict[str, Any], coop_seats: Sequence[int]) -> None:
    """The report's yes-or-no lines: the levels' order, the co-op targets, the time target."""
    report["hard_beats_normal_beats_easy"] = (
        report["head_to_head_competitive"]["hard_vs_normal"]["beats"]
        and report["head_to_head_competitive"]["normal_vs_easy"]["beats"]
    )
    for name, reaches in (
        ("coop_targets", _reaches_half),
        ("coop_targets_with_margin", _reaches_half_surely),
    ):
        report[name] = {
            f"{people}_seats": {
                level: reaches(report["coop"][f"{people}_seats"], level)
                for level in ("normal", "hard")
            }
            for people in coop_seats
        }
    report["meets_time_target"] = all(d["p95"] <= 200 for d in report["decision_ms"].values())
