"""Benchmark opponents for Coloretto, written apart from the AI levels (`ai.py`, `expert.py`).

They read a `TableView` and the rules page only, and share no code with the AI: scores come from
`cards.total` (the rules' scoring), play-outs run the real rules (`game.apply_in_place`) on a
table rebuilt from the view. Each is `player(view, seed) -> Move`:

- `random`: any legal move, uniformly;
- `greedy`: one ply — places a card where it adds most to its own score over the best other's;
  draws until a row is worth WAIT_FACTOR times the mean, over the unseen cards, of the best
  row that card would make for it (or until it must take), then takes its best row;
- `mc`: determinized Monte Carlo — 48 orders of the unseen cards (the last-round card where the
  view says it lies), every legal move played out to the end of the round by quick greedy
  players (placing as `greedy`, taking a row worth PLAYOUT_TAKE_AT points or more),
  the best mean of (own total − best other total) wins.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from . import cards as C
from . import game
from .game import Draw, Move, Place, Take
from .state import ColorettoState, RoundLog
from .view import TableView

MC_SAMPLES = 48
PLAYOUT_TAKE_AT = 3  # mc's play-outs: take a row worth this much (quick, and it plays better)
WAIT_FACTOR = 4.0  # tuned: 2 weak (21 % against hard), 4 and 6 alike (28-30 %)


def random_player(view: TableView, seed: int) -> Move:
    return random.Random(seed).choice(view.legal_moves())


def _total(
    collection: dict[str, int], extra: list[str], expert: bool, play: tuple[str, ...]
) -> int:
    more = dict(collection)
    for card in extra:
        more[card] = more.get(card, 0) + 1
    return C.total(more, expert, play)


def _greedy_on(
    seat: str,
    players: list[str],
    out: list[str],
    collections: dict[str, dict[str, int]],
    rows: list[list[str]],
    open_rows: list[int],
    takeable: list[int],
    drawn: str | None,
    can_draw: bool,
    unseen: dict[str, int] | None,
    expert: bool,
    play: tuple[str, ...],
) -> Move:
    """The greedy choice on a table's plain facts (rows counted from 0)."""

    def gain(p: str, cards: list[str]) -> int:
        return _total(collections[p], cards, expert, play) - _total(
            collections[p], [], expert, play
        )

    others = [p for p in players if p != seat and p not in out]  # those who may still take
    if drawn is not None:

        def placed(r: int) -> int:
            row = rows[r]
            mine = gain(seat, [*row, drawn]) - gain(seat, row)
            theirs = max((gain(o, [*row, drawn]) - gain(o, row) for o in others), default=0)
            return mine - theirs

        return Place(max(open_rows, key=placed) + 1)
    if not takeable:
        return Draw()
    best = max(takeable, key=lambda r: gain(seat, rows[r]))
    if not can_draw:
        return Take(best + 1)
    if unseen is None:  # a play-out's quick rule
        enough = float(PLAYOUT_TAKE_AT)
    else:
        enough = (
            WAIT_FACTOR
            * sum(
                n * max(gain(seat, [*rows[r], card]) for r in open_rows)
                for card, n in unseen.items()
            )
            / max(1, sum(unseen.values()))
        )
    if gain(seat, rows[best]) >= enough:
        return Take(best + 1)
    return Draw()


def _open(rows: Sequence[Sequence[str]], taken: Sequence[bool], limits: Sequence[int]) -> list[int]:
    """Rows (from 0) a card may go to: not taken, below their limit."""
    return [r for r in range(len(rows)) if not taken[r] and len(rows[r]) < limits[r]]


def greedy_player(view: TableView, _seed: int) -> Move:
    assert view.turn is not None
    moves = view.legal_moves()
    if len(moves) == 1:
        return moves[0]
    return _greedy_on(
        view.turn,
        list(view.players),
        list(view.out),
        view.collections,
        [list(r) for r in view.rows],
        _open(view.rows, view.taken, view.limits),
        [m.row - 1 for m in moves if isinstance(m, Take)],
        view.drawn,
        Draw() in moves,
        view.unseen,
        view.expert,
        view.in_play,
    )


def _state_greedy(state: ColorettoState) -> Move:
    moves = game.legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    return _greedy_on(
        state.turn,
        state.players,
        state.out,
        state.collections,
        state.rows,
        _open(state.rows, state.taken, game.limits(state)),
        [m.row - 1 for m in moves if isinstance(m, Take)],
        state.drawn,
        Draw() in moves,
        None,
        state.expert,
        game.in_play(state),
    )


def determinized(view: TableView, pile: list[str]) -> ColorettoState:
    """A full table agreeing with `view`, its pile in the order `pile` (the unseen cards)."""
    deck = list(pile)
    if not view.last_round:
        deck.insert(len(deck) - C.UNDER_LAST, C.LAST)
    assert view.turn is not None
    return ColorettoState(
        players=list(view.players),
        expert=view.expert,
        rng_seed=0,
        rng_state=0,
        removed=list(view.removed),
        start={p: [] for p in view.players},
        first=view.turn,
        deck=deck,
        round_number=view.round_number,
        rows=[list(r) for r in view.rows],
        taken=list(view.taken),
        out=list(view.out),
        turn=view.turn,
        drawn=view.drawn,
        last_round=view.last_round,
        collections={p: dict(c) for p, c in view.collections.items()},
        rounds=[RoundLog(view.turn)],
    )


def _round_margin(state: ColorettoState, seat: str) -> float:
    """Play greedy to the end of the round; seat's total minus the best other total."""
    number = state.round_number
    while not state.over and state.round_number == number:
        game.apply_in_place(state, _state_greedy(state), game.NO_EVENTS)
    play = game.in_play(state)
    totals = {p: C.total(c, state.expert, play) for p, c in state.collections.items()}
    return totals[seat] - max(t for p, t in totals.items() if p != seat)


def mc_player(view: TableView, seed: int) -> Move:
    moves = view.legal_moves()
    if len(moves) == 1:
        return moves[0]
    assert view.turn is not None
    rnd = random.Random(seed)
    unseen = [name for name, n in sorted(view.unseen.items()) for _ in range(n)]
    tables = []
    for _ in range(MC_SAMPLES):
        rnd.shuffle(unseen)
        tables.append(determinized(view, unseen))
    means = []
    for move in moves:
        total = 0.0
        for table in tables:
            state = table.copy()
            game.apply_in_place(state, move, game.NO_EVENTS)
            total += _round_margin(state, view.turn)
        means.append(total / len(tables))
    return moves[means.index(max(means))]


OPPONENTS: dict[str, Callable[[TableView, int], Move]] = {
    "random": random_player,
    "greedy": greedy_player,
    "mc": mc_player,
}
