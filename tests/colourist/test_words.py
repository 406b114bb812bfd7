"""The word list `colourist-words/1` (rules §6): the shipped list, the page's example, refusals."""

from __future__ import annotations

import copy
import json

import pytest

from engine.colourist import words as w
from engine.colourist.words import WordListError

PAGE_EXAMPLE = json.loads("""
{"format": "colourist-words/1", "concepts": [
 {"id": "n001", "kind": "noun", "colours": ["brown", "red", "white"],
  "en": {"text": "house"}, "it": {"text": "casa", "gender": "f"}, "ja": {"text": "家"},
  "fr": {"text": "maison", "gender": "f"}, "es": {"text": "casa", "gender": "f"},
  "pl": {"text": "dom", "gender": "m"}, "de": {"text": "Haus", "gender": "n"}},
 {"id": "a001", "kind": "adjective", "colours": ["red", "orange", "purple"],
  "en": {"text": "dancing"},
  "it": {"text": "danzante", "forms": {"m": "danzante", "f": "danzante"}},
  "ja": {"text": "踊る"},
  "fr": {"text": "dansant", "forms": {"m": "dansant", "f": "dansante"}},
  "es": {"text": "danzante", "forms": {"m": "danzante", "f": "danzante"}},
  "pl": {"text": "tańczący", "forms": {"m": "tańczący", "f": "tańcząca", "n": "tańczące"}},
  "de": {"text": "tanzend", "forms": {"m": "tanzender", "f": "tanzende", "n": "tanzendes"}}}
]}
""")


def test_the_pages_example_reads_as_the_page_says():
    words = w.parse_words(PAGE_EXAMPLE, min_per_kind=1)
    got = {lang: w.phrase(words, "a001", "n001", lang) for lang in w.LANGUAGES}
    assert got == {
        "en": "dancing house",
        "it": "casa danzante",
        "fr": "maison dansante",
        "es": "casa danzante",
        "pl": "tańczący dom",
        "de": "tanzendes Haus",
        "ja": "踊る家",
    }


def test_the_pages_example_is_too_short_to_pass():
    with pytest.raises(WordListError, match="at least 120"):
        w.parse_words(PAGE_EXAMPLE)


def test_the_shipped_list_is_valid_and_large_enough():
    words = w.load_words()
    assert len(words.ids("noun")) >= 120
    assert len(words.ids("adjective")) >= 120
    assert words.concepts["n001"].entries["en"]["text"] == "house"  # the page's n001


def _texts(entry: dict) -> list[str]:
    """Every text of an entry: the word, its forms, its attributive form."""
    return [
        entry["text"],
        *entry.get("forms", {}).values(),
        *([entry["attr"]] if "attr" in entry else []),
    ]


def test_the_shipped_list_has_no_colour_word():
    raw = json.loads(w.DEFAULT_PATH.read_text(encoding="utf-8"))
    found = [
        (c["id"], lang, text, w.colour_words(text, lang))
        for c in raw["concepts"]
        for lang in w.LANGUAGES
        for text in _texts(c[lang])
        if w.colour_words(text, lang)
    ]
    assert found == []
    assert "blueberry" not in {c["en"]["text"] for c in raw["concepts"]}


