"""Pop's words in a table's language: picture labels, card labels, the alt texts' words, and the
small facts of a table the texts need (hints asked for)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.pop.cards import colour_name
from render.kit import has_glyph
from render.pop.labels import ENGLISH as PICTURE_ENGLISH
from render.pop.labels import LABELS_EN
from render.style import COLOUR_STYLE

from ...i18n import DEFAULT_LANGUAGE, catalogue, dynamic_key, resolve, t
from ...table import Table


def picture_labels(lang: str) -> dict[str, str]:
    """The pictures' words in `lang` (render/pop/labels.py's keys: `pop.label.<key>`, and the
    level and title names, `pop.level.x` and `pop.title.x`). A word the bundled fonts cannot
    draw is drawn in English rather than as boxes; the alt text and the messages stay in the
    table's language."""
    mine, english = catalogue(resolve(lang)), catalogue(DEFAULT_LANGUAGE)
    labels = {}
    for word in PICTURE_ENGLISH:
        key = dynamic_key("pop.label", word) if word in LABELS_EN else f"pop.{word}"
        text = str(mine.get(key) or english.get(key) or PICTURE_ENGLISH[word])
        drawable = all(has_glyph(ch) for ch in text if not ch.isspace())
        labels[word] = text if drawable else str(english.get(key) or PICTURE_ENGLISH[word])
    return labels


def card_label(card: int) -> str:
    """A card button's label: the number first, then its colour's shape."""
    return f"{card} {COLOUR_STYLE[colour_name(card)].symbol}"


@dataclass(frozen=True)
class AltWords:
    """The alt texts' `t(key, **values)` in `lang`: render/pop/alt.py's keys, each `x.y` as Pop's
    own `pop.x.y` (`alt.*`, `colour.*`, `mode.*`, `level.*`, `title.*`; the bare `chief` too).
    A class, not a closure: it travels to the processes that draw (bot/workers.py)."""

    lang: str

    def __call__(self, key: str, **values: object) -> str:
        family, _, value = key.partition(".")
        if not value:
            return t("pop.chief", self.lang, **values)
        if family == "alt":
            return t(dynamic_key("pop.alt", value), self.lang, **values)
        return t(dynamic_key(f"pop.{family}", value), self.lang, **values)


def alt_words(lang: str) -> AltWords:
    return AltWords(lang)


def hints_of(table: Table) -> int:
    """Hints asked for in the table's current game (solo)."""
    hints = table.face.get("hints")
    return int(hints.get(str(table.games), 0)) if isinstance(hints, dict) else 0
