"""User-facing text, from catalogue files in data/locales/<language>.json.

Every string the bot shows a person goes through `t(key, lang, **values)`. A catalogue entry is
either a string or, for counts, a dict of plural forms ("one", "other", ...) chosen by `n`.
"""

from __future__ import annotations

import json
from functools import cache

from engine.pop.cards import DATA_DIR

LOCALES_DIR = DATA_DIR / "locales"
DEFAULT_LANGUAGE = "en"


@cache
def catalogue(lang: str) -> dict[str, object]:
    path = LOCALES_DIR / f"{lang}.json"
    if not path.exists():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


def languages() -> list[str]:
    return sorted(p.stem for p in LOCALES_DIR.glob("*.json"))


def plural_form(lang: str, n: int) -> str:
    """CLDR plural category for an integer count (the languages the bot ships)."""
    if lang == "ja":
        return "other"
    if lang == "pl":
        if n == 1:
            return "one"
        if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
            return "few"
        return "many"
    if lang == "fr":
        return "one" if n in (0, 1) else "other"
    return "one" if n == 1 else "other"


def t(key: str, lang: str | None = None, /, **values: object) -> str:
    lang = lang or DEFAULT_LANGUAGE
    entry = catalogue(lang).get(key)
    if entry is None:
        entry = catalogue(DEFAULT_LANGUAGE)[key]  # a missing key is a bug: tests catch it
    if isinstance(entry, dict):
        n = int(values.get("n", 0))
        entry = entry.get(plural_form(lang, n)) or entry["other"]
    return str(entry).format(**values)
