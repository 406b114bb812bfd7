"""The word list `colourist-words/1` (rules §6): load, validate, and print words and phrases.

A list that breaks the format is refused with `WordListError`, one line naming the concept and
language. The checks are the page's constraints a program can see, "no colour words" included
(`colour_words`, by the colour names of the seven languages); "singular" and "family-friendly"
are a writer's care.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..data import data_path
from .game import ADJECTIVE, COLOURS, NOUN

FORMAT = "colourist-words/1"
LANGUAGES: tuple[str, ...] = ("en", "it", "ja", "fr", "es", "pl", "de")
MIN_PER_KIND = 120
DEFAULT_PATH = data_path("colourist", "words.json")
ID_PATTERN = {NOUN: re.compile(r"n[0-9]{3}"), ADJECTIVE: re.compile(r"a[0-9]{3}")}
GENDERS: dict[str, tuple[str, ...]] = {
    "it": ("m", "f"),
    "es": ("m", "f"),
    "fr": ("m", "f"),
    "pl": ("m", "f", "n"),
    "de": ("m", "f", "n"),
}
# Where an adjective goes by default (rules §6): after the noun in it, es, fr.
AFTER_BY_DEFAULT = frozenset(("it", "es", "fr"))
# Each entry's fields: (required, optional), by kind and language.
NOUN_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "en": (frozenset({"text"}), frozenset()),
    "ja": (frozenset({"text"}), frozenset()),
    "it": (frozenset({"text", "gender"}), frozenset()),
    "es": (frozenset({"text", "gender"}), frozenset()),
    "fr": (frozenset({"text", "gender"}), frozenset({"vowel"})),
    "pl": (frozenset({"text", "gender"}), frozenset()),
    "de": (frozenset({"text", "gender"}), frozenset()),
}
ADJECTIVE_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "en": (frozenset({"text"}), frozenset()),
    "ja": (frozenset({"text"}), frozenset({"attr"})),
    "it": (frozenset({"text", "forms"}), frozenset({"position"})),
    "es": (frozenset({"text", "forms"}), frozenset({"position"})),
    "fr": (frozenset({"text", "forms"}), frozenset({"position"})),
    "pl": (frozenset({"text", "forms"}), frozenset()),
    "de": (frozenset({"text", "forms"}), frozenset()),
}
CONCEPT_KEYS = frozenset({"id", "kind", "colours", *LANGUAGES})


def _listed(names: str) -> tuple[str, ...]:
    """A list of words written as one text, for the long lists below."""
    return tuple(names.split())


# --- Colour words (rules §6: "no colour words") -----------------------------------------------
#
# A card that names a colour gives the answer away. The colour names of the seven languages, in
# dictionary form: the nine colours of §1, grey and pink (the basic terms the game leaves out),
# gold and silver with golden and silver(y), and each language's everyday synonyms (it azzurro,
# celeste; es café, morado; de lila; pl siwy). Flowers and fruits named like a colour count as
# colour words, so no card names them: rose (fr rose, it/es/de rosa: pink), orange, violet, lilac
# (es/de lila), chestnut (fr marron), coffee (es café). Things that merely have a colour (lemon,
# coal, chocolate, cherry) are no colour names: they are what the game is about.
COLOUR_NAMES: dict[str, tuple[str, ...]] = {
    "en": _listed(
        "black white brown red orange yellow green blue purple violet grey gray pink "
        "gold golden silver silvery"
    ),
    "it": _listed(
        "nero bianco marrone rosso arancione arancio giallo verde blu azzurro celeste viola "
        "violetto porpora grigio rosa oro dorato argento argentato"
    ),
    "fr": _listed(
        "noir blanc brun marron rouge orange jaune vert bleu violet mauve pourpre gris rose "
        "or doré argent argenté"
    ),
    "es": _listed(
        "negro blanco marrón café rojo naranja anaranjado amarillo verde azul celeste morado "
        "violeta púrpura lila gris rosa rosado oro dorado plata plateado"
    ),
    "pl": _listed(
        "czarny biały brązowy czerwony pomarańczowy żółty zielony niebieski fioletowy "
        "purpurowy szary siwy różowy złoty srebrny"
    ),
    "de": _listed(
        "schwarz weiß braun rot orange gelb grün blau violett lila purpur grau rosa pink "
        "gold golden silber silbern"
    ),
}
# Names that never change (nouns, and adjectives that do not agree); the others take their
# language's endings below, so that "rossa", "czerwona", "rote", "verte" and "roja" are found.
_INVARIABLE = frozenset(
    _listed(
        "orange violet pink gold silver blu viola porpora rosa oro argento marron or argent "
        "café naranja violeta púrpura lila plata purpur silber"
    )
)
# (ending of the dictionary form, the endings that replace it), the first that fits.
_ENDINGS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "it": (
        ("co", ("co", "ca", "chi", "che")),
        ("io", ("io", "ia", "i", "ie")),
        ("o", ("o", "a", "i", "e")),
        ("e", ("e", "i")),
    ),
    "es": (("o", ("o", "a", "os", "as")), ("e", ("e", "es")), ("", ("", "es"))),
    "fr": (
        ("c", ("c", "che", "cs", "ches")),  # blanc
        ("et", ("et", "ette", "ets", "ettes")),  # violet
        ("", ("", "e", "s", "es")),
    ),
    "pl": (
        ("y", ("y", "a", "e", "o", "ego", "ej", "emu", "ą", "ym", "ych", "ymi")),
        ("i", ("i", "a", "ie", "o", "iego", "iej", "iemu", "ą", "im", "ich", "imi")),
    ),
    "de": (("", ("", "e", "er", "es", "en", "em")),),
}
# A word holds a colour name of its own language as a compound part when it starts with one
# (blueberry, Blaubeere, Rotkehlchen, białowłosy) or, where compounds end with the colour
# (en, de, it, es: evergreen, Himmelblau, pettirosso, pelirrojo), ends with one, the other part
# being 3 letters or more. fr and pl compounds start with the colour or are written in words
# (rouge-gorge). Names too common inside unrelated words to count as a part there:
_NOT_AT_START = frozenset({"oro"})  # orologio, oroscopo (fr "or" is too short to be a part)
_NOT_AT_END = frozenset({"red", "oro", "rosa"})  # scared, covered; tesoro; rumorosa, peligrosa
_AT_END_LANGUAGES = frozenset({"en", "de", "it", "es"})
# Japanese: a colour kanji anywhere (色 "colour" catches 茶色, 水色; 桃 is the peach, whose
# name is pink's), a katakana colour name anywhere, a hiragana one at the start.
JA_COLOUR_SIGNS = "黒白赤黄緑青紫灰橙桃金銀紺色"
JA_COLOUR_KATAKANA: tuple[str, ...] = _listed(
    "ブラック ホワイト ブラウン レッド オレンジ イエロー グリーン ブルー パープル バイオレット "
    "グレー グレイ ピンク ゴールド シルバー"
)
JA_COLOUR_HIRAGANA: tuple[str, ...] = _listed(
    "くろ しろ あか あお きいろ みどり むらさき ちゃいろ まっくろ まっしろ まっか まっさお"
)
_LETTERS = re.compile(r"[^\W\d_]+")


def _forms_of(name: str, lang: str) -> frozenset[str]:
    """A colour name with its language's endings: rosso -> rosso, rossa, rossi, rosse."""
    if name in _INVARIABLE:
        return frozenset({name})
    for ending, endings in _ENDINGS.get(lang, ()):
        if name.endswith(ending):
            stem = name[: len(name) - len(ending)]
            return frozenset(stem + e for e in endings)
    return frozenset({name})


