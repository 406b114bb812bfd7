"""What every `pop-bot bench` command shares: timing windows, seeds cut into jobs for a pool of
worker processes, and one JSON object printed at the end.

Benchmarks are commands that print JSON, not timed tests. A rate is the best of several timing
windows of this process's CPU time, the usual way to read through the noise of a shared machine.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


def best_rate(
    work: Callable[[T], object], items: Sequence[T], seconds: float, windows: int = 5
) -> float:
    """Items done per CPU second: the best of `windows` windows of `seconds / windows` each,
    every window going through `items` whole, as many times as fit."""
    best = 0.0
    for _ in range(windows):
        start = time.process_time()
        done = 0
        while time.process_time() - start < seconds / windows:
            for item in items:
                work(item)
            done += len(items)
        best = max(best, done / (time.process_time() - start))
    return best


def workers(jobs: int | None) -> int:
    """The worker processes asked for, else one per core."""
    return jobs or os.cpu_count() or 1


def seed_chunks(start: int, count: int, size: int) -> list[range]:
    """Seeds start … start + count − 1, in jobs of `size` seeds (the last one shorter)."""
    seeds = range(start, start + count)
    return [seeds[i : i + size] for i in range(0, len(seeds), size)]


def run_jobs(task: Callable[[T], R], work: Iterable[T], jobs: int) -> list[R]:
    """Each job's result, in the order of `work`, from `jobs` worker processes."""
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(task, work))


def print_report(report: dict[str, Any], indent: int | None = None) -> None:
    """The benchmark's one JSON object, on standard output."""
    print(json.dumps(report, indent=indent))
