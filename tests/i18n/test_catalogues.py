"""The catalogues: every key the bot uses exists in every language, none is unused, and each
translation keeps the English placeholders, markdown and the plural forms its language needs."""

from __future__ import annotations

import ast
import json
import re
import string
from collections.abc import Iterable
from pathlib import Path

import pytest

from bot.games import GAMES
from bot.texts.i18n import (
    DEFAULT_LANGUAGE,
    DYNAMIC_KEYS,
    LOCALES_DIR,
    PLURAL_FORMS,
    TABLE_KEYS,
    catalogue,
    dynamic_key,
    game_texts,
    languages,
    plural_form,
    resolve,
    t,
)

BOT_DIR = Path(__file__).resolve().parents[2] / "bot"
SHIPPED = ("en", "it", "ja", "fr", "es", "pl", "de")
TRANSLATIONS = [lang for lang in languages() if lang != DEFAULT_LANGUAGE]
EN = catalogue(DEFAULT_LANGUAGE)

# Calls whose first argument is a catalogue key; `command_str` (alias `_`) and a command's
# take it second; every argument of `texts(...)` is one (bot/tables/faces.py), and so is a constant
# assigned to a `rules_key` (bot/commands/games.py) or to a face's `back_key`,
# `back_told_key` or `record_later_key` (bot/tables/faces.py).
KEY_NAMES = ("rules_key", "back_key", "back_told_key", "record_later_key")
KEY_CALLS = {"t": 0, "Refusal": 0, "command_str": 1, "_": 1}
ALL_KEYS_CALLS = {"texts"}
# Calls whose first argument names a DYNAMIC_KEYS family.
FAMILY_CALLS = {"dynamic_key", "choices"}
# Key arguments that are not literal on purpose: a Refusal's key (its Refusal(...) is scanned),
# a key chosen from keys named in `texts(...)`, the key `answer_rules` was given.
PASSED_ON = {
    "no.key",
    "self.lobby_keys[chosen]",
    "rules_key",
    "self.back_key",
    "self.back_told_key",
    "face.back_told_key",
    "face.record_later_key",
    # a finished game's refusals in the words of the feature asking (its `Said(*texts(...))`)
    "words.running",
    "words.unfinished",
    "words.gone",
    "words.private",
}
# Family arguments passed on by a helper whose own calls name the family literally.
FAMILY_FORWARDED = {"dynamic_key(family, value)", "dynamic_key(f'pop.{family}', value)"}


def _call_name(node: ast.Call) -> str | None:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def _literal_prefix(node: ast.expr) -> str | None:
    """ "mode." of f"mode.{x}" or of "mode." + x."""
    if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
        return node.values[0].value
    if (
        isinstance(node, ast.BinOp)
        and isinstance(node.op, ast.Add)
        and isinstance(node.left, ast.Constant)
        and isinstance(node.left.value, str)
    ):
        return node.left.value
    return None


class KeyScan:
    """Every key the Python sources of bot/ use, literally or as a declared family."""

    def __init__(self) -> None:
        self.keys: set[str] = set()
        self.families: set[str] = set()
        self.unresolved: list[str] = []

    def scan(self, path: Path) -> None:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        functions = [
            n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
        ]
        for node in ast.walk(tree):
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, ast.AnnAssign)
                else []
            )
            if (
                any(isinstance(x, ast.Name) and x.id in KEY_NAMES for x in targets)
                and isinstance(node, ast.Assign | ast.AnnAssign)
                and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)  # `rules_key = None`: no key
            ):
                self.keys.add(node.value.value)
            if not isinstance(node, ast.Call):
                continue
            name = _call_name(node)
            if name in ALL_KEYS_CALLS:
                for arg in node.args:
                    self._key(arg, tree, f"{path.name}:{node.lineno}")
            elif name in FAMILY_CALLS and node.args:  # app_commands.choices(x=…) names none
                if isinstance(node.args[0], ast.Constant):
                    self.families.add(node.args[0].value)
                elif ast.unparse(node) not in FAMILY_FORWARDED:
                    self.unresolved.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
            elif name in KEY_CALLS and len(node.args) > KEY_CALLS[name]:
                scope = next(
                    (
                        f
                        for f in functions
                        if f.lineno <= node.lineno <= f.end_lineno
                        and not any(
                            g is not f and f.lineno <= g.lineno <= node.lineno <= g.end_lineno
                            for g in functions
                        )
                    ),
                    tree,
                )
                self._key(node.args[KEY_CALLS[name]], scope, f"{path.name}:{node.lineno}")

    def _key(self, node: ast.expr, scope: ast.AST, where: str) -> None:
        if ast.unparse(node) in PASSED_ON:
            return
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            self.keys.add(node.value)
        elif isinstance(node, ast.IfExp):
            self._key(node.body, scope, where)
            self._key(node.orelse, scope, where)
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Dict):
            for value in node.value.values:  # {"lobby": "pop.lobby.text", ...}[status]
                self._key(value, scope, where)
        elif isinstance(node, ast.Name):  # key = ...; t(key, ...): what was assigned
            assigned = [
                a.value
                for a in ast.walk(scope)
                if isinstance(a, ast.Assign)
                and any(isinstance(x, ast.Name) and x.id == node.id for x in a.targets)
            ]
            if not assigned:
                self.unresolved.append(f"{where}: {node.id}")
            for value in assigned:
                self._key(value, scope, where)
        elif isinstance(node, ast.Call) and _call_name(node) in FAMILY_CALLS:
            pass  # dynamic_key(family, suffix): the family is scanned with the call itself
        elif (prefix := _literal_prefix(node)) is not None and prefix.endswith("."):
            self.families.add(prefix[:-1])
        else:
            self.unresolved.append(f"{where}: {ast.unparse(node)}")