COLOUR_FORMS: dict[str, frozenset[str]] = {
    lang: frozenset().union(*(_forms_of(name, lang) for name in names))
    for lang, names in COLOUR_NAMES.items()
}
_ANY_COLOUR_FORM: frozenset[str] = frozenset().union(*COLOUR_FORMS.values())


def _is_compound(word: str, lang: str) -> bool:
    """Whether a word splits into a colour name of its language and a part of 3 letters or more."""
    forms = COLOUR_FORMS[lang]
    for cut in range(3, len(word) - 2):  # both parts 3 letters or more
        head, tail = word[:cut], word[cut:]
        if head in forms and head not in _NOT_AT_START:
            return True
        if lang in _AT_END_LANGUAGES and tail in forms and tail not in _NOT_AT_END:
            return True
    return False


def colour_words(text: str, lang: str) -> list[str]:
    """The colour words in a card's text of a language (rules §6); none: []. A word is one when
    it is a colour name (with an ending) of any of the seven languages ("rosa" in German too),
    or a compound of its own language with one; Japanese by signs and kana (see above)."""
    if lang == "ja":
        return [
            *(sign for sign in text if sign in JA_COLOUR_SIGNS),
            *(name for name in JA_COLOUR_KATAKANA if name in text),
            *(name for name in JA_COLOUR_HIRAGANA if text.startswith(name)),
        ]
    return [
        word
        for word in _LETTERS.findall(text.lower())
        if word in _ANY_COLOUR_FORM or _is_compound(word, lang)
    ]


