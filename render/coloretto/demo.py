"""`python -m render.coloretto.demo DIR`: sample Coloretto pictures of seeded AI games."""

from __future__ import annotations

import sys
from pathlib import Path

from engine.coloretto import ai, game
from engine.coloretto import events as ev
from engine.coloretto.adapter import COLORETTO
from engine.coloretto.state import ColorettoState
from engine.coloretto.view import view

from .labels import LABELS_EN
from .pictures import results_picture, table_picture

NAMES = {"p0": "Ana", "p1": "Benedikt the Long-Named", "p2": "Cai", "p3": "Dörte", "p4": "Eun-ji"}


def steps(players: int, seed: int, expert: bool = False
          ) -> list[tuple[ColorettoState, ev.Event]]:
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


def pick(players: int, seed: int, kind: type, when: float, golden: bool = False
         ) -> tuple[ColorettoState, ev.Event]:
    """A step of that kind, about `when` (0..1) through the game."""
    found = [(s, e) for s, e in steps(players, seed) if isinstance(e, kind)
             and (not golden or getattr(e, "extra", None))]
    return found[min(len(found) - 1, int(when * len(found)))]


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
        (out / f"{name}.png").write_bytes(table_picture(view(state), NAMES, event, LABELS_EN))
    for players, seed in ((2, 1), (5, 6)):
        state = steps(players, seed)[-1][0]
        outcome = COLORETTO.outcome(state)
        assert outcome is not None
        (out / f"results_{players}p.png").write_bytes(
            results_picture(view(state), outcome, NAMES, LABELS_EN))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "coloretto-demo")
