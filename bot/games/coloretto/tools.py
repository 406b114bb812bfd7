"""Coloretto's command-line tools: `pop-bot render`, `pop-bot demo` and `pop-bot bench
engine|ai`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.games import entry as kit
from engine.coloretto.adapter import COLORETTO, ColorettoOptions

if TYPE_CHECKING:
    from render.kit import Picture


def demo_words(lang: str) -> dict[str, Any]:
    """`pop-bot demo --lang`: the pictures' words and the alt texts in `lang`."""
    from .words import alt_words, picture_labels

    return {"labels": picture_labels(lang), "words": alt_words(lang)}


def render(request: kit.RenderRequest) -> list[Picture]:
    """`pop-bot render`: a recorded game's pictures, in the table language asked for."""
    from render.coloretto.records import record_pictures

    return record_pictures(request.record, **demo_words(request.lang), names=request.names)


def starts_turn(filename: str) -> bool:
    """Every picture is a move's (the table before the first, the results apart)."""
    return not filename.endswith("-results.png")


# Its demo numbers the table before the first move 000, each move's picture by the move.
TOOLS = kit.seated_tools(
    "coloretto",
    COLORETTO.seat_range(ColorettoOptions()),
    demo_words,
    render,
    first_picture=0,
    versus=True,
    starts_turn=starts_turn,
)
