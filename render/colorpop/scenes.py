"""What each Colorpop picture shows, decided once for the bot, `pop-bot demo` and `pop-bot
render`: a `Scene` is one picture's content, built from public views and a move's events only.

A move's pictures: the board of the turn (`turn_scene`), then (`move_scenes`) the group picked,
ringed on the board it leaves; the board after the fall, and after the rail shift, each marked
with what left and what moved (render/colorpop/marks.py), so the last picture of a turn tells
the whole move; and, when the game ends, the results with every secret colour revealed. Only the
results scene holds a view that names a colour's owner: every other one is drawn from a view
with the secrets stripped.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.colorpop.events import GameEnded, GroupRemoved, RailsShifted, TokensFell
from engine.colorpop.rules import Board, Cell
from engine.colorpop.view import ColorpopView

from .marks import Marks, marks_after

KINDS = ("turn", "picked", "fell", "shifted", "final")


@dataclass(frozen=True)
class Scene:
    """One picture: its kind (KINDS), the view drawn (seats, piles; colours only at the end),
    the board drawn, the move it belongs to, the seat whose move it is, the group picked (a
    GroupRemoved, for its colour, size and cells), the cells ringed and the marks of a move."""

    kind: str
    view: ColorpopView
    board: Board
    move: int
    mover: str | None
    picked: GroupRemoved | None = None
    ringed: tuple[Cell, ...] = ()
    marks: Marks = field(default_factory=Marks)

    @property
    def name(self) -> str:
        """The picture's file name, without `colorpop-` and `.png`: `board`, `7-1` (the group
        picked at move 7), `7-2` (the fall), `7-3` (the rail shift), `final`."""
        step = {"picked": 1, "fell": 2, "shifted": 3}.get(self.kind)
        return {"turn": "board", "final": "final"}.get(self.kind) or f"{self.move}-{step}"


def public(view: ColorpopView) -> ColorpopView:
    """A view as the steps of a move show it: no secret colour, no result (the results picture
    reveals them)."""
    return dataclasses.replace(
        view, seat=None, partners=(), my_colours=(), secrets=None, scores=None, winners=(),
        end=None, tie_break=None,
    )  # fmt: skip


def turn_scene(view: ColorpopView) -> Scene:
    """The board of a turn, the seat on turn marked."""
    return Scene("turn", public(view), view.board, view.move_number, view.on_turn)


def move_scenes(was: ColorpopView, events: Sequence[object], after: ColorpopView) -> list[Scene]:
    """A move's pictures, from the public views before (`was`) and after it (`after`) and its
    events: the group picked, the fall, the rail shift (those that happened), then the results
    when it ended the game."""
    now = public(after)
    scenes: list[Scene] = []
    picked: GroupRemoved | None = None
    fell: TokensFell | None = None
    for e in events:
        if isinstance(e, GroupRemoved):
            picked = e
            scenes.append(Scene("picked", public(was), e.board, e.move_number, e.seat, e, e.cells))
        elif isinstance(e, TokensFell | RailsShifted) and picked is not None:
            shift = e if isinstance(e, RailsShifted) else None
            fell = e if isinstance(e, TokensFell) else fell
            kind = "fell" if shift is None else "shifted"
            marks = marks_after(picked, fell, shift)
            scenes.append(Scene(kind, now, e.board, picked.move_number, picked.seat, picked,
                                tuple(marks.ghosts), marks))  # fmt: skip
    if any(isinstance(e, GameEnded) for e in events):
        move = picked.move_number if picked else after.move_number
        scenes.append(Scene("final", after, after.board, move, None, picked))
    return scenes


def places(view: ColorpopView) -> list[tuple[int, str]]:
    """The seats by place once the game is over (§5): the winners first, then by fewest own
    tokens left, then fewest own tokens removed; seats with equal numbers share a place (as
    partners always do). [(place, seat)], 1 the best."""
    scores = view.scores or {}

    def key(seat: str) -> tuple[int, int, int]:
        left, removed = scores.get(seat, (0, 0))
        return (0 if seat in view.winners else 1, left, removed)

    ordered = sorted(view.seats, key=lambda s: (key(s), view.seats.index(s)))
    ranked: list[tuple[int, str]] = []
    for i, seat in enumerate(ordered):
        same = ranked and key(ordered[i - 1]) == key(seat)
        ranked.append((ranked[-1][0] if same else i + 1, seat))
    return ranked
