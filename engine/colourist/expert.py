"""The `expert` Colourist player: expected points from a `ColouristView` alone.

What the seat cannot see is this round's other cards (and, while it keeps a phrase, nothing
more), and the words still to come. The expert reads every seat's habits from the revealed
rounds (`habits.Habits`: which tier of the words' colours it lays, as colourist and as guesser,
and whether it follows the colourist's favourite colours) and, from them, the chance of each
card another seat may lay now; a seat still holding its Joker plays it on the step onto the
finish, or more often on an unclear word. The other cards are independent given the
colourist's colour, so the expert weighs every combination of who matches exactly (at most
9 × 2⁵ of them) rather than sampling them.

The unit is "points": a move's expected margin (the seat's field minus the best other field)
after the round's moves, final when a pawn reaches the finish (the game's end margin); else plus
what a Joker still held will gain: its gain on the best of the seat's remaining guessing rounds
(optimal stopping over the gains `1 − p` of SAMPLES future words drawn from what the decks may
still hold, p the chance of the likeliest colour). What the rest of the game adds alike to every
move is left out. The colourist lays the colour worth most, and keeps the phrase whose best
colour is worth most. A guesser lays the likeliest colour of the colourist: a match is a point
to it whatever the others lay, so a colour is worth the likeliest one's margin less the chance
of a match it gives up (choosing by margin alone picked riskier colours and lost: 27 % of 120
three-seat games with two Monte-Carlo players, against 42 %); its Joker is worth its own margin.
The work is fixed (SAMPLES words, every combination of cards), never a clock: the same view
and seed give the same move.

Measured (`pop-bot bench ai --game colourist`, `engine.bench_vs` mirrored deals, 2026-12-05;
2 min 45 s on 2 shared cores). Colourist seats three at least, so the two-seat match is three-seated:
against two Monte-Carlo players (`opponents.mc`) it wins 43 % of 402 games (38-48 %, fair share
33 %; hard: 38 %) and, seat by seat (ahead of an opponent seat in points 1, level ½), 62 %
(60-64 %; hard: 59 %). Against two hards 65 % of 402 (61-70 %; seat by seat 79 %), against
three hards 56 % of 400 (51-61 %, fair 25 %; seat by seat 77 %). Against two greedy players
27 % (23-32 %; hard 5 %): they always lay the same colour, so nobody can gain on them, and the
expert loses where they break ties by the colour order. Against random players 39 % (34-44 %).
Decisions p50 1.1 ms, p95 9.2 ms (the slowest 217 ms, a loaded machine), on one core each.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from ..protocol import Judgement, judgement_of
from .game import ADJECTIVE, COLOURS, JOKER, NOUN, Choose, Keep, Move, symbol_of
from .habits import Habits, word_weights
from .view import ColouristView
from .words import WordList

SAMPLES = 48  # future words per decision, for the Joker's worth
SPEED = 0.8  # how many fields the leading pawn moves a round, about
JOKER_AT_FINISH = 0.95  # a seat one field from the finish plays its Joker this often
JOKER_UNCLEAR, JOKER_USUAL = 0.3, 0.04  # else: on an unclear word, on any other
UNCLEAR_SHARE = 0.3  # a word is unclear when its best colour holds less of its weight
_SALT = 0xC0105157


class Round:
    """One round's scoring from a seat's view: the margins its outcomes leave."""

    def __init__(self, view: ColouristView) -> None:
        assert view.seat is not None
        self.me, self.colourist, self.finish = view.seat, view.colourist, view.finish
        self.seats = view.seats
        self.positions = view.positions

    def after(self, matched: Sequence[str]) -> tuple[float, bool]:
        """(my margin, whether the game ends) once `matched` guessers matched."""
        moved = set(matched) | {self.colourist} if matched else set(self.seats)
        pos = {s: p + (s in moved) for s, p in self.positions.items()}
        best_other = max(p for s, p in pos.items() if s != self.me)
        return pos[self.me] - best_other, max(pos.values()) >= self.finish


def joker_chance(view: ColouristView, words: WordList, seat: str, ids: Sequence[str]) -> float:
    """How likely `seat` (a guesser) plays its Joker now."""
    if view.jokers[seat] is not None:
        return 0.0
    if view.positions[seat] == view.finish - 1:
        return JOKER_AT_FINISH
    weights = word_weights(words, ids)
    total = sum(weights)
    return JOKER_UNCLEAR if not total or max(weights) / total < UNCLEAR_SHARE else JOKER_USUAL


def _patterns(chances: Sequence[float]) -> list[tuple[float, tuple[int, ...]]]:
    """Every subset of seats (by index) matching, with its chance."""
    out = []
    for bits in itertools.product((0, 1), repeat=len(chances)):
        p = 1.0
        for bit, q in zip(bits, chances, strict=True):
            p *= q if bit else 1 - q
        if p > 0:
            out.append((p, tuple(i for i, b in enumerate(bits) if b)))
    return out


def colour_values(
    view: ColouristView, words: WordList, habits: Habits, ids: Sequence[str]
) -> list[float]:
    """The colourist's expected margin after the round for each colour, the words `ids` shown."""
    table = Round(view)
    guessers = [s for s in view.seats if s != view.colourist]
    jokers = [joker_chance(view, words, s, ids) for s in guessers]
    guesses = [habits.predict(s, view.colourist, ids) for s in guessers]
    values = []
    for c in range(len(COLOURS)):
        chances = [j + (1 - j) * g[c] for j, g in zip(jokers, guesses, strict=True)]
        values.append(
            sum(p * table.after([guessers[i] for i in hit])[0] for p, hit in _patterns(chances))
        )
    return values


