"""Every count a player reads agrees with its number, in every language: "1 card", "2 cards",
"5 kart", "22 karty". A catalogue text that takes a count is either a plural dict (chosen by
`n`, with the forms its language needs) or worded so that it reads right for any number: the
count stands after a label ("Cards left: 2"), in a fraction ("2/5", "2 of 5"), next to a sign
("×2", "+2", "= 2", "40 %") or alone in brackets, never before a word that would agree with it.

Which placeholders are counts follows how the code fills them (`t(key, n=len(...))`, the
pictures' `label(labels, key, n=...)`): COUNTS names them, and every placeholder of the English
catalogue is either a count or named in NOT_COUNTS, so a new placeholder must be classified.
Japanese counts take counters that never change (2枚, 5枚): its texts need no plural form.
"""

from __future__ import annotations

import re
import string

import pytest

import bot.games  # noqa: F401  (every game declares its run-time key families)
from bot.texts.i18n import PLURAL_FORMS, catalogue, languages, t

EN = catalogue("en")

# Placeholders the code fills with a number of things (cards, seats, points, wins...).
COUNTS = {
    "n", "k", "sets", "pile", "points", "total", "left", "removed", "wins", "games", "count",
    "limit", "low", "high", "turns", "cotton", "share", "size", "depth",
    "second_share",  # a hint: the best other move's share of wins, "40 %"
    "carry",  # a season's carry-over, "50 %"
}  # fmt: skip
# Placeholders that hold words, names, lists or a number that names something (a round, a row,
# a card, a cell), not how many things there are.
NOT_COUNTS = {
    "name", "names", "who", "user", "host", "partner", "by", "colourist", "title", "level",
    "mode", "game", "grade", "card", "cards", "colour", "colours", "symbol", "column", "columns",
    "row", "rows", "text", "format", "button", "at", "error", "group", "token", "cell", "cells",
    "legend", "secrets", "piles", "scores", "pawns", "result", "moved", "out", "winners",
    "order", "nouns", "adjectives", "jokers", "plus", "minus", "step", "set", "turn", "round",
    "move", "id", "rank", "difficulty", "finish", "field", "score", "average", "best", "extra",
    "seal",  # the first hex digits of a deal's SHA-256 commitment
    "stake",  # what a decision cost, in words with its own count ("1.5 points")
    "number",  # a game's number at its table (a replay's)
    "when",  # when in a game a decision was made, in its own words ("Round 3")
    "modes",  # a game's tournament modes, named in a list
    "second",  # a hint: the best other move, in words
    "join_ids", "start_id",  # the ids a deal was dealt with
    # a challenge: its game and kind, a Discord relative date, where an entry plays, its
    # revealed secret and commitment (hex), and /challenge play as Discord spells it
    "kind", "relative", "where", "secret", "commitment", "challenge_play", "challenge_new",
    # ratings: a rating shown, a signed change, the seats' changes, a place, a Discord date
    "rating", "change", "changes", "place", "date", "seats",
    # ratings: an AI's version ("v1"), a pool's name ("Pop · trick"), a line it heads
    "version", "pool", "line",
    # command names, as the user's Discord language spells them (/help, "no table here")
    "pop_new", "coloretto_new", "colorpop_new", "colourist_new", "pop_rules", "coloretto_rules",
    "pop_enigma",
    "table_show", "table_leave", "table_record", "stats", "leaderboard", "history", "settings_pings",
    "server_seasons",
    # seasons: a season's name ("2026-11") or a list of them, its cadence's name, a Discord
    # date, a channel's mention, and how a season starts (a sentence)
    "season", "seasons", "cadence", "ends", "channel", "start",
    # a tournament: /tournament new as Discord spells it; its picture's round or "final"
    "tournament_new", "status",
}  # fmt: skip
# Keys whose placeholder is not what its name usually holds.
NOT_A_COUNT_HERE = {
    "pop.alt.card": {"n"},  # the card's number: "12 red"
    "pop.alt.seat_sets": {"sets"},  # the sets' scores, "3 + 5"
    "pop.label.step": {"n"},  # which step, set, round, row
    "pop.label.set": {"n"},
    "coloretto.label.round": {"n"},
    "coloretto.label.row": {"n"},
    "coloretto.label.took_row": {"n"},
    "coloretto.label.placed": {"n"},
    "colourist.label.round": {"n"},
    "colourist.label.alt_track": {"n"},
    "colorpop.turn.left": {"left"},  # the tokens left per colour, as a text
    "colorpop.alt.board": {"left"},
}
COUNT_HERE = {"pop.alt.scored": {"cards"}}  # how many cards were collected
# Reviewed in every language: the count agrees with no word around it ("at least 2", "up to 3",
# "♛ keeps 2", "Pile 12", "+2 from ♛", "+2 Ana").
AGREES_WITH_NOTHING = {
    "pop.lobby.text": {"low"},
    "coloretto.lobby.text": {"low"},
    "colorpop.lobby.text": {"low"},
    "colourist.lobby.text": {"low"},
    "coloretto.alt.row_empty": {"limit"},
    "coloretto.alt.count_jokers": {"points"},  # a signed score in brackets: "(+10; …)"
    "pop.label.chief_keeps": {"n"},
    "pop.label.pile": {"n"},
    "pop.label.hand": {"n"},
    "pop.label.from_chief": {"n"},
    "pop.label.gain": {"n"},
    "pop.alt.scored": {"total"},  # "12 in all", "razem 12"
    "pop.label.head_set_turn": {"sets", "turns"},  # "Set 2 of 3 · Turn 1 of 8", "Zug 1 von 8"
    "pop.label.head_turn_of": {"turns"},
    "pop.label.level_of": {"n", "total"},  # "Level 3 of 5": which level, of how many
    "history.tournament": {"n"},  # "place 2 of 8", "Platz 2 von 8", "8人中2位": the phrase's end
}
# The words of "2 of 5" in each language.
OF = r"(?:of|su|di|sur|de|z|von)"
PLURAL_LANGUAGES = [lang for lang in languages() if PLURAL_FORMS[lang] != ("other",)]


