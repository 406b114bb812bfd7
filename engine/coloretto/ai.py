"""Computer players, from a `TableView` alone (the pile's content is public, its order is not).

- easy: mostly draws, places at random, takes a row now and then;
- normal: greedy — places a card where it helps itself more than the others, takes the best
  row once it is worth enough for how full the rows are;
- hard: one step of look-ahead — every move (each take, a draw with every card the pile may
  hold, placed in every row) is valued as what it gains minus what the players still in can
  then take, and the best expected value wins.
Every choice is deterministic from the seed (ties are broken by a `random.Random(seed)`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from . import cards as C
from .game import Draw, Move, Take
from .view import TableView

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
Counts = tuple[int, ...]  # 7 colours, cotton, jokers (golden included)
_SLOT = {**{c: i for i, c in enumerate(C.COLOURS)}, C.COTTON: 7, C.JOKER: 8, C.GOLDEN: 8}

DRAW_RISK = 0.8  # hard: what a row still open is worth to me, against taking it now
OPPONENT_WEIGHT = 0.5
HARD_TAKES_LIKE_NORMAL = True  # hard: how much the others' best take counts against a move


def choose(view: TableView, level: str, seed: int) -> Move:
    """The move of the player to move in `view`, at `level`."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}")
    moves = view.legal_moves()
    if not moves:
        raise ValueError("nobody is to move: the game is over")
    rng = random.Random(seed)
    if len(moves) == 1:
        return moves[0]
    if level == "easy":
        return _easy(moves, rng)
    me = _Table(view)
    if level == "normal":
        return _normal(view, me, moves, rng)
    return _hard(view, me, moves, rng)


def _easy(moves: list[Move], rng: random.Random) -> Move:
    """Draw three times in four, else take a random row."""
    takes = [m for m in moves if isinstance(m, Take)]
    if isinstance(moves[0], Draw) and (not takes or rng.random() < 0.75):
        return moves[0]
    return rng.choice(takes or moves)


class _Table:
    """Counts and cached values of every collection, seen from the player to move."""

    def __init__(self, view: TableView) -> None:
        self.expert = view.expert
        self.play = tuple(C.COLOUR_INDEX[c] for c in view.in_play)
        self.me = view.turn or ""
        self.counts = {p: _counts(view.collections[p].items()) for p in view.players}
        i = view.players.index(self.me)
        after_me = view.players[i + 1:] + view.players[:i]  # the order they move in
        self.others_in = [p for p in after_me if p not in view.out]
        self.now = {p: self.value(c) for p, c in self.counts.items()}

    def value(self, counts: Counts) -> int:
        return _value(counts, self.expert, self.play)

    def gain(self, player: str, cards: Sequence[str]) -> int:
        """What `cards` would add to `player`'s score now."""
        if not cards:
            return 0
        counts = list(self.counts[player])
        for card in cards:
            counts[_SLOT[card]] += 1
        return self.value(tuple(counts)) - self.now[player]


def _counts(items: object) -> Counts:
    counts = [0] * 9
    for name, n in items:  # type: ignore[attr-defined]
        if name in _SLOT:
            counts[_SLOT[name]] += n
    return tuple(counts)


@lru_cache(maxsize=200_000)
def _value(counts: Counts, expert: bool, play: tuple[int, ...]) -> int:
    """The exact score of a collection in AI counts (jokers placed at best, §6)."""
    colour_total = C._best_assignment(counts[:7], counts[8], expert, play)[1]
    return colour_total + C.COTTON_POINTS * counts[7]


def _open_rows(view: TableView) -> list[int]:
    return [r for r in range(len(view.rows)) if not view.taken[r]]


def _pick(scored: list[tuple[float, Move]], rng: random.Random) -> Move:
    """The best-scored move, ties broken at random."""
    best = max(s for s, _ in scored)
    return rng.choice([m for s, m in scored if s >= best - 1e-9])


def _normal(view: TableView, t: _Table, moves: list[Move], rng: random.Random) -> Move:
    """Greedy placing and a threshold for taking."""
    if view.drawn is not None:
        card = view.drawn
        scored: list[tuple[float, Move]] = []
        for m in moves:
            row = list(view.rows[m.row - 1])  # type: ignore[union-attr]
            mine = t.gain(t.me, [*row, card]) - t.gain(t.me, row)
            theirs = [t.gain(o, [*row, card]) - t.gain(o, row) for o in t.others_in]
            scored.append((mine - (sum(theirs) / len(theirs) if theirs else 0), m))
        return _pick(scored, rng)
    takes = [(float(t.gain(t.me, view.rows[m.row - 1])), m)  # type: ignore[union-attr]
             for m in moves if isinstance(m, Take)]
    if not isinstance(moves[0], Draw):
        return _pick(takes, rng)
    if takes:
        free = sum(view.limits[r] - len(view.rows[r]) for r in _open_rows(view))
        best = max(s for s, _ in takes)
        if best >= 5 or (best >= 2 and free <= len(t.others_in) + 1):
            return _pick(takes, rng)
    return moves[0]


def _hard(view: TableView, t: _Table, moves: list[Move], rng: random.Random) -> Move:
    """One step of look-ahead over every card the pile may hold."""
    rows = [list(r) for r in view.rows]
    open_rows = _open_rows(view)
    players = [t.me, *t.others_in]
    base = {p: {r: t.gain(p, rows[r]) for r in open_rows} for p in players}

    def after_place(card: str, row: int) -> float:
        """Value for me of placing `card` in `row` and staying in."""
        best: dict[str, int] = {}
        changed = [*rows[row], card]
        for p in players:
            new = t.gain(p, changed)
            best[p] = max([new, *(base[p][r] for r in open_rows if r != row)])
        return DRAW_RISK * best[t.me] - _others(best, t.others_in)

    if view.drawn is not None:
        card = view.drawn
        return _pick([(after_place(card, m.row - 1), m) for m in moves  # type: ignore[union-attr]
                      ], rng)
    if HARD_TAKES_LIKE_NORMAL:
        return _normal(view, t, moves, rng)
    scored: list[tuple[float, Move]] = []
    for m in moves:
        if isinstance(m, Take):
            r = m.row - 1
            rest = {o: max([0, *(base[o][x] for x in open_rows if x != r)]) for o in t.others_in}
            scored.append((base[t.me][r] - _others(rest, t.others_in), m))
    if isinstance(moves[0], Draw):
        below = [r for r in open_rows if len(rows[r]) < view.limits[r]]
        pile = sum(view.unseen.values()) or 1
        expected = 0.0
        for card, n in view.unseen.items():
            expected += n / pile * max(after_place(card, r) for r in below)
        scored.append((expected, moves[0]))
    return _pick(scored, rng)


def _others(best: dict[str, int], others: list[str]) -> float:
    """The others' weight against a move: their best take, the next player's counted most."""
    if not others:
        return 0.0
    first = max(0, best[others[0]])
    rest = [max(0, best[o]) for o in others[1:]]
    return OPPONENT_WEIGHT * (first + (sum(rest) / len(rest) if rest else 0.0)) / (
        2 if rest else 1)
