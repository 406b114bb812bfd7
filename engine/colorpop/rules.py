"""The board of Colorpop (rules §1–§4): tokens, cells, groups, gravity and the rail shift.

A board is a tuple of 10 strings, one per rail A..J from left to right; each string lists that
rail's tokens from row 1 (the bottom) upwards, so "a rail's tokens always fill rows 1…k with no
hole" holds by construction. Letters are the page's: R Y G B P, and W for a joker.
Everything here is a small pure function of a board; the AI calls them in its search.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from .. import rng

COLOURS: tuple[str, ...] = ("R", "Y", "G", "B", "P")  # canonical order (§1)
JOKER = "W"
LETTERS: tuple[str, ...] = (*COLOURS, JOKER)
NUM_RAILS = 10  # columns A..J
NUM_ROWS = 10  # rows 1..10, row 1 at the bottom
RAIL_NAMES = "ABCDEFGHIJ"
TOKENS_PER_COLOUR = 19
NUM_JOKERS = 5
NUM_TOKENS = len(COLOURS) * TOKENS_PER_COLOUR + NUM_JOKERS  # 100
MAX_SETUP_GROUP = 5  # §2: no more than 5 connected tokens of one colour at the start
MIN_GROUP = 2  # §3: a lone token may not be removed
CELL_PATTERN = re.compile(r"[A-J](10|[1-9])")  # §8, matched in full

Board = tuple[str, ...]
Cell = tuple[int, int]  # (rail 0..9, row 0..9); row 0 is the page's row 1


class Group(NamedTuple):
    """A legal or single group: its colour, its cells (sorted), its jokers and its anchor (§7)."""

    colour: str
    cells: tuple[Cell, ...]
    jokers: int
    anchor: Cell  # the group's token of its colour with the lowest rail, then the lowest row

    @property
    def size(self) -> int:
        """Tokens in the group, jokers included."""
        return len(self.cells)


def cell_name(cell: Cell) -> str:
    """`(2, 2)` -> "C3"."""
    return f"{RAIL_NAMES[cell[0]]}{cell[1] + 1}"


def parse_cell(text: object) -> Cell | None:
    """ "C3" -> (2, 2); None for anything that is not exactly a cell of §8's pattern."""
    if not isinstance(text, str) or CELL_PATTERN.fullmatch(text) is None:
        return None
    return RAIL_NAMES.index(text[0]), int(text[1:]) - 1


def token_at(board: Board, cell: Cell) -> str | None:
    """The letter at a cell, or None when the cell is empty (or off the board)."""
    rail, row = cell
    if not (0 <= rail < NUM_RAILS and 0 <= row < len(board[rail])):
        return None
    return board[rail][row]


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The orthogonal neighbours of a cell that lie on the 10 × 10 board (§2: no diagonals)."""
    rail, row = cell
    return tuple(
        (r, w)
        for r, w in ((rail - 1, row), (rail + 1, row), (rail, row - 1), (rail, row + 1))
        if 0 <= r < NUM_RAILS and 0 <= w < NUM_ROWS
    )


def _flood(board: Board, start: Cell, joins: str) -> list[Cell]:
    """Every cell reachable from `start` through adjacent tokens whose letter is in `joins`."""
    seen = {start}
    stack = [start]
    while stack:
        rail, row = stack.pop()
        for r, w in ((rail - 1, row), (rail + 1, row), (rail, row - 1), (rail, row + 1)):
            if (
                0 <= r < NUM_RAILS
                and 0 <= w < len(board[r])
                and (r, w) not in seen
                and board[r][w] in joins
            ):
                seen.add((r, w))
                stack.append((r, w))
    return sorted(seen)


def group_at(board: Board, cell: Cell) -> Group | None:
    """The group started from the coloured token at `cell` (§3); None for empty or a joker."""
    colour = token_at(board, cell)
    if colour is None or colour == JOKER:
        return None
    cells = tuple(_flood(board, cell, colour + JOKER))
    jokers = sum(board[r][w] == JOKER for r, w in cells)
    return Group(colour, cells, jokers, anchor_of(board, cells))


def anchor_of(board: Board, cells: Sequence[Cell]) -> Cell:
    """§7: a group's anchor, the cell the bot picks it by and records: its coloured token (a
    joker picks nothing, §3) in the lowest rail, then the lowest row."""
    return min(c for c in cells if board[c[0]][c[1]] != JOKER)


def _cells_by_index(board: Board) -> list[str]:
    """The board as 100 letters, index rail * 10 + row, '' for an empty cell."""
    return [column[row] if row < len(column) else "" for column in board for row in range(NUM_ROWS)]


# Orthogonal neighbours of every cell index (rail * 10 + row), computed once.
_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * NUM_ROWS + w for r, w in neighbours((i // NUM_ROWS, i % NUM_ROWS)))
    for i in range(NUM_RAILS * NUM_ROWS)
)


def legal_groups(board: Board) -> list[Group]:
    """Every legal group (2+ tokens), in canonical colour order, then by anchor (§7)."""
    letters = _cells_by_index(board)
    found: list[tuple[int, Group]] = []
    for colour in COLOURS:
        done: set[int] = set()
        for start, letter in enumerate(letters):
            if letter != colour or start in done:
                continue
            seen = {start}
            stack = [start]
            while stack:
                for n in _NEIGHBOURS[stack.pop()]:
                    if n not in seen and (letters[n] == colour or letters[n] == JOKER):
                        seen.add(n)
                        stack.append(n)
            if len(seen) < MIN_GROUP:
                continue
            done.update(seen)
            ordered = sorted(seen)
            cells = tuple((i // NUM_ROWS, i % NUM_ROWS) for i in ordered)
            jokers = sum(letters[i] == JOKER for i in ordered)
            group = Group(colour, cells, jokers, anchor_of(board, cells))
            found.append((COLOURS.index(colour), group))
    return [g for _, g in found]


def has_legal_group(board: Board) -> bool:
    """§3's fact: some coloured token touches a token of its colour or a joker."""
    for rail, column in enumerate(board):
        for row, letter in enumerate(column):
            if letter == JOKER:
                continue
            joins = (letter, JOKER)
            if row + 1 < len(column) and column[row + 1] in joins:
                return True
            if (
                rail + 1 < NUM_RAILS
                and row < len(board[rail + 1])
                and board[rail + 1][row] in joins
            ):
                return True
            # Below and left were seen from the other side, except a joker there.
            if row > 0 and column[row - 1] == JOKER:
                return True
            if rail > 0 and row < len(board[rail - 1]) and board[rail - 1][row] == JOKER:
                return True
    return False


