"""Pop's messages name a card as its picture shows it: the number with its colour's shape and
the colour's word ("40 (✚ purple)"), as Coloretto's say "◆ blue"; the Japanese texts call an
explosion symbol by one word (爆発マーク) everywhere."""

from __future__ import annotations

import json

import pytest

from bot.games.pop.face import PopFace
from bot.games.pop.words import alt_words, cards_text, picture_labels
from bot.texts.i18n import languages
from engine.data import data_path
from engine.pop.cards import colour_name
from render.pop.alt import hand_alt, step_alt
from render.pop.scene import Frame
from tests.render.test_frames import frames_of


def test_a_card_says_its_number_shape_and_colour_in_the_tables_language():
    assert colour_name(40) == "purple"
    assert colour_name(12) == "yellow"
    assert cards_text([40], "en") == "40 (✚ purple)"
    assert cards_text([40], "de") == "40 (✚ Lila)"
    assert cards_text([12], "ja") == "12（▲黄）"
    assert cards_text([40], "en", bold=True) == "**40** (✚ purple)"


def test_cards_of_one_colour_are_named_once_in_the_languages_list():
    assert cards_text([22, 27, 40], "en") == "22, 27 (▲ yellow), 40 (✚ purple)"
    assert cards_text([22, 27], "ja") == "22、27（▲黄）"


def _frame(kind: str) -> Frame:
    frames = [f for seed in range(3) for f in frames_of("competitive", 3, 1, seed)]
    return next(f for f in frames if f.kind == kind)


@pytest.mark.parametrize("lang", languages())
def test_the_step_messages_name_each_card_with_its_colour(lang: str):
    face = PopFace()
    placed = _frame("placed")
    assert placed.placed_card is not None
    said = face.caption(placed, {}, lang)
    assert f"**{placed.placed_card}**" in said
    assert cards_text([placed.placed_card], lang, bold=True) in said
    exploded = _frame("exploded")
    said = face.caption(exploded, {}, lang)
    assert cards_text(sorted(exploded.marked_cards), lang) in said
    assert "(" in said or "（" in said  # the colour is named, not only the numbers


def test_purple_is_a_cross_in_every_pop_text():
    """Purple was a star in Pop; it is the palette's cross now, in every text a player reads."""
    for lang in languages():
        assert "✚" in cards_text([5], lang)
        catalogue = json.loads(data_path("pop", "locales", f"{lang}.json").read_text())
        assert "★" not in json.dumps(catalogue, ensure_ascii=False), lang


def test_japanese_says_explosion_mark_in_one_word():
    catalogue = json.loads(data_path("pop", "locales", "ja.json").read_text())
    texts = json.dumps(catalogue, ensure_ascii=False)
    assert "シンボル" not in texts
    assert "爆発マーク" in picture_labels("ja")["tiebreak"]


def test_alt_texts_join_lists_as_the_language_writes_them():
    japanese = hand_alt([12, 17, 40], t=alt_words("ja"))
    assert "12 黄、17 黄、40 紫" in japanese
    assert ", " not in japanese
    assert "12 yellow, 17 yellow, 40 purple" in hand_alt([12, 17, 40], t=alt_words("en"))


@pytest.mark.parametrize(
    ("lang", "words"),
    [("de", "legt die Karte {card} ({colour})"), ("pl", "kładzie kartę {card} ({colour})")],
)
def test_german_and_polish_alt_texts_name_a_card_without_inflecting_its_colour(lang, words):
    """ "kładzie 27 żółty" read wrong: the colour is a label in brackets after "the card"."""
    placed = _frame("placed")
    assert placed.placed_card is not None
    colour = alt_words(lang)(f"colour.{colour_name(placed.placed_card)}")
    said = step_alt(placed, t=alt_words(lang))
    assert words.format(card=placed.placed_card, colour=colour) in said
