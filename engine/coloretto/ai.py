"""Computer players, from a `TableView` alone (the pile's content is public, its order is not).

- easy: draws three times in four, places at random, takes a random row otherwise;
- normal: greedy — places a card where it helps itself more than it helps the others, takes
  its best row once that is worth enough for how full the rows are;
- hard: Monte Carlo — every legal move is played out to the end of the round a few times
  (the pile shuffled from the cards not yet seen, everyone playing `normal`), and the move with
  the best mean of (its round gain − the others' mean round gain) wins;
- expert (`expert.py`, not in LEVELS, the levels a table offers): determinized Monte Carlo, 48
  sampled pile orders, a draw's card placed where it scores best, by margin over the best other.
Every choice is deterministic from the seed. Rules of the round are re-played here on small
integer lists (`_Round`): the AI must be fast, and it never sees the real pile.
"""

from __future__ import annotations

import random
from functools import lru_cache

from . import cards as C
from .game import Draw, Move, Place, Take
from .view import TableView

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
ALL_LEVELS: tuple[str, ...] = (*LEVELS, "expert")  # the bot does not offer expert yet
ROLLOUTS = 10  # hard: play-outs per candidate move (common to every move)

# Card slots of the AI: the 7 colours, cotton, joker, golden (counted as a joker).
SLOT: dict[str, int] = {
    **{c: i for i, c in enumerate(C.COLOURS)},
    C.COTTON: 7,
    C.JOKER: 8,
    C.GOLDEN: 9,
}
GOLDEN_SLOT = 9


def choose(view: TableView, level: str, seed: int) -> Move:
    """The move of the player to move in `view`, at `level`."""
    if level not in ALL_LEVELS:
        raise ValueError(f"unknown AI level {level!r}")
    moves = view.legal_moves()
    if not moves:
        raise ValueError("nobody is to move: the game is over")
    rng = random.Random(seed)
    if len(moves) == 1:
        return moves[0]
    if level == "expert":
        from . import expert  # imports this module: loaded when first asked for

        return expert.choose(view, seed)
    if level == "easy":
        return _easy(moves, rng)
    table = _Round.from_view(view)
    if level == "normal":
        return _as_move(table.normal_choice(), view)
    return _hard(view, table, moves, rng)


def _easy(moves: list[Move], rng: random.Random) -> Move:
    """Draw three times in four, else take a random row; place at random."""
    takes = [m for m in moves if isinstance(m, Take)]
    if isinstance(moves[0], Draw) and (not takes or rng.random() < 0.75):
        return moves[0]
    return rng.choice(takes or moves)


def _as_move(choice: tuple[str, int], _view: TableView) -> Move:
    kind, row = choice
    if kind == "draw":
        return Draw()
    return Place(row + 1) if kind == "place" else Take(row + 1)


@lru_cache(maxsize=200_000)
def _value(counts: tuple[int, ...], expert: bool, play: tuple[int, ...]) -> int:
    """The exact score (§6) of AI counts: 7 colours, cotton, jokers."""
    return C._best_assignment(counts[:7], counts[8], expert, play)[1] + C.COTTON_POINTS * counts[7]


@lru_cache(maxsize=400_000)
def _gain(
    counts: tuple[int, ...], cards: tuple[int, ...], expert: bool, play: tuple[int, ...]
) -> int:
    """What `cards` (slots) add to the score of a collection of AI counts."""
    if not cards:
        return 0
    more = list(counts)
    for card in cards:
        more[min(card, 8)] += 1
    return _value(tuple(more), expert, play) - _value(counts, expert, play)


