"""`pop-bot demo --game colorpop`: a whole seeded Colorpop game among AI seats, drawn offline.

Every step the table would post becomes a PNG in `out_dir`, numbered in order: the board of
the turn, the picked group highlighted, the board after the fall, after the rail shift (when a
rail emptied), and the final board with every secret colour revealed. Titles are English (the
bot translates its own); `index.txt` lists the files with what each shows.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
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
# What a board picture shows in words (its alt text): the view, its title, the board, the cells.
Describe = Callable[[ColorpopView, str, Board, Sequence[Cell]], str]

TITLES_EN = {
    "turn": "Move {move} · {name} to pick",
    "picked": "Move {move} · {name} picks {pick}",
    "fell": "Move {move} · the tokens slide down",
    "shifted": "Move {move} · empty rails to the right",
    "final": "The final board",
}


@dataclass(frozen=True)
class DemoWords:
    """The pictures' titles (formatted with move, name, pick) and, when given, their alt
    texts, in a table's language; English titles and plain descriptions by default."""

    titles: Mapping[str, str] = field(default_factory=lambda: dict(TITLES_EN))
    describe: Describe | None = None


def demo_main(
    out_dir: str,
    *,
    seats: int = 3,
    seed: int = 1,
    mode: str | None = None,
    level: str = "hard",
    words: DemoWords | None = None,
    deal_seed: int | None = None,
) -> int:
    """Play a seeded game of `level` AIs on `seats` seats (1: solo) and write its pictures;
    dealt from `deal_seed` (a fair-deal proof's), else from `seed`, which also seeds the AI.
    Prints the game's record on stdout, and one JSON line (the folder, the number of
    pictures, the result) on stderr; returns 0."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    chosen = mode or ("solo" if seats == 1 else "competitive")
    seat_ids = [f"p{i}" for i in range(seats)]
    options = ColorpopOptions.model_validate({"mode": chosen})
    state = COLORPOP.start(options, seat_ids, seed if deal_seed is None else deal_seed)
    shots: list[Shot] = []
    move = 0
    while not state.over:
        move += 1
        state = _play_move(state, move, level, seed, shots, words or DemoWords())
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
    print(json.dumps(COLORPOP.export_record(state)))
    print(json.dumps(summary), file=sys.stderr)
    return 0


def _play_move(
    state: ColorpopState, move: int, level: str, seed: int, shots: list[Shot], words: DemoWords
) -> ColorpopState:
    """One AI move, its pictures added to `shots`: the board on turn, then each event's."""
    before = COLORPOP.view(state, None)
    seat = before.on_turn
    assert seat is not None
    title = words.titles["turn"].format(move=move, name=NAMES[seat])
    what = _said(words, before, title, before.board, ()) or "the table message"
    shots.append((f"move{move}-turn", _board(before, title), what))
    pick = COLORPOP.ai_move(COLORPOP.view(state, seat), level, seed * 1000 + move)
    state, events = game.apply(state, seat, pick.position)  # the rules' own, typed events
    after = COLORPOP.view(state, None)
    for e in events:
        shot = _event_shot(e, move, NAMES[seat], before, after, words)
        if shot is not None:
            shots.append(shot)
    return state


def _said(
    words: DemoWords, view: ColorpopView, title: str, board: Board, cells: Sequence[Cell]
) -> str | None:
    return None if words.describe is None else words.describe(view, title, board, cells)


def _event_shot(
    e: Event, move: int, who: str, before: ColorpopView, after: ColorpopView, words: DemoWords
) -> Shot | None:
    """The picture of an event (None: an event the table shows no picture of)."""
    titles = words.titles
    if isinstance(e, GroupRemoved):
        title = titles["picked"].format(move=move, name=who, pick=e.pick)
        cells = ", ".join(cell_name(c) for c in e.cells)
        what = _said(words, before, title, e.board, e.cells)
        what = what or f"{who} picks {e.pick}: {e.colour} ×{len(e.cells)} ({cells})"
        return f"move{move}-picked", _board(before, title, e.cells, e.board), what
    if isinstance(e, TokensFell | RailsShifted):
        fell = isinstance(e, TokensFell)
        title = titles["fell" if fell else "shifted"].format(move=move)
        what = _said(words, after, title, e.board, ()) or (
            "after the fall" if fell else "after the rail shift"
        )
        return (
            f"move{move}-{'fell' if fell else 'shifted'}",
            _board(after, title, board=e.board),
            what,
        )
    if isinstance(e, GameEnded):
        title = titles["final"]
        what = _said(words, after, title, after.board, ())
        what = what or f"{e.end}; winners {list(e.winners)}; tie-break {e.tie_break}"
        return "final", _board(after, title), what
    return None


def _board(
    view: ColorpopView, title: str, cells: Iterable[Cell] = (), board: Board | None = None
) -> bytes:
    """A board picture with its title."""
    return board_picture(view, cells, {"title": title}, NAMES, board=board)


def _write(out: Path, shots: list[Shot]) -> None:
    """The numbered PNG files, and index.txt: each file with what it shows."""
    for i, (name, png, _) in enumerate(shots):
        (out / f"{i:03d}-{name}.png").write_bytes(png)
    lines = [f"{i:03d}-{name}.png\t{what}" for i, (name, _, what) in enumerate(shots)]
    (out / "index.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(demo_main(sys.argv[1] if len(sys.argv) > 1 else "colorpop-demo"))
