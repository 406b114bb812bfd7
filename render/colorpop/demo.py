"""`pop-bot demo --game colorpop`: a whole seeded Colorpop game among AI seats, drawn offline.

Every step the table would post becomes a PNG in `out_dir`, numbered in order: the board of
the turn, the picked group highlighted, the board after the fall, after the rail shift (when a
rail emptied), and the final board with every secret colour revealed. Titles are English (the
bot translates its own); `index.txt` lists the files with what each shows.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from pathlib import Path

from engine.colorpop import game
from engine.colorpop.adapter import COLORPOP, ColorpopOptions
from engine.colorpop.events import Event, GameEnded, GroupRemoved, RailsShifted, TokensFell
from engine.colorpop.rules import Board, Cell, cell_name
from engine.colorpop.state import ColorpopState
from engine.colorpop.view import ColorpopView

from .board import board_picture

NAMES = {"p0": "Ana", "p1": "Benedikt the Long-Named", "p2": "Cai", "p3": "Dörte", "p4": "Eun-ji"}


Shot = tuple[str, bytes, str]  # a picture's name, its PNG, what it shows


def demo_main(
    out_dir: str, *, seats: int = 3, seed: int = 1, mode: str | None = None, level: str = "hard"
) -> int:
    """Play a seeded game of `level` AIs on `seats` seats (1: solo) and write its pictures.
    Prints one JSON line (the folder, the number of pictures, the result); returns 0."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    chosen = mode or ("solo" if seats == 1 else "competitive")
    seat_ids = [f"p{i}" for i in range(seats)]
    state = COLORPOP.start(ColorpopOptions.model_validate({"mode": chosen}), seat_ids, seed)
    shots: list[Shot] = []
    move = 0
    while not state.over:
        move += 1
        state = _play_move(state, move, level, seed, shots)
    _write(out, shots)
    summary = {
        "demo": "colorpop",
        "out": str(out),
        "pictures": len(shots),
        "moves": move,
        "mode": chosen,
        "end": state.end,
        "winners": [NAMES[s] for s in state.winners],
        "tie_break": state.tie_break,
    }
    print(json.dumps(summary))
    return 0


def _play_move(
    state: ColorpopState, move: int, level: str, seed: int, shots: list[Shot]
) -> ColorpopState:
    """One AI move, its pictures added to `shots`: the board on turn, then each event's."""
    before = COLORPOP.view(state, None)
    seat = before.on_turn
    assert seat is not None
    title = f"Move {move} · {NAMES[seat]} to pick"
    shots.append((f"move{move}-turn", _board(before, title), "the table message"))
    pick = COLORPOP.ai_move(COLORPOP.view(state, seat), level, seed * 1000 + move)
    state, events = game.apply(state, seat, pick.position)  # the rules' own, typed events
    after = COLORPOP.view(state, None)
    for e in events:
        shot = _event_shot(e, move, NAMES[seat], before, after)
        if shot is not None:
            shots.append(shot)
    return state


def _event_shot(
    e: Event, move: int, who: str, before: ColorpopView, after: ColorpopView
) -> Shot | None:
    """The picture of an event (None: an event the table shows no picture of)."""
    if isinstance(e, GroupRemoved):
        title = f"Move {move} · {who} picks {e.pick}"
        cells = ", ".join(cell_name(c) for c in e.cells)
        what = f"{who} picks {e.pick}: {e.colour} ×{len(e.cells)} ({cells})"
        return f"move{move}-picked", _board(before, title, e.cells, e.board), what
    if isinstance(e, TokensFell):
        title = f"Move {move} · the tokens slide down"
        return f"move{move}-fell", _board(after, title, board=e.board), "after the fall"
    if isinstance(e, RailsShifted):
        title = f"Move {move} · empty rails to the right"
        return f"move{move}-shifted", _board(after, title, board=e.board), "after the rail shift"
    if isinstance(e, GameEnded):
        what = f"{e.end}; winners {list(e.winners)}; tie-break {e.tie_break}"
        return "final", _board(after, "The final board"), what
    return None


def _board(
    view: ColorpopView, title: str, cells: Iterable[Cell] = (), board: Board | None = None
) -> bytes:
    """A board picture with its English title."""
    return board_picture(view, cells, {"title": title}, NAMES, board=board)


def _write(out: Path, shots: list[Shot]) -> None:
    """The numbered PNG files, and index.txt: each file with what it shows."""
    for i, (name, png, _) in enumerate(shots):
        (out / f"{i:03d}-{name}.png").write_bytes(png)
    lines = [f"{i:03d}-{name}.png\t{what}" for i, (name, _, what) in enumerate(shots)]
    (out / "index.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(demo_main(sys.argv[1] if len(sys.argv) > 1 else "colorpop-demo"))
