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
    """The pictures' words, header status and alt texts in `lang`, as the table's."""
    from render.colorpop.records import BoardWords

    from .alt import scene_alt
    from .words import picture_labels, scene_status

    return BoardWords(
        picture_labels(lang),
        lambda scene: scene_status(scene, lang),
        lambda scene, names: scene_alt(scene, names, lang),
    )


def demo_words(lang: str) -> dict[str, Any]:
    """`pop-bot demo --lang`: the pictures' titles and alt texts in `lang`."""
    return {"words": board_words(lang)}


def render(request: kit.RenderRequest) -> list[Picture]:
    """`pop-bot render`: a recorded game's pictures, in the table language asked for."""
    from render.colorpop.records import record_pictures

    return record_pictures(request.record, board_words(request.lang), request.names)


def starts_turn(filename: str) -> bool:
    """A move's pictures begin with the board of its turn."""
    return filename == "colorpop-board.png"


# Its demo numbers its pictures from 000, the board of the first turn.
TOOLS = kit.seated_tools(
    "colorpop",
    COLORPOP.seat_range(ColorpopOptions()),
    demo_words,
    render,
    solo=True,
    first_picture=0,
    versus=True,
    starts_turn=starts_turn,
)
