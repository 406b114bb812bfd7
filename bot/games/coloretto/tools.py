"""Coloretto's command-line tools: `pop-bot demo` and `pop-bot bench engine|ai`."""

from __future__ import annotations

from engine.coloretto.adapter import COLORETTO, ColorettoOptions

from ...entry import BenchRequest, DemoRequest, GameTools, seat_problem


def demo_problem(request: DemoRequest) -> str | None:
    low, high = COLORETTO.seat_range(ColorettoOptions())
    return seat_problem("coloretto", request.seats or 4, low, high)


def demo(request: DemoRequest) -> int:
    from render.coloretto.demo import demo_main

    return demo_main(request.out, seats=request.seats or 4, seed=request.seed)


def bench_engine(request: BenchRequest) -> int:
    from engine.coloretto.bench import bench_engine_main

    return bench_engine_main(seconds=request.seconds)


def bench_ai(request: BenchRequest) -> int:
    from engine.coloretto.bench_ai import bench_ai_main

    return bench_ai_main(games=request.games)


TOOLS = GameTools((), demo_problem, demo, bench_engine, bench_ai)
