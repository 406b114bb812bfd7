"""The statistics (engine.stats) and the bench kit (engine.bench_kit) every benchmark uses."""

from __future__ import annotations

import json
import os

import pytest

from engine.bench_kit import best_rate, print_report, run_jobs, seed_chunks, workers
from engine.stats import decision_ms, mean_ci95, percentile, rate, rate_of, wilson


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert (round(low, 3), round(high, 3)) == (0.404, 0.596)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == 1.0
    assert wilson(5.5, 10)[0] < 0.55 < wilson(5.5, 10)[1]  # a shared win counts half


def test_a_rate_is_printed_with_its_interval():
    assert rate([1.0, 0.5, 0.0, 1.0]) == {"games": 4, "rate": 0.625, "ci95": [0.2194, 0.9081]}
    assert rate([]) == {"games": 0, "rate": None, "ci95": [0.0, 1.0]}
    assert rate_of(3, 4) == rate([1, 1, 1, 0])


def test_percentiles_and_decision_times():
    xs = [0.004, 0.001, 0.003, 0.002]
    assert percentile(xs, 0.5) == 0.003
    assert percentile(xs, 0.95) == 0.004
    assert percentile([], 0.5) == 0.0
    assert decision_ms(xs) == {"decisions": 4, "p50": 3.0, "p95": 4.0, "max": 4.0}
    assert decision_ms([0.0012345], digits=3)["max"] == 1.234
    assert decision_ms([]) == {"decisions": 0, "p50": 0.0, "p95": 0.0, "max": 0.0}


def test_a_mean_and_its_interval():
    mean, low, high = mean_ci95([2, 4, 6, 8])
    assert mean == 5
    assert low < mean < high
    assert round(high - mean, 3) == round(1.96 * 2.5820 / 2, 3)
    assert mean_ci95([]) == (0.0, 0.0, 0.0)


def test_seeds_are_cut_into_jobs_without_gaps_or_overlaps():
    chunks = seed_chunks(100, 53, 25)
    assert [len(c) for c in chunks] == [25, 25, 3]
    assert [s for c in chunks for s in c] == list(range(100, 153))
    assert seed_chunks(7, 0, 25) == []


def test_best_rate_goes_through_every_item_in_each_window():
    seen: list[int] = []
    items = [1, 2, 3]
    per_second = best_rate(seen.append, items, seconds=0.05, windows=2)
    assert per_second > 0
    assert len(seen) % len(items) == 0
    assert set(seen) == set(items)


def square(x: int) -> int:
    return x * x


def test_jobs_run_in_worker_processes_in_order():
    assert run_jobs(square, [3, 1, 2], jobs=2) == [9, 1, 4]
    assert workers(3) == 3
    assert workers(None) == (os.cpu_count() or 1)


def test_a_report_is_one_json_object(capsys: pytest.CaptureFixture[str]):
    print_report({"benchmark": "x", "rate": 1.5})
    print_report({"benchmark": "y"}, indent=1)
    first, second = capsys.readouterr().out.split("\n", 1)
    assert json.loads(first) == {"benchmark": "x", "rate": 1.5}
    assert json.loads(second) == {"benchmark": "y"}
    assert "\n " in second  # indented as asked
