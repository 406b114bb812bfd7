"""Every word Colourist's pictures and alt texts use, by key, in English (the reference).

The bot passes the same keys in the table's language; values in braces are filled with
`str.format`. A label missing from the mapping falls back to English, never to an error.
"""

from __future__ import annotations

from collections.abc import Mapping

LABELS_EN: dict[str, str] = {
    # drawn in the pictures
    "round": "Round {n}",
    "colourist": "Colourist: {name}",
    "finish": "Finish",
    "noun": "noun",
    "adjective": "adjective",
    "phrase": "phrase",
    "picking": "{name} is keeping a phrase…",
    "matched": "matched",
    "nobody": "Nobody matched: everyone moves 1",
    "quoted": "“{text}”",
    "role": "colourist",
    "moved": "moved 1 field",
    "joker_left": "Joker in hand",
    "game_over": "Game over after round {round}",
    "field": "field {field}",
    "rule": "Every pawn on the finish wins; pawns there together share the win.",
    # the shared words of a result (bot.texts.i18n: result.*, list.separator), passed in
    "win": "{name} wins",
    "shared_win": "Shared win: {names}",
    "separator": ", ",
    **{
        f"place_{n}": place for n, place in enumerate(("1st", "2nd", "3rd", "4th", "5th", "6th"), 1)
    },
    # the card names
    "black": "black",
    "white": "white",
    "brown": "brown",
    "red": "red",
    "orange": "orange",
    "yellow": "yellow",
    "green": "green",
    "blue": "blue",
    "purple": "purple",
    "joker": "Joker",
    # alt texts
    "alt_track": "Colourist track, round {n}, finish on field {finish}. {pawns}",
    "alt_pawn": "{name} on field {field}",
    "alt_card": "The card shows: {text}.",
    "alt_picking": "{name} is keeping one noun and one adjective of four cards.",
    "alt_colourist": "Colourist: {name}.",
    "alt_reveal": "{colourist} chose {colour} for {text}. {cards}. {result}",
    "alt_seat_card": "{name} {card}",
    "alt_matched": "Matched: {names}; moved: {moved}.",
    "alt_nobody": "Nobody matched: everyone moves 1.",
    "alt_results": "Game over after round {round}. {result}. {pawns}",
}

# The words every game says a result with, passed in from the shared catalogue (bot.texts.i18n's
# result.win, result.shared_win, result.place.N and list.separator), never the game's own.
SHARED_KEYS = ("win", "shared_win", "separator", *(f"place_{n}" for n in range(1, 7)))

# The keys that are sentences of alt text (not drawn).
ALT_KEYS = tuple(k for k in LABELS_EN if k.startswith("alt_"))


def label(labels: Mapping[str, str], key: str, **values: object) -> str:
    """A word of a picture: the mapping's text for `key`, filled in (English if missing or
    broken)."""
    for text in (labels.get(key), LABELS_EN[key]):
        if text is None:
            continue
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError):
            continue
    return key
