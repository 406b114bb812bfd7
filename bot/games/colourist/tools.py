"""Colourist's command-line tools: `pop-bot demo` and `pop-bot bench engine|ai`."""

from __future__ import annotations

from typing import Any

from engine.colourist.adapter import COLOURIST, ColouristOptions

from ...entry import (
    GameTools,
    games_bench,
    lazy,
    seat_check,
    seated_demo,
    timed_bench,
    usual_seats,
)


def demo_words(lang: str) -> dict[str, Any]:
    """`pop-bot demo --lang`: the words and the pictures' words in `lang`."""
    from .words import labels

    return {"lang": lang, "labels": labels(lang)}


TOOLS = GameTools(
    demo_problem=seat_check("colourist", COLOURIST.seat_range(ColouristOptions())),
    demo=seated_demo(lazy("render.colourist.demo", "demo_main"), demo_words),
    demo_table=usual_seats(),
    bench_engine=timed_bench(lazy("engine.colourist.bench", "bench_engine_main")),
    bench_ai=games_bench(lazy("engine.colourist.bench_ai", "bench_ai_main")),
)
