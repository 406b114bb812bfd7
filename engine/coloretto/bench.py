"""`pop-bot bench engine --game coloretto`: how many recorded Coloretto games the engine replays
per second on one core (checked, replayed and summarised, §7), printed as JSON.

The records come from seeded games of the normal AI (the kind of game a table plays), two to five
seats in turn, so every run replays the same games. Each figure is the best of several timing
windows (CPU time of this process), the usual way to read through the noise of a shared machine.
"""

from __future__ import annotations

from ..bench_kit import best_rate, print_report
from ..protocol import Json
from . import ai, game
from .record import export_record, replay, replay_summary
from .view import view

TARGET_GAMES_PER_SECOND = 4_000


def ai_records(count: int, level: str = "normal", seed: int = 2026) -> list[dict[str, Json]]:
    """Records of `count` finished games among `level` AIs, 2 to 5 seats in turn."""
    records = []
    for i in range(count):
        seats = [f"s{k}" for k in range(2 + i % 4)]
        state = game.new_game(seats, i % 5 == 4, seed + i)
        step = 0
        while not state.over:
            move = ai.choose(view(state, state.turn), level, seed + 7919 * i + step)
            game.check(state, state.turn, move)
            game.apply_in_place(state, move, [])
            step += 1
        records.append(export_record(state))
    return records


def bench_engine_main(seconds: float = 3.0) -> int:
    """Print the replay rate as JSON; 0 when it meets the target, 1 when it does not."""
    records = ai_records(100)
    for record in records[:20]:  # warm up (the scoring cache fills as a table's would)
        replay_summary(record)
    summary_rate = best_rate(replay_summary, records, seconds * 0.75)
    replay_rate = best_rate(replay, records, seconds * 0.25)
    actions = sum(len(r["actions"]) for r in records) / len(records)
    met = summary_rate >= TARGET_GAMES_PER_SECOND
    print_report(
        {
            "benchmark": "engine",
            "game": "coloretto",
            "what": "coloretto-record/1 games (normal AI, 2-5 seats) checked, replayed and "
            "summarised, one core",
            "games_per_second": round(summary_rate),
            "replays_without_summary_per_second": round(replay_rate),
            "mean_actions_per_game": round(actions, 1),
            "target_games_per_second": TARGET_GAMES_PER_SECOND,
            "target_met": met,
        },
        indent=1,
    )
    return 0 if met else 1
