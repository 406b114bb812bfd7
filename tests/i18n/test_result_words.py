"""Every game says a win, a shared win and a place with the same words (issue 33: "one set of
words for a win, a shared win, a place")."""

from __future__ import annotations

import pytest

from bot.texts.i18n import languages, place, winners


def test_a_single_winner_and_a_shared_win_read_differently_in_every_language():
    for lang in languages():
        alone, shared = winners(["Ana"], lang), winners(["Ana", "Ben"], lang)
        assert "Ana" in alone
        assert "Ben" not in alone
        assert "Ana" in shared
        assert "Ben" in shared
        assert alone.replace("Ana", "") != shared.replace("Ana", "").replace("Ben", "")


@pytest.mark.parametrize(
    ("lang", "first", "third"),
    [("en", "1st", "3rd"), ("fr", "1er", "3e"), ("ja", "1位", "3位"), ("de", "1.", "3.")],
)
def test_places_are_written_as_the_language_writes_them(lang, first, third):
    assert place(1, lang) == first
    assert place(3, lang) == third


def test_the_japanese_shared_win_lists_names_with_its_own_separator():
    assert "Ana、Ben" in winners(["Ana", "Ben"], "ja")
