"""The cooperative planner: determinization with planning, reading the table talk.

Each sample deals what this seat cannot see, consistent with the public facts and the table
talk: a teammate that signalled holds, and plays now, a card of the colour it named whose
public letter is the one it named (`public_columns`); the other hands, the Chief's face-down
cards and the draw pile's order are dealt at random from the rest. Every candidate card is
judged in two stages: first, over many cheap samples, how often the turn can still be laid out
safely with it (the silent teammates adapting with any COOP_WIDTH of their cards); then, for
the candidates about as safe as the best, how many later turns a team that saw the deal could
survive (`plan_depth`), in the samples where it is safe now. A candidate's value is the
expected number of turns survived. Ties go to the colour the team holds most of.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import product

from ..cards import COLOUR
from ..view import TableView
from .knowledge import KnownTable
from .rows import Failed, plan_depth, safe_rows, safe_with
from .talk import public_columns

# Late in the game, when plans are short, up to COOP_MAX_SAMPLES planning samples. A teammate
# who has not signalled yet is modelled as picking among COOP_WIDTH of its cards. Candidates
# within COOP_SAFE_SLACK of the safest this turn are planned.
COOP_SAFE_SLACK = 0.05
COOP_MAX_SAMPLES = 100
COOP_WIDTH = 3


@dataclass(frozen=True)
class _Position:
    """What the planner works from, in plain lists."""

    hand: list[int]
    unseen: list[int]
    bottom: list[int]  # colour of each column's lowest card (-1: an empty column)
    face_up: list[int]
    face_down: int
    chief_per_turn: int  # the Chief's cards in each later turn
    spoken: list[list[int]]  # per signalling teammate, the cards its signal may mean
    silent: int  # teammates who said nothing (or named a colour nobody can hold)


@dataclass(frozen=True)
class _LaterDeal:
    """One sample's deal for planning: the turn's known cards and every hand after it."""

    fixed: list[int]  # the Chief's cards and the signalled teammates' cards of this turn
    silent_choices: list[list[int]]  # the cards each silent teammate may play now
    silent_hands: list[list[int]]
    spoken_hands: list[list[int]]  # what the signalled teammates keep for later
    chief: list[list[int]]  # the Chief's cards of each later turn


def plan_pick(
    table: KnownTable,
    view: TableView,
    rng: random.Random,
    samples: int,
    budget: int,
    now_samples: int = 0,
) -> int:
    """The card expected to survive most turns (at least `samples` plans, `budget` nodes)."""
    return plan_values(table, view, rng, samples, budget, now_samples)[2]


def plan_values(
    table: KnownTable,
    view: TableView,
    rng: random.Random,
    samples: int,
    budget: int,
    now_samples: int = 0,
) -> tuple[list[int], list[float], int]:
    """The hand, each card's expected turns survived from now (this one included; a card not
    planned, being clearly less safe now, counts this turn's chance alone) and the card chosen."""
    position = _position(table, view)
    down_order = position.unseen[:]
    rng.shuffle(down_order)
    chance = _chance_safe_now(position, rng, down_order, now_samples)
    top = max(chance)
    keep = [i for i, p in enumerate(chance) if p >= top - COOP_SAFE_SLACK and p > 0]
    future = _mean_later_turns(position, rng, down_order, keep, samples, budget)
    totals = [chance[i] * (1 + future[i]) if i in keep else -1.0 for i in range(len(position.hand))]
    values = [totals[i] if i in keep else chance[i] for i in range(len(position.hand))]
    return position.hand, values, _best_card(position, totals)


def _position(table: KnownTable, view: TableView) -> _Position:
    """The planner's facts: the grid's bottom row, the Chief's cards, the teammates' talk."""
    letters = public_columns(view)
    spoken: list[list[int]] = []
    silent = 0
    for seat in table.others:
        signal = table.signals.get(seat)
        if signal is None:
            silent += 1
            continue
        colour, column = signal
        fits = [c for c in table.unseen if COLOUR[c] == colour and letters.get(c) == column]
        fits = fits or [c for c in table.unseen if COLOUR[c] == colour]
        if fits:
            spoken.append(fits)
        else:  # a colour nobody can hold: as if it had said nothing
            silent += 1
    up, down = table.spec.chief_cards(len(view.seats), False)
    return _Position(
        hand=table.hand,
        unseen=table.unseen,
        bottom=[COLOUR[col[-1]] if col else -1 for col in table.cols],
        face_up=table.face_up,
        face_down=table.face_down,
        chief_per_turn=up + down,
        spoken=spoken,
        silent=silent,
    )


def _deal_spoken(position: _Position, rng: random.Random) -> list[int]:
    """The card each signalling teammate plays now (-1 when its cards are all taken)."""
    taken: list[int] = []
    for fits in position.spoken:
        free = [c for c in fits if c not in taken]
        taken.append(free[rng.randrange(len(free))] if free else -1)
    return taken