@pytest.mark.parametrize(
    ("lang", "text", "found"),
    [
        ("en", "blue", ["blue"]),
        ("en", "blueberry", ["blueberry"]),  # a compound starting with a colour
        ("en", "evergreen", ["evergreen"]),  # ... or ending with one
        ("en", "golden", ["golden"]),
        ("de", "Blaubeere", ["blaubeere"]),
        ("de", "Rotkehlchen", ["rotkehlchen"]),
        ("de", "Himmelblau", ["himmelblau"]),
        ("de", "weiße", ["weiße"]),  # an ending of the language
        ("it", "pesce rosso", ["rosso"]),
        ("it", "rossa", ["rossa"]),
        ("it", "pettirosso", ["pettirosso"]),
        ("fr", "rouge-gorge", ["rouge"]),
        ("fr", "blanche", ["blanche"]),
        ("fr", "rose", ["rose"]),  # the flower is pink's name: no card
        ("en", "rose", ["rose"]),  # ... in any language (fr rose, it/es/de rosa)
        ("es", "pelirroja", ["pelirroja"]),
        ("es", "azul", ["azul"]),
        ("pl", "niebieski", ["niebieski"]),
        ("pl", "czerwona", ["czerwona"]),
        ("pl", "białowłosy", ["białowłosy"]),
        ("de", "rosa", ["rosa"]),  # a colour name of another language, as a whole word
        ("en", "orange", ["orange"]),
        ("ja", "青", ["青"]),
        ("ja", "赤ちゃん", ["赤"]),
        ("ja", "茶色", ["色"]),
        ("ja", "ブルーベリー", ["ブルー"]),
        ("ja", "レッドカード", ["レッド"]),
        ("ja", "しろくま", ["しろ"]),
    ],
)
def test_colour_words_are_found_whole_with_endings_and_in_compounds(lang, text, found):
    assert w.colour_words(text, lang) == found


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("de", "Brot"),  # rot, but no compound: one letter before it
        ("it", "carota"),  # de rot inside an Italian word
        ("en", "scared"),  # -red: past participles, never a colour
        ("en", "tired"),
        ("it", "pomodoro"),  # -oro: tesoro, pomodoro
        ("it", "orologio"),  # oro-: orologio, oroscopo
        ("fr", "oreiller"),  # or-: orage, oreille
        ("fr", "orageux"),
        ("it", "rumorosa"),  # -rosa: the -osa adjectives
        ("es", "peligrosa"),
        ("de", "Karotte"),
        ("ja", "おもしろい"),  # しろ inside a word
        ("ja", "フクロウ"),
        ("en", "lemon"),  # a thing of a colour is no colour name
        ("fr", "citron"),
    ],
)
def test_words_that_merely_contain_a_colours_letters_are_no_colour_words(lang, text):
    assert w.colour_words(text, lang) == []


def test_every_colour_name_is_a_colour_word_in_every_language():
    for names in w.COLOUR_NAMES.values():
        for name in names:
            for lang in ("en", "it", "fr", "es", "pl", "de"):
                assert w.colour_words(name, lang) == [name], (name, lang)
    for sign in w.JA_COLOUR_SIGNS:
        assert w.colour_words(sign, "ja") == [sign]


@pytest.mark.parametrize(
    ("concept", "lang", "field", "text"),
    [
        (0, "de", "text", "Blaubeere"),
        (0, "ja", "text", "ブルーベリー"),
        (0, "en", "text", "goldfish"),
        (1, "it", "forms", {"m": "danzante", "f": "rossa"}),
        (1, "ja", "attr", "赤い"),
    ],
)
def test_a_list_with_a_colour_word_is_refused(concept, lang, field, text):
    data = copy.deepcopy(PAGE_EXAMPLE)
    data["concepts"][concept][lang][field] = text
    with pytest.raises(WordListError, match="colour word") as e:
        w.parse_words(data, min_per_kind=1)
    assert f"({lang})" in str(e.value)


def test_the_shipped_list_phrases_print_for_every_pair_and_language():
    words = w.load_words()
    for adjective in words.ids("adjective"):
        for noun in words.ids("noun")[:10]:
            for lang in w.LANGUAGES:
                text = w.phrase(words, adjective, noun, lang)
                assert text == text.strip()
                assert "  " not in text


def test_french_elision_forms_and_preposed_adjectives():
    words = w.load_words()
    by_en = {c.entries["en"]["text"]: i for i, c in words.concepts.items()}

    def fr(adjective: str, noun: str) -> str:
        return w.phrase(words, by_en[adjective], by_en[noun], "fr")

    assert fr("old", "tree") == "vieil arbre"
    assert fr("beautiful", "elephant") == "bel éléphant"
    assert fr("new", "hospital") == "nouvel hôpital"
    assert fr("old", "owl") == "vieux hibou"  # h aspiré: no vowel
    assert fr("small", "house") == "petite maison"
    assert fr("old", "house") == "vieille maison"
    assert fr("angry", "tree") == "arbre fâché"  # after the noun, no mv
    assert w.phrase(words, by_en["quiet"], by_en["house"], "ja") == "静かな家"
    assert w.phrase(words, by_en["small"], by_en["house"], "de") == "kleines Haus"
    assert w.shown(words, [by_en["house"]], "pl") == "dom"