@pytest.fixture(scope="module")
def scan() -> KeyScan:
    found = KeyScan()
    for path in sorted(BOT_DIR.rglob("*.py")):
        found.scan(path)
    return found


def expanded(families: set[str]) -> set[str]:
    return {dynamic_key(family, suffix) for family in families for suffix in DYNAMIC_KEYS[family]}


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def forms(entry: object) -> list[str]:
    return list(entry.values()) if isinstance(entry, dict) else [entry]


def sample_values(key: str) -> dict[str, object]:
    values: dict[str, object] = {
        name: f"<{name}>" for text in forms(EN[key]) for name in placeholders(text)
    }
    values["n"] = 2
    return values


# --- Which keys ---------------------------------------------------------------------------


def test_the_shipped_languages():
    assert set(languages()) == set(SHIPPED)
    assert languages()[0] == DEFAULT_LANGUAGE


def test_the_scan_understands_every_key_argument(scan):
    assert scan.unresolved == []
    assert {
        "refusal.stale",
        "help",
        "pop.lobby.text",
        "pop.step.chain",
        "pause.notice.forbidden",
        "command.new.name",
    } <= scan.keys  # literal, dict value, if/else, assigned, command


def test_every_dynamic_key_family_is_declared_and_every_declared_family_used(scan):
    assert scan.families == set(DYNAMIC_KEYS)


# Texts written ahead of the code that shows them (its change is another one): each is in every
# catalogue, and none is used yet; once bot/ uses one, it leaves this list.
WAITING_FOR_CODE: set[str] = set()


def test_every_key_of_english_is_used_and_every_used_key_exists(scan):
    used = scan.keys | expanded(scan.families)
    assert sorted(used - set(EN)) == [], "used by the bot but missing from en.json"
    assert sorted(set(EN) - used - WAITING_FOR_CODE) == [], "in en.json but used nowhere in bot/"


def test_the_texts_waiting_for_code_are_not_used_yet(scan):
    used = scan.keys | expanded(scan.families)
    assert sorted(WAITING_FOR_CODE & used) == [], "used now: take it off WAITING_FOR_CODE"
    assert set(EN) >= WAITING_FOR_CODE


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_catalogue_has_exactly_the_keys_of_english(lang):
    keys = set(catalogue(lang))
    assert sorted(set(EN) - keys) == [], f"{lang}.json misses keys"
    assert sorted(keys - set(EN)) == [], f"{lang}.json has keys English does not"


def test_dynamic_keys_follow_the_engine():
    from engine.pop.cards import COLOUR_NAMES
    from engine.pop.enigma import GRADE_NAMES
    from engine.pop.results import COOP_LEVELS, SOLO_TITLES

    assert DYNAMIC_KEYS["pop.colour"] == COLOUR_NAMES
    assert DYNAMIC_KEYS["pop.grade"] == tuple(GRADE_NAMES[g] for g in sorted(GRADE_NAMES))
    assert set(DYNAMIC_KEYS["pop.level"]) == set(COOP_LEVELS)
    assert set(DYNAMIC_KEYS["pop.title"]) == set(SOLO_TITLES.values())
    with pytest.raises(KeyError):
        dynamic_key("pop.mode", "chess")


# --- Whose catalogue: the table layer's (shared) or a game's own ----------------------------

SHARED = json.loads((LOCALES_DIR / f"{DEFAULT_LANGUAGE}.json").read_text(encoding="utf-8"))


def scanned(paths: Iterable[Path]) -> KeyScan:
    found = KeyScan()
    for path in sorted(paths):
        found.scan(path)
    return found


