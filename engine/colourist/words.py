"""The word list `colourist-words/1` (rules §6): load, validate, and print words and phrases.

A list that breaks the format is refused with `WordListError`, one line naming the concept and
language. The checks are the page's constraints a program can see; "singular", "no colour
words" and "family-friendly" are a writer's care (tests/colourist checks colour words).
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