# Words a fluent reader found off in one language: (the concept's English word, language, the
# word now, the word it replaced and why).
REWORDED = [
    ("lucky", "de", "glückbringend", "glücklich"),  # happy
    ("lucky", "ja", "縁起のいい", "幸運"),  # 幸運な: of people and events, not of objects
    ("festive", "ja", "華やか", "にぎやか"),  # lively
    ("tall", "ja", "背の高い", "高い"),  # high, expensive: not of beings
    ("tall", "fr", "élancé", "haut"),  # "haute girafe"
    ("tall", "de", "hochgewachsen", "hoch"),  # "hohe Giraffe"
    ("slow", "ja", "のろのろ", "遅い"),  # slow or late
    ("old", "ja", "年を重ねた", "古い"),  # of things, not of people
    ("boot", "pl", "but", "kozak"),  # reads "Cossack"
    ("calm", "it", "tranquillo", "calmo"),  # of people and the sea, not of things
    ("shiny", "it", "luccicante", "lucido"),  # also "lucid"
    ("sporty", "es", "deportista", "deportivo"),  # of things, not of beings
    ("stormy", "ja", "嵐のような", "嵐の"),  # a bare の looks unfinished alone
    ("rainy", "ja", "雨降り", "雨の"),
    ("snowy", "ja", "雪の積もった", "雪の"),
    ("foggy", "ja", "霧のかかった", "霧の"),
]


def _by_en(words: w.WordList) -> dict[str, str]:
    return {c.entries["en"]["text"]: i for i, c in words.concepts.items()}


@pytest.mark.parametrize(("en", "lang", "now", "was"), REWORDED)
def test_words_off_in_one_language_are_reworded_keeping_their_id(en, lang, now, was):
    words = w.load_words()
    concept = words.concepts[_by_en(words)[en]]
    assert concept.entries[lang]["text"] == now
    kind = [c.entries[lang]["text"] for c in words.concepts.values() if c.kind == concept.kind]
    assert was not in kind


def test_no_japanese_adjective_shown_alone_ends_in_a_bare_no():
    words = w.load_words()
    for i in words.ids("adjective"):
        assert not w.word(words, i, "ja").endswith("の"), i


@pytest.mark.parametrize(
    ("adjective", "noun", "lang", "phrase"),
    [
        ("tall", "giraffe", "fr", "girafe élancée"),
        ("tall", "tree", "fr", "arbre élancé"),
        ("tall", "giraffe", "de", "hochgewachsene Giraffe"),
        ("tall", "tree", "de", "hochgewachsener Baum"),
        ("tall", "giraffe", "ja", "背の高いキリン"),
        ("lucky", "coin", "de", "glückbringende Münze"),
        ("lucky", "coin", "ja", "縁起のいいコイン"),
        ("slow", "snail", "ja", "のろのろしたカタツムリ"),
        ("old", "king", "ja", "年を重ねた王様"),
        ("festive", "cake", "ja", "華やかなケーキ"),
        ("rainy", "night", "ja", "雨降りの夜"),
        ("snowy", "mountain", "ja", "雪の積もった山"),
        ("foggy", "forest", "ja", "霧のかかった森"),
        ("stormy", "sea", "ja", "嵐のような海"),
        ("calm", "sea", "it", "mare tranquillo"),
        ("calm", "night", "it", "notte tranquilla"),
        ("shiny", "coin", "it", "moneta luccicante"),
        ("sporty", "princess", "es", "princesa deportista"),
        ("sporty", "dolphin", "es", "delfín deportista"),
        ("old", "boot", "pl", "stary but"),
    ],
)
def test_the_reworded_words_build_grammatical_phrases(adjective, noun, lang, phrase):
    words = w.load_words()
    by_en = _by_en(words)
    assert w.phrase(words, by_en[adjective], by_en[noun], lang) == phrase


