"""Results agree in number with their winners: the winners texts the code passes the number of
winners to (`n=len(winners)`) are plural dicts; Colorpop says its winners with the shared words
and its cleared board names none, so it reads right for one or several; Colorpop's seat line
reads right for a solo player too (no "their side")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import bot.games  # noqa: F401  (every game brings its texts)
from bot.texts.i18n import PLURAL_FORMS, catalogue, languages, t

BOT_DIR = Path(__file__).resolve().parents[2] / "bot"
WINNERS_KEYS = ("pop.result.winners",)


def literal_calls() -> list[tuple[str, set[str | None], str]]:
    """Every t(...) of bot/ with a literal key: (key, its keyword names, where)."""
    calls = []
    for path in sorted(BOT_DIR.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "t"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                keywords = {k.arg for k in node.keywords}
                calls.append((node.args[0].value, keywords, f"{path.name}:{node.lineno}"))
    return calls


def test_every_plural_text_is_given_its_count_by_the_code():
    plural = {k for k, v in catalogue("en").items() if isinstance(v, dict)}
    calls = literal_calls()
    assert {key for key, _, _ in calls} >= set(WINNERS_KEYS)
    missing = [where for key, kw, where in calls if key in plural and not {"n", None} & kw]
    assert missing == []


def test_the_cleared_board_names_no_winner_and_colorpop_says_them_with_the_shared_words():
    """Colorpop's cleared line says what happened (its winners are said by the shared
    `winners`, tests/bot/test_colorpop_results.py), so it reads right for any number."""
    calls = [kw for key, kw, _ in literal_calls() if key == "colorpop.result.cleared"]
    assert calls
    assert all("n" not in kw and "names" not in kw for kw in calls)
    for lang in languages():
        entry = catalogue(lang)["colorpop.result.cleared"]
        assert isinstance(entry, str), lang
        assert "{names}" not in entry, lang
        assert "ana" in t("colorpop.result.cleared", lang, colours="● x", by="ana")
    assert "colorpop.result.winners" not in catalogue("en")


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("key", WINNERS_KEYS)
def test_winners_texts_are_plural_dicts(lang, key):
    entry = catalogue(lang)[key]
    assert isinstance(entry, dict)
    assert set(PLURAL_FORMS[lang]) <= set(entry)


@pytest.mark.parametrize(
    ("key", "one", "several"),
    [
        ("pop.result.winners", "🏆 Winner: ana", "🏆 Shared victory: ana, ben"),
    ],
)
def test_one_winner_wins_several_share(key, one, several):
    assert t(key, "en", n=1, names="ana") == one
    assert several in t(key, "en", n=2, names="ana, ben")


def test_the_colorpop_seat_line_reads_right_for_one_player():
    old_words = {
        "en": "their side",
        "it": "propria parte",
        "fr": "son camp",
        "es": "propio bando",
        "pl": "własną stronę",
        "de": "eigenen Seite",
        "ja": "自分の側",
    }
    for lang, words in old_words.items():
        assert words not in catalogue(lang)["colorpop.result.seat"], lang
    shown = t("colorpop.result.seat", "en", name="ana", colours="● red", left=0, removed=19)
    assert shown == "ana: ● red — left on the board: 0, own tokens removed: 19"