def forms(entry: object) -> list[str]:
    return list(entry.values()) if isinstance(entry, dict) else [str(entry)]


def fields(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def counts_of(key: str) -> set[str]:
    """The count placeholders of a key (its English text names them)."""
    found = {f for text in forms(EN[key]) for f in fields(text)}
    return ((found & COUNTS) | COUNT_HERE.get(key, set())) - NOT_A_COUNT_HERE.get(key, set())


def count_keys() -> list[str]:
    return [key for key in EN if counts_of(key)]


WORD_AFTER = re.compile(r"^\s*[^\W\d_]")  # a letter: a word that could agree with the count
LABEL_BEFORE = re.compile(r"[:\uff1a]\s*(\*\*)?$")  # "Cards left: 2" (and its full-width colon)
SIGN_BEFORE = re.compile(r"[/×+=#–-]\s*$")  # "2/5", "×2", "+2", "= 12", "1–5"
SIGN_AFTER = re.compile(r"^\s*[/×%–]")  # "2/5", "2 ×", "40 %", "2–5"


def _a_count(text: str, counts: set[str]) -> str:
    return "|".join(re.escape("{" + c + "}") for c in sorted(counts)) or "(?!)"


def wrong_counts(key: str, lang: str) -> list[str]:
    """Each count of the key's text in `lang` that does not read right for every number."""
    entry = catalogue(lang)[key]
    counts = counts_of(key)
    checked = counts - {"n"} if isinstance(entry, dict) else counts
    wrong = []
    for text in forms(entry):
        count_field = _a_count(text, counts)
        for field in checked:
            for m in re.finditer(re.escape("{" + field + "}"), text):
                before, after = text[: m.start()], text[m.end() :]
                if field in AGREES_WITH_NOTHING.get(key, set()):
                    continue
                neutral = (
                    SIGN_AFTER.match(after)
                    # the first count of "{k} of {n}", then the second
                    or re.match(r"^\s+" + OF + r"\s+(" + count_field + ")", after)
                    or (
                        re.search(r"(" + count_field + r")\s+" + OF + r"\s+$", before)
                        and not WORD_AFTER.match(after)
                    )
                    or (before.endswith("(") and after.startswith(")"))
                    or (re.search(r"\}\s$", before) and not WORD_AFTER.match(after))  # "{name} 12"
                    or (
                        (LABEL_BEFORE.search(before) or SIGN_BEFORE.search(before))
                        and not WORD_AFTER.match(after)
                    )
                )
                if not neutral:
                    wrong.append(f"{key} [{lang}] {{{field}}}: {text!r}")
    return wrong


def test_every_placeholder_is_classified():
    every = {f for entry in EN.values() for text in forms(entry) for f in fields(text)}
    assert sorted(every - COUNTS - NOT_COUNTS) == []
    assert not COUNTS & NOT_COUNTS


def test_the_count_texts_are_found():
    keys = set(count_keys())
    assert {
        "pop.label.explodes",
        "pop.label.cards_left",
        "pop.label.difficulty",
        "coloretto.turn.seat",
        "colorpop.solo_colours",
        "pop.result.won",
    } <= keys
    assert "pop.alt.card" not in keys  # a card's number
    assert "coloretto.label.round" not in keys  # which round
    assert len(keys) > 60


@pytest.mark.parametrize("lang", PLURAL_LANGUAGES)
def test_every_count_reads_right_for_any_number(lang):
    wrong = [problem for key in count_keys() for problem in wrong_counts(key, lang)]
    assert wrong == []


@pytest.mark.parametrize("lang", languages())
def test_picture_words_are_plain_texts(lang):
    """A picture's word is drawn as it is, the picture filling in the number: it cannot be a
    plural dict, so its counts must read right for any number."""
    labels = {k: v for k, v in catalogue(lang).items() if ".label." in k}
    assert labels
    assert [k for k, v in labels.items() if not isinstance(v, str)] == []


def test_the_checker_catches_a_count_before_a_word():
    pl = catalogue("pl")
    saved = pl["pop.label.explodes"]
    try:
        pl["pop.label.explodes"] = "wybucha {n}"  # the verb cannot agree with every number
        assert wrong_counts("pop.label.explodes", "pl")
        pl["pop.label.explodes"] = "{n} straconych"
        assert wrong_counts("pop.label.explodes", "pl")
        pl["pop.label.explodes"] = "Wybuch: {n}"
        assert wrong_counts("pop.label.explodes", "pl") == []
    finally:
        pl["pop.label.explodes"] = saved


# --- Rendered, number by number -----------------------------------------------------------


def picture_word(game: str, key: str, lang: str, **values: object) -> str:
    text = str(catalogue(lang)[f"{game}.label.{key}"])
    return text.format(**values)


@pytest.mark.parametrize(
    ("n", "won", "cards"),
    [
        (1, "🏆 Plansza oczyszczona w 1 turę!", "Wybrano 1 z 1 karty."),
        (2, "🏆 Plansza oczyszczona w 2 tury!", "Wybrano 1 z 2 kart."),
        (5, "🏆 Plansza oczyszczona w 5 tur!", "Wybrano 1 z 5 kart."),
        (22, "🏆 Plansza oczyszczona w 22 tury!", "Wybrano 1 z 22 kart."),
    ],
)
def test_polish_counts_for_1_2_5_22(n, won, cards):
    assert t("pop.result.won", "pl", n=n) == won
    assert t("pop.hand.selecting", "pl", n=n, k=1) == cards
    assert picture_word("pop", "explodes", "pl", n=n) == f"Wybuch: {n}"
    assert picture_word("pop", "cards_left", "pl", n=n) == f"Karty w każdej ręce: {n}"
    assert picture_word("pop", "chief_loses", "pl", n=n) == f"Stracone: {n}"
    assert picture_word("pop", "waiting", "pl", n=n) == f"Czekające: {n}"
    assert picture_word("coloretto", "points", "pl", n=n) == f"Punkty: {n}"
    assert t("colorpop.solo_colours", "pl", mode="solo", k=n) == f"solo, sekretne kolory: {n}"
    assert t("coloretto.turn.seat", "pl", name="ana", cards="◆×1", points=n) == (
        f"ana: ◆×1 · punkty: {n}"
    )
    form = {1: "gra", 2: "gry", 5: "gier", 22: "gry"}[n]
    assert t("stats.games", "pl", n=n, wins=1) == f"{n} {form}, wygrane: 1"


@pytest.mark.parametrize("n", [1, 2, 5, 22])
def test_english_italian_counts_agree(n):
    cards = "card" if n == 1 else "cards"
    assert t("pop.hand.choose", "en", n=n, set=1, turn=1).startswith(
        f"Set 1, turn 1: pick {n} {cards}"
    )
    assert picture_word("pop", "cards_left", "en", n=n) == f"Cards left in each hand: {n}"
    assert picture_word("pop", "difficulty", "en", n=n) == f"Starting rows: {n}"
    assert picture_word("coloretto", "points", "en", n=n) == f"Points: {n}"
    assert t("coloretto.turn.seat", "en", name="ana", cards="◆×1", points=n) == (
        f"ana: ◆×1 · points: {n}"
    )
    assert t("colorpop.solo_colours", "it", mode="solitario", k=n) == (
        f"solitario, colori segreti: {n}"
    )


@pytest.mark.parametrize(
    ("lang", "whole", "half"),
    [
        ("en", "1 point", "1.5 points"),
        ("fr", "1 point", "1,5 point"),
        ("pl", "1 punkt", "1,5 punktu"),
        ("de", "1 Punkt", "1,5 Punkte"),
    ],
)
def test_a_count_with_a_decimal_agrees_as_its_language_says(lang, whole, half):
    """A review's stake: a whole count, then one shown with a decimal (CLDR's forms)."""
    assert t("review.points", lang, n=1.0) == whole
    assert t("review.points", lang, n=1.5) == half
    assert t("review.points", "pl", n=2.0) == "2 punkty"