# Adjectives that barely evoke a colour, replaced by ones that do. A replaced concept is a new
# concept with a new id (rules §6: ids are never reused, records name them); blueberry too.
COLOURLESS = {
    "a033": "lazy",
    "a048": "modern",
    "a050": "famous",
    "a052": "strange",
    "a053": "funny",
    "a071": "full",
    "a074": "expensive",
    "a075": "cheap",
    "a078": "nervous",
    "a099": "lost",
    "a113": "friendly",
    "a114": "naughty",
    "a115": "polite",
    "a116": "clever",
    "a118": "curious",
    "a119": "surprised",
    "a125": "thirsty",
    "a128": "musical",
}
RETIRED_IDS = {"n157", *COLOURLESS}
COLOURFUL = {
    "a136": ("rusty", "brown"),
    "a137": ("leafy", "green"),
    "a138": ("mossy", "green"),
    "a139": ("sandy", "yellow"),
    "a140": ("frosty", "white"),
    "a141": ("starry", "blue"),
    "a142": ("flowery", "red"),
    "a143": ("milky", "white"),
    "a144": ("toasted", "brown"),
    "a145": ("ghostly", "white"),
    "a146": ("wooden", "brown"),
    "a147": ("nocturnal", "black"),
    "a148": ("autumnal", "orange"),
    "a149": ("wintry", "white"),
    "a150": ("springlike", "green"),
    "a151": ("summery", "yellow"),
    "a152": ("velvety", "purple"),
    "a153": ("chocolatey", "brown"),
}


def test_adjectives_that_barely_evoke_a_colour_are_gone_and_their_ids_stay_unused():
    words = w.load_words()
    assert not RETIRED_IDS & set(words.concepts)
    english = {words.concepts[i].entries["en"]["text"] for i in words.ids("adjective")}
    assert not set(COLOURLESS.values()) & english
    assert len(COLOURFUL) == len(COLOURLESS)  # the decks keep their sizes


@pytest.mark.parametrize(("concept_id", "en", "colour"), [(i, *c) for i, c in COLOURFUL.items()])
def test_the_new_adjectives_evoke_a_colour_first(concept_id, en, colour):
    concept = w.load_words().concepts[concept_id]
    assert concept.kind == "adjective"
    assert concept.entries["en"]["text"] == en
    assert concept.colours[0] == colour


@pytest.mark.parametrize(
    ("adjective", "noun", "lang", "phrase"),
    [
        ("rusty", "key", "de", "rostiger Schlüssel"),
        ("rusty", "bicycle", "it", "bicicletta arrugginita"),
        ("sandy", "beach", "fr", "plage sablonneuse"),
        ("starry", "night", "pl", "gwiaździsta noc"),
        ("starry", "sky", "ja", "星降る空"),
        ("autumnal", "forest", "es", "bosque otoñal"),
        ("toasted", "bread", "ja", "こんがり焼けたパン"),
        ("wooden", "bridge", "ja", "木製の橋"),
        ("wooden", "house", "it", "casa di legno"),
        ("wooden", "boat", "fr", "bateau en bois"),
        ("wooden", "horse", "pl", "drewniany koń"),
        ("chocolatey", "cake", "es", "pastel de chocolate"),
        ("chocolatey", "cake", "de", "schokoladiger Kuchen"),
        ("springlike", "garden", "fr", "jardin printanier"),
        ("summery", "beach", "pl", "letnia plaża"),
        ("milky", "sea", "ja", "ミルキーな海"),
        ("flowery", "hat", "de", "geblümter Hut"),
        ("velvety", "night", "it", "notte vellutata"),
        ("ghostly", "castle", "es", "castillo fantasmal"),
        ("frosty", "window", "pl", "oszronione okno"),
    ],
)
def test_the_new_adjectives_build_grammatical_phrases(adjective, noun, lang, phrase):
    words = w.load_words()
    by_en = _by_en(words)
    assert w.phrase(words, by_en[adjective], by_en[noun], lang) == phrase


# How a Japanese attributive form ends: an i-adjective (い), a past or a copula (た, だ, な),
# の, or a verb's dictionary form (the u-row).
JA_ATTRIBUTIVE_ENDINGS = tuple("いただなの" + "うくぐすつぬぶむる")


