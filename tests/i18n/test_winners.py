"""Results agree in number with their winners: the winners texts the code passes the number of
winners to (`n=len(winners)`) are plural dicts; the one it does not (Colorpop's cleared board)
names the winners after a label, which reads right for one or several; Colorpop's seat line
reads right for a solo player too (no "their side")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.texts.i18n import PLURAL_FORMS, catalogue, languages, t

BOT_DIR = Path(__file__).resolve().parents[2] / "bot"
WINNERS_KEYS = ("pop.result.winners", "colorpop.result.winners")


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


def test_the_cleared_board_is_worded_for_any_number_of_winners():
    """The code passes no n (bot/games/colorpop/words.py): a plural dict would be chosen by 0."""
    calls = [kw for key, kw, _ in literal_calls() if key == "colorpop.result.cleared"]
    assert calls
    assert all("n" not in kw for kw in calls)
    label = {
        "en": "🏆 Victory: ",
        "it": "🏆 Vittoria: ",
        "ja": "🏆 勝利\uff1a",
        "fr": "🏆 Victoire : ",
        "es": "🏆 Victoria: ",
        "pl": "🏆 Zwycięstwo: ",
        "de": "🏆 Sieg: ",
    }
    for lang in languages():
        entry = catalogue(lang)["colorpop.result.cleared"]
        assert isinstance(entry, str), lang
        for names in ("**ana**", "**ana, ben**"):
            shown = t("colorpop.result.cleared", lang, names=names, colours="● x", by="ana")
            assert shown.startswith(label[lang] + "**" + names), (lang, shown)


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("key", WINNERS_KEYS)
def test_winners_texts_are_plural_dicts(lang, key):
    entry = catalogue(lang)[key]
    assert isinstance(entry, dict)
    assert set(PLURAL_FORMS[lang]) <= set(entry)


@pytest.mark.parametrize(
    ("key", "one", "several"),
    [
        ("colorpop.result.winners", "🏆 Winner: **ana**", "🏆 Winners: **ana, ben**"),
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
