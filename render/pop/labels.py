"""Every word Pop's pictures draw, by key, in English.

Pictures take a `labels` mapping (these keys, in the table's language); the bot builds it from
its catalogues (keys `label.<key>`, and the level and title names it already has). Values in
braces are filled in with `str.format`. These English texts are the reference, what `pop-bot
demo` and `render` draw, and what the tests use.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.pop.results import COOP_LEVELS, SOLO_TITLES

# Words drawn in the pictures (the bot's catalogue keys are `label.<key>`).
LABELS_EN: dict[str, str] = {
    "step": "Step {n}",
    "chain": "chain ×{n}",
    "explodes": "Exploding: {n}",
    "gain": "+{n} {name}",
    "from_chief": "+{n} from ♛",
    "chief": "Chief",
    "chief_keeps": "♛ keeps {n}",
    "chief_loses": "Lost: {n}",
    "waiting": "Waiting: {n}",
    "face_down": "Face down: {n}",
    "game_over": "Game over",
    "not_placed": "not placed",
    "pile": "Pile {n}",
    "hand": "Hand {n}",
    "cleared": "Cleared!",
    "goal": "Clear the grid in one turn",
    "puzzle": "Puzzle {id}",
    "set_total": "Sets so far",
    "leads": "Leads: {names}",
    "winner": "Winner: {names}",
    "winners": "Shared win: {names}",
    "tiebreak": "Tied totals: the card left in hand decided (fewest symbols wins).",
    "tiebreak_shared": "Still tied after the card in hand: the win is shared.",
    "won": "Won · turns: {n}",
    "lost": "Lost · turns: {n}",
    "coop_won": "The group survived",
    "coop_lost": "The group exploded",
    "level": "Level: {level}",
    "title": "Title: {title}",
    "difficulty": "Starting rows: {n}",
    "cards_left": "Cards left in each hand: {n}",
    "set": "Set {n}",
    "total": "Total",
}
# Names the bot already translates (its keys `level.<x>` and `title.<x>`).
NAMES_EN: dict[str, str] = {
    **{f"level.{level}": level.replace("_", " ").title() for level in COOP_LEVELS},
    **{f"title.{title}": title.replace("_", " ").title() for title in SOLO_TITLES.values()},
}
ENGLISH: dict[str, str] = {**LABELS_EN, **NAMES_EN}


def label(labels: Mapping[str, str], key: str, **values: object) -> str:
    """A picture's word: the mapping's text for `key` (else English), filled in."""
    text = labels.get(key) or ENGLISH.get(key, key)
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):  # a translation with a broken placeholder
        return text
