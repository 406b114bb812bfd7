"""Solo and Enigma: no hidden card in a turn, so every 5-card pick is played out exactly and the
grids it leaves are judged; at hard, solo also looks one refill ahead."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from ..cards import COLOUR
from ..game import place_turn, placement_order
from ..grid import NUM_COLUMNS
from .knowledge import KnownTable

SOLO_LOOKAHEAD_PICKS, SOLO_LOOKAHEAD_DRAWS = 4, 2


def _grid_value(cols: list[list[int]], hand_left: Sequence[int], level: str) -> float:
    """How promising a grid is for clearing it later (higher is better)."""
    cards = sum(map(len, cols))
    if cards == 0:
        return 1000.0
    if level != "hard":
        return -float(cards)
    value = -10.0 * cards
    tallest = max(map(len, cols))
    value -= 3.0 * tallest
    # Bottom cards the kept hand can explode next turn, and colours shared by neighbours
    # one row apart (chains waiting to happen).
    colours_in_hand = {COLOUR[c] for c in hand_left}
    for c in range(NUM_COLUMNS):
        col = cols[c]
        if col and COLOUR[col[-1]] in colours_in_hand:
            value += 2.0
        for j in range(len(col) - 2):
            if COLOUR[col[j]] == COLOUR[col[j + 2]]:
                value += 1.0
    return value


def _solo_values(
    table: KnownTable, hand: Sequence[int], cols: list[list[int]], level: str, rng: random.Random
) -> list[tuple[float, tuple[int, ...], list[list[int]]]]:
    """Every 5-card pick of `hand` played out on `cols`: (value, pick, grid after), best first."""
    me = table.me
    queues = [max(map(len, cols))] * NUM_COLUMNS if any(cols) else [0] * NUM_COLUMNS
    out = []
    for pick in combinations(hand, table.need):
        placing = sorted((c, me) for c in pick)
        after = [c[:] for c in cols]
        q = queues[:]
        _, order = placement_order(placing)
        place_turn(after, q, placing, order, table.spec, _ignore)
        kept = [c for c in hand if c not in pick]
        out.append((_grid_value(after, kept, level) + rng.random() * 1e-6, pick, after))
    out.sort(key=lambda x: -x[0])
    return out


def _ignore(_owner: str, _exploded: list[int]) -> None:
    """Solo collects nothing: explosions only leave the grid."""
    return None


def solo_pick(table: KnownTable, level: str, rng: random.Random) -> tuple[int, ...]:
    """The 5 cards leaving the best grid (at hard, looking one refill ahead)."""
    ranked = _solo_values(table, table.hand, table.cols, level, rng)
    value, pick, _ = ranked[0]
    if level != "hard" or not table.spec.refills or value >= 1000.0 or not table.unseen:
        return pick
    # Two plies: for the most promising picks, draw the refill from the unseen cards (the
    # pile) a few times and add the best next turn's value.
    best, best_value = pick, None
    draw = min(5, len(table.unseen))
    for value, pick, after in ranked[:SOLO_LOOKAHEAD_PICKS]:
        kept = [c for c in table.hand if c not in pick]
        future = 0.0
        for _ in range(SOLO_LOOKAHEAD_DRAWS):
            hand = sorted(kept + rng.sample(table.unseen, draw))
            if len(hand) < table.need:
                future += value
                continue
            future += _solo_values(table, hand, after, level, rng)[0][0]
        total = value + future / SOLO_LOOKAHEAD_DRAWS
        if best_value is None or total > best_value:
            best, best_value = pick, total
    return best


SOLO_EXPERT_PICKS, SOLO_EXPERT_DRAWS = 4, 4
SOLO_WIN = 50.0  # a cleared grid, in cards: worth more than any turn's explosions


def solo_values(table: KnownTable, rng: random.Random) -> list[tuple[tuple[int, ...], float, bool]]:
    """Expert: each 5-card pick's expected grid cards exploded this turn and, for the picks
    hard ranks best, the next (its best pick after SOLO_EXPERT_DRAWS refills); a cleared grid
    adds SOLO_WIN. (pick, value, played out) in hard's order; only those played out may lead."""
    now = sum(map(len, table.cols))
    ranked = _solo_values(table, table.hand, table.cols, "hard", rng)
    draw = min(5, len(table.unseen)) if table.spec.refills else 0
    out = []
    for k, (_, pick, after) in enumerate(ranked):
        left = sum(map(len, after))
        value = now + len(pick) - left + (SOLO_WIN if left == 0 else 0.0)
        weighed = k < SOLO_EXPERT_PICKS
        if weighed and left and draw:
            kept = [c for c in table.hand if c not in pick]
            later = 0.0
            for _ in range(SOLO_EXPERT_DRAWS):
                hand = sorted(kept + rng.sample(table.unseen, draw))
                if len(hand) >= table.need:
                    _, _, grid = _solo_values(table, hand, after, "hard", rng)[0]
                    rest = sum(map(len, grid))
                    later += left + table.need - rest + (SOLO_WIN if rest == 0 else 0.0)
            value += later / SOLO_EXPERT_DRAWS
        out.append((pick, value, weighed))
    return out
