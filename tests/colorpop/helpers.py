"""Hand-built Colorpop positions and seeded games for the tests."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path

from engine.colorpop import game, rules
from engine.colorpop.rules import Board
from engine.colorpop.state import ColorpopState, Mode

RECORDS = Path(__file__).parent / "records"


def board_from(picture: str) -> Board:
    """A board drawn as the page draws it: lines from the top row down to row 1, '.' empty.

    Rails missing on the right are empty. A '.' under a token is refused (no holes, §2)."""
    lines = [line.strip() for line in picture.strip().splitlines()]
    rails = []
    for rail in range(rules.NUM_RAILS):
        column = "".join(line[rail] if rail < len(line) else "." for line in reversed(lines))
        tokens = column.rstrip(".")
        if "." in tokens:
            raise ValueError(f"a hole under a token in rail {rules.RAIL_NAMES[rail]}")
        rails.append(tokens)
    return tuple(rails)


def table(
    picture: str,
    secrets: Sequence[Sequence[str]],
    mode: Mode = "competitive",
    seats: Sequence[str] | None = None,
    first: int = 0,
) -> ColorpopState:
    """A table on a hand-built board (not a full set-up: the rules of play still hold)."""
    seats = list(seats or ["ana", "ben", "cai", "dan", "eve"][: len(secrets)])
    return game.from_deal(mode, seats, secrets, first, board_from(picture))


def load_record(name: str) -> dict:
    """A record fixture from tests/colorpop/records."""
    return json.loads((RECORDS / f"{name}.json").read_text())


def random_game(
    seed: int,
    mode: Mode = "competitive",
    seats: int = 3,
    stop_after: int | None = None,
    solo_colours: int = 1,
) -> ColorpopState:
    """A seeded game played with random legal picks (any token of the group, not the anchor)."""
    names = [f"p{i}" for i in range(seats)]
    state = game.new_game(mode, names, seed, solo_colours)
    rnd = random.Random(seed)
    while not state.over and (stop_after is None or len(state.picks) < stop_after):
        group = rnd.choice(rules.legal_groups(state.board))
        cell = rnd.choice([c for c in group.cells if rules.token_at(state.board, c) != "W"])
        state, _ = game.apply(state, state.seats[state.turn], cell)
    return state