class Removal(NamedTuple):
    """What one removal did to the board: gravity's moves, the rail shift, the result."""

    falls: tuple[
        tuple[Cell, Cell], ...
    ]  # (from, to) of every token that slid down, before the shift
    fallen: Board  # after gravity, before the rail shift
    order: tuple[int, ...]  # order[i]: the rail (before the shift) now at position i
    board: Board  # after the rail shift


def remove(board: Board, cells: tuple[Cell, ...]) -> Removal:
    """Take the cells off, let every rail's tokens slide down, then move empty rails right (§4).

    Only the rails the group touches change (the AI and the replay call this for every move)."""
    gone: dict[int, set[int]] = {}
    for rail, row in cells:
        gone.setdefault(rail, set()).add(row)
    falls: list[tuple[Cell, Cell]] = []
    fallen = list(board)
    for rail in sorted(gone):
        rows = gone[rail]
        column = board[rail]
        kept: list[str] = []
        for row, letter in enumerate(column):
            if row in rows:
                continue
            if row != len(kept):
                falls.append(((rail, row), (rail, len(kept))))
            kept.append(letter)
        fallen[rail] = "".join(kept)
    if all(fallen[rail] for rail in gone):  # no rail emptied: nothing shifts
        kept_board = tuple(fallen)
        return Removal(tuple(falls), kept_board, _IDENTITY, kept_board)
    order = tuple(
        [r for r in range(NUM_RAILS) if fallen[r]] + [r for r in range(NUM_RAILS) if not fallen[r]]
    )
    return Removal(tuple(falls), tuple(fallen), order, tuple(fallen[r] for r in order))


_IDENTITY = tuple(range(NUM_RAILS))


def counts(board: Board) -> dict[str, int]:
    """Tokens of each letter on the board, all six letters listed (R Y G B P W)."""
    text = "".join(board)
    return {letter: text.count(letter) for letter in LETTERS}


def largest_setup_group(board: Board) -> tuple[int, str, Cell]:
    """The biggest one-colour connected set (jokers connect nothing, §2): size, colour, anchor.

    Ties go to the lowest anchor (rail, then row), the page's "lowest column then row".
    The board is read as one padded string (a rail of 10 rows and a border, rails side by side,
    a border rail around), so neighbours are i and i + 1 (a rail) or i + 11 (a row); only the
    links between equal colours are followed (every record replay checks this)."""
    stride = NUM_ROWS + 1
    flat = "#" * stride + "".join(rail.ljust(NUM_ROWS, "#") + "#" for rail in board) + "#" * stride
    links: dict[int, list[int]] = {}
    for step in (1, stride):
        for i, a, b in zip(range(len(flat)), flat, flat[step:], strict=False):  # a shorter tail
            if a == b and a in _COLOUR_SET:
                links.setdefault(i, []).append(i + step)
                links.setdefault(i + step, []).append(i)
    best = (0, "", (0, 0))
    seen: set[int] = set()
    for start in sorted(links):  # rail, then row: the first cell met is the group's anchor
        if start in seen:
            continue
        group = {start}
        stack = [start]
        while stack:
            for n in links[stack.pop()]:
                if n not in group:
                    group.add(n)
                    stack.append(n)
        seen |= group
        if len(group) > best[0]:
            best = (len(group), flat[start], divmod(start - stride, stride))
    if best[0] == 0:  # no two equal neighbours: the first coloured token, alone
        for i, letter in enumerate(flat):
            if letter in _COLOUR_SET:
                return 1, letter, divmod(i - stride, stride)
    return best


_COLOUR_SET = frozenset(COLOURS)


def setup_is_legal(board: Board) -> bool:
    """§2's set-up rule: no more than 5 connected tokens of one colour."""
    return largest_setup_group(board)[0] <= MAX_SETUP_GROUP


def full_board_tokens() -> list[str]:
    """The 100 tokens of the box: 19 of each colour and 5 jokers, in canonical order."""
    return [c for c in COLOURS for _ in range(TOKENS_PER_COLOUR)] + [JOKER] * NUM_JOKERS


def deal_board(seed: int, rng_state: int) -> tuple[int, Board]:
    """§2: shuffle, fill A1…A10, B1…B10, …, J10, reshuffle until the set-up rule holds
    (`rng_state`: the words drawn so far from `seed`'s stream)."""
    tokens = full_board_tokens()
    while True:
        rng_state, order = rng.shuffled(seed, rng_state, range(NUM_TOKENS))
        letters = "".join(tokens[i] for i in order)
        board = tuple(letters[r * NUM_ROWS : (r + 1) * NUM_ROWS] for r in range(NUM_RAILS))
        if setup_is_legal(board):
            return rng_state, board


def display_rows(board: Board) -> list[str]:
    """The summary's board: 10 strings of exactly 10 characters, '.' above the tokens (§8)."""
    return [column.ljust(NUM_ROWS, ".") for column in board]
