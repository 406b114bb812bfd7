"""Coloretto pictures of seeded AI games, to look at.

`demo_game(seats=, seed=)` (`pop-bot demo --game coloretto --out DIR`) plays a whole game among
hard AI seats: the table before the first move, one picture per action (the card drawn, the
card placed, the row taken) and the results, drawn as render/coloretto/records.py draws a
recorded game's. `python -m render.coloretto.demo DIR` writes a few chosen moments of several
games (`main`).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path

from engine.coloretto import ai, game
from engine.coloretto import events as ev
from engine.coloretto.adapter import COLORETTO
from engine.coloretto.state import ColorettoState
from engine.coloretto.view import view
from engine.protocol import Json

from ..kit import Picture
from .labels import ENGLISH, Translate, english
from .pictures import results_picture, table_picture
from .records import results_shot, step_of, table_shot

NAMES = {"p0": "Ana", "p1": "Benedikt the Long-Named", "p2": "Cai", "p3": "Dörte", "p4": "Eun-ji"}


def steps(players: int, seed: int, expert: bool = False) -> list[tuple[ColorettoState, ev.Event]]:
    """Every (state, event) of a seeded game of hard AIs."""
    state = game.new_game([f"p{i}" for i in range(players)], expert, seed)
    out: list[tuple[ColorettoState, ev.Event]] = []
    n = 0
    while not state.over:
        move = ai.choose(view(state, state.turn), "hard", seed + n)
        state, events = game.apply(state, state.turn, move)
        out += [(state, e) for e in events]
        n += 1
    return out


def pick(
    players: int, seed: int, kind: type, when: float, golden: bool = False
) -> tuple[ColorettoState, ev.Event]:
    """A step of that kind, about `when` (0..1) through the game."""
    found = [
        (s, e)
        for s, e in steps(players, seed)
        if isinstance(e, kind) and (not golden or getattr(e, "extra", None))
    ]
    return found[min(len(found) - 1, int(when * len(found)))]


def demo_game(
    *,
    seats: int = 4,
    seed: int = 1,
    labels: Mapping[str, str] = ENGLISH,
    words: Translate = english,
    deal_seed: int | None = None,
) -> tuple[dict[str, Json], list[Picture]]:
    """A whole game of `seats` hard AI seats dealt from `deal_seed` (a fair-deal proof's; else
    `seed`, which also seeds the AI): its record, and its pictures (the table before the first
    move, every move's, the results; `labels` and `words`: the pictures' words and the alt
    texts' sentences, English unless given). Their files count from 000, the table before the
    first move: `start.png`, then each move's step (`carddrawn.png`, …), `results.png`."""
    players = [f"p{i}" for i in range(seats)]
    state = game.new_game(players, False, seed if deal_seed is None else deal_seed)
    pictures = [table_shot(state, NAMES, None, labels, words, "start.png")]
    n = 0
    while not state.over:
        move = ai.choose(view(state, state.turn), "hard", seed * 1000 + n)
        state, events = game.apply(state, state.turn, move)
        n += 1
        step = step_of(events)
        kind = type(step).__name__.lower() if step else "step"
        pictures.append(table_shot(state, NAMES, step, labels, words, f"{kind}.png"))
    pictures.append(results_shot(state, NAMES, labels, words, "results.png"))
    return COLORETTO.export_record(state), pictures


def main(out_dir: str) -> None:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for name, (players, seed, kind, when, golden) in {
        "drawn_3p": (3, 4, ev.CardDrawn, 0.5, False),
        "placed_2p": (2, 8, ev.CardPlaced, 0.7, False),
        "taken_golden_4p": (4, 2, ev.RowTaken, 0.5, True),
        "taken_5p_late": (5, 3, ev.RowTaken, 0.97, False),
    }.items():
        state, event = pick(players, seed, kind, when, golden)
        (out / f"{name}.png").write_bytes(table_picture(view(state), NAMES, event, ENGLISH))
    for players, seed in ((2, 1), (5, 6)):
        state = steps(players, seed)[-1][0]
        outcome = COLORETTO.outcome(state)
        assert outcome is not None
        (out / f"results_{players}p.png").write_bytes(
            results_picture(view(state), outcome, NAMES, ENGLISH)
        )


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "coloretto-demo")
