"""What the expert reads of each seat from the revealed rounds of a view: its habits.

A card is seen as a **tier** of the shown words' colours: the heaviest colour(s), the next, any
other associated colour, or an unassociated one (a concept's colours weigh 3, 2, 1, a phrase adds
its two words). A seat's habit, per role (colourist or guesser), is how often it chose each tier:
counts over its revealed cards on top of a prior that expects the heaviest colour. Two readings
of the colours are weighed against each other by how well each explained the seat's past cards:
the words alone, or the words plus the colourist's earlier colours (a guesser who learns the
colourist's favourites; a colourist with favourite colours). Jokers say nothing of a habit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from .game import COLOURS, JOKER
from .view import ColouristView
from .words import WordList

RANK_WEIGHTS = (3.0, 2.0, 1.0)
HABIT_WEIGHT = 1.5  # a colourist's earlier choice of a colour, in word weights
PRIOR = (4.0, 1.0, 0.5, 0.25)  # tier counts before any round: mostly the heaviest colour
FLOOR = 0.02  # a share of every prediction spread evenly: people surprise
INDEX = {c: i for i, c in enumerate(COLOURS)}
ROLES = ("colourist", "guesser")


def word_weights(words: WordList, ids: Sequence[str]) -> list[float]:
    """How strongly the shown word(s) call up each colour, in colour order."""
    weights = [0.0] * len(COLOURS)
    for concept_id in ids:
        concept = words.concepts.get(concept_id)
        for colour, weight in zip(concept.colours if concept else (), RANK_WEIGHTS, strict=False):
            weights[INDEX[colour]] += weight
    return weights


def tiers(scores: Sequence[float]) -> list[int]:
    """Each colour's tier: 0 the heaviest, 1 the next, 2 any other above 0, 3 unassociated."""
    levels = sorted({s for s in scores if s > 0}, reverse=True)
    return [(levels.index(s) if levels.index(s) < 2 else 2) if s > 0 else 3 for s in scores]


def spread(counts: Sequence[float], tier_of: Sequence[int]) -> list[float]:
    """A chance per colour from tier counts: a tier's share split evenly among its colours."""
    sizes = [tier_of.count(t) for t in range(len(PRIOR))]
    total = sum(c for t, c in enumerate(counts) if sizes[t])
    return [counts[t] / sizes[t] / total for t in tier_of]


@dataclass
class Habit:
    """One seat in one role: tier counts per reading of the colours, and how well each reading
    foretold the seat's cards, each from the cards before it (log-likelihood)."""

    counts: list[list[float]] = field(default_factory=lambda: [list(PRIOR), list(PRIOR)])
    logs: list[float] = field(default_factory=lambda: [0.0, 0.0])

    def add(self, reading: int, colour: int, tier_of: list[int]) -> None:
        foretold = spread(self.counts[reading], tier_of)[colour]
        self.logs[reading] += math.log((1 - FLOOR) * foretold + FLOOR / len(COLOURS))
        self.counts[reading][tier_of[colour]] += 1

    def trust(self) -> list[float]:
        """How far each reading explains the cards seen (posterior weights, summing to 1)."""
        top = max(self.logs)
        raw = [math.exp(x - top) for x in self.logs]
        return [x / sum(raw) for x in raw]


class Habits:
    """Every seat's habits from a view's history, and the colourist's earlier colours."""

    def __init__(self, view: ColouristView, words: WordList) -> None:
        self.words = words
        self.of = {(s, role): Habit() for s in view.seats for role in ROLES}
        self.favourites = {s: [0.0] * len(COLOURS) for s in view.seats}
        for past in view.history:
            weights = word_weights(words, past.words)
            readings = (tiers(weights), tiers(self._with_favourites(weights, past.colourist)))
            for seat, card in past.cards.items():
                if card == JOKER:
                    continue
                habit = self.of[seat, "colourist" if seat == past.colourist else "guesser"]
                for reading, tier_of in enumerate(readings):
                    habit.add(reading, INDEX[card], tier_of)
            self.favourites[past.colourist][INDEX[past.colour]] += 1
        self._trust = {key: habit.trust() for key, habit in self.of.items()}

    def _with_favourites(self, weights: list[float], colourist: str) -> list[float]:
        favourites = self.favourites[colourist]
        return [w + HABIT_WEIGHT * f for w, f in zip(weights, favourites, strict=True)]

    def predict(self, seat: str, colourist: str, ids: Sequence[str]) -> list[float]:
        """The chance `seat` lays each colour on the words `ids` (its colour, if it is the
        colourist; else its guess, a Joker aside) with `colourist` choosing."""
        role = "colourist" if seat == colourist else "guesser"
        weights = word_weights(self.words, ids)
        readings = (tiers(weights), tiers(self._with_favourites(weights, colourist)))
        habit, trust = self.of[seat, role], self._trust[seat, role]
        mixed = [0.0] * len(COLOURS)
        for reading, tier_of in enumerate(readings):
            for c, p in enumerate(spread(habit.counts[reading], tier_of)):
                mixed[c] += trust[reading] * p
        return [(1 - FLOOR) * p + FLOOR / len(COLOURS) for p in mixed]
