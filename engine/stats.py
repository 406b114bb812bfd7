"""The statistics the benchmarks report: rates with their 95% Wilson interval, and
percentiles of decision times."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (`successes` may hold halves: shared wins)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate_of(successes: float, n: int) -> dict[str, Any]:
    """A rate as the benchmarks print it: games, rate (None without games), 95% interval."""
    low, high = wilson(successes, n)
    return {
        "games": n,
        "rate": round(successes / n, 4) if n else None,
        "ci95": [round(low, 4), round(high, 4)],
    }


def rate(results: Sequence[float]) -> dict[str, Any]:
    """`rate_of` a list of per-game results (1 a success, ½ a shared one, 0 a failure)."""
    return rate_of(sum(results), len(results))


def percentile(xs: Sequence[float], q: float) -> float:
    """The value below which a share `q` of `xs` lies (nearest rank; 0 when empty)."""
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def decision_ms(seconds: Sequence[float], digits: int = 2) -> dict[str, Any]:
    """How long decisions took, in milliseconds: how many, p50, p95 and the slowest."""
    return {
        "decisions": len(seconds),
        "p50": round(1000 * percentile(seconds, 0.5), digits),
        "p95": round(1000 * percentile(seconds, 0.95), digits),
        "max": round(1000 * max(seconds, default=0.0), digits),
    }


def mean_ci95(xs: Sequence[float]) -> tuple[float, float, float]:
    """The mean of `xs` and its 95% interval (normal approximation; 0 when empty)."""
    n = max(1, len(xs))
    mean = sum(xs) / n
    spread = math.sqrt(sum((x - mean) ** 2 for x in xs) / max(1, n - 1))
    half = 1.96 * spread / math.sqrt(n)
    return mean, mean - half, mean + half
