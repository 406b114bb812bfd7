"""Enigmas (rules §6): a layout and a hand; clear the whole grid in one turn of 5 cards.

- `solve(grid, hand)` finds every solution: each 5-card subset of the hand whose placement, by
  the rules (the engine's own `place_turn`), leaves the grid empty.
- `generate(rng)` makes a puzzle with a proven solution (the solver is run on it) and grades it;
  `make_pack(count, seed)` builds a pack spread over the grades; `load_pack()` reads
  data/pop/enigmas.json. `python -m engine.pop.enigma` rewrites that file.
- `puzzle_deal(puzzle)` is the Deal to play one: `new_game("enigma", [seat], seed=0,
  puzzle=puzzle_deal(p))`.

Grids are columns A..E listed top to bottom, bottom-aligned: every Queue card sits in the row
under the tallest column, and no two adjacent cards share a colour.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from itertools import combinations
from pathlib import Path

from ..data import data_path
from .cards import ALL_CARDS, COLOUR
from .events import Event, Exploded
from .game import Deal, place_turn, placement_order
from .grid import NUM_COLUMNS, adjacent_same_colour_pair
from .modes import MODES

PACK_PATH = data_path("pop", "enigmas.json")
PACK_FORMAT = "pop-enigmas/1"
GRADE_NAMES = {1: "easy", 2: "medium", 3: "hard", 4: "expert", 5: "master"}
SEAT = "solver"


@dataclass(frozen=True)
class Puzzle:
    id: str
    grade: int  # 1 (easy) .. 5 (master), from `grade_of`
    grid: list[list[int]]  # columns A..E, top to bottom, bottom-aligned
    hand: list[int]
    solutions: int  # how many 5-card subsets of the hand clear the grid
    rows: int  # height of the tallest column
    chain_depth: int  # chain steps the least-chained solution needs (0: none)

    @property
    def level(self) -> str:
        return GRADE_NAMES[self.grade]


def _queues(grid: Sequence[Sequence[int]]) -> list[int]:
    return [max(map(len, grid))] * NUM_COLUMNS


def valid_layout(grid: Sequence[Sequence[int]]) -> bool:
    """Five columns of distinct cards, at least one card, no two adjacent of one colour."""
    cards = [c for col in grid for c in col]
    return (
        len(grid) == NUM_COLUMNS
        and bool(cards)
        and len(set(cards)) == len(cards)
        and all(c in ALL_CARDS for c in cards)
        and not adjacent_same_colour_pair([list(c) for c in grid], _queues(grid))
    )


def _noop(_owner: str, _exploded: list[int]) -> None:
    return None


def clears(
    grid: Sequence[Sequence[int]], pick: Sequence[int], events: list[Event] | None = None
) -> bool:
    """Does placing these 5 cards (sorted, §4.4) leave the grid empty?"""
    placing = sorted((c, SEAT) for c in pick)
    cols = [list(c) for c in grid]
    _, order = placement_order(placing)
    place_turn(cols, _queues(grid), placing, order, MODES["enigma"], _noop, events)
    return not any(cols)


def solve(grid: Sequence[Sequence[int]], hand: Sequence[int]) -> list[tuple[int, ...]]:
    """Every solution: the 5-card subsets of the hand (sorted) that clear the grid."""
    return [pick for pick in combinations(sorted(hand), 5) if clears(grid, pick)]


def chain_depth(grid: Sequence[Sequence[int]], pick: Sequence[int]) -> int:
    """The deepest chain step (§3.3) among the explosions of a solution (0: no chain)."""
    events: list[Event] = []
    clears(grid, pick, events)
    return max((e.depth for e in events if isinstance(e, Exploded)), default=0)


def grade_of(rows: int, hand_size: int, solutions: int, depth: int, cards: int) -> int:
    """Difficulty 1-5 from what makes an Enigma hard: a taller grid with more cards, a bigger
    hand to search, fewer solutions, and solutions that need chains."""
    score = (rows - 1) * 1.0 + (cards - 5) * 0.15 + (hand_size - 5) * 0.6 + depth * 0.8
    if hand_size > 5:
        score += 1.0 if solutions == 1 else 0.5 if solutions <= 3 else 0.0
    thresholds = (1.5, 3.0, 4.5, 6.0)
    return 1 + sum(score >= t for t in thresholds)


def describe(id_: str, grid: Sequence[Sequence[int]], hand: Sequence[int]) -> Puzzle | None:
    """Solve and grade a layout + hand; None when it has no solution."""
    solutions = solve(grid, hand)
    if not solutions:
        return None
    depth = min(chain_depth(grid, s) for s in solutions)
    rows = max(map(len, grid))
    cards = sum(map(len, grid))
    grade = grade_of(rows, len(hand), len(solutions), depth, cards)
    return Puzzle(id_, grade, [list(c) for c in grid], sorted(hand), len(solutions), rows, depth)


def random_layout(rng: random.Random, rows: int) -> tuple[list[list[int]], list[int]]:
    """Columns of heights 0..rows (one of them `rows` tall), bottom-aligned, no two adjacent
    cards of one colour. Returns (grid, the cards left)."""
    heights = [rng.randint(max(0, rows - 2), rows) for _ in range(NUM_COLUMNS)]
    heights[rng.randrange(NUM_COLUMNS)] = rows
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    # Fill by absolute row, bottom up; position (c, r) with r counted from the bottom.
    colour_at: dict[tuple[int, int], int] = {}
    grid: list[list[int]] = [[] for _ in range(NUM_COLUMNS)]
    for r in range(rows):
        for c in range(NUM_COLUMNS):
            if r >= heights[c]:
                continue
            for i, card in enumerate(deck):
                colour = COLOUR[card]
                if colour not in (colour_at.get((c - 1, r)), colour_at.get((c, r - 1))):
                    deck.pop(i)
                    colour_at[(c, r)] = colour
                    grid[c].insert(0, card)
                    break
    return grid, deck


def _candidate_pick(rng: random.Random, grid: list[list[int]], deck: list[int]) -> list[int]:
    """Five cards biased towards colours found in or beside each column."""
    by_colour: dict[int, list[int]] = {}
    for card in deck:
        by_colour.setdefault(COLOUR[card], []).append(card)
    pick: list[int] = []
    for c in range(NUM_COLUMNS):
        near = [COLOUR[x] for k in (c - 1, c, c + 1) if 0 <= k < NUM_COLUMNS for x in grid[k]]
        colour = rng.choice(near) if near and rng.random() < 0.85 else rng.randrange(5)
        options = [x for x in by_colour.get(colour, []) if x not in pick]
        if not options:
            options = [x for x in deck if x not in pick]
        pick.append(rng.choice(options))
    return pick


def generate(
    rng: random.Random,
    *,
    rows: int | None = None,
    hand_size: int | None = None,
    id_: str = "",
    tries: int = 20000,
) -> Puzzle | None:
    """A random puzzle with at least one solution (proven by `solve`), graded; None if the
    search gave up."""
    rows = rows or rng.randint(1, 4)
    hand_size = hand_size or rng.randint(5, 8)
    grid, deck = random_layout(rng, rows)
    for _ in range(tries):
        pick = _candidate_pick(rng, grid, deck)
        if len(set(pick)) == 5 and clears(grid, pick):
            rest = [x for x in deck if x not in pick]
            hand = pick + rng.sample(rest, hand_size - 5)
            return describe(id_, grid, hand)
    return None


def make_pack(count: int = 120, seed: int = 6, attempts: int = 4000) -> list[Puzzle]:
    """`count` puzzles spread over the grades (up to a fifth each, then whatever the search
    found), ids e001, e002, ... in order of grade."""
    rng = random.Random(seed)
    per_grade = -(-count // len(GRADE_NAMES))
    found: dict[int, list[Puzzle]] = {g: [] for g in GRADE_NAMES}
    spare: list[Puzzle] = []
    for _ in range(attempts):
        if all(len(v) >= per_grade for v in found.values()):
            break
        rows = rng.choices((1, 2, 3, 4), weights=(3, 5, 3, 1))[0]
        puzzle = generate(rng, rows=rows, tries=2000)
        if puzzle is None:
            continue
        (found[puzzle.grade] if len(found[puzzle.grade]) < per_grade else spare).append(puzzle)
    pack = [p for ps in found.values() for p in ps]
    pack += spare[: max(0, count - len(pack))]
    pack.sort(key=lambda p: (p.grade, p.rows, len(p.hand)))
    return [
        Puzzle(f"e{i:03d}", p.grade, p.grid, p.hand, p.solutions, p.rows, p.chain_depth)
        for i, p in enumerate(pack, 1)
    ]


def save_pack(pack: Sequence[Puzzle], path: Path = PACK_PATH) -> None:
    data = {
        "format": PACK_FORMAT,
        "grades": {str(g): n for g, n in GRADE_NAMES.items()},
        "puzzles": [asdict(p) for p in pack],
    }
    text = json.dumps(data, separators=(",", ":"))
    # One puzzle per line: readable diffs.
    text = text.replace('"puzzles":[{', '"puzzles":[\n{').replace("},{", "},\n{")
    path.write_text(text + "\n", encoding="utf-8")


def load_pack(path: Path = PACK_PATH) -> list[Puzzle]:
    """The puzzles of a pack file (data/pop/enigmas.json by default)."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if data.get("format") != PACK_FORMAT:
        raise ValueError(f"{path}: not a {PACK_FORMAT} pack")
    return [Puzzle(**p) for p in data["puzzles"]]


def puzzle_deal(puzzle: Puzzle, seat: str = SEAT) -> Deal:
    """The Deal that `new_game("enigma", [seat], seed=0, puzzle=...)` plays."""
    return Deal([c[:] for c in puzzle.grid], {seat: list(puzzle.hand)}, [])


if __name__ == "__main__":
    save_pack(make_pack())
    print(f"wrote {PACK_PATH}")
