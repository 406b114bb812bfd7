"""Safe rows at a cooperative table: which turns explode nothing, and how many turns a team
that sees the hands could survive. The co-op planner and the see-all ceiling both use them.

A turn is safe when its five cards, laid out by number, make a row in which no card has the
colour of the card above it (the grid's bottom row) nor of its left neighbour. Each function
checks that rule its own way, for its own inner loop: `safe_rows` lists every safe turn of
given hands (cutting a branch at the first bad colour), `safe_with` tells many candidates
apart against the same turns in O(1) each, `row_if_safe` checks one given turn.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator, Sequence

from ..cards import COLOUR
from ..grid import NUM_COLUMNS

# A search's memory of positions it could not get through: (hands, bottom row).
Failed = set[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]]


def safe_rows(
    hands: Sequence[Sequence[int]], fixed: Sequence[int], bottom: Sequence[int]
) -> Iterator[tuple[list[int], list[int]]]:
    """Every turn that explodes nothing: one card from each hand plus every `fixed` card (the
    Chief's), laid out by number. Yields (each hand's card, the new bottom row's colours).

    The order is part of the contract: the planner takes the first turn that survives and
    counts its search nodes, so turns come as a depth-first walk column by column would list
    them (at each column the next fixed card, then each hand in turn, its cards in hand
    order). The co-op planner asks for rows some 16,000 times a game and mostly takes only
    the first, so what costs is reaching it: see `_walk_rows`."""
    if len(hands) + len(fixed) != NUM_COLUMNS:
        return iter(())  # these cards cannot make exactly one row
    if all(len(hand) == 1 for hand in hands):  # the last turn: a single way to lay it out
        picks = [hand[0] for hand in hands]
        row = row_if_safe(picks + list(fixed), bottom)
        return iter([] if row is None else [(picks, row)])
    return _walk_rows(hands, fixed, bottom)


def _walk_rows(
    hands: Sequence[Sequence[int]], fixed: Sequence[int], bottom: Sequence[int]
) -> Iterator[tuple[list[int], list[int]]]:
    """`safe_rows`' depth-first walk column by column (a bad colour cuts a whole branch). It
    prunes only branches without a turn, so the order stays a plain walk's: a card under which
    a hand yet to play has nothing, a position whose branch held no turn (`dead`)."""
    seats = len(hands)
    caps = [*sorted(fixed), 51]  # the next fixed card bounds every pick; 51: none left
    tops = [max(hand, default=0) for hand in hands]
    picks = [0] * seats
    colours = [0] * NUM_COLUMNS
    dead: set[int] = set()  # last * 256 + fixed cards laid * 32 + the mask of hands played
    leaves = 0

    def walk(column: int, last: int, prev: int, used: int, next_fixed: int) -> Iterator[None]:
        nonlocal leaves
        before = leaves
        below = bottom[column]
        cap = caps[next_fixed]
        low, second, low_seat = _lowest_two(tops, used)
        colour = COLOUR[cap] if cap < low else below  # below: the fixed card cannot come now
        if colour != below and colour != prev:
            colours[column] = colour
            if column == NUM_COLUMNS - 1:
                leaves += 1
                yield None
            else:
                yield from walk(column + 1, cap, colour, used, next_fixed + 1)
        for s in range(seats):
            if used >> s & 1:
                continue
            high = min(cap, second if s == low_seat else low)
            for card in hands[s]:
                if card <= last or card >= high:
                    continue
                colour = COLOUR[card]
                if colour == below or colour == prev:  # noqa: SIM109  (no tuple per card)
                    continue
                picks[s] = card
                colours[column] = colour
                if column == NUM_COLUMNS - 1:
                    leaves += 1
                    yield None
                elif card * 256 + next_fixed * 32 + (used | 1 << s) not in dead:
                    yield from walk(column + 1, card, colour, used | 1 << s, next_fixed)
        if leaves == before:
            dead.add(last * 256 + next_fixed * 32 + used)

    for _ in walk(0, 0, -1, 0, 0):
        yield picks[:], colours[:]


def _lowest_two(tops: list[int], used: int) -> tuple[int, int, int]:
    """The two lowest top cards of the hands yet to play (51: none), and the seat of the lowest:
    a card must stay under every other such hand's top, or that hand has nothing to lay."""
    low = second = 51
    low_seat = -1
    for s, top in enumerate(tops):
        if not used >> s & 1:
            if top < low:
                low, second, low_seat = top, low, s
            elif top < second:
                second = top
    return low, second, low_seat


def safe_with(
    candidates: Sequence[int], turns: Sequence[Sequence[int]], bottom: Sequence[int]
) -> list[bool]:
    """For each candidate card: does one of `turns` (the turn's four other cards) make, with it,
    a row that explodes nothing? Each turn is checked once, then each candidate in O(1); once
    every candidate is known safe, the remaining turns cannot change the answer."""
    safe = [False] * len(candidates)
    hues = [COLOUR[card] for card in candidates]
    unsure = len(candidates)  # candidates no turn has shown safe yet
    for cards in turns:
        if not unsure:
            break
        if len(cards) != NUM_COLUMNS - 1:  # a teammate's card could not be dealt: no turn
            continue
        others = sorted(cards)
        colours = [COLOUR[c] for c in others]
        n = len(others)
        # The candidate, of rank k, takes column k: the k lowest cards must fit in columns
        # 0..k-1 (true for every k <= most) and the others in columns k+1.. (k >= least).
        most = 0
        while most < n and colours[most] != bottom[most]:
            if most and colours[most] == colours[most - 1]:
                break
            most += 1
        least = n
        while least and colours[least - 1] != bottom[least]:
            if least < n and colours[least - 1] == colours[least]:
                break
            least -= 1
        if least > most:
            continue
        for i, card in enumerate(candidates):
            if safe[i]:
                continue
            k = bisect_left(others, card)
            if not least <= k <= most:
                continue
            c = hues[i]
            if c != bottom[k] and (k == 0 or c != colours[k - 1]) and (k == n or c != colours[k]):
                safe[i] = True
                unsure -= 1
    return safe


def plan_depth(
    hands: list[list[int]],
    bottom: list[int],
    chief: list[list[int]],
    budget: list[int],
    failed: Failed,
) -> int:
    """How many more turns a team that sees these hands (and the Chief's `chief[t]` cards of
    each turn) can survive, searched depth first until `budget[0]` nodes are spent."""
    best = 0

    def dfs(hands: list[list[int]], bottom: list[int], t: int) -> bool:
        nonlocal best
        budget[0] -= 1
        if t > best:
            best = t
        if not hands[0] or t >= len(chief):
            return True
        if budget[0] <= 0:
            return False
        key = (tuple(map(tuple, hands)), tuple(bottom))
        if key in failed:
            return False
        for picks, row in safe_rows(hands, chief[t], bottom):
            rest = [[c for c in h if c != p] for h, p in zip(hands, picks, strict=True)]
            if dfs(rest, row, t + 1):
                return True
            if budget[0] <= 0:
                return False
        failed.add(key)
        return False

    dfs(hands, bottom, 0)
    return best


def row_if_safe(cards: Sequence[int], bottom: Sequence[int]) -> list[int] | None:
    """The new bottom row's colours if these five cards explode nothing, else None."""
    row = [COLOUR[c] for c in sorted(cards)]
    for column, colour in enumerate(row):
        if colour == bottom[column] or (column and colour == row[column - 1]):
            return None
    return row
