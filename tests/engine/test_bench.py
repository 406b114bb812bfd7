"""`pop-bot bench engine` prints one JSON object whose figures come from real replays."""

import json
import subprocess
import sys

from engine.pop.bench import random_records
from engine.pop.record import replay


def test_bench_engine_prints_its_figures_as_json():
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "bench", "engine", "--seconds", "1"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    for key in ("sets_per_second", "sets_per_second_with_step_events", "core_sets_per_second"):
        assert isinstance(figures[key], int)
        assert figures[key] > 0
    assert figures["meets_target"] == (figures["sets_per_second"] >= 10_000)


def test_the_benchmark_replays_finished_four_seat_sets():
    for record in random_records(3):
        assert len(record["seats"]) == 4
        assert len(record["sets"][0]["turns"]) == 8
        assert replay(record).state.phase == "over"
