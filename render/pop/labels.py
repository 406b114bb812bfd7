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
    "places": "places {card} in column {column}",
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
    "head_set_turn": "Set {set} of {sets} · Turn {turn} of {turns}",
    "head_turn_of": "Turn {turn} of {turns}",
    "head_turn": "Turn {turn}",
    "order_ae": "Arrows: {n} · placing A → E",
    "order_ea": "Arrows: {n} · placing E → A",
    "key_symbol": "explosion symbol",
    "key_arrow": "arrow card",
    "key_placed": "card just placed",
    "key_exploding": "exploding",
    "key_fell": "fell",
    "key_ghost": "fell from here",
    "results": "Results",
    "lowest_wins": "Explosion symbols per set and in total: the lowest total wins.",
    "highest_wins": "Explosion symbols per set and in total: the highest total wins.",
    "level_of": "Level {n} of {total}",
    "reveal_here": "The cards chosen are revealed here, then placed.",
    "final_grid": "The grid at the end",
}
# Names the bot already translates (its keys `level.<x>` and `title.<x>`).
NAMES_EN: dict[str, str] = {
    **{f"level.{level}": level.replace("_", " ").title() for level in COOP_LEVELS},
    **{f"title.{title}": title.replace("_", " ").title() for title in SOLO_TITLES.values()},
}
# The words every game shares for a result (data/locales `result.*`, the bot's own catalogue).
SHARED_EN: dict[str, str] = {
    "result.win": "{name} wins",
    "result.shared_win": "Shared win: {names}",
    **{f"result.place.{n}": p for n, p in enumerate(("1st", "2nd", "3rd", "4th", "5th"), 1)},
}
ENGLISH: dict[str, str] = {**LABELS_EN, **NAMES_EN, **SHARED_EN}


def label(labels: Mapping[str, str], key: str, **values: object) -> str:
    """A picture's word: the mapping's text for `key` (else English), filled in."""
    text = labels.get(key) or ENGLISH.get(key, key)
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):  # a translation with a broken placeholder
        return text
