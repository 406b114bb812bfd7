"""User-facing text, from catalogue files: data/locales/<language>.json holds what the table layer
says, and each game brings its own, data/<game>/locales/<language>.json (`game_texts`), through
its entry (`GameEntry.texts`, added to the catalogues when it registers).

Every string the bot shows a person goes through `t(key, lang, **values)`. A catalogue entry is
either a string or, for counts, a dict of CLDR plural forms ("one", "few", "many", "other")
chosen by `n`. en.json is the source catalogue; every other one has exactly its keys.

Keys built at run time (`t(f"mode.{mode}")`) belong to a family declared in `DYNAMIC_KEYS`,
the one place that lists every suffix a family can take (a game's families come from its
entry, `GameEntry.keys`); the catalogue tests expand it.

Slash commands are localised by `bot.texts.translator.PopTranslator`. This module knows no Discord:
the command-line tools read the catalogues too.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from functools import cache

from engine.data import data_path

LOCALES_DIR = data_path("locales")
DEFAULT_LANGUAGE = "en"

# The table layer's own families of keys built at run time, with every suffix each can take.
TABLE_KEYS: Mapping[str, tuple[str, ...]] = {
    "button": ("join", "leave", "addai", "start", "cancel"),
    "choice.ai_level": ("easy", "normal", "hard", "expert"),
    "choice.pings": ("on", "off"),
    "choice.seasons": ("none", "monthly", "quarterly"),
    "result.place": ("1", "2", "3", "4", "5", "6"),
    # The kinds of challenge games declare (`ChallengeKind`), and what their standings show.
    "choice.challenge_mode": ("solo", "enigma", "coop", "group", "competitive"),
    "challenge.measure": ("turns", "points", "level", "score", "tries"),
    # A tournament's modes (those games declare: `tournament_modes`) and formats.
    "choice.tournament_mode": ("standard", "expert", "competitive", "duel"),
    "choice.tournament_format": ("swiss", "round_robin", "elimination"),
}
# Every family of keys built at run time: the table layer's, and each registered game's (its
# entry's `GameEntry.keys`, from the engine's lists), so a new mode, level or colour needs its
# text in every catalogue (the catalogue tests expand them).
DYNAMIC_KEYS: dict[str, tuple[str, ...]] = dict(TABLE_KEYS)


def declare_keys(families: Mapping[str, tuple[str, ...]]) -> None:
    """A game's families of run-time keys (called once, when the game registers)."""
    for family, suffixes in families.items():
        DYNAMIC_KEYS[family] = tuple(dict.fromkeys(DYNAMIC_KEYS.get(family, ()) + suffixes))


def undeclare_keys(families: Mapping[str, tuple[str, ...]]) -> None:
    """Forget a game's run-time keys (a test's own game, when the test is over)."""
    for family, suffixes in families.items():
        left = tuple(s for s in DYNAMIC_KEYS.get(family, ()) if s not in suffixes)
        if left:
            DYNAMIC_KEYS[family] = left
        else:
            DYNAMIC_KEYS.pop(family, None)


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
    """A language's texts: its catalogue file, and the texts games registered of their own."""
    path = LOCALES_DIR / f"{lang}.json"
    if not path.exists():
        return {}
    entries: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return entries


def add_texts(texts: Mapping[str, Mapping[str, object]]) -> None:
    """A game's own texts, by language (a game that ships its words with it, not in the
    shared catalogues). A key the catalogues have already is refused: one text, one place."""
    for lang, entries in texts.items():
        known = catalogue(lang)
        clash = sorted(set(entries) & set(known))
        if clash:
            raise ValueError(f"{lang}: texts already in the catalogue: {', '.join(clash)}")
        known.update(entries)


def remove_texts(texts: Mapping[str, Mapping[str, object]]) -> None:
    """Take a game's own texts back out (a test's own game, when the test is over)."""
    for lang, entries in texts.items():
        known = catalogue(lang)
        for key in entries:
            known.pop(key, None)


def game_texts(game: str) -> dict[str, dict[str, object]]:
    """A game's own texts by language, from its catalogues in data/<game>/locales/ (what only
    that game says: the shared catalogues keep what the table layer says)."""
    folder = data_path(game, "locales")
    return {path.stem: json.loads(path.read_text("utf-8")) for path in folder.glob("*.json")}


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


def fraction_form(lang: str, x: float) -> str:
    """CLDR plural category of a number with decimals ("1.5 points", French "1,5 point")."""
    return "one" if lang == "fr" and abs(x) < 2 else "other"


def decimal(x: float, lang: str) -> str:
    """A number to one decimal as `lang` writes it ("2.5", "2,5"); a whole one bare ("3")."""
    text = f"{round(x, 1):.1f}".removesuffix(".0")
    return text.replace(".", ",") if lang in DECIMAL_COMMA else text


DECIMAL_COMMA = frozenset({"it", "fr", "es", "pl", "de"})


def t(key: str, lang: str | None = None, /, **values: object) -> str:
    """A catalogue text in `lang`, filled with `values`; a plural entry's form follows `n`
    (a float `n` is shown to one decimal, as `lang` writes it: `decimal`)."""
    lang = resolve(lang or DEFAULT_LANGUAGE)
    entry = catalogue(lang).get(key)
    if entry is None:
        entry = catalogue(DEFAULT_LANGUAGE)[key]  # a missing key is a bug: tests catch it
        lang = DEFAULT_LANGUAGE
    n = values.get("n", 0)
    if isinstance(n, float):
        values = {**values, "n": decimal(n, lang)}
    if isinstance(entry, dict):
        shown = str(values.get("n", 0))
        if isinstance(n, float) and not shown.lstrip("-").isdigit():  # shown with a decimal
            form = fraction_form(lang, n)
        else:
            form = plural_form(lang, int(shown))
        entry = entry.get(form) or entry["other"]
    return str(entry).format(**values)


def winners(names: Sequence[str], lang: str) -> str:
    """The one way every game says who won: "Ana wins", or "Shared win: Ana, Ben"."""
    if len(names) == 1:
        return t("result.win", lang, name=names[0])
    return t("result.shared_win", lang, names=listed(names, lang))


def place(rank: int, lang: str) -> str:
    """A place at the end of a game, as `lang` writes it: "1st", "2e", "3.º", "4位"."""
    return t(dynamic_key("result.place", str(rank)), lang)


def listed(items: Iterable[object], lang: str) -> str:
    """Items one after another as `lang` writes a list ("ana, ben"; Japanese: "ana、ben")."""
    return t("list.separator", lang).join(map(str, items))
