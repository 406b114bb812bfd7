"""Colorpop's command-line tools: `pop-bot demo` (one seat: the solo game) and `pop-bot bench
engine|ai`."""

from __future__ import annotations

from engine.colorpop.adapter import COLORPOP, ColorpopOptions

from ...entry import GameTools, games_bench, lazy, seat_check, seated_demo, timed_bench

TOOLS = GameTools(
    demo_problem=seat_check("colorpop", COLORPOP.seat_range(ColorpopOptions()), solo=True),
    demo=seated_demo(lazy("render.colorpop.demo", "demo_main")),
    bench_engine=timed_bench(lazy("engine.colorpop.bench", "bench_engine_main")),
    bench_ai=games_bench(lazy("engine.colorpop.bench_ai", "bench_ai_main")),
)
