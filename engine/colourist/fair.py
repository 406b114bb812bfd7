"""Colourist's deal, for `pop-bot verify` (docs/fair-deals.md): the first colourist and every
round's drawn cards. What a round draws depends on its colourist's field, so the seed's game
is scored along the record's public cards (as laid, unchecked: the record's replay checks the
rules) and its draws compared round by round, as the page tells any verifier to do."""

from __future__ import annotations

from ..protocol import Json
from .game import ADJECTIVE, NOUN, new_game, reveal_as_laid
from .words import shipped_words


def seat_count(record: Json) -> int:
    return len(record["players"])


def recorded_deal(record: Json) -> dict[str, Json]:
    return {"first": record.get("first"), "drawn": [r.get("drawn") for r in record["rounds"]]}


def seeded_deal(record: Json, seed: int) -> dict[str, Json]:
    """The seed's first colourist and draws, with the shipped word list's decks."""
    words = shipped_words()
    nouns, adjectives = words.ids(NOUN), words.ids(ADJECTIVE)
    shipped = {NOUN: len(nouns), ADJECTIVE: len(adjectives)}
    if record["decks"] != shipped:
        raise ValueError(f"the record's decks {record['decks']} are not the word list's {shipped}")
    state = new_game(
        record["players"], nouns, adjectives, length=record["options"]["length"], seed=seed
    )
    drawn: list[Json] = []
    for played in record["rounds"]:
        if state.phase == "over":
            break  # the seed deals no round after the end
        drawn.append(list(state.drawn))
        reveal_as_laid(state, played["cards"])
    return {"first": state.first, "drawn": drawn}
