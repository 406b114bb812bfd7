"""`pop-bot bench engine --game colorpop`: how many recorded Colorpop games the engine replays
per second on one core, printed as JSON.

The records come from seeded games of random legal picks (three seats, competitive), so every
run replays the same games. "Replayed" means what `pop-bot replay` does: every check of
colorpop-record/1 (§8), every move applied, and the summary built (`record.replay_summary`, its
fast path for valid records). `games_per_second_with_step_events` is the live table's path
(`record.replay`: a state and the step events per move), for comparison. Each figure
is the best of several timing windows (CPU time of this process), the usual way to read through
the noise of a shared machine.
"""

from __future__ import annotations

import random

from ..bench_kit import best_rate, print_report
from ..protocol import Json
from . import game, record, rules

TARGET_GAMES_PER_SECOND = 3_000


def random_records(count: int, seats: int = 3, seed: int = 2026) -> list[dict[str, Json]]:
    """Records of `count` competitive games played by random legal picks."""
    records = []
    for i in range(count):
        state = game.new_game("competitive", [f"s{k}" for k in range(seats)], seed + i)
        pick = random.Random(seed + i)
        while not state.over:
            group = pick.choice(rules.legal_groups(state.board))
            state, _ = game.apply(
                state,
                state.seats[state.turn],
                pick.choice([c for c in group.cells if state.board[c[0]][c[1]] == group.colour]),
            )
        records.append(record.export_record(state))
    return records


def bench_engine_main(seconds: float = 3.0) -> int:
    records = random_records(100)
    for one in records[:10]:  # warm up
        record.replay_summary(one)
    summary_rate = best_rate(record.replay_summary, records, seconds * 2 / 3)
    events_rate = best_rate(record.replay, records, seconds / 3)
    moves = sum(len(one["moves"]) for one in records)  # type: ignore[arg-type,unused-ignore]
    print_report(
        {
            "benchmark": "engine",
            "game": "colorpop",
            "what": "three-seat competitive games replayed from colorpop-record/1 (checked, "
            "applied with events, summarised), one core",
            "games_per_second": round(summary_rate),
            "games_per_second_with_step_events": round(events_rate),
            "moves_per_game": round(moves / len(records), 1),
            "records": len(records),
            "target_games_per_second": TARGET_GAMES_PER_SECOND,
            "meets_target": summary_rate >= TARGET_GAMES_PER_SECOND,
        }
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(bench_engine_main())
