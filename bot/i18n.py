"""User-facing text, from catalogue files in data/locales/<language>.json.

Every string the bot shows a person goes through `t(key, lang, **values)`. A catalogue entry is
either a string or, for counts, a dict of CLDR plural forms ("one", "few", "many", "other")
chosen by `n`. en.json is the source catalogue; every other one has exactly its keys.

Keys built at run time (`t(f"mode.{mode}")`) belong to a family declared in `DYNAMIC_KEYS`,
the one place that lists every suffix a family can take; the catalogue tests expand it.

Slash commands are localised by `PopTranslator`: command and choice names and descriptions are
`locale_str`s carrying their catalogue key (`locale_str("new", key="command.new.name")`).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import discord
from discord import app_commands

from engine.data import data_path

LOCALES_DIR = data_path("locales")
DEFAULT_LANGUAGE = "en"

# Every family of keys built at run time, with every suffix it can take. The table layer's own
# are here; each game's face declares its own (`declare_keys`) from the engine's lists, so a
# new mode, level or colour needs its text in every catalogue (the catalogue tests expand them).
DYNAMIC_KEYS: dict[str, tuple[str, ...]] = {
    "button": ("join", "leave", "addai", "start", "cancel"),
    "choice.ai_level": ("easy", "normal", "hard"),
}


def declare_keys(families: dict[str, tuple[str, ...]]) -> None:
    """A game's families of run-time keys (called once, when its face is imported)."""
    for family, suffixes in families.items():
        DYNAMIC_KEYS[family] = tuple(dict.fromkeys(DYNAMIC_KEYS.get(family, ()) + suffixes))


# The plural forms a catalogue must give for counts; `plural_form` may also answer "many" in
# French, Italian and Spanish (a million...), which falls back to "other" when not given.
PLURAL_FORMS: dict[str, tuple[str, ...]] = {
    "en": ("one", "other"),
    "de": ("one", "other"),
    "it": ("one", "other"),
    "es": ("one", "other"),
    "fr": ("one", "other"),
    "pl": ("one", "few", "many", "other"),
    "ja": ("other",),
}


def dynamic_key(family: str, suffix: str) -> str:
    """A key of a declared family: an unknown suffix is a bug, caught here."""
    if suffix not in DYNAMIC_KEYS[family]:
        raise KeyError(f"{family}.{suffix} is not declared in DYNAMIC_KEYS")
    return f"{family}.{suffix}"


@cache
def catalogue(lang: str) -> dict[str, object]:
    path = LOCALES_DIR / f"{lang}.json"
    if not path.exists():
        return {}
    entries: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return entries


@cache
def languages() -> tuple[str, ...]:
    """The shipped catalogues, English first."""
    found = sorted(p.stem for p in LOCALES_DIR.glob("*.json"))
    return tuple(sorted(found, key=lambda code: code != DEFAULT_LANGUAGE))


def resolve(locale: object) -> str:
    """A shipped catalogue for a Discord locale or language code ("es-ES" -> "es",
    "pt-BR" -> "en": no Portuguese catalogue), English when there is none."""
    code = str(getattr(locale, "value", locale) or "").lower()
    shipped = languages()
    if code in shipped:
        return code
    base = code.split("-")[0]
    return base if base in shipped else DEFAULT_LANGUAGE


def plural_form(lang: str, n: int) -> str:
    """CLDR plural category of an integer count in a shipped language."""
    n = abs(int(n))
    if lang == "ja":
        return "other"
    if lang == "pl":
        if n == 1:
            return "one"
        if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
            return "few"
        return "many"
    if lang in ("fr", "it", "es"):
        if n in (0, 1) if lang == "fr" else n == 1:
            return "one"
        return "many" if n and n % 1_000_000 == 0 else "other"
    return "one" if n == 1 else "other"


def t(key: str, lang: str | None = None, /, **values: object) -> str:
    lang = resolve(lang or DEFAULT_LANGUAGE)
    entry = catalogue(lang).get(key)
    if entry is None:
        entry = catalogue(DEFAULT_LANGUAGE)[key]  # a missing key is a bug: tests catch it
        lang = DEFAULT_LANGUAGE
    if isinstance(entry, dict):
        n = int(str(values.get("n", 0)))
        entry = entry.get(plural_form(lang, n)) or entry["other"]
    return str(entry).format(**values)


def command_str(message: str, key: str) -> app_commands.locale_str:
    """A command's (or choice's) name or description, translated through its catalogue key."""
    return app_commands.locale_str(message, key=key)


class PopTranslator(app_commands.Translator):
    """Slash command names, descriptions and choices from the catalogues' `command.*`,
    `option.*` and `choice.*` keys, for every Discord locale a catalogue speaks."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        _context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        key = string.extras.get("key")
        lang = resolve(locale)
        if key is None or lang == DEFAULT_LANGUAGE:
            return None  # the English text is the default; other locales fall back to it
        text = catalogue(lang).get(key)
        return text if isinstance(text, str) and text != string.message else None
