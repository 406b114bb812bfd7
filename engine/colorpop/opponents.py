"""Benchmark opponents for Colorpop, written apart from the AI levels (`ai.py`, `expert.py`).

They read a `ColorpopView` and the rules page only (groups, removal and counts from `rules`),
and share no code with the AI. Each is `player(view, seed) -> ColorpopMove`:

- `random`: any legal group, uniformly;
- `greedy`: one ply — the group removing most tokens of its own colours, unless it leaves a
  colour an opponent may hold with no token on the board (that would clear them); a move that
  clears its own colours at once is taken;
- `mc`: determinized Monte Carlo — every way the other sides could hold the colours it does
  not (at most MC_WORLDS of them, drawn uniformly), every legal group played out to the end by
  players picking legal groups uniformly at random, about MC_PLAY_OUTS play-outs a decision
  shared among the groups; the best mean result (1 a win, 1/k shared, 0 a loss) wins.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence

from . import game, rules
from .adapter import ColorpopMove
from .rules import COLOURS, Board, Group
from .view import ColorpopView

MC_WORLDS = 4
MC_PLAY_OUTS = 48
GIFT = 50.0  # greedy: what it fears leaving an opponent's colour cleared


def random_player(view: ColorpopView, seed: int) -> ColorpopMove:
    return ColorpopMove.at(random.Random(seed).choice(rules.legal_groups(view.board)).anchor)


def _per_side(view: ColorpopView) -> int:
    return 2 if view.mode in ("duel", "teams") else len(view.my_colours)


def greedy_player(view: ColorpopView, _seed: int) -> ColorpopMove:
    mine = set(view.my_colours)
    others = [c for c in COLOURS if c not in mine]
    sides = len(game.sides(view.mode, len(view.seats)))
    held = min(1.0, (sides - 1) * _per_side(view) / max(1, len(others)))

    def worth(group: Group) -> float:
        board = rules.remove(view.board, group.cells).board
        left = rules.counts(board)
        if mine and all(left[c] == 0 for c in mine):
            return float("inf")
        value = float(group.size - group.jokers) if group.colour in mine else 0.0
        if group.colour not in mine and left[group.colour] == 0:
            value -= GIFT * held
        return value

    groups = rules.legal_groups(view.board)
    return ColorpopMove.at(max(groups, key=worth).anchor)


def worlds(view: ColorpopView) -> list[list[tuple[str, ...]]]:
    """Every way to give the sides colours, ours as we hold them (a list per side)."""
    sides = game.sides(view.mode, len(view.seats))
    me = next(k for k, s in enumerate(sides) if view.seat in [view.seats[i] for i in s])
    mine = tuple(view.my_colours)
    if len(sides) == 1:
        return [[mine]]
    per = _per_side(view)
    others = [c for c in COLOURS if c not in mine]
    out: list[list[tuple[str, ...]]] = []
    for chosen in itertools.permutations(others, per * (len(sides) - 1)):
        parts = [chosen[k * per : (k + 1) * per] for k in range(len(sides) - 1)]
        if any(list(p) != sorted(p) for p in parts):
            continue
        out.append([*parts[:me], mine, *parts[me:]])
    return out


def _outcome(lefts: list[int], own: list[int], me: int, cleared: int | None, solo: bool) -> float:
    if cleared is not None:
        return 1.0 if cleared == me else 0.0
    if solo:
        return 0.0
    keys = [(lefts[k], own[k]) for k in range(len(lefts))]
    best = min(keys)
    return 1.0 / keys.count(best) if keys[me] == best else 0.0


def play_out(
    view: ColorpopView, world: Sequence[tuple[str, ...]], group: Group, rnd: random.Random
) -> float:
    """`group` removed, then uniformly random legal groups to the end: our result."""
    sides = game.sides(view.mode, len(view.seats))
    n = len(view.seats)
    side_of = [next(k for k, s in enumerate(sides) if i in s) for i in range(n)]
    me = side_of[view.seats.index(view.seat)]
    own = [
        sum(view.piles[view.seats[i]].get(c, 0) for i in side for c in world[k])
        for k, side in enumerate(sides)
    ]
    board: Board = view.board
    turn = view.seats.index(view.on_turn)
    while True:
        board = rules.remove(board, group.cells).board
        left = rules.counts(board)
        if group.colour in world[side_of[turn]]:
            own[side_of[turn]] += group.size - group.jokers
        for k, colours in enumerate(world):
            if group.colour in colours and all(left[c] == 0 for c in colours):
                return _outcome([], own, me, k, view.mode == "solo")
        groups = rules.legal_groups(board)
        if not groups:
            lefts = [sum(left[c] for c in cs) for cs in world]
            return _outcome(lefts, own, me, None, view.mode == "solo")
        group = rnd.choice(groups)
        turn = (turn + 1) % n


def mc_player(view: ColorpopView, seed: int) -> ColorpopMove:
    rnd = random.Random(seed)
    groups = rules.legal_groups(view.board)
    every = worlds(view)
    guesses = rnd.sample(every, min(MC_WORLDS, len(every)))
    runs = max(len(guesses), MC_PLAY_OUTS // len(groups))
    means = []
    for group in groups:
        results = [play_out(view, guesses[r % len(guesses)], group, rnd) for r in range(runs)]
        means.append(sum(results) / runs)
    return ColorpopMove.at(groups[means.index(max(means))].anchor)


OPPONENTS: dict[str, Callable[[ColorpopView, int], ColorpopMove]] = {
    "random": random_player,
    "greedy": greedy_player,
    "mc": mc_player,
}
