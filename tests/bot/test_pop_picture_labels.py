"""Pop's pictures are drawn in the table's language: the face gives render its words."""

from __future__ import annotations

from bot.games.pop.words import picture_labels
from render.kit import has_glyph
from render.pop.labels import ENGLISH, LABELS_EN, label


def test_every_language_gives_every_picture_word_drawable():
    for lang in ("en", "it", "ja", "fr", "es", "pl", "de"):
        labels = picture_labels(lang)
        assert set(labels) == set(ENGLISH)
        for text in labels.values():
            assert all(has_glyph(ch) for ch in text if not ch.isspace()), (lang, text)


def test_the_words_are_translated_and_filled_in():
    ja, it = picture_labels("ja"), picture_labels("it")
    assert label(ja, "step", n=4) == "ステップ 4"
    assert label(it, "chain", n=2) == "catena ×2"
    assert label(ja, "level.beginners") != ENGLISH["level.beginners"]
    english = picture_labels("en")
    assert all(english[k] == v for k, v in LABELS_EN.items())
