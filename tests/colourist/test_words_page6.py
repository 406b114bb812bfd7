"""Every constraint of the rules page's §6 on the shipped word list, and a fixed sample of 50
phrases and words in each of the 7 languages printed for a reader (`pytest -s` shows them; they
are also logged)."""

from __future__ import annotations

import json
import logging
import random
import re

import pytest

from engine.colourist import words as W
from engine.colourist.game import ADJECTIVE, COLOURS, NOUN

log = logging.getLogger("colourist.words")
RAW = json.loads(W.DEFAULT_PATH.read_text(encoding="utf-8"))
WORDS = W.shipped_words()


def test_every_constraint_of_section_6():
    assert RAW["format"] == W.FORMAT
    assert set(RAW) == {"format", "concepts"}
    kinds = [c["kind"] for c in RAW["concepts"]]
    assert kinds.count(NOUN) >= 120
    assert kinds.count(ADJECTIVE) >= 120
    ids = [c["id"] for c in RAW["concepts"]]
    assert len(ids) == len(set(ids))
    for c in RAW["concepts"]:
        assert set(c) == W.CONCEPT_KEYS
        assert c["id"][0] == c["kind"][0]
        assert W.ID_PATTERN[c["kind"]].fullmatch(c["id"])
        assert 1 <= len(c["colours"]) <= 3
        assert len(set(c["colours"])) == len(c["colours"])
        assert set(c["colours"]) <= set(COLOURS)
        fields = W.NOUN_FIELDS if c["kind"] == NOUN else W.ADJECTIVE_FIELDS
        for lang in W.LANGUAGES:
            entry = c[lang]
            required, optional = fields[lang]
            assert required <= set(entry) <= required | optional, (c["id"], lang)
            texts = [entry["text"], *entry.get("forms", {}).values()]
            texts += [entry["attr"]] if "attr" in entry else []
            assert all(isinstance(x, str) and x and x == x.strip() for x in texts)
            assert entry.get("vowel", True) is True
            assert entry.get("position", "before") == "before"
            if "gender" in entry:
                assert entry["gender"] in W.GENDERS[lang]
            if "forms" in entry:
                assert (
                    set(W.GENDERS[lang])
                    <= set(entry["forms"])
                    <= set(W.GENDERS[lang]) | ({"mv"} if lang == "fr" else set())
                )
    for kind in (NOUN, ADJECTIVE):  # `text` distinct within a kind and language
        for lang in W.LANGUAGES:
            texts = [c[lang]["text"] for c in RAW["concepts"] if c["kind"] == kind]
            assert len(texts) == len(set(texts)), (kind, lang)
    # no colour words: no colour name of the seven languages in any text (words.COLOUR_NAMES)
    for c in RAW["concepts"]:
        for lang in W.LANGUAGES:
            for text in [c[lang]["text"], *c[lang].get("forms", {}).values()]:
                assert W.colour_words(text, lang) == [], (c["id"], lang, text)


# What a printed card must not show: a template's or a program's leftovers.
PLACEHOLDER = re.compile(r"[{}<>\[\]%$_|\\]|None|null|TODO|XXX|\?\?|\.\.\.")


def _fifty(lang: str) -> list[tuple[str, str, str]]:
    """50 draws in a language, seeded: (adjective + noun phrase, the adjective, the noun)."""
    rng = random.Random(f"colourist-words-{lang}")
    nouns, adjectives = WORDS.ids(NOUN), WORDS.ids(ADJECTIVE)
    draws = [(rng.choice(adjectives), rng.choice(nouns)) for _ in range(50)]
    return [
        (W.phrase(WORDS, a, n, lang), W.shown(WORDS, [a], lang), W.shown(WORDS, [n], lang))
        for a, n in draws
    ]


def _well_formed(text: str, lang: str) -> bool:
    return (
        bool(text)
        and text == text.strip()
        and "  " not in text
        and not PLACEHOLDER.search(text)
        and W.colour_words(text, lang) == []
        and (lang != "ja" or " " not in text)
    )


@pytest.mark.parametrize("lang", W.LANGUAGES)
def test_fifty_phrases_and_words_of_each_language_go_to_the_log(lang):
    lines = []
    for i, (printed, adjective, noun) in enumerate(_fifty(lang), 1):
        for text in (printed, adjective, noun):
            assert _well_formed(text, lang), (lang, text)
        assert printed.endswith(noun) or printed.startswith(noun), printed
        lines.append(f"{lang} {i:2d}  {printed:<32}  {adjective} / {noun}")
    text = "\n".join(lines)
    print(text)
    log.info("50 phrases and words in %s:\n%s", lang, text)
    assert len(lines) == 50


@pytest.mark.parametrize(
    "text", ["{adjective} dom", "casa None", "TODO", "[a001]", "<noun>", "casa  rossa", " casa"]
)
def test_a_placeholder_or_a_slip_is_not_well_formed(text):
    assert not _well_formed(text, "it")


def test_a_colour_word_is_not_well_formed():
    assert not _well_formed("casa rossa", "it")
    assert not _well_formed("ブルーの家", "ja")
    assert _well_formed("casa luccicante", "it")
