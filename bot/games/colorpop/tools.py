"""Colorpop's command-line tools: `pop-bot demo` (one seat: the solo game) and `pop-bot bench
engine|ai`."""

from __future__ import annotations

from engine.colorpop.adapter import COLORPOP, ColorpopOptions

from ...entry import BenchRequest, DemoRequest, GameTools, seat_problem


def demo_problem(request: DemoRequest) -> str | None:
    seats = request.seats or 4
    if seats == 1:
        return None  # one seat: the solo game
    low, high = COLORPOP.seat_range(ColorpopOptions())
    return seat_problem("colorpop", seats, low, high)


def demo(request: DemoRequest) -> int:
    from render.colorpop.demo import demo_main

    return demo_main(request.out, seats=request.seats or 4, seed=request.seed)


def bench_engine(request: BenchRequest) -> int:
    from engine.colorpop.bench import bench_engine_main

    return bench_engine_main(seconds=request.seconds)


def bench_ai(request: BenchRequest) -> int:
    from engine.colorpop.bench_ai import bench_ai_main

    return bench_ai_main(games=request.games)


TOOLS = GameTools((), demo_problem, demo, bench_engine, bench_ai)