class _Round:
    """The rest of a round on small integers: rows, who is in, collections as counts."""

    __slots__ = (
        "counts",
        "drawn",
        "expert",
        "limits",
        "order",
        "out",
        "pile",
        "play",
        "rows",
        "start_values",
        "taken",
        "turn",
    )

    def __init__(self) -> None:
        self.expert = False
        self.play: tuple[int, ...] = ()
        self.limits: tuple[int, ...] = ()
        self.rows: list[list[int]] = []
        self.taken: list[bool] = []
        self.order: list[int] = []  # seat indexes, seat order
        self.out: list[bool] = []
        self.counts: list[tuple[int, ...]] = []  # per seat: 9 slots (golden with jokers)
        self.turn = 0
        self.drawn: int | None = None
        self.pile: list[int] = []  # a guess at the pile's order (hard's play-outs)
        self.start_values: list[int] = []

    @classmethod
    def from_view(cls, view: TableView) -> _Round:
        r = cls()
        r.expert = view.expert
        r.play = tuple(C.COLOUR_INDEX[c] for c in view.in_play)
        r.limits = view.limits
        r.rows = [[SLOT[c] for c in row] for row in view.rows]
        r.taken = list(view.taken)
        r.order = list(range(len(view.players)))
        r.out = [p in view.out for p in view.players]
        r.counts = []
        for p in view.players:
            counts = [0] * 9
            for name, n in view.collections[p].items():
                counts[min(SLOT[name], 8)] += n
            r.counts.append(tuple(counts))
        r.turn = view.players.index(view.turn or view.players[0])
        r.drawn = None if view.drawn is None else SLOT[view.drawn]
        r.start_values = [r.value(c) for c in r.counts]
        r.pile = [-1] * view.pile_size  # its size only: a play-out puts a guess in its place
        return r

    def clone(self, pile: list[int]) -> _Round:
        r = _Round()
        r.expert, r.play, r.limits = self.expert, self.play, self.limits
        r.rows = [list(x) for x in self.rows]
        r.taken = list(self.taken)
        r.order, r.out = self.order, list(self.out)
        r.counts = list(self.counts)
        r.turn, r.drawn, r.pile = self.turn, self.drawn, pile
        r.start_values = self.start_values
        return r

    def value(self, counts: tuple[int, ...]) -> int:
        return _value(counts, self.expert, self.play)

    def gain(self, seat: int, cards: list[int]) -> int:
        """What `cards` would add to `seat`'s score now."""
        return _gain(self.counts[seat], tuple(cards), self.expert, self.play)

    def others_in(self, seat: int) -> list[int]:
        n = len(self.order)
        return [(seat + k) % n for k in range(1, n) if not self.out[(seat + k) % n]]

    def open_below(self) -> list[int]:
        return [
            r
            for r in range(len(self.rows))
            if not self.taken[r] and len(self.rows[r]) < self.limits[r]
        ]

    def takeable(self) -> list[int]:
        return [r for r in range(len(self.rows)) if not self.taken[r] and self.rows[r]]

    # --- The normal player ------------------------------------------------------------------

    def normal_choice(self) -> tuple[str, int]:
        """("draw", -1), ("place", row) or ("take", row): the greedy player's move."""
        me = self.turn
        others = self.others_in(me)
        if self.drawn is not None:
            card = self.drawn
            best_row, best = -1, float("-inf")
            for r in self.open_below():
                row = self.rows[r]
                mine = self.gain(me, [*row, card]) - self.gain(me, row)
                theirs = sum(self.gain(o, [*row, card]) - self.gain(o, row) for o in others)
                score = mine - (theirs / len(others) if others else 0)
                if score > best:
                    best_row, best = r, score
            return "place", best_row
        takes = self.takeable()
        can_draw = bool(self.open_below()) and self.can_draw()
        if takes:
            gains = [(self.gain(me, self.rows[r]), r) for r in takes]
            best_gain, best_row = max(gains, key=lambda g: (g[0], -g[1]))
            free = sum(self.limits[r] - len(self.rows[r]) for r in self.open_below())
            if not can_draw or best_gain >= 5 or (best_gain >= 2 and free <= len(others) + 1):
                return "take", best_row
        return "draw", -1

    def can_draw(self) -> bool:
        return bool(self.pile)

    # --- Playing out (hard) -----------------------------------------------------------------

    def do(self, choice: tuple[str, int]) -> None:
        """Make a move on this play-out table."""
        kind, r = choice
        if kind == "draw":
            self.drawn = self.pile.pop() if self.pile else None
            if self.drawn is None:  # the guess ran dry: the round cannot go on drawing
                self.pile = []
            return
        if kind == "place":
            assert self.drawn is not None
            self.rows[r].append(self.drawn)
            self.drawn = None
        else:
            cards = self.rows[r]
            if GOLDEN_SLOT in cards and self.pile:
                cards = [*cards, self.pile.pop()]
            counts = list(self.counts[self.turn])
            for card in cards:
                counts[min(card, 8)] += 1
            self.counts[self.turn] = tuple(counts)
            self.rows[r] = []
            self.taken[r] = True
            self.out[self.turn] = True
        following = self.others_in(self.turn)
        if following:
            self.turn = following[0]

    def play_out(self) -> list[int]:
        """Everyone plays `normal` to the end of the round; each seat's gain in the round."""
        steps = 0
        while not all(self.out) and steps < 200:
            steps += 1
            if self.drawn is None and (not self.pile or not self.open_below()):
                takes = self.takeable()
                if not takes:
                    break
                me = self.turn
                self.do(("take", max(takes, key=lambda r: self.gain(me, self.rows[r]))))
                continue
            self.do(self.normal_choice())
        return [self.value(c) - v for c, v in zip(self.counts, self.start_values, strict=True)]


def _hard(view: TableView, table: _Round, moves: list[Move], rng: random.Random) -> Move:
    """Every legal move, played out ROLLOUTS times to the end of the round."""
    unseen = [SLOT[name] for name, n in sorted(view.unseen.items()) for _ in range(n)]
    me = table.turn
    n = len(view.players)
    piles = []
    for _ in range(ROLLOUTS):
        rng.shuffle(unseen)
        piles.append(list(unseen))
    scored: list[tuple[float, Move]] = []
    for move in moves:
        choice = (
            ("draw", -1)
            if isinstance(move, Draw)
            else ("place" if isinstance(move, Place) else "take", move.row - 1)
        )
        total = 0.0
        for pile in piles:
            t = table.clone(list(pile))
            t.do(choice)
            gains = t.play_out()
            others = [gains[s] for s in range(n) if s != me]
            total += gains[me] - sum(others) / len(others)
        scored.append((total / ROLLOUTS, move))
    best = max(s for s, _ in scored)
    return rng.choice([m for s, m in scored if s >= best - 1e-9])
