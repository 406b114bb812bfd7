"""The grid: placing a card, explosions, gravity and chains (rules §2-§3).

A grid is five lists (columns A..E, top to bottom) plus `queues`, the absolute row of each
column's Queue card. Column c's k cards sit in rows queues[c]-k .. queues[c]-1, so a card's
neighbour in another column is found through absolute rows: that is what makes the mid-turn
Queue offsets right without any special case.

This is the engine's inner loop (replays, AI players and the puzzle solver all run it), so it
works on plain lists and ints, and builds event objects only when asked for.
"""

from __future__ import annotations

from .cards import COLOUR
from .events import Event, Exploded, Fell, Placed

NUM_COLUMNS = 5


def snapshot(cols: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple([tuple(col) for col in cols])


def card_at(cols: list[list[int]], queues: list[int], column: int, row: int) -> int:
    """The card at an absolute row of a column, or 0 where there is none."""
    col = cols[column]
    j = row - queues[column] + len(col)
    return col[j] if 0 <= j < len(col) else 0


def place(
    cols: list[list[int]],
    queues: list[int],
    column: int,
    card: int,
    owner: str,
    events: list[Event] | None = None,
) -> list[int]:
    """Place a card and resolve its explosion and whole chain. Returns every exploded card."""
    row = queues[column]
    queues[column] = row + 1
    col = cols[column]
    col.append(card)
    if events is not None:
        events.append(Placed(card, owner, column, row, snapshot(cols), tuple(queues)))
    # Between placements no two same-colour cards touch (§3 invariant), so the placed card's
    # group is the card and its same-colour neighbours: above, left and right.
    colour = COLOUR[card]
    above = len(col) > 1 and COLOUR[col[-2]] == colour
    left = _same_colour_beside(cols, queues, column - 1, row, colour) if column else -1
    right = _same_colour_beside(cols, queues, column + 1, row, colour) if column < 4 else -1
    if not above and left < 0 and right < 0:
        return []
    if events is not None:
        _note_group(cols, queues, column, above, left, right, owner, events)
    # Gravity: each column stays anchored at its Queue card, so dropping a card from its list
    # is the whole fall. The cards above the lowest gap moved: only they can make a new pair.
    exploded = [col.pop()]
    if above:
        exploded.append(col.pop())
    fallen = {column: len(col)} if col else {}
    if left >= 0:
        exploded.append(cols[column - 1].pop(left))
        if left:
            fallen[column - 1] = left
    if right >= 0:
        exploded.append(cols[column + 1].pop(right))
        if right:
            fallen[column + 1] = right
    if events is not None:
        events.append(Fell(snapshot(cols), tuple(queues)))
    if fallen:
        _explode_chain(cols, queues, fallen, exploded, owner, events)
    return exploded


def _same_colour_beside(
    cols: list[list[int]], queues: list[int], column: int, row: int, colour: int
) -> int:
    """The index in `column` of its card at an absolute row if that card is of `colour`, or -1:
    the placed card's neighbour on that side, when it explodes with it."""
    col = cols[column]
    j = row - queues[column] + len(col)
    return j if 0 <= j < len(col) and COLOUR[col[j]] == colour else -1


def _note_group(
    cols: list[list[int]],
    queues: list[int],
    column: int,
    above: bool,
    left: int,
    right: int,
    owner: str,
    events: list[Event],
) -> None:
    """The event of the placed card's group exploding (the card, above, left, right)."""
    last = len(cols[column]) - 1
    group = {column: {last, last - 1} if above else {last}}
    if left >= 0:
        group[column - 1] = {left}
    if right >= 0:
        group[column + 1] = {right}
    _note_explosion(cols, queues, group, owner, 0, events)


def _explode_chain(
    cols: list[list[int]],
    queues: list[int],
    fallen: dict[int, int],
    exploded: list[int],
    owner: str,
    events: list[Event] | None,
) -> None:
    """The chain (§3.3): explode the pairs each fall makes until none is left, into `exploded`."""
    depth = 1
    marked = _pairs_of_fallen_cards(cols, queues, fallen)
    while marked:
        if events is not None:
            _note_explosion(cols, queues, marked, owner, depth, events)
        fallen = {}
        for c, gone in marked.items():
            col = cols[c]
            for j in sorted(gone, reverse=True):
                exploded.append(col.pop(j))
            moved = max(gone) + 1 - len(gone)
            if moved:
                fallen[c] = moved
        if events is not None:
            events.append(Fell(snapshot(cols), tuple(queues)))
        marked = _pairs_of_fallen_cards(cols, queues, fallen)
        depth += 1


def _pairs_of_fallen_cards(
    cols: list[list[int]], queues: list[int], fallen: dict[int, int]
) -> dict[int, set[int]]:
    """The chain step (§3.3): same-colour pairs made by a fall, as indices per column.

    `fallen[c]` counts the cards at the top of column c that moved down. Every new pair has a
    card that moved, and every card of a group of two or more is in a pair, so marking both
    cards of each such pair marks exactly the groups that explode.
    """
    marked: dict[int, set[int]] = {}
    for c, moved in fallen.items():
        col = cols[c]
        n = len(col)
        # Down the column: the moved cards and the card under the lowest of them.
        below = COLOUR[col[0]]
        for j in range(1, moved + 1 if moved < n else n):
            colour = COLOUR[col[j]]
            if colour == below:
                marked.setdefault(c, set()).update((j - 1, j))
            below = colour
        # Across: col[j] is in the same row as ocol[j + shift]; walk only the rows both have.
        top = queues[c] - n
        for other in _NEIGHBOURS[c]:
            ocol = cols[other]
            shift = top - queues[other] + len(ocol)
            end = len(ocol) - shift
            for j in range(-shift if shift < 0 else 0, moved if moved < end else end):
                if COLOUR[col[j]] == COLOUR[ocol[j + shift]]:
                    marked.setdefault(c, set()).add(j)
                    marked.setdefault(other, set()).add(j + shift)
    return marked


_NEIGHBOURS = ((1,), (0, 2), (1, 3), (2, 4), (3,))


def _note_explosion(
    cols: list[list[int]],
    queues: list[int],
    marked: dict[int, set[int]],
    owner: str,
    depth: int,
    events: list[Event],
) -> None:
    positions = [
        (c, queues[c] - len(cols[c]) + j) for c in sorted(marked) for j in sorted(marked[c])
    ]
    cards = tuple(cols[c][j] for c in sorted(marked) for j in sorted(marked[c]))
    events.append(Exploded(cards, tuple(positions), owner, depth, snapshot(cols), tuple(queues)))


def adjacent_same_colour_pair(cols: list[list[int]], queues: list[int]) -> bool:
    """Do two adjacent cards share a colour anywhere? (Never true between placements.)"""
    for c in range(NUM_COLUMNS):
        colours = [COLOUR[x] for x in cols[c]]
        n = len(colours)
        for j in range(n - 1):
            if colours[j] == colours[j + 1]:
                return True
        if c + 1 < NUM_COLUMNS:
            right = cols[c + 1]
            shift = queues[c] - n - queues[c + 1] + len(right)  # index in right of the same row
            for j in range(max(0, -shift), min(n, len(right) - shift)):
                if colours[j] == COLOUR[right[j + shift]]:
                    return True
    return False
