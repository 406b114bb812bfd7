"""`pop-bot bench engine`: how many recorded four-seat competitive sets the engine replays per
second on one core, printed as JSON.

The records come from seeded random legal play, so every run replays the same games. Each
figure is the best of several timing windows (CPU time of this process), the usual way to read
through the noise of a shared machine.
"""

from __future__ import annotations

import random

from ..bench_kit import best_rate, print_report
from ..protocol import Json
from .game import Deal, choose, from_deal, legal_choices, new_game, play_turn
from .record import export_record, replay, summarise

TARGET_SETS_PER_SECOND = 10_000


def random_records(count: int, seats: int = 4, seed: int = 2026) -> list[dict[str, Json]]:
    """Records of `count` one-set competitive games played by random legal choices."""
    records = []
    for i in range(count):
        state = new_game("competitive", [f"s{k}" for k in range(seats)], seed=seed + i, sets=1)
        pick = random.Random(seed + i)
        while state.phase == "choosing":
            for seat in state.seats:  # the last seat's pick resolves the turn
                spec = legal_choices(state, seat)
                choose(state, seat, pick.sample(spec.cards, spec.count))
        records.append(export_record(state))
    return records


def _replay_and_summarise(record: dict[str, Json]) -> None:
    r = replay(record, steps=False)
    summarise(r.state, r.events)


def _replay_with_steps(record: dict[str, Json]) -> None:
    replay(record, steps=True)


def _core(record: dict[str, Json]) -> None:
    """The rules alone, as AI look-ahead uses them: no record checks, no events, no summary."""
    first = record["sets"][0]
    deal = Deal(first["grid"], first["hands"], first["draw_pile"])
    state = from_deal(record["mode"], record["seats"], deal)
    for turn in first["turns"]:
        play_turn(state, turn["plays"])


def bench_engine_main(seconds: float = 3.0) -> int:
    records = random_records(200)
    for record in records[:20]:  # warm up
        _replay_and_summarise(record)
    summary_rate = best_rate(_replay_and_summarise, records, seconds)
    steps_rate = best_rate(_replay_with_steps, records, seconds / 2)
    core_rate = best_rate(_core, records, seconds / 2)
    print_report(
        {
            "benchmark": "engine",
            "what": "four-seat competitive sets replayed from pop-record/1 (checked, resolved, "
            "summarised), one core",
            "sets_per_second": round(summary_rate),
            "sets_per_second_with_step_events": round(steps_rate),
            "core_sets_per_second": round(core_rate),
            "records": len(records),
            "target_sets_per_second": TARGET_SETS_PER_SECOND,
            "meets_target": summary_rate >= TARGET_SETS_PER_SECOND,
        }
    )
    return 0