def _feminine(m: str, lang: str) -> str:
    """The feminine of an it/es adjective by its masculine: -o/-a, es -or/-ora and -ete/-eta;
    gerunds, -e adjectives and words of two words (di legno) have one form for both."""
    if " " in m or m.endswith(("ando", "endo")):
        return m
    if m.endswith("o") or (lang == "es" and m.endswith("ete")):
        return m[:-1] + "a"
    return m + "a" if lang == "es" and m.endswith("or") else m


def test_every_adjective_agrees_by_its_languages_endings():
    words = w.load_words()
    for i in words.ids("adjective"):
        e = words.concepts[i].entries
        assert e["ja"].get("attr", e["ja"]["text"]).endswith(JA_ATTRIBUTIVE_ENDINGS), i
        m, f, n = (e["de"]["forms"][g] for g in "mfn")  # strong forms: -er, -e, -es
        assert m.endswith("er"), i
        assert (f, n) == (m[:-1], m[:-1] + "s"), i
        m, f, n = (e["pl"]["forms"][g] for g in "mfn")  # -y/-i, -a, -e on one stem
        assert m[-1] in "yi", i
        assert (f[-1], n[-1]) == ("a", "e"), i
        assert f.startswith(m[:-1]), i
        assert n.startswith(m[:-1]), i
        for lang in ("it", "es"):
            assert e[lang]["forms"]["f"] == _feminine(e[lang]["forms"]["m"], lang), (i, lang)
        m, f = e["fr"]["forms"]["m"], e["fr"]["forms"]["f"]
        assert f == m or f.endswith("e"), i


def _broken(edit) -> dict:
    data = copy.deepcopy(PAGE_EXAMPLE)
    edit(data)
    return data


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.update(format="colourist-words/2"), "format"),
        (lambda d: d["concepts"][0].pop("colours"), "missing"),
        (lambda d: d["concepts"][0].update(extra=1), "extra"),
        (lambda d: d["concepts"][0].update(id="a002"), "id"),
        (lambda d: d["concepts"][1].update(id="a01"), "id"),
        (lambda d: d["concepts"][1].update(id="n001", kind="noun"), "fields"),
        (lambda d: d["concepts"][0].update(colours=["joker"]), "colours"),
        (lambda d: d["concepts"][0].update(colours=[]), "colours"),
        (lambda d: d["concepts"][0].update(colours=["red", "red"]), "colours"),
        (lambda d: d["concepts"][0].update(colours=["red", "blue", "green", "white"]), "colours"),
        (lambda d: d["concepts"][0]["it"].update(gender="n"), "gender"),
        (lambda d: d["concepts"][0]["fr"].update(vowel=False), "vowel"),
        (lambda d: d["concepts"][0]["en"].update(text=" house"), "trimmed"),
        (lambda d: d["concepts"][0]["en"].update(text=""), "trimmed"),
        (lambda d: d["concepts"][1]["fr"].update(position="after"), "position"),
        (lambda d: d["concepts"][1]["pl"]["forms"].pop("n"), "forms"),
        (lambda d: d["concepts"][1]["it"]["forms"].update(mv="x"), "forms"),
        (lambda d: d["concepts"][1]["de"]["forms"].update(n=""), "trimmed"),
        (lambda d: d["concepts"][1]["ja"].update(attr=" 踊る"), "trimmed"),
        (lambda d: d["concepts"][0]["en"].update(gender="m"), "fields"),
        (lambda d: d["concepts"].append(copy.deepcopy(d["concepts"][0])), "twice"),
        (
            lambda d: d["concepts"].append(dict(copy.deepcopy(d["concepts"][0]), id="n002")),
            "already",
        ),
        (lambda d: d.update(concepts={}), "list"),
    ],
)
def test_a_broken_list_is_refused_in_one_line(edit, message):
    with pytest.raises(WordListError) as e:
        w.parse_words(_broken(edit), min_per_kind=1)
    assert message in str(e.value)
    assert "\n" not in str(e.value)


def test_an_unreadable_file_is_refused_in_one_line(tmp_path):
    path = tmp_path / "words.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(WordListError) as e:
        w.load_words(path)
    assert "\n" not in str(e.value)
    assert str(path) in str(e.value)
