"""Every word the Coloretto pictures and alt texts use, by key, in English.

Pictures take a `labels` mapping (these keys, the table's language); alt texts take a
`t(key, **values)` callable. Values in braces are filled in with `str.format`. The bot gives
its own translations; these English texts are the reference (and what tests use).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

# Words drawn in the pictures.
LABELS_EN: dict[str, str] = {
    "round": "Round {n}",
    "last_round": "Last round",
    "pile": "Pile",
    "expert": "Expert scoring",
    "row": "Row {n}",
    "taken_by": "taken by {name}",
    "to_move": "{name} to move",
    "drew": "{name} drew",
    "took_row": "{name} took row {n}",
    "golden_bonus": "golden joker bonus",
    "out": "out",
    "points": "Points: {n}",
    "game_over": "Game over",
    "final_scores": "Final scores",
    "winner": "Winner: {names}",
    "winners": "Shared win: {names}",
    "plus": "Plus",
    "minus": "Minus",
    "jokers": "Jokers",
    "cotton": "Cotton",
    "total": "Total",
}

# Alt-text sentences (the `t` callable's keys), with the colour and card names they use.
ALT_EN: dict[str, str] = {
    "alt.table": "Coloretto, round {round}. Cards in the pile: {pile}.",
    "alt.last_round": "This is the last round.",
    "alt.to_move": "{name} to move.",
    "alt.game_over": "The game is over.",
    "alt.drew": "{name} drew {card} and must place it.",
    "alt.took": "{name} took row {row}: {cards}.",
    "alt.took_extra": "{name} took row {row}: {cards}, and {extra} from the golden joker.",
    "alt.placed": "{name} placed {card} in row {row}.",
    "alt.row": "Row {row} ({count} of {limit}): {cards}.",
    "alt.row_empty": "Row {row} (up to {limit}) is empty.",
    "alt.row_taken": "Row {row} was taken by {name}.",
    "alt.seat": "{name}{out}: {cards}; points: {points}.",
    "alt.seat_out": " (out)",
    "alt.nothing": "nothing",
    "alt.count": "{card} ×{count}",
    "alt.results": "Coloretto, final scores. {winners}",
    "alt.winner": "{names} won.",
    "alt.winners": "Shared win: {names}.",
    "alt.result_seat": "{name} — points: {total} ({plus}; minus {minus}; cotton +{cotton}; "
    "jokers as {jokers}).",
    "alt.none": "none",
    "card.blue": "blue",
    "card.brown": "brown",
    "card.green": "green",
    "card.red": "red",
    "card.orange": "orange",
    "card.yellow": "yellow",
    "card.purple": "purple",
    "card.cotton": "cotton",
    "card.joker": "joker",
    "card.golden": "golden joker",
}

Translate = Callable[..., str]


def english(key: str, **values: object) -> str:
    """The English `t`: ALT_EN's text for `key`, filled in."""
    return ALT_EN[key].format(**values)


def label(labels: Mapping[str, str], key: str, **values: object) -> str:
    """A picture's word: the mapping's text for `key`, filled in (the key itself if missing)."""
    text = labels.get(key, key)
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):  # a translation with a broken placeholder
        return text
