"""What one seat — or anyone watching — may see of a Colorpop table. Secrets are removed here only.

While the game runs, the only secret is who holds which colour: a seat sees its own colour(s)
(in teams, both of its team's), the public view (seat=None) sees no owner at all, and nothing in
a view depends on another seat's colours (no score, no "left" of a side). Piles, the board and
every past pick are public (§4: piles lie in front of each player). Once the game is over every
secret colour and the scores are shown to everyone.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import game, rules
from .rules import Board, Cell
from .state import ColorpopState, PickMade


@dataclass(frozen=True)
class ColorpopView:
    mode: str
    seats: tuple[str, ...]
    version: int
    board: Board  # rails A..J, each rail's tokens from row 1 up
    on_turn: str | None  # None once the game is over
    move_number: int  # the move about to be made (or the number of moves made, once over)
    piles: dict[str, dict[str, int]]  # seat -> letter -> tokens collected (public)
    collected: dict[str, int]  # seat -> tokens in its pile, jokers included
    left: dict[str, int]  # letter -> tokens on the board
    history: tuple[PickMade, ...]  # every pick so far, public
    last_removed: tuple[Cell, ...]
    over: bool
    # Only for a seated viewer: that seat, its side's seats and its side's colours.
    seat: str | None = None
    partners: tuple[str, ...] = ()
    my_colours: tuple[str, ...] = ()
    # Only once the game is over: everything revealed.
    secrets: dict[str, tuple[str, ...]] | None = None
    end: str | None = None
    winners: tuple[str, ...] = ()
    tie_break: str | None = None
    scores: dict[str, tuple[int, int]] | None = None  # seat -> (left, removed_own)


def view(state: ColorpopState, seat: str | None = None) -> ColorpopView:
    """The table as `seat` sees it; `seat=None` is the public view (spectators, pictures)."""
    seated = seat is not None and seat in state.seats
    partners: tuple[str, ...] = ()
    mine: tuple[str, ...] = ()
    if seated:
        side = game.side_of(state.mode, len(state.seats), state.seats.index(seat))
        partners = tuple(state.seats[i] for i in side)
        mine = game.side_colours(state, side)
    return ColorpopView(
        mode=state.mode,
        seats=state.seats,
        version=state.version,
        board=state.board,
        on_turn=game.seat_on_turn(state),
        move_number=len(state.picks) + (0 if state.over else 1),
        piles={s: dict(p) for s, p in state.piles.items()},
        collected={s: sum(p.values()) for s, p in state.piles.items()},
        left=rules.counts(state.board),
        history=state.picks,
        last_removed=state.last_removed,
        over=state.over,
        seat=seat if seated else None,
        partners=partners,
        my_colours=mine,
        secrets=dict(zip(state.seats, state.secrets, strict=True)) if state.over else None,
        end=state.end,
        winners=state.winners,
        tie_break=state.tie_break,
        scores=game.seat_scores(state) if state.over else None,
    )
