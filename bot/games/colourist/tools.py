"""Colourist's command-line tools: `pop-bot demo` and `pop-bot bench ai` (it has no engine
benchmark of its own)."""

from __future__ import annotations

from engine.colourist.adapter import COLOURIST, ColouristOptions

from ...entry import GameTools, games_bench, lazy, seat_check, seated_demo

TOOLS = GameTools(
    demo_problem=seat_check("colourist", COLOURIST.seat_range(ColouristOptions())),
    demo=seated_demo(lazy("render.colourist.demo", "demo_main")),
    bench_ai=games_bench(lazy("engine.colourist.bench_ai", "bench_ai_main")),
)
