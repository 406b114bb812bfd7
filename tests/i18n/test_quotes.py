"""Every language quotes as it quotes, in every catalogue (the shared one and each game's): a
quoted phrase opens and closes with its language's marks, and no other quotation mark is used:
English “…”, German „…“, Japanese 「…」, Polish „…”, French « … » (a no-break space inside, so
a mark never ends or starts a line alone), Italian and Spanish «…». What is between backticks is
code and keeps its own characters."""

from __future__ import annotations

import re

import pytest

import bot.games  # noqa: F401  (every game brings its catalogue)
from bot.texts.i18n import catalogue, languages

# (opening, closing) mark of each language.
MARKS = {
    "en": ("“", "”"),
    "de": ("„", "“"),
    "ja": ("「", "」"),
    "pl": ("„", "”"),
    "fr": ("«", "»"),
    "it": ("«", "»"),
    "es": ("«", "»"),
}
# Every quotation mark of the seven languages and their neighbours: the double ones, the
# guillemets single and double, the Japanese brackets, the full-width and ASCII double quote,
# the single ones (written as escapes: they look like < > ` , `).
QUOTATION_MARKS = set('“”„‟«»「」『』〝〞"') | set("\u2039\u203a\uff02\u2018\u201a\u201b")
# An ASCII apostrophe opening a quotation (after a space or a bracket, before a letter); one
# inside or after a word ("today's", "l'IA") is an apostrophe.
SINGLE_QUOTE = re.compile(r"(?:^|(?<=[\s(\[]))'(?=\w)")
CODE = re.compile(r"`[^`]*`")
FRENCH_SPACES = ("\u00a0", "\u202f")  # no-break space, narrow no-break space


def texts(lang: str) -> list[tuple[str, str]]:
    """(key, text) of every form of every entry of a language's catalogues."""
    found = []
    for key, entry in catalogue(lang).items():
        for text in entry.values() if isinstance(entry, dict) else [entry]:
            found.append((key, str(text)))
    return found


def quoting_problems(text: str, lang: str) -> list[str]:
    """What is wrong with the quotation marks of one text in `lang` (nothing: [])."""
    opening, closing = MARKS[lang]
    text = CODE.sub("", text)
    problems = [f"{m.group()!r} as a quote" for m in SINGLE_QUOTE.finditer(text)]
    inside = False
    for at, char in enumerate(text):
        if char not in QUOTATION_MARKS:
            continue
        if not inside and char == opening:
            inside = True
            if lang == "fr" and text[at + 1 : at + 2] not in FRENCH_SPACES:
                problems.append("« without a no-break space after it")
        elif inside and char == closing:
            inside = False
            if lang == "fr" and text[at - 1 : at] not in FRENCH_SPACES:
                problems.append("» without a no-break space before it")
        else:
            problems.append(f"{char!r} at {at}")
    if inside:
        problems.append(f"{opening!r} never closed")
    return problems


@pytest.mark.parametrize("lang", languages())
def test_every_quoted_phrase_uses_its_languages_marks(lang):
    wrong = {
        key: (problems, text[:120])
        for key, text in texts(lang)
        if (problems := quoting_problems(text, lang))
    }
    assert wrong == {}


@pytest.mark.parametrize("lang", languages())
def test_the_catalogues_do_quote(lang):
    """The check sees quotes where there are some: the timer a player typed is quoted in every
    language, and each catalogue holds at least that."""
    opening, closing = MARKS[lang]
    quoted = [key for key, text in texts(lang) if opening in text and closing in text]
    assert "timer.not_understood" in quoted


@pytest.mark.parametrize(
    ("text", "lang", "wrong"),
    [
        ("the “Create Public Threads” permission", "en", False),
        ("die Berechtigung „Threads verwalten“", "de", False),
        ("die Berechtigung “Threads verwalten”", "de", True),
        ("il permesso “Crea thread pubblici”", "it", True),
        ("il permesso «Crea thread pubblici»", "it", False),
        ("la permission « Créer des fils publics »", "fr", True),  # plain spaces
        ("la permission «\u00a0Créer des fils publics\u00a0»", "fr", False),
        ("uprawnienia „Tworzenie wątków publicznych”", "pl", False),
        ("uprawnienia „Tworzenie wątków publicznych“", "pl", True),
        ("「公開スレッドの作成」権限", "ja", False),
        ("“公開スレッドの作成”権限", "ja", True),
        ('the "Join" button', "en", True),
        ("the 'Join' button", "en", True),
        ("Today's Enigma, l'IA", "fr", False),
        ("«sin cerrar", "es", True),
        ("`“code”` keeps its characters", "es", False),
    ],
)
def test_the_check_tells_right_from_wrong(text, lang, wrong):
    assert bool(quoting_problems(text, lang)) is wrong
