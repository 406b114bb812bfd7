"""Benchmark opponents for Pop, written apart from the AI levels (`ai/`, `expert.py`).

They read a `TableView` and the rules page only, and share no code with the AI: a turn is laid
out by the rules (§4: the five cards sorted, the arrows deciding the direction) with the
engine's own placement (`grid.place`, §2-§3) on a copy of the grid. Each is
`player(view, seed) -> pick` (a sorted tuple of `view.cards_to_choose` cards):

- `random`: any pick, uniformly;
- `greedy`: one ply — each card alone in the column its number most likely lands in (its rank
  among five cards dealt at random), the pick whose cards cost the fewest symbols (Trick: gain
  the most; co-op: explode nothing), the lower cards first among equals;
- `mc`: determinized Monte Carlo — MC_SAMPLES deals of the other picks and the Chief's
  face-down cards from the cards the view does not show, every pick laid out with them (the
  same deals for every pick), the best mean of (own symbols − the others' mean) wins.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

from .cards import ARROW, SYMBOLS
from .grid import place
from .view import TableView

MC_SAMPLES = 32
Pick = tuple[int, ...]


def _picks(view: TableView) -> list[Pick]:
    return list(combinations(sorted(view.hand), view.cards_to_choose))


def random_player(view: TableView, seed: int) -> Pick:
    return random.Random(seed).choice(_picks(view))


def _sign(view: TableView) -> int:
    """+1 when collecting symbols is good (Trick), -1 when it is bad."""
    return 1 if view.mode == "trick" else -1


def _lay_out(view: TableView, cards: list[tuple[int, str]]) -> dict[str, int]:
    """The rules' turn (§4-§5) on a copy of the grid: the symbols each owner collects (a seat
    takes the Chief's waiting pile with its explosion; co-op: "boom" once anything explodes)."""
    cols = [list(c) for c in view.columns]
    queues = list(view.queues)
    cards = sorted(cards)
    arrows = sum(1 for c, _ in cards if ARROW[c])
    order = range(4, -1, -1) if arrows >= 3 else range(5)
    waiting = sum(SYMBOLS[c] for c in view.chief_pile)
    got: dict[str, int] = {}
    for column in order:
        card, owner = cards[column]
        exploded = place(cols, queues, column, card, owner)
        if not exploded:
            continue
        if view.mode == "coop":
            return {"boom": 1}
        symbols = sum(SYMBOLS[c] for c in exploded)
        if owner == "chief":
            waiting += 0 if view.mode == "trick" else symbols
        else:
            got[owner] = got.get(owner, 0) + symbols + waiting
            waiting = 0
    return got


def greedy_player(view: TableView, _seed: int) -> Pick:
    """Each card alone where its rank most likely puts it; the cheapest pick."""
    assert view.seat is not None
    cost = {}
    for card in view.hand:
        column = min(4, sum(1 for c in view.chief_face_up if c < card) + (card - 1) * 5 // 50)
        cols = [list(c) for c in view.columns]
        exploded = place(cols, list(view.queues), column, card, view.seat)
        symbols = sum(SYMBOLS[c] for c in exploded) + (
            sum(SYMBOLS[c] for c in view.chief_pile) if exploded else 0
        )
        cost[card] = (-symbols * _sign(view) if view.mode != "coop" else len(exploded), card)
    return min(_picks(view), key=lambda pick: sorted(cost[c] for c in pick))


def _unseen(view: TableView) -> list[int]:
    seen = set(view.hand).union(
        view.chief_face_up, view.chief_pile, *view.columns, *view.collected.values()
    )
    return [c for c in range(1, 51) if c not in seen]


def mc_player(view: TableView, seed: int) -> Pick:
    """Every pick laid out against the same MC_SAMPLES deals of the hidden cards."""
    assert view.seat is not None
    me = view.seat
    picks = _picks(view)
    if len(picks) == 1:
        return picks[0]
    rnd = random.Random(seed)
    unseen = _unseen(view)
    others = [s for s in view.seats if s != me]
    need = view.cards_to_choose
    hidden = need * len(others) + view.chief_face_down_count
    totals = [0.0] * len(picks)
    for _ in range(MC_SAMPLES):
        drawn = rnd.sample(unseen, hidden)
        dealt = [(c, others[i // need]) for i, c in enumerate(drawn[: need * len(others)])]
        dealt += [(c, "chief") for c in drawn[need * len(others) :]]
        dealt += [(c, "chief") for c in view.chief_face_up]
        for k, pick in enumerate(picks):
            got = _lay_out(view, dealt + [(c, me) for c in pick])
            if view.mode == "coop":
                totals[k] -= got.get("boom", 0)
                continue
            theirs = sum(got.get(s, 0) for s in others) / len(others)
            totals[k] += _sign(view) * (got.get(me, 0) - theirs)
    return picks[max(range(len(picks)), key=lambda k: (totals[k], -k))]


OPPONENTS: dict[str, Callable[[TableView, int], Pick]] = {
    "random": random_player,
    "greedy": greedy_player,
    "mc": mc_player,
}
