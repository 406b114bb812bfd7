"""`pop-bot demo --game colorpop`: a whole seeded Colorpop game among AI seats, drawn offline.

Every step the table would post becomes a picture, in order: the board of the turn, the picked
group highlighted, the board after the fall, after the rail shift (when a rail emptied), and
the final board with every secret colour revealed. Titles are English unless words in a
table's language are given (`BoardWords`, as render/colorpop/records.py takes them); so are
the alt texts, which say plainly what each board shows without them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.colorpop import game
from engine.colorpop.adapter import COLORPOP, ColorpopOptions
from engine.colorpop.events import Event, GameEnded, GroupRemoved, RailsShifted, TokensFell
from engine.colorpop.rules import Board, Cell, cell_name
from engine.colorpop.state import ColorpopState
from engine.colorpop.view import ColorpopView
from engine.protocol import Json

from ..kit import Picture
from .board import board_picture
from .records import BoardWords

NAMES = {"p0": "Ana", "p1": "Benedikt the Long-Named", "p2": "Cai", "p3": "Dörte", "p4": "Eun-ji"}


def demo_game(
    *,
    seats: int = 3,
    seed: int = 1,
    mode: str | None = None,
    level: str = "hard",
    words: BoardWords | None = None,
    deal_seed: int | None = None,
) -> tuple[dict[str, Json], list[Picture]]:
    """A seeded game of `level` AIs on `seats` seats (1: solo), dealt from `deal_seed` (a
    fair-deal proof's), else from `seed`, which also seeds the AI: its record and its
    pictures (`move1-turn.png`, `move1-picked.png`, …, `final.png`)."""
    chosen = mode or ("solo" if seats == 1 else "competitive")
    seat_ids = [f"p{i}" for i in range(seats)]
    options = ColorpopOptions.model_validate({"mode": chosen})
    state = COLORPOP.start(options, seat_ids, seed if deal_seed is None else deal_seed)
    pictures: list[Picture] = []
    move = 0
    while not state.over:
        move += 1
        state = _play_move(state, move, level, seed, pictures, words or BoardWords())
    return COLORPOP.export_record(state), pictures


def _play_move(
    state: ColorpopState,
    move: int,
    level: str,
    seed: int,
    pictures: list[Picture],
    words: BoardWords,
) -> ColorpopState:
    """One AI move, its pictures added to `pictures`: the board on turn, then each event's."""
    before = COLORPOP.view(state, None)
    seat = before.on_turn
    assert seat is not None
    title = words.titles["turn"].format(move=move, name=NAMES[seat])
    what = _said(words, before, title, before.board, ()) or "the table message"
    pictures.append(Picture(_board(before, title), what, f"move{move}-turn.png"))
    pick = COLORPOP.ai_move(COLORPOP.view(state, seat), level, seed * 1000 + move)
    state, events = game.apply(state, seat, pick.position)  # the rules' own, typed events
    after = COLORPOP.view(state, None)
    for e in events:
        shot = _event_shot(e, move, NAMES[seat], before, after, words)
        if shot is not None:
            pictures.append(shot)
    return state


def _said(
    words: BoardWords, view: ColorpopView, title: str, board: Board, cells: Sequence[Cell]
) -> str | None:
    return None if words.describe is None else words.describe(view, NAMES, title, board, cells)


def _event_shot(
    e: Event, move: int, who: str, before: ColorpopView, after: ColorpopView, words: BoardWords
) -> Picture | None:
    """The picture of an event (None: an event the table shows no picture of)."""
    titles = words.titles
    if isinstance(e, GroupRemoved):
        title = titles["picked"].format(move=move, name=who, pick=e.pick)
        cells = ", ".join(cell_name(c) for c in e.cells)
        what = _said(words, before, title, e.board, e.cells)
        what = what or f"{who} picks {e.pick}: {e.colour} ×{len(e.cells)} ({cells})"
        return Picture(_board(before, title, e.cells, e.board), what, f"move{move}-picked.png")
    if isinstance(e, TokensFell | RailsShifted):
        step = "fell" if isinstance(e, TokensFell) else "shifted"
        title = titles[step].format(move=move)
        what = _said(words, after, title, e.board, ()) or (
            "after the fall" if step == "fell" else "after the rail shift"
        )
        return Picture(_board(after, title, board=e.board), what, f"move{move}-{step}.png")
    if isinstance(e, GameEnded):
        title = titles["final"]
        what = _said(words, after, title, after.board, ())
        what = what or f"{e.end}; winners {list(e.winners)}; tie-break {e.tie_break}"
        return Picture(_board(after, title), what, "final.png")
    return None


def _board(
    view: ColorpopView, title: str, cells: Iterable[Cell] = (), board: Board | None = None
) -> bytes:
    """A board picture with its title."""
    return board_picture(view, cells, {"title": title}, NAMES, board=board)
