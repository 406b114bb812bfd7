"""Games of every game and mode, each dealt from a proof as a table deals it and played out
among easy AI seats: what the fair-deal tests verify (docs/fair-deals.md)."""

from __future__ import annotations

import functools
import random
from typing import Any

from engine.coloretto.adapter import COLORETTO, ColorettoOptions
from engine.colorpop.adapter import COLORPOP, ColorpopOptions
from engine.colourist.adapter import COLOURIST, ColouristOptions
from engine.fair import Proof
from engine.pop.adapter import POP, PopOptions

CASES: dict[str, tuple[Any, Any, int]] = {
    "pop-competitive-3-sets": (POP, PopOptions(mode="competitive", sets=3), 3),
    "pop-competitive-4": (POP, PopOptions(mode="competitive", sets=1), 4),
    "pop-two-player-variant": (POP, PopOptions(mode="competitive", sets=2), 2),
    "pop-two-players-no-variant": (
        POP,
        PopOptions(mode="competitive", sets=1, two_player_variant=False),
        2,
    ),
    "pop-trick": (POP, PopOptions(mode="trick", sets=2), 5),
    "pop-coop-3": (POP, PopOptions(mode="coop"), 3),
    "pop-coop-4": (POP, PopOptions(mode="coop"), 4),
    "pop-coop-5": (POP, PopOptions(mode="coop"), 5),
    **{
        f"pop-solo-{rows}": (POP, PopOptions(mode="solo", difficulty=rows), 1)
        for rows in (1, 2, 3, 4)
    },
    "coloretto-2": (COLORETTO, ColorettoOptions(), 2),
    "coloretto-3": (COLORETTO, ColorettoOptions(expert=True), 3),
    "coloretto-4": (COLORETTO, ColorettoOptions(), 4),
    "coloretto-5": (COLORETTO, ColorettoOptions(), 5),
    **{f"colorpop-competitive-{n}": (COLORPOP, ColorpopOptions(), n) for n in (2, 3, 4, 5)},
    "colorpop-duel": (COLORPOP, ColorpopOptions(mode="duel"), 2),
    "colorpop-teams": (COLORPOP, ColorpopOptions(mode="teams"), 4),
    **{
        f"colorpop-solo-{n}": (COLORPOP, ColorpopOptions(mode="solo", solo_colours=n), 1)
        for n in (1, 2, 3, 4, 5)
    },
    "colourist": (COLOURIST, ColouristOptions(length="short"), 4),
    "colourist-3-short": (COLOURIST, ColouristOptions(length="short"), 3),
    "colourist-5-normal": (COLOURIST, ColouristOptions(length="normal"), 5),
    "colourist-6-long": (COLOURIST, ColouristOptions(length="long"), 6),
}


def a_proof(seats: int, seed: int) -> Proof:
    """A table's proof: a secret, and ids as Discord's snowflakes are (big, increasing)."""
    draw = random.Random(seed)
    secret = draw.randbytes(32)
    ids = sorted(draw.randrange(1 << 60, 1 << 63) for _ in range(seats + 1))
    return Proof(secret, tuple(ids[:-1]), ids[-1])


def play(game: Any, options: Any, seats: int, seed: int) -> dict[str, Any]:
    """A whole game among easy AI seats, dealt from `seed`: its record."""
    names = [f"s{i}" for i in range(seats)]
    state = game.start(options, names, seed)
    for n in range(10_000):
        if game.outcome(state) is not None:
            return game.export_record(state)
        seat = sorted(game.to_act(state))[0]
        state, _ = game.apply(state, seat, game.ai_move(game.view(state, seat), "easy", n))
    raise AssertionError("the game did not end")


@functools.cache
def played_case(name: str) -> tuple[dict[str, Any], Proof]:
    """The case played once (per test process): its record and its proof."""
    game, options, seats = CASES[name]
    proof = a_proof(seats, 1000 + sorted(CASES).index(name))
    return play(game, options, seats, proof.seed), proof
