"""The cooperative ceiling of `pop-bot bench ai`: a team that sees every hand and plans together.

It is not a player of the bot (it reads the whole state, hands included): it tells how far a
cooperative table could get at best, so the AI partners can be judged against it. What it does
not see is what no player sees: the Chief's face-down cards and the draw pile's order.

Each turn it lists the joint picks (one card per seat) that explode nothing now, keeps the
likeliest to survive the Chief's face-down cards, and plays each of them out on a few shuffles
of the unseen cards with the AI's planner (`ai.rows.plan_depth`, depth first over whole turns): the
pick expected to survive most turns is played. Deterministic for a given `rng`.
"""

from __future__ import annotations

import random

from .ai.rows import Failed, plan_depth, row_if_safe, safe_rows
from .cards import ALL_CARDS, COLOUR
from .state import PopState

SAMPLES = 4  # shuffles of the unseen cards (one when there is nothing unseen)
CANDIDATES = 24  # joint picks played out each turn
BUDGET = 300  # search nodes per joint pick and shuffle


def ceiling_plays(state: PopState, rng: random.Random) -> dict[str, list[int]]:
    """Every seat's card for this turn, chosen by a team that sees all hands."""
    seats = state.seats
    hands = [sorted(state.hands[s]) for s in seats]
    bottom = [COLOUR[col[-1]] for col in state.columns]
    face_up = list(state.chief_face_up)
    down = len(state.chief_face_down)
    up_each, down_each = state.spec.chief_cards(len(seats), False)
    seen = set(face_up).union(*hands, *state.columns)
    pool = [c for c in ALL_CARDS if c not in seen]  # the face-down cards and the pile
    # How often each safe joint pick survives the face-down cards (exactly, over the pool).
    safe: dict[tuple[int, ...], float] = {}
    chiefs = [[*face_up, x] for x in pool] if down == 1 else [face_up]
    for fixed in chiefs:
        for found, _row in safe_rows(hands, fixed, bottom):
            key = tuple(found)
            safe[key] = safe.get(key, 0.0) + 1.0 / len(chiefs)
    if not safe:  # nothing is safe: any pick loses
        return {s: [h[0]] for s, h in zip(seats, hands, strict=True)}

    def keeps(picks: tuple[int, ...]) -> int:
        return sum(len({COLOUR[c] for c in h if c != p}) for h, p in zip(hands, picks, strict=True))

    ranked = sorted(safe, key=lambda p: (-safe[p], -keeps(p), p))[:CANDIDATES]
    samples = SAMPLES if pool else 1
    totals = dict.fromkeys(ranked, 0.0)
    counts = dict.fromkeys(ranked, 0)
    per_turn = up_each + down_each
    for _ in range(samples):
        order = pool[:]
        rng.shuffle(order)
        fixed = face_up + order[:down]
        pile = order[down:]
        chief = [pile[t * per_turn : (t + 1) * per_turn] for t in range(len(hands[0]) - 1)]
        failed: Failed = set()
        for picks in ranked:
            row = row_if_safe(list(picks) + fixed, bottom)
            if row is None:
                continue
            rest = [[c for c in h if c != p] for h, p in zip(hands, picks, strict=True)]
            totals[picks] += plan_depth(rest, row, chief, [BUDGET], failed)
            counts[picks] += 1

    def value(p: tuple[int, ...]) -> float:
        """Expected turns survived: this one, then the later ones where this one was safe."""
        return safe[p] * (1 + totals[p] / counts[p] if counts[p] else 1)

    best = max(ranked, key=lambda p: (value(p), safe[p], keeps(p)))
    return {s: [c] for s, c in zip(seats, best, strict=True)}
