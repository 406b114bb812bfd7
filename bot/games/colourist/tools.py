"""Colourist's command-line tools: `pop-bot demo` and `pop-bot bench engine|ai`."""

from __future__ import annotations

from typing import Any

from engine.colourist.adapter import COLOURIST, ColouristOptions

from ... import entry as kit  # the tools every game declares alike


def demo_words(lang: str) -> dict[str, Any]:
    """`pop-bot demo --lang`: the words and the pictures' words in `lang`."""
    from .words import labels

    return {"lang": lang, "labels": labels(lang)}


TOOLS = kit.GameTools(
    demo_problem=kit.seat_check("colourist", COLOURIST.seat_range(ColouristOptions())),
    demo=kit.seated_demo(kit.lazy("render.colourist.demo", "demo_main"), demo_words),
    demo_table=kit.usual_seats(),
    bench_engine=kit.timed_bench(kit.lazy("engine.colourist.bench", "bench_engine_main")),
    bench_ai=kit.games_bench(kit.lazy("engine.colourist.bench_ai", "bench_ai_main")),
)
