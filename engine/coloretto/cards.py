"""The fixed facts of Coloretto (rules §1, §2, §6) and the scoring of a collection.

Scoring is exact (§6): every joker becomes one chameleon of a colour in play, and the engine
tries every assignment — at most 7³ tuples, of which only the sorted ones (at most 84) need a
look, because permuting a tuple changes nothing and its sorted form comes first.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

COLOURS: tuple[str, ...] = ("blue", "brown", "green", "red", "orange", "yellow", "purple")
COTTON, JOKER, GOLDEN, LAST = "cotton", "joker", "golden", "last"
# Every card name, in card order (the order of a collection in the replay summary).
CARD_NAMES: tuple[str, ...] = (*COLOURS, COTTON, JOKER, GOLDEN, LAST)
COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
CARD_INDEX: dict[str, int] = {c: i for i, c in enumerate(CARD_NAMES)}

CARDS_PER_COLOUR = 9
COTTON_CARDS = 10
JOKER_CARDS = 2
TOTAL_CARDS = 77  # 63 chameleons, 10 cotton, 2 jokers, the golden joker, the last-round card
COTTON_POINTS = 2
UNDER_LAST = 15  # cards under the last-round card (§2.4)

MIN_PLAYERS, MAX_PLAYERS = 2, 5
REMOVED_COLOURS: dict[int, int] = {2: 2, 3: 1, 4: 0, 5: 0}
STARTING_CARDS: dict[int, int] = {2: 2, 3: 1, 4: 1, 5: 1}
DECK_SIZE: dict[int, int] = {2: 55, 3: 65, 4: 73, 5: 72}  # the last-round card included

NORMAL_VALUES: tuple[int, ...] = (0, 1, 3, 6, 10, 15, 21)
EXPERT_VALUES: tuple[int, ...] = (0, 1, 4, 8, 7, 6, 5)
PLUS_COLOURS = 3


def row_limits(players: int) -> tuple[int, ...]:
    """Row limits: 2 players three green rows of 1, 2, 3 cards; else one row of 3 per player."""
    return (1, 2, 3) if players == 2 else (3,) * players


def set_value(count: int, expert: bool) -> int:
    """The value of `count` cards of one colour (more than 6 count as 6)."""
    return (EXPERT_VALUES if expert else NORMAL_VALUES)[min(count, 6)]


def is_colour(name: object) -> bool:
    """Is this the name of a chameleon colour?"""
    return isinstance(name, str) and name in COLOUR_INDEX


@dataclass(frozen=True)
class Score:
    """One player's score (§6): jokers' colours, plus and minus colours in rank order."""

    jokers: tuple[str, ...]  # one colour per joker (golden included), colour order
    plus: tuple[tuple[str, int], ...]  # (colour, points), higher value first, ties colour order
    minus: tuple[tuple[str, int], ...]  # (colour, negative points), same order
    cotton: int  # points
    total: int


def _split(counts: Sequence[int], expert: bool) -> tuple[list[tuple[int, int]], int]:
    """Ranked (colour index, value) of the colours held, and the total of plus minus minus."""
    ranked = sorted(
        ((i, set_value(n, expert)) for i, n in enumerate(counts) if n),
        key=lambda iv: (-iv[1], iv[0]),
    )
    total = sum(v for _, v in ranked[:PLUS_COLOURS]) - sum(v for _, v in ranked[PLUS_COLOURS:])
    return ranked, total


@lru_cache(maxsize=65536)
def _best_assignment(
    counts: tuple[int, ...], jokers: int, expert: bool, in_play: tuple[int, ...]
) -> tuple[tuple[int, ...], int]:
    """The first joker tuple (lexicographic colour order) with the highest colour total."""
    best: tuple[tuple[int, ...], int] | None = None
    for combo in itertools.combinations_with_replacement(in_play, jokers):
        with_jokers = list(counts)
        for colour in combo:
            with_jokers[colour] += 1
        total = _split(with_jokers, expert)[1]
        if best is None or total > best[1]:
            best = (combo, total)
    assert best is not None  # there is always at least the empty tuple or one colour in play
    return best


def colour_counts(collection: Mapping[str, int]) -> tuple[int, ...]:
    """The chameleons of each colour in a collection, in colour order."""
    return tuple(collection.get(c, 0) for c in COLOURS)


def joker_count(collection: Mapping[str, int]) -> int:
    """Jokers of a collection, the golden joker included."""
    return collection.get(JOKER, 0) + collection.get(GOLDEN, 0)


def score(collection: Mapping[str, int], expert: bool, in_play: Iterable[str]) -> Score:
    """The exact score of a collection (card name -> count) with the colours in play (§6)."""
    play = tuple(sorted(COLOUR_INDEX[c] for c in in_play))
    counts = colour_counts(collection)
    combo, _ = _best_assignment(counts, joker_count(collection), expert, play)
    with_jokers = list(counts)
    for colour in combo:
        with_jokers[colour] += 1
    ranked, colour_total = _split(with_jokers, expert)
    cotton = COTTON_POINTS * collection.get(COTTON, 0)
    return Score(
        jokers=tuple(COLOURS[i] for i in combo),
        plus=tuple((COLOURS[i], v) for i, v in ranked[:PLUS_COLOURS]),
        minus=tuple((COLOURS[i], -v) for i, v in ranked[PLUS_COLOURS:]),
        cotton=cotton,
        total=colour_total + cotton,
    )


def total(collection: Mapping[str, int], expert: bool, in_play: Iterable[str]) -> int:
    """Just the total of `score` (cached: the AI calls it in its inner loop)."""
    play = tuple(sorted(COLOUR_INDEX[c] for c in in_play))
    colour_total = _best_assignment(
        colour_counts(collection), joker_count(collection), expert, play
    )[1]
    return colour_total + COTTON_POINTS * collection.get(COTTON, 0)