@pytest.fixture(scope="module")
def sayers() -> dict[str, set[str]]:
    """Who says each key: "table" (bot/ outside bot/games/<game>/: its literal keys and its own
    families) and each game (its folder's keys and families, its entry's families, its name)."""
    games = {key: BOT_DIR / "games" / key for key in GAMES}
    table = scanned(
        p for p in BOT_DIR.rglob("*.py") if not any(p.is_relative_to(d) for d in games.values())
    )
    said: dict[str, set[str]] = {}
    for key in table.keys | expanded(set(TABLE_KEYS)):
        said.setdefault(key, set()).add("table")
    for game, folder in games.items():
        mine, declared = scanned(folder.rglob("*.py")), GAMES[game].keys
        own = {f"{family}.{suffix}" for family, suffixes in declared.items() for suffix in suffixes}
        for key in mine.keys | expanded(mine.families - set(declared)) | own | {f"game.{game}"}:
            said.setdefault(key, set()).add(game)
    return said


def test_each_game_brings_its_texts_in_every_language_and_its_keys_through_its_entry():
    for game, entry in GAMES.items():
        assert sorted(entry.texts) == sorted(SHIPPED), game
        assert entry.texts == game_texts(game), f"{game}: its entry brings data/{game}/locales/"
        english = set(entry.texts[DEFAULT_LANGUAGE])
        for lang, texts in entry.texts.items():
            assert set(texts) == english, f"data/{game}/locales/{lang}.json: not English's keys"
        used = scanned((BOT_DIR / "games" / game).rglob("*.py")).families
        assert used - set(TABLE_KEYS) <= set(entry.keys), f"{game}: families its entry omits"


def test_a_games_catalogue_holds_what_only_that_game_says(sayers):
    for game, entry in GAMES.items():
        only_mine = {key for key, who in sayers.items() if who == {game}}
        assert sorted(set(entry.texts[DEFAULT_LANGUAGE]) ^ only_mine) == [], game


def test_the_shared_catalogue_holds_what_the_table_layer_or_several_games_say(sayers):
    shared = {key for key, who in sayers.items() if "table" in who or len(who) > 1}
    assert sorted(set(SHARED) ^ shared) == []
    assert "button.rematch" in shared  # every game's face says it, none alone


# --- What each translation keeps ------------------------------------------------------------


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_translations_keep_every_placeholder_and_the_markdown(lang):
    wrong = []
    for key, entry in catalogue(lang).items():
        english = forms(EN[key])
        always = set.intersection(*(placeholders(text) for text in english))
        anywhere = set.union(*(placeholders(text) for text in english))
        mine = forms(entry)
        if any(not always <= placeholders(text) for text in mine):
            wrong.append(f"{key}: misses one of {sorted(always)}")
        got = set.union(*(placeholders(text) for text in mine))
        if not (anywhere - {"n"}) <= got or not got <= anywhere:
            wrong.append(f"{key}: placeholders {sorted(got)}, English {sorted(anywhere)}")
        for mark in ("**", "`", "\n"):
            if any(text.count(mark) != english[-1].count(mark) for text in mine):
                wrong.append(f"{key}: {mark!r} count differs from English")
    assert wrong == []


@pytest.mark.parametrize("lang", languages())
def test_plural_entries_have_the_forms_their_language_needs(lang):
    needed = set(PLURAL_FORMS[lang])
    allowed = needed | ({"many"} if lang in ("fr", "it", "es") else set())
    plural_keys = {k for k, v in EN.items() if isinstance(v, dict)}
    assert {k for k, v in catalogue(lang).items() if isinstance(v, dict)} == plural_keys
    wrong = {
        key: sorted(entry)
        for key, entry in catalogue(lang).items()
        if isinstance(entry, dict) and not needed <= set(entry) <= allowed
    }
    assert wrong == {}


@pytest.mark.parametrize("lang", languages())
def test_every_key_formats_in_every_language(lang):
    for key in EN:
        values = sample_values(key)
        for n in (0, 1, 2, 5, 12, 22, 101, 1_000_000):
            text = t(key, lang, **{**values, "n": n})
            assert text, (lang, key, n)
            assert "{" not in text.replace("{}", ""), (lang, key, n)
            if lang != DEFAULT_LANGUAGE and isinstance(catalogue(lang)[key], str):
                assert text == catalogue(lang)[key].format(**{**values, "n": n})


def test_a_translation_is_really_used():
    assert t("button.join", "it") == "Partecipa"
    assert t("pop.chief", "ja") == "チーフ"
    assert t("pop.rules.common", "it").count("carte Fila") == 1
    assert "列（キュー）カード" in t("pop.rules.common", "ja")
    assert t("pop.level.legendary_guards", "it") == "Guardie leggendarie"
    assert t("pop.title.renegade_guard", "it") == "Guardia rinnegata"


