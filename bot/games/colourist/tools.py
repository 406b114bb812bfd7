"""Colourist's command-line tools: `pop-bot demo` and `pop-bot bench engine|ai`."""

from __future__ import annotations

from typing import Any

from engine.colourist.adapter import COLOURIST, ColouristOptions

from ... import entry as kit  # the tools every game declares alike


def demo_words(lang: str) -> dict[str, Any]:
    """`pop-bot demo --lang`: the words and the pictures' words in `lang`."""
    from .words import labels

    return {"lang": lang, "labels": labels(lang)}


TOOLS = kit.seated_tools("colourist", COLOURIST.seat_range(ColouristOptions()), demo_words)
