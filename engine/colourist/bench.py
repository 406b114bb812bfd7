"""`pop-bot bench engine --game colourist`: how many recorded Colourist games the engine replays
per second on one core, printed as JSON.

The records come from seeded games of AI seats (3 to 6 seats, every track length, the three
levels in turn), so every run replays the same games. `lines_per_second` is `pop-bot replay
--jsonl` itself: a record's text line in, its summary line out (read, checked, replayed,
encoded); `games_per_second` is `record.replay_summary` of already parsed records.
`python -m engine.colourist.bench FILE` measures the lines of a JSONL file of records instead.
"""

from __future__ import annotations

import io
import json
import sys

from ..bench_kit import best_rate, print_report
from ..games import RecordedGames
from ..protocol import Json
from ..replay import replay_text
from .adapter import COLOURIST, ColouristOptions
from .game import Length
from .record import replay_summary

# Twice what `pop-bot replay --jsonl` did before its Colourist replay was rewritten, on the
# project's two-core machine (1,230 lines a second there).
TARGET_GAMES_PER_SECOND = 2_460
LENGTHS: tuple[Length, ...] = ("short", "normal", "long")
LEVELS = ("easy", "normal", "hard")


def ai_records(count: int, seed: int = 2026) -> list[dict[str, Json]]:
    """Records of `count` finished games among AI seats."""
    records = []
    for i in range(count):
        seats = [f"s{k}" for k in range(3 + i % 4)]
        state = COLOURIST.start(ColouristOptions(length=LENGTHS[i % 3]), seats, seed + i)
        step = 0
        while COLOURIST.outcome(state) is None:
            seat = sorted(COLOURIST.to_act(state), key=seats.index)[0]
            view = COLOURIST.view(state, seat)
            state = COLOURIST.apply(state, seat, COLOURIST.ai_move(view, LEVELS[i % 3], step))[0]
            step += 1
        records.append(COLOURIST.export_record(state))
    return records


def lines_rate(lines: list[str], seconds: float) -> float:
    """Lines per CPU second through what `pop-bot replay --jsonl FILE` does to the file's text
    (`engine.replay.replay_text`; its output thrown away)."""
    text = "\n".join(lines) + "\n"

    colourist = RecordedGames([COLOURIST])  # the one game of these records

    def replay_lines(text: str) -> None:
        replay_text(text, "records.jsonl", colourist, io.StringIO(), io.StringIO(), jsonl=True)

    return best_rate(replay_lines, [text], seconds) * len(lines)


def bench_engine_main(seconds: float = 3.0, records: list[dict[str, Json]] | None = None) -> int:
    """Print the replay rates as JSON; 0 when they meet the target, 1 when they do not."""
    records = ai_records(60) if records is None else records
    lines = [json.dumps(r) for r in records]
    for record in records[:10]:  # warm up
        replay_summary(record)
    line_rate = lines_rate(lines, seconds / 2)
    game_rate = best_rate(replay_summary, records, seconds / 2)
    rounds = sum(len(r["rounds"]) for r in records) / len(records)
    met = line_rate >= TARGET_GAMES_PER_SECOND
    print_report(
        {
            "benchmark": "engine",
            "game": "colourist",
            "what": "colourist-record/1 games (AI seats, 3-6 seats, every length) replayed by "
            "pop-bot replay --jsonl (text in, summary out) and by replay_summary, one core",
            "lines_per_second": round(line_rate),
            "games_per_second": round(game_rate),
            "mean_rounds_per_game": round(rounds, 1),
            "records": len(records),
            "target_games_per_second": TARGET_GAMES_PER_SECOND,
            "target_met": met,
        }
    )
    return 0 if met else 1


if __name__ == "__main__":
    if len(sys.argv) > 1:
        with open(sys.argv[1], encoding="utf-8") as f:
            given = [json.loads(line) for line in f if line.strip()]
        raise SystemExit(bench_engine_main(seconds=10.0, records=given))
    raise SystemExit(bench_engine_main())
