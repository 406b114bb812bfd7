"""AI seats: moves from a seat's view and the word list's associated colours, nothing more.

Each concept lists 1–3 colours, most evocative first (rules §6); they weigh 3, 2, 1. A phrase
adds its two words' weights. A hard guesser also learns, over the game, which colours each
colourist favours: every earlier choice of a colour by this colourist adds to its weight. Every seat wants to match: the colourist plays the colour a table
most expects, the others guess the colourist's likely colour. The Joker is kept for a word
with no clear colour, or for the step onto the finish. Deterministic from the seed.
`expert` (`expert.py`, not in LEVELS, the levels a table offers) reads every seat's habits and
picks by expected points.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .game import COLOURS, JOKER, Choose, Keep, Move
from .view import ColouristView
from .words import WordList, shipped_words

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")  # what a table offers
ALL_LEVELS: tuple[str, ...] = (*LEVELS, "expert")  # the bot does not offer expert yet
RANK_WEIGHTS = (3.0, 2.0, 1.0)
EASY_JOKER_CHANCE = 0.15
HABIT_WEIGHT = 1.5  # hard: each time this colourist chose a colour before (one word's 2nd rank)
UNCLEAR_SHARE = {"normal": 0.3, "hard": 0.36}  # the best colour's share of the weight


def colour_weights(words: WordList, ids: Sequence[str]) -> dict[str, float]:
    """How strongly the shown word(s) call up each colour (unknown ids: no colour at all)."""
    weights = dict.fromkeys(COLOURS, 0.0)
    for concept_id in ids:
        concept = words.concepts.get(concept_id)
        for colour, weight in zip(concept.colours if concept else (), RANK_WEIGHTS, strict=False):
            weights[colour] += weight
    return weights


def _best(weights: dict[str, float], options: Sequence[str], rng: random.Random) -> str:
    """The heaviest of `options`, ties broken at random."""
    top = max(weights.get(c, 0.0) for c in options)
    return rng.choice([c for c in options if weights.get(c, 0.0) == top])


def _weighted(weights: dict[str, float], options: Sequence[str], rng: random.Random) -> str:
    """Easy: any of the words' associated colours, at random (any colour if none is)."""
    associated = [c for c in options if weights.get(c, 0.0) > 0]
    return rng.choice(associated or list(options))


def _keep(view: ColouristView, level: str, words: WordList, rng: random.Random) -> Keep:
    """The noun and adjective whose colours agree most (easy: any pair)."""
    pairs = [(n, a) for n in (0, 1) for a in (0, 1)]
    if level == "easy":
        noun, adjective = rng.choice(pairs)
        return Keep(noun, adjective)
    nouns, adjectives = view.offered[:2], view.offered[2:]

    def agreement(pair: tuple[int, int]) -> float:
        return max(colour_weights(words, (adjectives[pair[1]], nouns[pair[0]])).values())

    top = max(map(agreement, pairs))
    noun, adjective = rng.choice([p for p in pairs if agreement(p) == top])
    return Keep(noun, adjective)


def _wants_joker(
    view: ColouristView, level: str, weights: dict[str, float], rng: random.Random
) -> bool:
    """Play the Joker now? Only a seat that still holds it and is not the colourist."""
    assert view.seat is not None
    if JOKER not in view.playable:
        return False
    if level == "easy":
        return rng.random() < EASY_JOKER_CHANCE
    if view.positions[view.seat] == view.finish - 1:
        return True  # a sure step onto the finish
    total = sum(weights.values())
    share = max(weights.values()) / total if total else 0.0
    late = view.positions[view.seat] * 2 >= view.finish
    return share < UNCLEAR_SHARE[level] and (late or level == "hard")


def favourites(view: ColouristView, colourist: str) -> dict[str, int]:
    """How often `colourist` chose each colour in the rounds revealed so far: what a player at
    the table learns of each colourist over a game."""
    counts = dict.fromkeys(COLOURS, 0)
    for past in view.history:
        if past.colourist == colourist and past.colour in counts:
            counts[past.colour] += 1
    return counts


def _with_habits(view: ColouristView, weights: dict[str, float]) -> dict[str, float]:
    """The hard guesser: the words' colours, and this colourist's habits so far (a colour it
    keeps choosing weighs more, as it would for a person who knows the table)."""
    habits = favourites(view, view.colourist)
    return {c: w + HABIT_WEIGHT * habits[c] for c, w in weights.items()}


def choose_move(view: ColouristView, level: str, seed: int, words: WordList | None = None) -> Move:
    """The AI's move for the seat whose view this is. Raises ValueError when it has none."""
    if level not in ALL_LEVELS:
        raise ValueError(f"unknown AI level {level!r}; one of {', '.join(ALL_LEVELS)}")
    words = words if words is not None else shipped_words()
    if level == "expert":
        from . import expert  # loaded when first asked for

        return expert.choose(view, seed, words)
    rng = random.Random(seed)
    if view.seat is None:
        raise ValueError("the public view has no move")
    if view.phase == "picking" and view.seat == view.colourist and len(view.offered) == 4:
        return _keep(view, level, words, rng)
    if view.phase != "choosing" or not view.playable:
        raise ValueError(f"seat {view.seat} has no move now")
    weights = colour_weights(words, view.words)
    if level == "hard" and view.seat != view.colourist:
        weights = _with_habits(view, weights)
    if view.seat != view.colourist and _wants_joker(view, level, weights, rng):
        return Choose(JOKER)
    pick = _weighted if level == "easy" else _best
    return Choose(pick(weights, COLOURS, rng))
