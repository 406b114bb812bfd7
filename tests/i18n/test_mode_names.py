"""A game's modes are named by one capitalisation rule in each language, wherever a player reads
them (the lobby, "opened table #3 (…)", the /<game> new choices and their description): in
English, Italian, French, Spanish and Polish a mode is a common word, written in lower case
("competitive", "trick", "enigma", "duel"); German writes its modes as nouns, whose head is
capitalised ("Wettkampf", "Trick", "Rätsel", "normale Wertung"); Japanese has no case."""

from __future__ import annotations

import pytest

import bot.games  # noqa: F401  (every game declares its run-time key families)
from bot.texts.i18n import DYNAMIC_KEYS, catalogue, dynamic_key

# Every family of mode names: each game's labels, and Pop's choices (Colorpop's modes are its
# choices too).
MODE_FAMILIES = sorted(family for family in DYNAMIC_KEYS if family.endswith(".mode"))
LOWER_CASE = ("en", "it", "fr", "es", "pl")


def mode_names(lang: str) -> dict[str, str]:
    return {
        key: str(catalogue(lang)[key])
        for family in MODE_FAMILIES
        for key in (dynamic_key(family, mode) for mode in DYNAMIC_KEYS[family])
    }


def test_the_mode_families_are_found():
    assert {"pop.mode", "pop.choice.mode", "coloretto.mode", "colorpop.mode"} <= set(MODE_FAMILIES)


@pytest.mark.parametrize("lang", LOWER_CASE)
def test_a_mode_is_a_word_in_lower_case(lang):
    upper = {key: name for key, name in mode_names(lang).items() if name[0] != name[0].lower()}
    assert upper == {}


def test_a_german_mode_is_a_noun_with_its_head_capitalised():
    names = mode_names("de")
    adjectives = {key: name for key, name in names.items() if not name.split()[-1][0].isupper()}
    assert adjectives == {}
    assert names["pop.mode.competitive"] == names["colorpop.mode.competitive"]
