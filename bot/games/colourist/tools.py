"""Colourist's command-line tools: `pop-bot demo` and `pop-bot bench ai`."""

from __future__ import annotations

from engine.colourist.adapter import COLOURIST, ColouristOptions

from ...entry import BenchRequest, DemoRequest, GameTools, seat_problem


def demo_problem(request: DemoRequest) -> str | None:
    low, high = COLOURIST.seat_range(ColouristOptions())
    return seat_problem("colourist", request.seats or 4, low, high)


def demo(request: DemoRequest) -> int:
    from render.colourist.demo import demo_main

    return demo_main(request.out, seats=request.seats or 4, seed=request.seed)


def bench_ai(request: BenchRequest) -> int:
    from engine.colourist.bench_ai import bench_ai_main

    return bench_ai_main(games=request.games)


TOOLS = GameTools((), demo_problem, demo, None, bench_ai)