class WordListError(ValueError):
    """A word list that breaks colourist-words/1: one line saying where and what."""


@dataclass(frozen=True)
class Concept:
    """One card: a language-free concept with its words per language."""

    id: str
    kind: str
    colours: tuple[str, ...]  # most evocative first; for AI seats only
    entries: Mapping[str, Mapping[str, Any]]  # language -> its fields, as in the file


@dataclass(frozen=True)
class WordList:
    concepts: Mapping[str, Concept]  # by id

    def ids(self, kind: str) -> tuple[str, ...]:
        """Every id of a kind (a deck), sorted."""
        return tuple(sorted(i for i, c in self.concepts.items() if c.kind == kind))


def parse_words(data: object, *, min_per_kind: int = MIN_PER_KIND) -> WordList:
    """A validated word list from parsed JSON; raises WordListError (one line)."""
    if not isinstance(data, dict) or set(data) != {"format", "concepts"}:
        raise WordListError('a word list is exactly {"format": ..., "concepts": [...]}')
    if data["format"] != FORMAT:
        raise WordListError(f"format must be {FORMAT!r}")
    if not isinstance(data["concepts"], list):
        raise WordListError("concepts must be a list")
    concepts: dict[str, Concept] = {}
    texts: set[tuple[str, str, str]] = set()  # (kind, language, text)
    for number, raw in enumerate(data["concepts"], 1):
        concept = _concept(raw, number)
        if concept.id in concepts:
            raise WordListError(f"concept {concept.id}: the id is used twice")
        for lang in LANGUAGES:
            key = (concept.kind, lang, concept.entries[lang]["text"])
            if key in texts:
                raise WordListError(
                    f"concept {concept.id} ({lang}): the {concept.kind} "
                    f"{key[2]!r} is already in the list"
                )
            texts.add(key)
        concepts[concept.id] = concept
    for kind in (NOUN, ADJECTIVE):
        count = sum(c.kind == kind for c in concepts.values())
        if count < min_per_kind:
            raise WordListError(f"{count} {kind}s: a list holds at least {min_per_kind}")
    return WordList(concepts)


def _concept(raw: object, number: int) -> Concept:
    """One concept, checked field by field."""
    if not isinstance(raw, dict):
        raise WordListError(f"concept #{number} is not an object")
    cid = raw.get("id")
    name = f"concept {cid}" if isinstance(cid, str) else f"concept #{number}"
    if set(raw) != CONCEPT_KEYS:
        missing, extra = sorted(CONCEPT_KEYS - set(raw)), sorted(set(raw) - CONCEPT_KEYS)
        raise WordListError(f"{name}: missing {missing}, extra {extra}")
    kind = raw["kind"]
    if kind not in (NOUN, ADJECTIVE):
        raise WordListError(f"{name}: kind must be noun or adjective")
    if not isinstance(cid, str) or not ID_PATTERN[kind].fullmatch(cid):
        raise WordListError(f"{name}: a {kind} id is {kind[0]} and 3 digits")
    colours = raw["colours"]
    if (
        not isinstance(colours, list)
        or not 1 <= len(colours) <= 3
        or len(set(map(str, colours))) != len(colours)
        or not all(c in COLOURS for c in colours)
    ):
        raise WordListError(f"{name}: colours are 1-3 distinct colour names (never joker)")
    fields = NOUN_FIELDS if kind == NOUN else ADJECTIVE_FIELDS
    for lang in LANGUAGES:
        _entry(raw[lang], lang, fields[lang], f"{name} ({lang})")
    return Concept(cid, kind, tuple(colours), {lang: raw[lang] for lang in LANGUAGES})


