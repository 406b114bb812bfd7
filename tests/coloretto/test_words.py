"""Coloretto's words as a player reads them (issue 33): the "+2" cards are called +2 in every
language, and a card's name stands where no language has to inflect it."""

from __future__ import annotations

import re

import pytest

from bot.games.coloretto.words import alt_words, caption, card_name, picture_labels
from bot.texts.i18n import catalogue, languages
from engine.coloretto import events as ev
from engine.coloretto.view import view
from render.coloretto.alt import table_alt
from render.coloretto.demo import steps

# "Cotton", as the source text calls the +2 cards, in the seven languages.
COTTON = re.compile(r"cotton|baumwoll|coton|algod|cotone|bawełn|綿", re.IGNORECASE)
# A card's name (or a list of them) after "(", ":" or at the start: never inflected.
PLACEHOLDER = re.compile(r"\{(card|extra|cards|jokers)\}")
UNINFLECTED = re.compile(r"(^|[(\uff08]|[:\uff1a]\s?)$")  # full-width ( and : too


def coloretto_texts(lang: str) -> dict[str, str]:
    return {key: str(text) for key, text in catalogue(lang).items() if key.startswith("coloretto.")}


@pytest.mark.parametrize("lang", languages())
def test_the_plus2_cards_are_called_plus2(lang):
    texts = coloretto_texts(lang)
    said = {key: re.sub(r"\{\w+\}", "", text) for key, text in texts.items()}  # the words
    assert [key for key, text in said.items() if COTTON.search(text)] == []
    assert "+2" in texts["coloretto.card.cotton"]
    assert "+2" in card_name("cotton", lang)
    assert "+2" in alt_words(lang)("card.cotton")
    assert all(not COTTON.search(word) for word in picture_labels(lang).values())


@pytest.mark.parametrize("lang", languages())
def test_a_cards_name_needs_no_inflection(lang):
    """German "legte blau an Reihe 1", "zog goldener Joker", Polish "dobiera kartę złoty
    joker": a card's name now follows a colon or a bracket."""
    wrong = []
    for key, text in coloretto_texts(lang).items():
        for found in PLACEHOLDER.finditer(text):
            if not UNINFLECTED.search(text[: found.start()]):
                wrong.append(f"{key}: {text}")
    assert wrong == []


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [
        ("de", "zog eine Karte (🌟 goldener Joker)", "zog goldener Joker"),
        ("pl", "dobiera kartę (🌟 złoty joker)", "dobiera kartę złoty joker"),
    ],
)
def test_german_and_polish_say_a_drawn_card_grammatically(lang, said, not_said):
    state, event = next(
        (s, e)
        for seed in range(20)
        for s, e in steps(3, seed)
        if isinstance(e, ev.CardDrawn) and e.card == "golden"
    )
    words = {"p0": "Ana"}
    shown = (
        caption([event], words, lang) + " " + table_alt(view(state), words, event, alt_words(lang))
    )
    assert said.replace("🌟 ", "") in shown.replace("🌟 ", "")
    assert not_said not in shown
