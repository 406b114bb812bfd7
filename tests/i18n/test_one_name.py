"""One name per thing in each language: the word a picture draws is the word the messages use
(Pop's Chief, a Pop set), a game's rows have its edition's name, a game's name is spelt one way,
and a guess about a player assumes no gender."""

from __future__ import annotations

import re

import pytest

from bot.texts.i18n import catalogue, languages

EN = catalogue("en")


def forms(entry: object) -> list[str]:
    return list(entry.values()) if isinstance(entry, dict) else [str(entry)]


def text_of(lang: str, key: str) -> str:
    return " ".join(forms(catalogue(lang)[key]))


# Pop's Chief: the picture's word, and the stems of its inflected forms (Polish declines it:
# Wódz, Wodza, Wodzu); the words it was also called; the qualifier of its full name, which only
# the competitive rules use, as English does ("The Multicolor Chief").
CHIEF = {
    "en": ("Chief", ("Chief",), (), "Multicolor"),
    "it": ("Capo", ("Capo",), (), "Multicolore"),
    "ja": ("チーフ", ("チーフ",), (), "マルチカラー"),
    "fr": ("Chef", ("Chef",), (), "Multicolore"),
    "es": ("Jefe", ("Jefe",), (), "Multicolor"),
    "pl": ("Wódz", ("Wódz", "Wodz"), ("Szef",), "Wielobarwny"),
    "de": ("Häuptling", ("Häuptling",), ("Chef",), "Bunte"),
}


def chief_keys() -> list[str]:
    """Pop's texts that name the Chief (in English)."""
    return [k for k in EN if k.startswith("pop.") and "Chief" in text_of("en", k)]


def test_the_chief_texts_are_found():
    keys = chief_keys()
    assert {"pop.chief", "pop.label.chief", "pop.turn.chief_shows", "pop.rules.trick"} <= set(keys)
    assert len(keys) >= 10


@pytest.mark.parametrize("lang", languages())
def test_the_chief_has_one_name_in_pictures_and_messages(lang):
    word, stems, others, qualifier = CHIEF[lang]
    assert text_of(lang, "pop.label.chief") == word
    assert text_of(lang, "pop.chief").split()[-1] == word  # "the Chief", "der Häuptling"
    for key in chief_keys():
        text = text_of(lang, key)
        assert any(stem in text for stem in stems), (key, text)
    pop_texts = {k: text_of(lang, k) for k in EN if k.startswith("pop.")}
    assert [k for k, text in pop_texts.items() if any(o in text for o in others)] == []
    qualified = {k for k, text in pop_texts.items() if qualifier in text}
    assert qualified == {k for k in pop_texts if "Multicolor" in text_of("en", k)}


# A Pop set: the one word of each language, and the words it was also called.
SET = {
    "en": ("Set", ()),
    "it": ("Set", ()),
    "ja": ("ラウンド", ("セット",)),
    "fr": ("Manche", ()),
    "es": ("Ronda", ()),
    "pl": ("Runda", ("ozdani", "ozdań")),  # Rozdanie, rozdania, rozdań
    "de": ("Runde", ("Durchg", "Satz", "Sätze")),
}
SET_KEYS = ("pop.label.set", "pop.result.set", "pop.turn.header", "pop.alt.set_turn")


@pytest.mark.parametrize("lang", languages())
def test_a_pop_set_has_one_name_in_pictures_and_messages(lang):
    word, others = SET[lang]
    for key in (*SET_KEYS, "pop.hand.choose"):
        assert word in text_of(lang, key), key
    assert text_of(lang, "pop.label.set").startswith(word)
    pop_texts = {k: text_of(lang, k) for k in EN if k.startswith("pop.")}
    assert [k for k, text in pop_texts.items() if any(o in text for o in others)] == []


def coloretto_row_keys() -> list[str]:
    """Coloretto's texts about its rows, the refusals of its moves included."""
    return [
        k
        for k in EN
        if re.search(r"\brows?\b", text_of("en", k), re.I)
        and (k.startswith("coloretto.") or k.startswith("refusal."))
    ]


def test_spanish_coloretto_rows_are_columnas():
    keys = coloretto_row_keys()
    assert {"coloretto.label.row", "coloretto.button.take", "refusal.row_full"} <= set(keys)
    for key in keys:
        text = text_of("es", key)
        assert re.search(r"\bcolumnas?\b", text, re.I), (key, text)
        assert not re.search(r"\bfilas?\b", text, re.I), (key, text)
    assert text_of("es", "coloretto.label.row") == "Columna {n}"


def test_colourist_is_spelt_as_its_name():
    misspelt = [
        (lang, key)
        for lang in languages()
        for key, entry in catalogue(lang).items()
        if re.search(r"\bColorist\b", " ".join(forms(entry)))  # not "colorista", the role
    ]
    assert misspelt == []
    assert text_of("it", "colourist.label.alt_track").startswith("Percorso di Colourist")


def test_a_french_guess_assumes_no_gender():
    assert [
        k for k, e in catalogue("fr").items() if re.search(r"-t-(il|elle)\b", " ".join(forms(e)))
    ] == []
    assert text_of("fr", "colourist.private.guess") == (
        "Quelle couleur choisira {name} pour **{text}** ?"
    )


def test_italian_host_is_one_word():
    texts = {k: text_of("it", k) for k in catalogue("it")}
    assert [k for k, text in texts.items() if "ospit" in text] == []
    assert all(
        "host {host}" in texts[f"{game}.lobby.text"]
        for game in ("pop", "coloretto", "colorpop", "colourist")
    )


# Pop's Queue cards (A–E): the rules' name, in the alt text that lists them too.
QUEUE = {
    "en": "queue",
    "it": "fila",
    "ja": "列（キュー）",
    "fr": "file",
    "es": "de fila",
    "pl": "kolejk",
    "de": "schlange",
}


@pytest.mark.parametrize("lang", languages())
def test_the_queue_cards_have_one_name(lang):
    for key in ("pop.rules.common", "pop.alt.queue_rows", "pop.talk.rule"):
        assert QUEUE[lang] in text_of(lang, key).lower(), key
