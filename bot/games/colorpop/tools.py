"""Colorpop's command-line tools: `pop-bot render`, `pop-bot demo` (one seat: the solo game) and
`pop-bot bench engine|ai`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.games import entry as kit
from engine.colorpop.adapter import COLORPOP, ColorpopOptions

if TYPE_CHECKING:
    from render.colorpop.records import BoardWords
    from render.kit import Picture


def board_words(lang: str) -> BoardWords:
    """The boards' titles and alt texts in `lang`, as the table's."""
    from bot.texts.i18n import t
    from render.colorpop.records import BoardWords

    from .words import board_alt

    titles = {
        "turn": t("colorpop.picture.turn", lang, move="{move}", name="{name}"),
        "picked": t("colorpop.picture.picked", lang, move="{move}", name="{name}"),
        "fell": t("colorpop.picture.fell", lang, move="{move}"),
        "shifted": t("colorpop.picture.shifted", lang, move="{move}"),
        "final": t("colorpop.picture.final", lang),
    }

    def describe(view: Any, names: Any, title: str, board: Any, cells: Any) -> str:
        return board_alt(view, names, lang, title, board, cells)

    return BoardWords(titles, describe)


def demo_words(lang: str) -> dict[str, Any]:
    """`pop-bot demo --lang`: the pictures' titles and alt texts in `lang`."""
    return {"words": board_words(lang)}


def render(request: kit.RenderRequest) -> list[Picture]:
    """`pop-bot render`: a recorded game's pictures, in the table language asked for."""
    from render.colorpop.records import record_pictures

    return record_pictures(request.record, board_words(request.lang))


# Its demo numbers its pictures from 000, the board of the first turn.
TOOLS = kit.seated_tools(
    "colorpop",
    COLORPOP.seat_range(ColorpopOptions()),
    demo_words,
    render,
    solo=True,
    first_picture=0,
)
