"""Colourist's words in a table's language: the pictures' words, the cards, the word or phrase
of a round (printed in the table's language; the AI reads only concept ids)."""

from __future__ import annotations

import string
from collections.abc import Sequence

from engine.colourist import words as W
from engine.colourist.adapter import COLOURIST
from render.colourist.labels import LABELS_EN

from ...i18n import dynamic_key, t


def labels(lang: str) -> dict[str, str]:
    """The pictures' words in `lang`, placeholders kept for the pictures to fill."""
    out = {}
    for key, english in LABELS_EN.items():
        holes = {f: "{" + f + "}" for _, f, _, _ in string.Formatter().parse(english) if f}
        out[key] = t(dynamic_key("colourist.label", key), lang, **holes)
    return out


def card_name(card: str, lang: str) -> str:
    return t(dynamic_key("colourist.card", card), lang)


def shown(ids: Sequence[str], lang: str) -> str:
    """The word or phrase of these ids, printed in `lang`."""
    return W.shown(COLOURIST.words, ids, lang)
