"""The expert's judgement (`Game.judge`), for every game, at decisions of seeded random games:

- its best move is the `expert` level's move, and every value is a number of its unit;
- a move asked about (`made`) comes back as itself, and costs nothing exactly when it is as good
  as the best; the best other move is never the best itself;
- it reads a view only: a view and a seed give the same judgement, and a JSON round trip (what
  an AI worker sends back) keeps it.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from engine.coloretto.adapter import COLORETTO, ColorettoOptions
from engine.colorpop.adapter import COLORPOP, ColorpopOptions
from engine.colourist.adapter import COLOURIST, ColouristOptions
from engine.pop.adapter import POP, PopOptions
from engine.protocol import Game, judge_json, judgement_from_json

# (game, options, seats, every how many decisions one is judged)
CASES: list[tuple[Game[Any, Any, Any, Any], Any, int, int]] = [
    (COLORETTO, ColorettoOptions(), 2, 5),
    (COLORETTO, ColorettoOptions(), 3, 5),
    (COLORPOP, ColorpopOptions(mode="competitive"), 2, 5),
    (COLORPOP, ColorpopOptions(mode="teams"), 4, 5),
    (POP, PopOptions(mode="competitive", sets=1), 2, 3),  # the two-player variant: two cards
    (POP, PopOptions(mode="competitive", sets=2), 3, 5),
    (POP, PopOptions(mode="trick", sets=1), 3, 5),
    (POP, PopOptions(mode="coop"), 4, 5),
    (POP, PopOptions(mode="solo", difficulty=2), 1, 1),
    (COLOURIST, ColouristOptions(length="short"), 3, 5),  # three seats at least (rules §2)
    (COLOURIST, ColouristOptions(), 5, 5),
]


def judged_moves(game, state, seat) -> list[Any]:
    """The moves the expert judges: every legal move but Pop's co-op table talk (no pick)."""
    return [m for m in game.legal_moves(state, seat) if game.move_name(m)[0] != "say"]


def decisions(game, options, n: int, seed: int, every: int):
    """(state, seat) at every `every`-th decision with a choice, of one random game."""
    seats = [f"s{k}" for k in range(n)]
    state = game.start(options, seats, seed)
    rnd, count = random.Random(seed), 0
    while game.outcome(state) is None:
        seat = sorted(game.to_act(state))[0]
        moves = list(game.legal_moves(state, seat))
        if len(moves) > 1:
            count += 1
            if count % every == 0:
                yield state, seat
        state, _ = game.apply(state, seat, rnd.choice(moves))


@pytest.mark.parametrize("case", range(len(CASES)), ids=lambda k: f"{CASES[k][0].key}-{k}")
def test_the_judgement_is_the_experts_and_reads_the_made_move(case):
    game, options, n, every = CASES[case]
    checked = 0
    for state, seat in decisions(game, options, n, seed=7 + case, every=every):
        view = game.view(state, seat)
        judged = game.judge(view, 11)
        assert judged.best.move == game.ai_move(view, "expert", 11)
        assert judged.second is not None
        assert judged.second.move != judged.best.move
        assert judged.best.value >= judged.second.value
        made = random.Random(checked).choice(judged_moves(game, state, seat))
        asked = game.judge(view, 11, made)
        assert asked.made is not None
        assert asked.made.move == made
        assert asked.best == judged.best
        assert math.isfinite(asked.made.value)
        assert (asked.cost == 0) == (asked.made.value >= asked.best.value)
        back = judgement_from_json(game, judge_json(game, view, 11, game.dump_move(made)))
        assert back == asked
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def test_pop_judges_no_enigma_and_no_table_talk():
    """An Enigma is a private puzzle (no hint); co-op table talk is no pick to judge."""
    from engine.pop.adapter import Talk, enigma_pack

    puzzle = sorted(enigma_pack())[0]
    enigma = POP.start(PopOptions(mode="enigma", puzzle_id=puzzle), ["ana"], 1)
    with pytest.raises(ValueError, match="Enigma"):
        POP.judge(POP.view(enigma, "ana"), 1)
    coop = POP.start(PopOptions(mode="coop"), ["ana", "ben", "cai"], 3)
    talk = next(m for m in POP.legal_moves(coop, "ana") if isinstance(m, Talk))
    with pytest.raises(ValueError, match="table talk"):
        POP.judge(POP.view(coop, "ana"), 1, talk)
