"""Colorpop's command-line tools: `pop-bot demo` (one seat: the solo game) and `pop-bot bench
engine|ai`."""

from __future__ import annotations

from typing import Any

from engine.colorpop.adapter import COLORPOP, ColorpopOptions

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
    """`pop-bot demo --lang`: the pictures' titles and alt texts in `lang`, as the table's."""
    from render.colorpop.demo import NAMES, DemoWords

    from ...i18n import t
    from .words import board_alt

    titles = {
        "turn": t("colorpop.picture.turn", lang, move="{move}", name="{name}"),
        "picked": t("colorpop.picture.picked", lang, move="{move}", name="{name}"),
        "fell": t("colorpop.picture.fell", lang, move="{move}"),
        "shifted": t("colorpop.picture.shifted", lang, move="{move}"),
        "final": t("colorpop.picture.final", lang),
    }

    def describe(view: Any, title: str, board: Any, cells: Any) -> str:
        return board_alt(view, NAMES, lang, title, board, cells)

    return {"words": DemoWords(titles, describe)}


TOOLS = GameTools(
    demo_problem=seat_check("colorpop", COLORPOP.seat_range(ColorpopOptions()), solo=True),
    demo=seated_demo(lazy("render.colorpop.demo", "demo_main"), demo_words),
    demo_table=usual_seats(),
    bench_engine=timed_bench(lazy("engine.colorpop.bench", "bench_engine_main")),
    bench_ai=games_bench(lazy("engine.colorpop.bench_ai", "bench_ai_main")),
)
