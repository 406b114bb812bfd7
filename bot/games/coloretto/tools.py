"""Coloretto's command-line tools: `pop-bot demo` and `pop-bot bench engine|ai`."""

from __future__ import annotations

from typing import Any

from engine.coloretto.adapter import COLORETTO, ColorettoOptions

from ... import entry as kit  # the tools every game declares alike


def demo_words(lang: str) -> dict[str, Any]:
    """`pop-bot demo --lang`: the pictures' words and the alt texts in `lang`."""
    from .words import alt_words, picture_labels

    return {"labels": picture_labels(lang), "words": alt_words(lang)}


TOOLS = kit.seated_tools("coloretto", COLORETTO.seat_range(ColorettoOptions()), demo_words)
