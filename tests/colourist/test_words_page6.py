"""Every constraint of the rules page's §6 on the shipped word list, and a fixed sample of 50
phrases printed in all 7 languages into the test log (`pytest -s` shows it; it is also
logged)."""

from __future__ import annotations

import json
import logging
import random

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


def test_fifty_phrases_in_seven_languages_go_to_the_log():
    rng = random.Random(15)
    nouns, adjectives = WORDS.ids(NOUN), WORDS.ids(ADJECTIVE)
    lines = []
    for i in range(50):
        adjective, noun = rng.choice(adjectives), rng.choice(nouns)
        printed = {lang: W.phrase(WORDS, adjective, noun, lang) for lang in W.LANGUAGES}
        assert all(p and p == p.strip() and "  " not in p for p in printed.values())
        assert " " not in printed["ja"]
        lines.append(
            f"{i + 1:2d} {adjective}+{noun}: "
            + " | ".join(f"{lang} {printed[lang]}" for lang in W.LANGUAGES)
        )
    text = "\n".join(lines)
    print(text)
    log.info("50 phrases:\n%s", text)
    assert len(lines) == 50
