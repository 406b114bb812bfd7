"""Colourist's deal, for `pop-bot verify` (docs/fair-deals.md): the first colourist and every
round's drawn cards. A reshuffle's order depends on what was discarded, so the seed's game is
played along the record (its phrases kept, its cards laid) and its draws compared round by
round, up to the first that differs."""

from __future__ import annotations

from ..protocol import Json, RuleError
from .game import ADJECTIVE, NOUN, ColouristState, choose, keep, new_game
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
            break
        drawn.append(list(state.drawn))
        if state.drawn != played["drawn"]:
            break  # the deals part here: what follows would be another game
        try:
            _play(state, played)
        except (RuleError, ValueError, TypeError, KeyError):
            break  # a round the rules refuse: the record's replay names it
    return {"first": state.first, "drawn": drawn}


def _play(state: ColouristState, played: Json) -> None:
    """A recorded round on the seed's game: the phrase kept (a double field), every card laid."""
    if state.phase == "picking":
        adjective, noun = played["chosen"]
        kinds = {k: [c for c in state.drawn if c[0] == k[0]] for k in (NOUN, ADJECTIVE)}
        keep(state, state.colourist, kinds[NOUN].index(noun), kinds[ADJECTIVE].index(adjective))
    for seat in state.seats:
        choose(state, seat, played["cards"][seat])
