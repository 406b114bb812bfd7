"""Japanese texts: a Colourist word or phrase is quoted 「…」 in a sentence that reads right for a
noun, an adjective or a verb; sentences use full-width punctuation; the table has one name (卓)
and a shared win one word (同点優勝)."""

from __future__ import annotations

import re
import string

import pytest

from bot.texts.i18n import catalogue, t

JA = catalogue("ja")
EN = catalogue("en")

# Words of the shipped list that broke the old sentences: a verb, an adjective that is a
# な-stem (read as an adverb before に), a noun, and a phrase (adjective + noun).
WORDS = ("眠る", "誇らしげ", "静か", "バナナ", "踊る家")


def forms(entry: object) -> list[str]:
    return list(entry.values()) if isinstance(entry, dict) else [str(entry)]


def fields(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def word_keys() -> list[str]:
    """Every Colourist key whose text embeds the round's word or phrase."""
    return [
        key
        for key, entry in EN.items()
        if key.startswith("colourist.") and any("text" in fields(f) for f in forms(entry))
    ]


def test_the_word_keys_are_found():
    assert {
        "colourist.private.guess",
        "colourist.private.colourist",
        "colourist.private.chosen",
        "colourist.step.reveal",
        "colourist.step.kept",
        "colourist.turn.word",
        "colourist.label.alt_card",
        "colourist.label.alt_reveal",
    } <= set(word_keys())


@pytest.mark.parametrize("key", word_keys())
def test_a_word_or_phrase_is_quoted_and_not_made_an_adverb(key):
    for text in forms(JA[key]):
        assert "「{text}」" in text, text
        # never 「…」に / …に: "**眠る**に" breaks on verbs, "誇らしげに" reads as an adverb
        assert not re.search(r"\{text\}」(\*\*)?に", text), text
    for word in WORDS:
        values = {f: "X" for f in fields(forms(EN[key])[-1])} | {"text": word, "n": 1}
        shown = t(key, "ja", **values)
        assert f"「{word}」" in shown
        assert f"{word}に" not in shown
        assert f"{word}**に" not in shown


def _outside_markup(text: str) -> str:
    """A Japanese text without what keeps ASCII: {placeholders}, `code`, URLs, slash commands,
    and Discord markup."""
    text = re.sub(r"\{[^{}]*\}", "", text)
    text = re.sub(r"`[^`]*`", "", text)
    text = re.sub(r"https?://\S+", "", text)
    text = re.sub(r"<[@#:!&a-z0-9]+>", "", text)
    text = re.sub(r"(?<![\w/])/[a-z]+(?: [a-z]+)?", "", text)  # /pop new, /table show
    return text.replace("**", "")


@pytest.mark.parametrize("key", sorted(JA))
def test_japanese_sentences_use_full_width_punctuation(key):
    for text in forms(JA[key]):
        ascii_marks = re.findall(r"[:?!(),]", _outside_markup(text))
        assert ascii_marks == [], f"{key}: ASCII {ascii_marks} in {text!r}"


def test_the_punctuation_check_keeps_ascii_where_it_belongs():
    kept = _outside_markup("`pop-bot replay` で再生（{format}）\uff1a/table show <@123>")
    assert kept == " で再生（）\uff1a "
    assert re.findall(r"[:?!(),]", _outside_markup("お題: **{text}**")) == [":"]


def test_the_table_has_one_name():
    texts = {key: " ".join(forms(entry)) for key, entry in JA.items()}
    assert [key for key, text in texts.items() if "テーブル" in text] == []
    for key in (
        "table.thread_name",
        "pop.lobby.text",
        "coloretto.lobby.text",
        "colorpop.lobby.text",
        "colourist.lobby.text",
        "table.record_later",
        "command.table.name",
    ):
        assert "卓" in texts[key], key


def test_a_shared_win_is_douten_yuushou():
    texts = {key: " ".join(forms(entry)) for key, entry in JA.items()}
    assert [key for key, text in texts.items() if "引き分け" in text or "共同優勝" in text] == []
    for key in ("result.shared_win",):
        assert texts[key].startswith(("同点優勝", "🏆 同点優勝")), key
    assert "同点優勝" in texts["colourist.rules"]


def test_japanese_lists_are_joined_with_the_ideographic_comma():
    from bot.games.coloretto.words import cards_text
    from bot.texts.i18n import listed

    assert listed(["赤", "青"], "ja") == "赤、青"
    assert listed(["red", "blue"], "en") == "red, blue"
    shown = cards_text(["blue", "green"], "ja")
    assert "、" in shown
    assert ", " not in shown


def test_san_follows_a_name_without_a_space():
    """{name}さん everywhere: "Anaさん", "**Ana**さん", never "Ana さん" in one message and
    "Anaさんが" in the next."""
    spaced = [
        key for key, entry in JA.items() if any(re.search(r"[}*] さん", f) for f in forms(entry))
    ]
    assert spaced == []
    assert any("{name}さん" in f for entry in JA.values() for f in forms(entry))
