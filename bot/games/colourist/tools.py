"""Colourist's command-line tools: `pop-bot render`, `pop-bot demo` and `pop-bot bench
engine|ai`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.games import entry as kit
from engine.colourist.adapter import COLOURIST, ColouristOptions

if TYPE_CHECKING:
    from render.kit import Picture


def demo_words(lang: str) -> dict[str, Any]:
    """`pop-bot demo --lang`: the words and the pictures' words in `lang`."""
    from .words import labels

    return {"lang": lang, "labels": labels(lang)}


def render(request: kit.RenderRequest) -> list[Picture]:
    """`pop-bot render`: a recorded game's pictures, in the table language asked for."""
    from render.colourist.records import record_pictures

    return record_pictures(request.record, **demo_words(request.lang), names=request.names)


def starts_turn(filename: str) -> bool:
    """A round's pictures begin with its word card over the track (`round-2.png`)."""
    return filename.startswith("round-")


TOOLS = kit.seated_tools(
    "colourist",
    COLOURIST.seat_range(ColouristOptions()),
    demo_words,
    render,
    versus=True,
    starts_turn=starts_turn,
)
