"""Every picture a Colorpop table shows of a recorded game (`pop-bot render`), drawn as the bot
draws them: the board of each turn, the group picked (ringed), the board after the fall and
after the rail shift, then the final board with every secret colour. A board's title and alt
text are in the table's language (`BoardWords`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from engine.colorpop.adapter import COLORPOP, ColorpopMove
from engine.colorpop.events import GameEnded, GroupRemoved, RailsShifted, TokensFell
from engine.colorpop.record import check_header, replay
from engine.colorpop.rules import Board, Cell, parse_cell
from engine.colorpop.state import ColorpopState
from engine.colorpop.view import ColorpopView

from ..kit import Picture
from .board import board_picture

# What a board picture shows in words (its alt text): the view, the seats' names, its title,
# the board drawn, the cells ringed.
Describe = Callable[[ColorpopView, Mapping[str, str], str, Board, Sequence[Cell]], str]

TITLES_EN = {
    "turn": "Move {move} · {name} to pick",
    "picked": "Move {move} · {name} picks {pick}",
    "fell": "Move {move} · the tokens slide down",
    "shifted": "Move {move} · empty rails to the right",
    "final": "The final board",
}


@dataclass(frozen=True)
class BoardWords:
    """The boards' titles (formatted with move, name, pick) and, when given, their alt texts,
    in a table's language; English titles and no description (the title alone) by default."""

    titles: Mapping[str, str] = field(default_factory=lambda: dict(TITLES_EN))
    describe: Describe | None = None


def board_shot(
    view: ColorpopView,
    names: Mapping[str, str],
    title: str,
    words: BoardWords,
    name: str,
    board: Board | None = None,
    cells: Sequence[Cell] = (),
) -> Picture:
    """A board as the bot posts it, `colorpop-<name>.png`: `board` (else the view's), `cells`
    ringed, its title on top."""
    shown = view.board if board is None else board
    png = board_picture(view, cells, {"title": title}, names, board=shown)
    alt = title if words.describe is None else words.describe(view, names, title, shown, cells)
    return Picture(png, alt, f"colorpop-{name}.png")


def record_pictures(record: object, words: BoardWords) -> list[Picture]:
    """Every picture of a recorded game, in order; the seats named by their ids. RecordError
    for a broken record."""
    replay(record)  # the whole record checked before anything is drawn
    state, moves = check_header(record)
    names = {seat: seat for seat in state.seats}
    pictures = []
    for move in moves:
        before = COLORPOP.view(state, None)
        seat = before.on_turn
        assert seat is not None  # a checked record's moves all come before its end
        title = words.titles["turn"].format(move=before.move_number, name=names[seat])
        pictures.append(board_shot(before, names, title, words, "board"))
        cell = parse_cell(move["pick"])
        assert cell is not None
        state, events = COLORPOP.apply(state, seat, ColorpopMove.at(cell))
        pictures += step_shots(before, events, state, names, words)
    return pictures


def step_shots(
    was: ColorpopView,
    events: Sequence[object],
    after: ColorpopState,
    names: Mapping[str, str],
    words: BoardWords,
) -> list[Picture]:
    """A move's pictures: the group picked on the board it left, the board after each step,
    and the final board when the game ends (its colours revealed there only)."""
    final = COLORPOP.view(after, None)
    now = dataclasses.replace(
        final, secrets=None, scores=None, winners=(), end=None, tie_break=None
    )
    titles, shots, picked = words.titles, [], None
    for e in events:
        if isinstance(e, GroupRemoved):
            picked = e
            title = titles["picked"].format(move=e.move_number, name=names[e.seat], pick=e.pick)
            name = f"{e.move_number}-1"
            shots.append(board_shot(was, names, title, words, name, e.board, e.cells))
        elif isinstance(e, TokensFell | RailsShifted):
            number = picked.move_number if picked else now.move_number
            fell = isinstance(e, TokensFell)
            title = titles["fell" if fell else "shifted"].format(move=number)
            name = f"{number}-{2 if fell else 3}"
            shots.append(board_shot(now, names, title, words, name, e.board))
    if any(isinstance(e, GameEnded) for e in events):
        shots.append(board_shot(final, names, titles["final"], words, "final"))
    return shots