def test_plural_choice_follows_the_count():
    assert t("pop.enigma.solver", "pl", user="A", n=1) == "A (1 próba)"
    assert t("pop.enigma.solver", "pl", user="A", n=3) == "A (3 próby)"
    assert t("pop.enigma.solver", "pl", user="A", n=13) == "A (13 prób)"
    assert t("pop.enigma.solver", "pl", user="A", n=23) == "A (23 próby)"
    assert t("pop.result.won", "fr", n=0) == "🏆 Grille vidée en 0 tour !"
    assert t("pop.result.won", "en", n=0) == "🏆 Grid cleared in 0 turns!"
    assert t("pop.result.won", "ja", n=1) == t("pop.result.won", "ja", n=7).replace("7", "1")


# --- Plural rules ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "counts"),
    [
        (
            "pl",
            {
                "one": [1],
                "few": [2, 3, 4, 22, 23, 24, 32, 102, 104, 1002],
                "many": [0, 5, 9, 10, 11, 12, 13, 14, 15, 20, 21, 25, 100, 101, 111, 112, 114],
            },
        ),
        ("fr", {"one": [0, 1], "other": [2, 3, 10, 21, 100], "many": [1_000_000, 2_000_000]}),
        ("it", {"one": [1], "other": [0, 2, 11, 21, 101], "many": [1_000_000]}),
        ("es", {"one": [1], "other": [0, 2, 11, 21, 101], "many": [1_000_000]}),
        ("en", {"one": [1], "other": [0, 2, 11, 21, 101, 1_000_000]}),
        ("de", {"one": [1], "other": [0, 2, 11, 21, 101, 1_000_000]}),
        ("ja", {"other": [0, 1, 2, 5, 100]}),
    ],
)
def test_plural_form_follows_cldr(lang, counts):
    got = {category: [plural_form(lang, n) for n in ns] for category, ns in counts.items()}
    assert got == {category: [category] * len(ns) for category, ns in counts.items()}


# --- Which catalogue a user or a table gets -------------------------------------------------


@pytest.mark.parametrize(
    ("locale", "lang"),
    [
        ("ja", "ja"),
        ("pl", "pl"),
        ("es-ES", "es"),
        ("es-419", "es"),
        ("fr", "fr"),
        ("de", "de"),
        ("it", "it"),
        ("en-US", "en"),
        ("en-GB", "en"),
        ("pt-BR", "en"),
        ("zh-CN", "en"),
        ("", "en"),
        (None, "en"),
        ("zh", "en"),
    ],
)
def test_a_locale_resolves_to_a_shipped_catalogue(locale, lang):
    assert resolve(locale) == lang


def test_a_discord_locale_resolves_too():
    import discord

    assert resolve(discord.Locale.spain_spanish) == "es"
    assert resolve(discord.Locale.japanese) == "ja"
    assert resolve(discord.Locale.brazil_portuguese) == "en"


def test_an_unshipped_language_falls_back_to_english_with_english_plurals():
    assert t("pop.result.won", "pt", n=1) == t("pop.result.won", "en", n=1)
    assert t("table.left", "zh", name="Ana") == "Ana left the table."


# --- Discord's rules for command texts ------------------------------------------------------

NAME = re.compile(r"^[-_'\w]{1,32}$")


@pytest.mark.parametrize("lang", languages())
def test_command_texts_follow_discord_rules(lang):
    texts = catalogue(lang)
    names = {k: v for k, v in texts.items() if k.startswith("command.") and k.endswith(".name")}
    assert names, "no command names"
    for key, name in names.items():
        assert NAME.match(name), (key, name)
        assert name == name.lower(), (key, name)
        assert " " not in name, (key, name)
    assert len(set(names.values())) == len(names), "two commands share a name"
    for key, text in texts.items():
        if key.startswith(("command.", "option.", "choice.")):
            assert 1 <= len(text) <= 100, (key, text)
    assert re.fullmatch(r"[^\W\d_]+", texts["language.name"])


def test_the_scan_sees_a_new_family_and_an_unreadable_key(tmp_path):
    source = tmp_path / "sample.py"
    source.write_text(
        "def f(x, lang, y):\n"
        "    key = 'a.b' if x else {'s': 'c.d'}[x]\n"
        "    t(key, lang)\n"
        "    t(f'fresh.{x}', lang)\n"
        "    Refusal('e.f', n=1)\n"
        "    t(y.upper(), lang)\n",
        encoding="utf-8",
    )
    found = KeyScan()
    found.scan(source)
    assert found.keys == {"a.b", "c.d", "e.f"}
    assert found.families == {"fresh"}  # not in DYNAMIC_KEYS: the family test would fail
    assert found.unresolved == ["sample.py:6: y.upper()"]
