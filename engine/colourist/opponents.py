"""Benchmark opponents for Colourist, written apart from the AI levels (`ai.py`, `expert.py`,
`habits.py`).

They read a `ColouristView`, the word list's colours (rules §6: most evocative first) and the
rules page only; the round's scoring (rules §4) is written here again. Each is
`player(view, seed) -> Move`:

- `random`: any legal move, uniformly (a phrase, or a card it may lay);
- `greedy`: one ply — the colour the shown words call up most (first listed colours weigh most),
  as colourist and as guesser; its Joker on the step onto the finish; the phrase whose words
  agree most on a colour;
- `mc`: determinized Monte Carlo — MC_WORLDS worlds of the cards it cannot see (the colourist's
  colour and every other guess drawn from the words' colours and the colourist's earlier
  colours; a Joker on the step onto the finish, else now and then), every legal card scored on
  each by the round's rules; the best mean margin after the round wins, a Joker kept counting
  JOKER_KEPT points while the game is young. The colourist keeps the phrase whose best colour
  scores most.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .game import COLOURS, JOKER, Choose, Keep, Move
from .view import ColouristView
from .words import WordList, shipped_words

MC_WORLDS = 64
JOKER_KEPT = 0.5  # mc: a Joker still in hand, early in the game, in points
JOKER_NOW = 0.05  # mc: how often it thinks another seat plays its Joker on an ordinary word
LISTED = (3.0, 2.0, 1.0)  # the word list's colours: first the most evocative


def _legal(view: ColouristView) -> list[Move]:
    if view.phase == "picking" and view.seat == view.colourist and view.offered:
        return [Keep(n, a) for n in (0, 1) for a in (0, 1)]
    return [Choose(card) for card in view.playable]


def _evoked(words: WordList, ids: Sequence[str]) -> dict[str, float]:
    score = dict.fromkeys(COLOURS, 0.0)
    for concept_id in ids:
        concept = words.concepts.get(concept_id)
        for colour, weight in zip(concept.colours if concept else (), LISTED, strict=False):
            score[colour] += weight
    return score


def _phrase(view: ColouristView, move: Keep) -> tuple[str, str]:
    return view.offered[2 + move.adjective], view.offered[move.noun]


def random_player(view: ColouristView, seed: int) -> Move:
    return random.Random(seed).choice(_legal(view))


def greedy_player(view: ColouristView, _seed: int) -> Move:
    words = shipped_words()
    moves = _legal(view)
    if isinstance(moves[0], Keep):
        return max(moves, key=lambda m: max(_evoked(words, _phrase(view, m)).values()))  # type: ignore[arg-type]
    assert view.seat is not None
    if JOKER in view.playable and view.positions[view.seat] == view.finish - 1:
        return Choose(JOKER)
    score = _evoked(words, view.words)
    return Choose(max(COLOURS, key=lambda c: score[c]))


def _belief(view: ColouristView, words: WordList, ids: Sequence[str]) -> list[float]:
    """How likely the colourist's colour is each colour: the words, and its earlier colours."""
    score = _evoked(words, ids)
    for past in view.history:
        if past.colourist == view.colourist:
            score[past.colour] += 1.0
    return [score[c] ** 2 + 0.3 for c in COLOURS]


def _margin(view: ColouristView, cards: dict[str, str]) -> tuple[int, bool]:
    """Rules §4 on `cards` (every seat's): my margin after the moves, and whether it ends."""
    colour = cards[view.colourist]
    matched = [s for s in view.seats if s != view.colourist and cards[s] in (colour, JOKER)]
    moved = set(matched) | {view.colourist} if matched else set(view.seats)
    pos = {s: view.positions[s] + (s in moved) for s in view.seats}
    me = view.seat
    assert me is not None
    return pos[me] - max(p for s, p in pos.items() if s != me), max(pos.values()) >= view.finish


def _worlds(
    view: ColouristView, words: WordList, ids: Sequence[str], seed: int
) -> list[dict[str, str]]:
    """MC_WORLDS guesses at the cards of everyone but this seat."""
    rnd = random.Random(seed)
    belief = _belief(view, words, ids)
    worlds = []
    for _ in range(MC_WORLDS):
        cards = {view.colourist: rnd.choices(COLOURS, belief)[0]}
        for seat in view.seats:
            if seat in (view.seat, view.colourist):
                continue
            joker = view.jokers[seat] is None and (
                view.positions[seat] == view.finish - 1 or rnd.random() < JOKER_NOW
            )
            cards[seat] = JOKER if joker else rnd.choices(COLOURS, belief)[0]
        worlds.append(cards)
    return worlds


def _card_worth(view: ColouristView, worlds: list[dict[str, str]], card: str) -> float:
    assert view.seat is not None
    keeps = JOKER in view.playable and card != JOKER
    young = 1 - max(view.positions.values()) / view.finish
    total = 0.0
    for world in worlds:
        margin, over = _margin(view, {**world, view.seat: card})
        total += margin + (JOKER_KEPT * young if keeps and not over else 0.0)
    return total / len(worlds)


def mc_player(view: ColouristView, seed: int) -> Move:
    words = shipped_words()
    moves = _legal(view)
    if isinstance(moves[0], Keep):

        def kept(move: Move) -> float:
            assert isinstance(move, Keep)
            worlds = _worlds(view, words, _phrase(view, move), seed)
            return max(_card_worth(view, worlds, c) for c in COLOURS)

        return max(moves, key=kept)
    worlds = _worlds(view, words, view.words, seed)
    return max(moves, key=lambda m: _card_worth(view, worlds, m.card))  # type: ignore[union-attr]


OPPONENTS: dict[str, Callable[[ColouristView, int], Move]] = {
    "random": random_player,
    "greedy": greedy_player,
    "mc": mc_player,
}
