"""Coloretto's command-line tools: `pop-bot demo` and `pop-bot bench engine|ai`."""

from __future__ import annotations

from typing import Any

from engine.coloretto.adapter import COLORETTO, ColorettoOptions

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
    """`pop-bot demo --lang`: the pictures' words and the alt texts in `lang`."""
    from .words import alt_words, picture_labels

    return {"labels": picture_labels(lang), "words": alt_words(lang)}


TOOLS = GameTools(
    demo_problem=seat_check("coloretto", COLORETTO.seat_range(ColorettoOptions())),
    demo=seated_demo(lazy("render.coloretto.demo", "demo_main"), demo_words),
    demo_table=usual_seats(),
    bench_engine=timed_bench(lazy("engine.coloretto.bench", "bench_engine_main")),
    bench_ai=games_bench(lazy("engine.coloretto.bench_ai", "bench_ai_main")),
)