def guess_values(
    view: ColouristView, words: WordList, habits: Habits, joker_worth: float
) -> dict[str, float]:
    """A guesser's expected margin for each card it may lay (a Joker it keeps counted)."""
    me, colourist, ids = view.seat, view.colourist, view.words
    assert me is not None
    table = Round(view)
    others = [s for s in view.seats if s not in (me, colourist)]
    jokers = [joker_chance(view, words, s, ids) for s in others]
    guesses = [habits.predict(s, colourist, ids) for s in others]
    colour_of = habits.predict(colourist, colourist, ids)
    worth = joker_worth if JOKER in view.playable else 0.0
    kept = [0.0] * len(COLOURS)  # per colourist colour: I match with that colour
    played = [0.0] * len(COLOURS)  # I match with my Joker
    missed = [0.0] * len(COLOURS)  # I miss
    for c in range(len(COLOURS)):
        chances = [j + (1 - j) * g[c] for j, g in zip(jokers, guesses, strict=True)]
        for p, hit in _patterns(chances):
            matched = [others[i] for i in hit]
            margin, over = table.after([*matched, me])
            played[c] += p * margin
            kept[c] += p * (margin + (0.0 if over else worth))
            margin, over = table.after(matched)
            missed[c] += p * (margin + (0.0 if over else worth))
    values: dict[str, float] = {}
    for card in view.playable:
        if card == JOKER:
            values[card] = sum(p * v for p, v in zip(colour_of, played, strict=True))
            continue
        k = COLOURS.index(card)
        values[card] = sum(p * (kept[c] if c == k else missed[c]) for c, p in enumerate(colour_of))
    return values


def unseen(view: ColouristView, words: WordList, kind: str) -> list[str]:
    """The cards of a deck that may still lie in its pile: the deck less the words shown
    since its last reshuffle (a double field's discards are unseen: they may be anywhere)."""
    deck = words.ids(kind)
    left = len(deck) - view.pile_sizes[kind]  # drawn in this cycle
    now = view.offered or view.words or ("n", "a")  # a double field being picked: 2 and 2
    seen: set[str] = set()
    for shown in (now, *(past.words for past in reversed(view.history))):
        drawn = 2 if len(shown) > 1 else int(shown[0][0] == kind[0])
        if drawn > left:
            break
        left -= drawn
        seen.update(i for i in shown if i[0] == kind[0])
    return [i for i in deck if i not in seen] or list(deck)


def joker_worth(view: ColouristView, words: WordList, habits: Habits, seed: int) -> float:
    """What keeping the Joker is worth: its expected gain when played on the best of the
    seat's remaining guessing rounds (optimal stopping over sampled future words)."""
    assert view.seat is not None
    n = len(view.seats)
    rounds_left = max(0.0, (view.finish - max(view.positions.values()) - 1) / SPEED)
    guessing = round(rounds_left * (n - 1) / n)
    if not guessing:
        return 0.0
    rnd = random.Random(seed ^ _SALT)
    nouns, adjectives = unseen(view, words, NOUN), unseen(view, words, ADJECTIVE)
    others = [s for s in view.seats if s != view.seat]
    gains = []
    for i in range(SAMPLES):
        symbol = symbol_of(rnd.randrange(view.finish))
        noun, adjective = rnd.choice(nouns), rnd.choice(adjectives)
        ids = {"triangle": (noun,), "circle": (adjective,)}.get(symbol, (adjective, noun))
        colourist = others[i % len(others)]
        gains.append(1 - max(habits.predict(colourist, colourist, ids)))
    worth = 0.0
    for _ in range(guessing):
        worth = sum(max(g, worth) for g in gains) / len(gains)
    return worth


def judge(view: ColouristView, seed: int, words: WordList, made: Move | None = None) -> Judgement:
    """Every legal move's expected margin in points (see the module's text), most natural
    first: among equal values the expert plays the colour the words call up most."""
    if view.seat is None:
        raise ValueError("the public view has no move")
    habits = Habits(view, words)
    valued: list[tuple[Move, float]]
    if view.phase == "picking" and view.seat == view.colourist and len(view.offered) == 4:
        nouns, adjectives = view.offered[:2], view.offered[2:]
        valued = [
            (Keep(n, a), max(colour_values(view, words, habits, (adjectives[a], nouns[n]))))
            for n in (0, 1)
            for a in (0, 1)
        ]
    elif view.phase != "choosing" or not view.playable:
        raise ValueError(f"seat {view.seat} has no move now")
    elif view.seat == view.colourist:
        values = colour_values(view, words, habits, view.words)
        weights = word_weights(words, view.words)
        by_weight = sorted(range(len(COLOURS)), key=lambda c: -weights[c])
        valued = [(Choose(COLOURS[c]), values[c]) for c in by_weight]
    else:
        worth = joker_worth(view, words, habits, seed) if JOKER in view.playable else 0.0
        cards = guess_values(view, words, habits, worth)
        likely = habits.predict(view.colourist, view.colourist, view.words)
        order = sorted(cards, key=lambda c: -likely[COLOURS.index(c)] if c in COLOURS else 0.0)
        top = order[0] if order[0] != JOKER else order[1]
        for c in COLOURS:  # a match given up is a point lost, whatever the others lay
            cards[c] = cards[top] - (likely[COLOURS.index(top)] - likely[COLOURS.index(c)])
        valued = [(Choose(c), cards[c]) for c in order]
    valued = [(m, round(v, 9)) for m, v in valued]
    return judgement_of("points", valued, made)


def choose(view: ColouristView, seed: int, words: WordList) -> Move:
    """The expert's move for the seat whose view this is (ValueError when it has none)."""
    return judge(view, seed, words).best.move  # type: ignore[no-any-return]
