"""Every word the Coloretto pictures and alt texts use, by key, in English.

Pictures take a `labels` mapping (these keys, the table's language); alt texts take a
`t(key, **values)` callable. Values in braces are filled in with `str.format`. The bot gives
its own translations; these English texts are the reference (and what tests use).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

# Words drawn in the pictures (the catalogue's `coloretto.label.<key>`).
LABELS_EN: dict[str, str] = {
    "round": "Round {n}",
    "last_round": "Last round",
    "pile": "Pile: {n}",
    "expert": "Expert scoring",
    "row": "Row {n}",
    "taken_by": "taken by {name}",
    "discarded": "discarded",
    "to_move": "{name} to move",
    "starts": "{name} starts",
    "drew": "{name} drew",
    "placed": "{name} placed it in row {n}",
    "took_row": "{name} took row {n}",
    "golden_bonus": "golden joker bonus",
    "out": "out",
    "points": "Points: {n}",
    "game_over": "Game over",
    "final_scores": "Final scores",
    "key_plus2": "2 points",
    "key_joker": "joker: any colour",
    "key_golden": "golden joker: any colour, +1 card",
    "key_last": "last round",
    "key_count": "cards of a colour, jokers included",
    "key_points": "points: 3 best colours +, others −",
    "scale_cards": "Cards",
    "scale_points": "Points",
}
# Words the pictures share with the bot's other texts, by their catalogue key: the cards'
# names (`coloretto.card.<name>`) and every game's words for a result (`result.*`).
SHARED_EN: dict[str, str] = {
    "card.blue": "blue",
    "card.brown": "brown",
    "card.green": "green",
    "card.red": "red",
    "card.orange": "orange",
    "card.yellow": "yellow",
    "card.purple": "purple",
    "result.win": "{name} wins",
    "result.shared_win": "Shared win: {names}",
    **{
        f"result.place.{n}": place for n, place in enumerate(("1st", "2nd", "3rd", "4th", "5th"), 1)
    },
    "list.separator": ", ",
}
ENGLISH: dict[str, str] = {**LABELS_EN, **SHARED_EN}  # a whole `labels` mapping, in English

# Alt-text sentences (the `t` callable's keys), with the cards' names they use. A card's name
# stands where no language has to inflect it (after a colon, in brackets, in a list).
ALT_EN: dict[str, str] = {
    "alt.table": "Coloretto, round {round}. Cards in the pile: {pile}.",
    "alt.last_round": "This is the last round.",
    "alt.expert": "Expert scoring.",
    "alt.to_move": "{name} to move.",
    "alt.game_over": "The game is over.",
    "alt.drew": "{name} drew a card ({card}) and must place it in a row.",
    "alt.took": "{name} took row {row}: {cards}.",
    "alt.took_extra": "{name} took row {row}: {cards}. The golden joker brought one more card: "
    "{extra}.",
    "alt.placed": "{name} placed the card ({card}) in row {row}.",
    "alt.row": "Row {row} ({count} of {limit}): {cards}.",
    "alt.row_empty": "Row {row} (up to {limit}) is empty.",
    "alt.row_taken": "Row {row} was taken by {name}.",
    "alt.row_discarded": "Row {row} was discarded: {cards}.",
    "alt.seat": "{name}{out}: {cards}; points: {points}.",
    "alt.seat_out": " (out)",
    "alt.nothing": "nothing",
    "alt.count": "{card} ×{count} ({points})",
    "alt.count_jokers": "{card} ×{count} ({points}; jokers included: {jokers})",
    "alt.results": "Coloretto, final scores. {winners}.",
    "alt.result_seat": "{place}: {name}, points: {total} ({cards}).",
    **{key: word for key, word in SHARED_EN.items() if key.startswith("card.")},  # the colours
    "card.cotton": "+2 card",
    "card.joker": "joker",
    "card.golden": "golden joker",
}

Translate = Callable[..., str]


def english(key: str, **values: object) -> str:
    """The English `t`: ALT_EN's text for `key` (or a shared word's), filled in."""
    return {**SHARED_EN, **ALT_EN}[key].format(**values)


def label(labels: Mapping[str, str], key: str, **values: object) -> str:
    """A picture's word: the mapping's text for `key`, filled in (the key itself if missing)."""
    text = labels.get(key, key)
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):  # a translation with a broken placeholder
        return text
