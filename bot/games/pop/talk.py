"""Table talk in cooperative Pop: does a chat message reveal card numbers?

Rules §6 (cooperative): players may talk about the *colours* of their cards and the *queue
positions* A–E; they may **not** reveal the numbers on their cards (1–50). The bot reads a
table's thread and asks :func:`reveals_numbers`; :func:`number_evidence` returns the offending
fragments (for the reminder). What to do with a message is the bot's business, not this module's.

The detector is deliberately *conservative*: the spirit of the rule is "nothing that tells a
number", so a count ("I have two blue") is caught as well as a value ("my blue is two") — the
text alone cannot tell them apart. Every language the bot speaks is checked on every message
(players mix languages), so the word lists are shared.

What is caught
--------------
* **Any digit**, in any script: ASCII, full-width ``０-９``, Arabic-Indic, Devanagari, superscripts,
  circled numbers, fractions, the keycap emoji, Roman-numeral characters (``Ⅻ``), ... ("2 3",
  "2-3", "2.3", "2,3" are one fragment). Discord markup that carries ids (``<@123>``, ``<#123>``,
  ``<t:1700000000>``, custom emoji ids) is removed first; the emoji *name* is kept. URLs are not
  special: a digit in a link is a digit.
* **Number words 0–50** in English, Italian, French, Spanish, Polish, German and Japanese, as
  words, compounds and joined compounds: "twenty-three", "twenty three", "twentythree",
  "vingt et un", "quarante-deux", "ventitré", "ventitre", "trentotto", "veintitrés",
  "treinta y dos", "dwadzieścia trzy", "dreiundzwanzig", "fuenf", "二十三", "にじゅうさん",
  "ニジュウサン", "nijuusan". Case, accents, ``ß``/``ss``, umlaut spellings (``ue``), Polish ``ł``,
  invisible characters (zero-width space) and Cyrillic/Greek look-alike letters do not matter.
  English plurals ("the twos", "sixes") and Polish case forms ("trzech", "pięciu") are caught.
* **Spelled-out letters**: a run of single letters ("t w e n t y", "t-w-o", "T.W.O", "o n e")
  is joined and searched for a number word (also romaji: "n i j u u s a n"); kana/kanji
  spelled one character at a time ("二 十 三", "に じ ゅ う") are joined too.
* **Ordinals**: 11th–50th are caught ("twenty-third", "eleventh", "dreiundzwanzigste",
  "ventitreesimo", "vingtième", "vigésimo", "dwudziesty"). **1st–10th pass** ("first", "third
  card", "quinto", "zweite", "drugi"): they name positions in the queue or the turn order (the
  rule allows talking about positions) and "second"/"segundo"/"drugi" are everyday words.
* **Roman numerals 1–50**: three letters or more in any case ("XXIII", "xiv", "iii") and two
  letters only in capitals ("IV", "XX"); a single letter never ("I", "V", "X", "L", "C", "D"
  pass: pronoun, versus, times, queue letters). So the Italian pronoun "vi" and kisses "xx" pass,
  "xxx" does not (it is 30).

Ambiguous words — the choices
-----------------------------
English
  "one": allowed as a pronoun — after a determiner or adjective ("the blue one", "this one",
  "which one", "no one", "the tricky one"), before "of"/"another"/"by" ("one of us", "one by
  one") and in "one sec/second/moment/minute"; "someone", "anyone", "ones" are other words.
  Elsewhere it is the number: "I have one blue", "my card is one", "the number one", "one"
  alone. "a"/"an" are never numbers.
  "once" passes (it is also Spanish 11: caught only after "el", "la", "número", "tengo", ...).
  "due" passes before "to" and after "is"/"are"/... ("due to", "it is due"), else it is
  Italian 2. "ten" is caught, except in a Polish message ("ten" = "this" there).
Italian
  Articles "un", "una", "un'" pass ("una carta blu"); "uno" passes before "di/dei/del..." ("uno
  dei rossi") or as an article ("uno scambio", "uno zaino"), else it is caught ("ne ho uno",
  "l'uno"). "sei" is "you are" as often as "six": caught only in a number context ("il sei",
  "ho sei", "tre e sei"), so "sei sicuro?" passes. "ventuno"/"ventiuno" both caught.
French
  "un" is caught only as a number ("le un", "numéro un", "vingt et un"); "une" always passes.
  "très" (with its accent) passes; "tres" without accent is Spanish 3 unless a French word
  makes it "très" ("tres bien", "c'est tres bon"). "neuf" (also "new") and "seize" are caught.
Spanish
  "un"/"una" pass (articles); "uno" passes in "cada uno", "uno de"; else caught. "once" as above.
  "décimo tercero" (two words for 13th) is not caught: only one-word ordinals are.
Polish
  "jeden/jedna/jedno/jednego/..." is mostly a number and is caught, except "jeden z" (one of),
  "ani jeden", "ten jeden", "wszystko jedno". "raz" (once) passes.
German
  Articles "ein/eine/einen/einem/einer/eines" pass; "eins" is caught. "acht" passes in
  "gib acht", "acht geben", "in acht nehmen"; else it is 8. "null" and "elf" are caught.
Japanese
  Kanji numerals (一 二 三 ... 十, 〇, 廿) are caught, except in common words where they are not
  a number: 一緒, 一番, 一応, 一度, 一人, 十分, 唯一, ... (so "一番右に青" passes, "一つ" is
  caught like "one blue"). Kana: compounds built on じゅう are caught ("にじゅうさん",
  "じゅうご"), as are いち, よん, ろく, なな, しち, はち, きゅう and ふたつ...ここのつ when they
  stand as a word (start/particle before, end/particle after): "いちばん", "いちご", "きゅうに"
  pass. The one-syllable readings に, さん, ご are particles, honorifics and prefixes far more
  often; they are caught only when they stand alone ("青は さん です", "さん枚"), never in
  "田中さん" or "ごめん". Romaji: "ichi", "roku", "hachi", "kyuu", "juu", "nijuusan", ... are caught;
  "ni", "san", "go" are not (particle, honorific, English verb).

Not handled (documented limits): numbers split into multi-letter pieces ("twen ty"), number
words glued to other words ("zweimal", "Dreierkarte"), leetspeak without digits, arithmetic
riddles ("two times ten plus three" is caught anyway for "two").

Examples::

    >>> reveals_numbers("I have the 2 blue ones"), reveals_numbers("blue to C")
    (True, False)
    >>> number_evidence("vingt et un, et toi ?")
    ['vingt et un']
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Callable

__all__ = ["LANGUAGES", "number_evidence", "reveals_numbers"]

LANGUAGES: tuple[str, ...] = ("en", "it", "ja", "fr", "es", "pl", "de")


# --------------------------------------------------------------------------------------------
# Number words 0–50 per language: the single source for the detector and the tests.
# --------------------------------------------------------------------------------------------


def _split(words: str) -> list[str]:
    return words.split()


def _words(words: str) -> frozenset[str]:
    return frozenset(words.split())


def _tens_table(
    units: list[str],
    tens: dict[int, str],
    join: Callable[[int, str, int, str], list[str]],
    extra: dict[int, list[str]] | None = None,
) -> dict[int, list[str]]:
    table: dict[int, list[str]] = {n: [w] for n, w in enumerate(units)}
    for t, word in tens.items():
        table[t] = [word]
        if t == 50:
            continue
        for u in range(1, 10):
            table[t + u] = join(t, word, u, units[u])
    for n, words in (extra or {}).items():
        table[n] = table.get(n, []) + words
    return table


_EN = _tens_table(
    _split(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen"
    ),
    {20: "twenty", 30: "thirty", 40: "forty", 50: "fifty"},
    lambda t, w, u, uw: [f"{w}-{uw}", f"{w} {uw}"],
    {0: ["nought"], 40: ["fourty"]},
)
_IT_UNITS = _split(
    "zero uno due tre quattro cinque sei sette otto nove dieci undici dodici tredici "
    "quattordici quindici sedici diciassette diciotto diciannove"
)


def _it_join(t: int, w: str, u: int, uw: str) -> list[str]:
    if u in (1, 8):  # ventuno, trentotto (and the unelided ventiuno, trentaotto)
        return [w[:-1] + uw, w + uw]
    return [w + ("tré" if u == 3 else uw)]


_IT = _tens_table(_IT_UNITS, {20: "venti", 30: "trenta", 40: "quaranta", 50: "cinquanta"}, _it_join)
_FR = _tens_table(
    _split(
        "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze "
        "seize dix-sept dix-huit dix-neuf"
    ),
    {20: "vingt", 30: "trente", 40: "quarante", 50: "cinquante"},
    lambda t, w, u, uw: [f"{w} et un", f"{w}-et-un"] if u == 1 else [f"{w}-{uw}"],
)
_ES = _tens_table(
    _split(
        "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince "
        "dieciséis diecisiete dieciocho diecinueve"
    ),
    {20: "veinte", 30: "treinta", 40: "cuarenta", 50: "cincuenta"},
    lambda t, w, u, uw: (
        ["veinti" + {2: "dós", 3: "trés", 6: "séis"}.get(u, uw)] if t == 20 else [f"{w} y {uw}"]
    ),
    {21: ["veintiún"]},
)
_PL = _tens_table(
    _split(
        "zero jeden dwa trzy cztery pięć sześć siedem osiem dziewięć dziesięć jedenaście dwanaście "
        "trzynaście czternaście piętnaście szesnaście siedemnaście osiemnaście "
        "dziewiętnaście"
    ),
    {20: "dwadzieścia", 30: "trzydzieści", 40: "czterdzieści", 50: "pięćdziesiąt"},
    lambda t, w, u, uw: [f"{w} {uw}"],
)
_DE = _tens_table(
    _split(
        "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn "
        "fünfzehn sechzehn siebzehn achtzehn neunzehn"
    ),
    {20: "zwanzig", 30: "dreißig", 40: "vierzig", 50: "fünfzig"},
    lambda t, w, u, uw: [("ein" if u == 1 else uw) + "und" + w],
    {2: ["zwo"]},
)
_JA_KANJI = "〇一二三四五六七八九"
_JA_KANA = ["ぜろ", "いち", "に", "さん", "よん", "ご", "ろく", "なな", "はち", "きゅう"]


def _ja_table() -> dict[int, list[str]]:
    table: dict[int, list[str]] = {}
    for n in range(51):
        t, u = divmod(n, 10)
        if n < 10:
            kanji, kana = _JA_KANJI[n], _JA_KANA[n]
        else:
            kanji = (_JA_KANJI[t] if t > 1 else "") + "十" + (_JA_KANJI[u] if u else "")
            kana = (_JA_KANA[t] if t > 1 else "") + "じゅう" + (_JA_KANA[u] if u else "")
        table[n] = [kanji, kana]
    table[0] = ["〇", "零"]  # ぜろ is a loanword spelled in katakana: ゼロ (caught as "zero")
    return table


_CARDINALS: dict[str, dict[int, list[str]]] = {
    "en": _EN,
    "it": _IT,
    "ja": _ja_table(),
    "fr": _FR,
    "es": _ES,
    "pl": _PL,
    "de": _DE,
}

# Extra forms that are caught but are not "the" spelling of a number.
_EXTRA_FORMS: dict[int, list[str]] = {
    2: ["dwie", "dwóch", "dwoma", "dwom", "dwoje", "dwojga"],
    3: ["trzech", "trzem", "trzema", "troje", "trojga"],
    4: ["czterech", "czterem", "czterema", "czworo"],
    5: ["pięciu", "pięcioma"],
    6: ["sześciu", "sześcioma"],
    7: ["siedmiu", "siedmioma"],
    8: ["ośmiu", "ośmioma"],
    9: ["dziewięciu", "dziewięcioma"],
    10: ["dziesięciu", "dziesięcioma"],
    50: ["pięćdziesięciu"],
}

_EN_ORD = {
    1: "first",
    2: "second",
    3: "third",
    4: "fourth",
    5: "fifth",
    6: "sixth",
    7: "seventh",
    8: "eighth",
    9: "ninth",
    11: "eleventh",
    12: "twelfth",
    13: "thirteenth",
    14: "fourteenth",
    15: "fifteenth",
    16: "sixteenth",
    17: "seventeenth",
    18: "eighteenth",
    19: "nineteenth",
    20: "twentieth",
    30: "thirtieth",
    40: "fortieth",
    50: "fiftieth",
}

# Words with a meaning besides the number: see the module docstring.
_ONE_FORMS = {"jeden", "jedna", "jedno", "jednego", "jednej", "jednym", "jednemu"}
_CONTEXT_WORDS = frozenset({"one", "uno", "due", "acht", "tres", "ten", "sei", "once", "un"})
_CONTEXT_WORDS |= _ONE_FORMS
_WEAK = frozenset({"sei", "once", "un"})  # caught only in a number context


# --------------------------------------------------------------------------------------------
# Normalisation
# --------------------------------------------------------------------------------------------

_CONFUSABLES = dict(
    zip(
        "аеорсухіјԁѕԛԝɡοντιαεκρυχ",
        "aeopcyxijdsqwgovtiaekpux",
        strict=True,
    )
)
_SPECIAL = {"ł": "l", "đ": "d", "ø": "o", "ı": "i", "ħ": "h", "ū": "uu", "🔟": "10"}


def _is_cjk(c: str) -> bool:
    o = ord(c)
    return 0x3040 <= o <= 0x30FF or 0x3400 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or o == 0x3007


def _normalize(text: str) -> tuple[str, list[int]]:
    """Lower-case, accent-free, katakana→hiragana text and, per character, its source index."""
    if text.isascii():
        return text.lower(), list(range(len(text)))
    out: list[str] = []
    idx: list[int] = []
    for i, ch in enumerate(text):
        if unicodedata.category(ch) == "Cf":  # zero-width space/joiner, bidi marks, ...
            continue
        for c in unicodedata.normalize("NFKC", ch).casefold():
            c = _CONFUSABLES.get(c, c)
            pieces = _SPECIAL.get(c, c)
            for p in pieces:
                if ord(p) < 0x3000:
                    p = "".join(
                        x for x in unicodedata.normalize("NFD", p) if not unicodedata.combining(x)
                    )
                elif 0x30A1 <= ord(p) <= 0x30F6:  # katakana → hiragana
                    p = chr(ord(p) - 0x60)
                for q in p:
                    out.append(q)
                    idx.append(i)
    return "".join(out), idx


def _key(word: str) -> str:
    return "".join(re.findall("[a-z]+", _normalize(word)[0]))


# --------------------------------------------------------------------------------------------
# Lexicon: normalised single token → value (cardinals 0–50, ordinals 11–50)
# --------------------------------------------------------------------------------------------


def _ordinal_forms() -> list[tuple[int, str]]:
    forms: list[tuple[int, str]] = []
    for n in range(11, 51):
        t, u = divmod(n, 10)
        if n in _EN_ORD:
            forms.append((n, _EN_ORD[n]))
        if n > 20 and u:
            forms.append((n, _EN[t * 10][0] + _EN_ORD[u]))
        for w in map(_key, _IT[n]):  # ventitreesimo, ventesimo, undicesimo
            stem = w if w.endswith(("tre", "sei")) else w[:-1]
            forms += [(n, stem + "esim" + end) for end in "oaie"]
        for w in map(_key, _FR[n]):  # onzième, vingtième, vingtetunième
            if w.endswith("cinq"):
                stem = w + "u"
            elif w.endswith("neuf"):
                stem = w[:-1] + "v"
            else:
                stem = w[:-1] if w.endswith("e") else w
            forms.append((n, stem + "ieme"))
        for w in map(_key, _DE[n]):  # elfte, zwanzigste, dreiundzwanzigsten
            forms += [(n, w + ("te" if n < 20 else "ste") + e) for e in ("", "n", "r", "s", "m")]
    return forms


def _build_lexicon() -> dict[str, int]:
    lex: dict[str, int] = {}
    for lang, table in _CARDINALS.items():
        if lang == "ja":
            continue
        for n, spellings in table.items():
            for s in spellings:
                variants = {s}
                if lang == "de":
                    variants.add(s.replace("ü", "ue").replace("ö", "oe").replace("ä", "ae"))
                    variants.add(s.replace("ß", "s"))
                for v in variants:
                    lex[_key(v)] = n
                if lang == "en" and n >= 2 and " " not in s and "-" not in s:  # twos, sixes
                    plural = s[:-1] + "ies" if s.endswith("y") else s + "es" * s.endswith("x")
                    lex[_key(plural if plural != s else s + "s")] = n
    for n, forms in _EXTRA_FORMS.items():
        for f in forms:
            lex[_key(f)] = n
    for n, w in _ordinal_forms():
        lex.setdefault(w, n)
    for w, n in {"ichi": 1, "yon": 4, "roku": 6, "shichi": 7, "hachi": 8, "kyuu": 9}.items():
        lex[w] = n
    return lex


_LEXICON = _build_lexicon()
_MAX_WORD = max(map(len, _LEXICON))

_ES_ORD = re.compile(
    r"(?:undecim|duodecim|decimo(?:primer|segund|tercer|cuart|quint|sext|septim|octav|noven)"
    r"|vigesim|trigesim|cuadragesim|quincuagesim)(?:o|a|os|as)?"
)
_PL_ORD = re.compile(
    r"(?:jedenast|dwunast|trzynast|czternast|pietnast|szesnast|siedemnast|osiemnast|dziewietnast"
    r"|dwudziest|trzydziest|czterdziest|piecdziesiat)(?:y|a|e|ego|ej|emu|ym|ymi|ych|u|oma)?"
)
_ROMAJI = re.compile(
    r"(?:ni|san|yon|go)?jy?uu(?:ichi|ni|san|yon|shi|go|roku|nana|shichi|hachi|kyuu?|ku)?"
    r"|(?:ni|san|yon|go)jy?uu?(?:ichi|ni|san|yon|shi|go|roku|nana|shichi|hachi|kyuu?|ku)?"
)


def _roman_numerals() -> frozenset[str]:
    out = set()
    for n in range(1, 51):
        s, rest = "", n
        for value, sym in (
            (50, "l"),
            (40, "xl"),
            (10, "x"),
            (9, "ix"),
            (5, "v"),
            (4, "iv"),
            (1, "i"),
        ):
            while rest >= value:
                s, rest = s + sym, rest - value
        out.add(s)
    return frozenset(out)


_ROMAN = _roman_numerals()


# --------------------------------------------------------------------------------------------
# Context of ambiguous words
# --------------------------------------------------------------------------------------------

_COLOURS = _words("red yellow green blue purple violet reds yellows greens blues purples")
_EN_DET = _words(
    "the this that these those which whichever what each every any no some another a an my "
    "your our their his her its whose other same"
)
_EN_ADJ = (
    _EN_DET
    | _COLOURS
    | _words(
        "last next only right wrong good bad big small little low high lower higher lowest highest "
        "new old first second third left middle safe risky better best worse worst single"
    )
)
_EN_STOP = _words(
    "is are was were be been am m s re has have had got get play played plays playing hold "
    "holds holding put and or but to for on at in it i you we they he she with card number "
    "value than then like just exactly about around maybe probably"
)
_CONNECTORS = _words("and et y e ed und i o or ou oder lub albo")
_IT_NUM_PREV = _words(
    "il l lo un del al dal nel sul col numero n i dei ai coi nei sui ho hai ha abbiamo avete "
    "hanno da di tra fra con"
)
_ES_NUM_PREV = _words(
    "el la los las un numero n tengo tienes tiene tenemos es son del al con de juego juega "
    "jugar carta mi tu su"
)
_FR_NUM_PREV = _words("le numero n carte")
_IT_PREP = _words("di dei del della delle degli dello dall dalla de")
_IT_ARTICLE_NEXT = re.compile(r"s[bcdfghjklmnpqrstvwxz]|z|gn|ps|pn")
_FR_TRES_NEXT = _words(
    "bien bon bonne bons bonnes peu mal fort beau belle important importante facile difficile "
    "risque risquee malin sympa vite souvent loin proche dangereux dangereuse probable sur "
    "simple content contente cool dur dure bizarre"
)
_FR_TRES_PREV = _words("c est suis etait sont pas")
_PL_HINTS = _words(
    "jest mam masz ma nie tak czy moze daj mnie ja ty jak juz teraz karte karta karty kolor "
    "kolumne kolumna gram zagram zagraj poloz ktory ktora ktore tego tej dla albo lub ale sie "
    "bo niebieski niebieska niebieskie czerwony czerwona czerwone zolty zolta zolte zielony "
    "zielona zielone fioletowy fioletowa fioletowe"
)


def _allowed_in_context(
    word: str, orig: str, prev: str, prev2: str, nxt: str, polish: bool
) -> bool:
    """For a word of `_CONTEXT_WORDS` that is not weak: is this use not a number?"""
    if word == "one":
        return (
            prev in _EN_ADJ
            or (prev2 in _EN_DET and prev not in _EN_STOP and prev not in _LEXICON)
            or nxt in ("of", "another", "by", "sec", "second", "moment", "minute")
            or (prev == "by" and prev2 == "one")
        )
    if word == "uno":
        return (
            prev in ("cada", "ciascuno")
            or nxt in _IT_PREP
            or bool(nxt and _IT_ARTICLE_NEXT.match(nxt))
        )
    if word in _ONE_FORMS:
        return nxt in ("z", "ze") or prev in ("ani", "ten", "ta", "to", "wszystko")
    if word == "due":
        return nxt == "to" or prev in ("is", "are", "was", "were", "be", "been", "s", "re", "not")
    if word == "acht":
        return prev in ("gib", "gebt", "geben", "gibt", "gab", "in", "ausser") or nxt in (
            "geben",
            "gegeben",
            "nehmen",
            "genommen",
        )
    if word == "tres":
        return "è" in orig.casefold() or nxt in _FR_TRES_NEXT or prev in _FR_TRES_PREV
    if word == "ten":
        return polish
    return False


def _weak_is_number(word: str, prev: str) -> bool:
    if word == "sei":
        return prev in _IT_NUM_PREV
    if word == "once":
        return prev in _ES_NUM_PREV
    return prev in _FR_NUM_PREV  # "un"


# --------------------------------------------------------------------------------------------
# Detection
# --------------------------------------------------------------------------------------------

_DISCORD_IDS = re.compile(r"<(?:@[!&]?|#)\d+>|<t:-?\d+(?::[a-zA-Z])?>|</[^<>:]+:\d+>")
_CUSTOM_EMOJI = re.compile(r"<a?:(\w+):\d+>")
_LATIN_TOKEN = re.compile(r"[a-z]+")
_DIGITS = re.compile(r"\d(?:[\s.,:/\-–—_'+]*\d)*")
_BREAK = re.compile(r"[.!?;\n\d]")
_JOIN = re.compile(
    r"^[\s\-‐‑–—,/+&.]*(?:(?:and|et|y|e|ed|und|i|or|o|ou|oder|lub|albo)[\s\-‐‑–—,/+&.]*)?$",
    re.IGNORECASE,
)

_KANJI_NUM = "〇零一二三四五六七八九十廿卅卌壱弐参拾"
_KANJI_RUN = re.compile(f"[{_KANJI_NUM}]+")
_KANJI_IDIOMS = re.compile(
    "一緒|一番|一応|一旦|一体|一気|一瞬|一度|一人|一部|一方|一生|一斉|一致|一言|一般|一切|一層|"
    "一向|一見|一杯|一流|一面|一時|一日|一列|統一|唯一|同一|万一|十分|十字|三角|四角|七夕"
)
_KANA_UNIT = "(?:いち|に|さん|よん|し(?![ゃゅょ])|ご|ろく|なな|しち|はち|きゅ[うー]?|く)"
_KANA_LEFT = "(?:(?<![ぁ-ゖ])|(?<=[はがをのもと]))"
_KANA_END = "(?=$|[^ぁ-ゖー]|[をがはともでのかねだ]|よ(?!う))"
_KANA = re.compile(
    f"(?:に|さん|よん|ご)じゅ[うー]?{_KANA_UNIT}?"  # 20–59
    f"|{_KANA_LEFT}じゅ[うー]?{_KANA_UNIT}?{_KANA_END}"  # 10–19
    f"|{_KANA_LEFT}(?:いち|よん|ろく|なな|しち|はち|きゅう|きゅー)"
    "(?=$|[^ぁ-ゖー]|[をがはともでのかねだ]|よ(?!う))"
    f"|{_KANA_LEFT}(?:ふたつ|みっつ|よっつ|いつつ|むっつ|ななつ|やっつ|ここのつ)"
    "|(?:^|(?<=[\\s、。,.!?！？「」()（）])|(?<=[はがをも]))(?:に|さん|ご)"
    "(?=$|[\\s、。,.!?！？」)）]|です|だ|番|枚)"
)
_JA_PIECE = re.compile(r"[^\s・･\-_.]+")


def _latin_hits(norm: str, idx: list[int], text: str) -> list[tuple[int, int]]:
    """Spans (in `text`) of number words, Roman numerals and spelled-out words."""
    toks = [(m.group(), m.start(), m.end()) for m in _LATIN_TOKEN.finditer(norm)]
    if not toks:
        return []
    words = [t[0] for t in toks]
    polish = any(w in _PL_HINTS or w in _ONE_FORMS for w in words) or any(
        c in text for c in "ąęłśźżćńĄĘŁŚŹŻĆŃ"
    )
    # Context neighbours, cut at sentence ends and digits.
    linked = [
        k > 0 and not _BREAK.search(norm, toks[k - 1][2], toks[k][1]) for k in range(len(toks))
    ]
    spans: list[tuple[int, int]] = []
    number_at: list[bool] = [False] * len(toks)
    weak: list[int] = []

    def orig(k: int) -> tuple[int, int]:
        return idx[toks[k][1]], idx[toks[k][2] - 1] + 1

    for k, w in enumerate(words):
        prev = words[k - 1] if linked[k] else ""
        prev2 = words[k - 2] if prev and k > 1 and linked[k - 1] else ""
        nxt = words[k + 1] if k + 1 < len(toks) and linked[k + 1] else ""
        s, e = orig(k)
        hit = False
        if w in _LEXICON:
            if w in _WEAK:
                weak.append(k)
                hit = _weak_is_number(w, prev)
            elif w in _CONTEXT_WORDS:
                hit = not _allowed_in_context(w, text[s:e], prev, prev2, nxt, polish)
            else:
                hit = True
        elif _ES_ORD.fullmatch(w) or _PL_ORD.fullmatch(w) or _ROMAJI.fullmatch(w):
            hit = True
        elif w in _ROMAN:
            raw = text[s:e]
            hit = (
                len(w) >= 3
                or (len(w) == 2 and raw.isupper())
                or any(unicodedata.category(c) == "Nl" for c in raw)
            )
        if hit:
            number_at[k] = True
            spans.append((s, e))
    spans += [orig(k) for k in _weak_beside_numbers(weak, words, linked, number_at)]
    return spans + _letter_runs(toks, words, idx)


def _weak_beside_numbers(
    weak: list[int], words: list[str], linked: list[bool], number_at: list[bool]
) -> list[int]:
    """Weak words next to a number via "and"/"e"/"et"/...: "tre e sei", "vingt et un"."""
    found = []
    for k in weak:
        if number_at[k]:
            continue
        before = k > 1 and linked[k] and linked[k - 1] and words[k - 1] in _CONNECTORS
        after = (
            k + 2 < len(words) and linked[k + 1] and linked[k + 2] and words[k + 1] in _CONNECTORS
        )
        if (before and number_at[k - 2]) or (after and number_at[k + 2]):
            found.append(k)
    return found


def _letter_runs(
    toks: list[tuple[str, int, int]], words: list[str], idx: list[int]
) -> list[tuple[int, int]]:
    """Runs of single letters: "t w e n t y", "t-w-o", "X X I I I"."""
    spans: list[tuple[int, int]] = []
    k = 0
    while k < len(toks):
        j = k
        while j < len(toks) and len(words[j]) == 1:
            j += 1
        if j - k >= 2:
            spans += _spelled_out(toks[k:j], idx)
        k = max(j, k + 1)
    return spans


def _spelled_out(run: list[tuple[str, int, int]], idx: list[int]) -> list[tuple[int, int]]:
    letters = "".join(t[0] for t in run)
    if (
        letters in _LEXICON
        or _ROMAJI.fullmatch(letters)
        or (len(letters) >= 3 and letters in _ROMAN)
    ):
        return [(idx[run[0][1]], idx[run[-1][1]] + 1)]
    found: list[tuple[int, int]] = []
    i = 0
    while i < len(letters):
        for length in range(min(_MAX_WORD, len(letters) - i), 2, -1):
            if letters[i : i + length] in _LEXICON:
                found.append((idx[run[i][1]], idx[run[i + length - 1][1]] + 1))
                i += length - 1
                break
        i += 1
    return found


def _japanese_hits(norm: str, idx: list[int]) -> list[tuple[int, int]]:
    """Kanji and kana numbers, in the text as written and with spaced-out CJK joined up."""
    spans = _japanese_scan(norm, list(range(len(norm))), idx)
    # Spelled out one character at a time ("二 十 三", "に・じゅ・う"): join those characters.
    pieces = [m.span() for m in _JA_PIECE.finditer(norm)]
    skip: set[int] = set()
    for (s1, e1), (s2, e2) in itertools.pairwise(pieces):
        if e1 - s1 == 1 == e2 - s2 and _is_cjk(norm[s1]) and _is_cjk(norm[s2]):
            skip.update(range(e1, s2))
    if skip:
        where = [i for i in range(len(norm)) if i not in skip]
        spans += _japanese_scan("".join(norm[i] for i in where), where, idx)
    return spans


def _japanese_scan(ja: str, where: list[int], idx: list[int]) -> list[tuple[int, int]]:
    ja = _KANJI_IDIOMS.sub(lambda m: "□" * len(m.group()), ja)
    spans = []
    for pattern in (_KANJI_RUN, _KANA):
        for m in pattern.finditer(ja):
            spans.append((idx[where[m.start()]], idx[where[m.end() - 1]] + 1))
    return spans


def _other_numerals(norm: str, idx: list[int]) -> list[tuple[int, int]]:
    """Numeric characters that are neither decimal digits nor CJK (e.g. Ethiopic ፫)."""
    return [
        (idx[i], idx[i] + 1)
        for i, c in enumerate(norm)
        if c.isnumeric() and not c.isdecimal() and not _is_cjk(c)
    ]


def _merge(text: str, spans: list[tuple[int, int]]) -> list[str]:
    out: list[list[int]] = []
    for s, e in sorted(spans):
        if out and (s <= out[-1][1] or _JOIN.match(text[out[-1][1] : s])):
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return [text[s:e].strip() for s, e in out]


def number_evidence(text: str) -> list[str]:
    """The fragments of `text` that tell a number, in order ([] when the message is fine)."""
    text = _DISCORD_IDS.sub(" ", text)
    text = _CUSTOM_EMOJI.sub(r" \1 ", text)
    norm, idx = _normalize(text)
    spans = [(idx[m.start()], idx[m.end() - 1] + 1) for m in _DIGITS.finditer(norm)]
    spans += _latin_hits(norm, idx, text)
    if not norm.isascii():
        spans += _japanese_hits(norm, idx)
        spans += _other_numerals(norm, idx)
    return _merge(text, spans)


def reveals_numbers(text: str) -> bool:
    """True when a seated player's message reveals card numbers (see the module docstring)."""
    return bool(number_evidence(text))