def _entry(
    entry: object, lang: str, fields: tuple[frozenset[str], frozenset[str]], where: str
) -> None:
    """One language's fields of a concept."""
    required, optional = fields
    if not isinstance(entry, dict) or not required <= set(entry) <= required | optional:
        raise WordListError(
            f"{where}: fields are {sorted(required)}"
            + (f", maybe {sorted(optional)}" if optional else "")
        )
    _text(entry["text"], f"{where} text")
    if "gender" in entry and entry["gender"] not in GENDERS[lang]:
        raise WordListError(f"{where}: gender is one of {'/'.join(GENDERS[lang])}")
    if "vowel" in entry and entry["vowel"] is not True:
        raise WordListError(f"{where}: vowel is only ever true")
    if "position" in entry and entry["position"] != "before":
        raise WordListError(f'{where}: position is only ever "before"')
    if "attr" in entry:
        _text(entry["attr"], f"{where} attr")
    if "forms" in entry:
        forms = entry["forms"]
        wanted = set(GENDERS[lang])
        allowed = wanted | ({"mv"} if lang == "fr" else set())
        if not isinstance(forms, dict) or not wanted <= set(forms) <= allowed:
            raise WordListError(
                f"{where}: forms are {sorted(wanted)}" + (" and maybe mv" if lang == "fr" else "")
            )
        for key, form in forms.items():
            _text(form, f"{where} forms.{key}")
    for text in (entry["text"], entry.get("attr", ""), *entry.get("forms", {}).values()):
        if found := colour_words(text, lang):
            raise WordListError(f"{where}: {text!r} holds the colour word {found[0]!r}")


def _text(text: object, where: str) -> None:
    if not isinstance(text, str) or not text or text != text.strip():
        raise WordListError(f"{where}: a non-empty trimmed text")


def load_words(path: Path | str = DEFAULT_PATH, *, min_per_kind: int = MIN_PER_KIND) -> WordList:
    """Read and validate a word list file; raises WordListError (one line)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as e:
        raise WordListError(f"{path}: cannot read a JSON word list: {e}") from None
    try:
        return parse_words(data, min_per_kind=min_per_kind)
    except WordListError as e:
        raise WordListError(f"{path}: {e}") from None


@functools.cache
def shipped_words() -> WordList:
    """The project's word list (data/colourist/words.json), read once."""
    return load_words(DEFAULT_PATH)


# --- Printing ---------------------------------------------------------------------------------


def word(words: WordList, concept_id: str, lang: str) -> str:
    """A card's word alone: the noun singular, the adjective in dictionary form."""
    return str(words.concepts[concept_id].entries[lang]["text"])


def phrase(words: WordList, adjective_id: str, noun_id: str, lang: str) -> str:
    """The phrase adjective + noun in a language (rules §6): "dancing house", "踊る家"."""
    adj = words.concepts[adjective_id].entries[lang]
    noun = words.concepts[noun_id].entries[lang]
    before = adj.get("position") == "before" or lang not in AFTER_BY_DEFAULT
    if lang in ("en", "ja"):
        form = adj.get("attr", adj["text"]) if lang == "ja" else adj["text"]
    else:
        gender = noun["gender"]
        form = adj["forms"][gender]
        if lang == "fr" and gender == "m" and before and noun.get("vowel") and "mv" in adj["forms"]:
            form = adj["forms"]["mv"]
    space = "" if lang == "ja" else " "
    return f"{form}{space}{noun['text']}" if before else f"{noun['text']}{space}{form}"


def shown(words: WordList, shown_ids: Sequence[str], lang: str) -> str:
    """What a round shows: its one word, or its phrase ([adjective, noun])."""
    if len(shown_ids) == 2:
        return phrase(words, shown_ids[0], shown_ids[1], lang)
    return word(words, shown_ids[0], lang)
