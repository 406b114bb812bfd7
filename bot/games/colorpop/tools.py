"""Colorpop's command-line tools: `pop-bot demo` (one seat: the solo game) and `pop-bot bench
engine|ai`."""

from __future__ import annotations

from typing import Any

from engine.colorpop.adapter import COLORPOP, ColorpopOptions

from ... import entry as kit  # the tools every game declares alike


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


TOOLS = kit.seated_tools("colorpop", COLORPOP.seat_range(ColorpopOptions()), demo_words, solo=True)
