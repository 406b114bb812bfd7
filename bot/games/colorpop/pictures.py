"""Colorpop's pictures as the table posts them: a scene (render/colorpop/scenes.py) drawn in the
bot's picture workers with the words of the table's language, and its alt text."""

from __future__ import annotations

from collections.abc import Mapping

from bot.tables.workers import PICTURES
from render.colorpop import picture
from render.colorpop.scenes import Scene
from render.kit import Picture

from .alt import scene_alt
from .words import picture_labels, scene_status


def scene_picture(scene: Scene, names: Mapping[str, str], lang: str) -> Picture:
    """A scene as posted (`names`: the names to draw, without Markdown): its PNG and alt text."""
    png = PICTURES.call(
        picture.scene_picture, scene, picture_labels(lang), names, scene_status(scene, lang)
    )
    return Picture(png, scene_alt(scene, names, lang), f"colorpop-{scene.name}.png")