def _chance_safe_now(
    position: _Position, rng: random.Random, down_order: list[int], now_samples: int
) -> list[float]:
    """Stage 1, cheap: how often each candidate is safe this turn."""
    # Samples of what the teammates who spoke play, the silent teammates' cards (any
    # COOP_WIDTH of theirs) and the face-down Chief cards (each unseen card in turn).
    hand = position.hand
    safe_now = [0] * len(hand)
    checks = max(1, now_samples, len(down_order) if position.face_down else 0)
    width = min(len(hand), COOP_WIDTH)
    for sample in range(checks):
        taken = _deal_spoken(position, rng)
        pool = [c for c in position.unseen if c not in taken]
        fixed = position.face_up + [c for c in taken if c > 0]
        if position.face_down:
            down_card = down_order[sample % len(down_order)]
            if down_card in pool:
                pool.remove(down_card)
                fixed.append(down_card)
            else:
                fixed.append(pool.pop(rng.randrange(len(pool))))
        drawn = rng.sample(pool, width * position.silent)
        # Every way the silent teammates could play (any `width` of their cards each), with
        # the turn's known cards: a candidate is safe when one of them makes a safe row.
        choices = (drawn[k * width : (k + 1) * width] for k in range(position.silent))
        turns = [fixed + list(cards) for cards in product(*choices)]
        for i, safe in enumerate(safe_with(hand, turns, position.bottom)):
            if safe:
                safe_now[i] += 1
    return [n / checks for n in safe_now]


def _mean_later_turns(
    position: _Position,
    rng: random.Random,
    down_order: list[int],
    keep: list[int],
    samples: int,
    budget: int,
) -> list[float]:
    """Stage 2, dear: each kept candidate's mean number of later turns survived."""
    # Over the samples where the candidate is safe now (0 where it never is).
    size = len(position.hand)
    future = [0.0] * size
    counted = [0] * size
    # Late in the game a plan is short: the same budget buys more samples.
    samples = max(samples, min(COOP_MAX_SAMPLES, budget // (2 * size * max(1, len(keep)))))
    per_candidate = max(2, budget // (samples * max(1, len(keep))))
    for sample in range(samples if len(keep) > 1 else 0):
        down_card = down_order[sample % len(down_order)] if position.face_down else -1
        deal = _deal_later(position, rng, down_card)
        failed: Failed = set()
        my_rest = position.hand[:]
        rng.shuffle(my_rest)
        for i in keep:
            best = _later_turns_with(position, deal, i, my_rest, [per_candidate], failed)
            if best >= 0:
                future[i] += best
                counted[i] += 1
    return [future[i] / counted[i] if counted[i] else 0.0 for i in range(size)]


def _deal_later(position: _Position, rng: random.Random, down_card: int) -> _LaterDeal:
    """One planning sample: every hand, the Chief's cards now and in each later turn."""
    # The signalled teammates' cards now, then from a shuffle of the rest: their other cards,
    # the silent seats' hands, the face-down cards (`down_card` among them), the draw pile.
    size = len(position.hand)
    taken = _deal_spoken(position, rng)
    pool = [c for c in position.unseen if c not in taken]
    rng.shuffle(pool)
    if position.face_down and down_card in pool:  # it goes where the face-down cards are dealt
        pool.remove(down_card)
        held = sum(size - (1 if card > 0 else 0) for card in taken) + position.silent * size
        pool.insert(held, down_card)
    fixed = position.face_up[:]
    spoken_hands: list[list[int]] = []
    at = 0
    for card in taken:
        extra = size - (1 if card > 0 else 0)
        spoken_hands.append(pool[at : at + extra])
        at += extra
        if card > 0:
            fixed.append(card)
    silent_choices: list[list[int]] = []
    silent_hands: list[list[int]] = []
    for _ in range(position.silent):
        silent_hands.append(pool[at : at + size])
        silent_choices.append(pool[at : at + min(size, COOP_WIDTH)])
        at += size
    fixed += pool[at : at + position.face_down]
    pile = pool[at + position.face_down :]
    per_turn = position.chief_per_turn
    chief = [pile[t * per_turn : (t + 1) * per_turn] for t in range(size - 1)]
    return _LaterDeal(fixed, silent_choices, silent_hands, spoken_hands, chief)


def _later_turns_with(
    position: _Position,
    deal: _LaterDeal,
    i: int,
    my_rest: list[int],
    nodes: list[int],
    failed: Failed,
) -> int:
    """Later turns survived if this seat plays its i-th card now; -1 if no way is safe."""
    mine = position.hand[i]
    best = -1
    for picks, row in safe_rows([[mine], *deal.silent_choices], deal.fixed, position.bottom):
        rest = [[c for c in my_rest if c != mine]]
        rest += [
            [c for c in h if c != p] for h, p in zip(deal.silent_hands, picks[1:], strict=True)
        ]
        rest += deal.spoken_hands
        best = max(best, plan_depth(rest, row, deal.chief, nodes, failed))
        if best >= len(position.hand) - 1 or nodes[0] <= 0:
            break
    return best


def _best_card(position: _Position, totals: list[float]) -> int:
    """The card of the best total, ties going to the colour the team holds most of."""
    # Ties are common early, when many plans remain: playing the commonest colour leaves the
    # last turns colours as even as can be; then keep as many colours in hand as possible.
    hand = position.hand
    remaining = [0] * 5
    for c in position.unseen:
        remaining[COLOUR[c]] += 1
    for c in hand:
        remaining[COLOUR[c]] += 1

    def keeps(i: int) -> tuple[int, int]:
        return remaining[COLOUR[hand[i]]], len({COLOUR[c] for j, c in enumerate(hand) if j != i})

    return hand[max(range(len(hand)), key=lambda i: (totals[i], keeps(i), -i))]
