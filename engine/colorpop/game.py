"""Colorpop's turns and end (rules §4–§6), in the manner of OpenSpiel's kuhn_poker.py.

The fixed facts are module constants; each rule is a small function. `apply` is pure: it
returns a new state and the events of the move, or raises a `RuleError` and changes nothing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from .. import rng
from . import errors, events, rules
from .rules import COLOURS, Board, Cell, Group
from .state import ColorpopState, End, Mode, PickMade

SEAT_RANGE: dict[str, tuple[int, int]] = {
    "competitive": (2, 5),
    "solo": (1, 1),
    "duel": (2, 2),
    "teams": (4, 4),
}
COLOURS_PER_SEAT: dict[str, int] = {"competitive": 1, "duel": 2, "teams": 1}  # solo: 1..5
SOLO_COLOURS = (1, 5)
TEAMS: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))  # seats 1+3 against 2+4 (§6)


def colours_per_seat(mode: str, solo_colours: int = 1) -> int:
    """How many secret colours each seat holds (§6)."""
    return solo_colours if mode == "solo" else COLOURS_PER_SEAT[mode]


def sides(mode: str, num_seats: int) -> tuple[tuple[int, ...], ...]:
    """The scoring units as seat indices: every seat, or the two teams (§5)."""
    return TEAMS if mode == "teams" else tuple((i,) for i in range(num_seats))


def side_of(mode: str, num_seats: int, seat_index: int) -> tuple[int, ...]:
    """The side a seat plays for."""
    return next(side for side in sides(mode, num_seats) if seat_index in side)


def side_colours(state: ColorpopState, side: tuple[int, ...]) -> tuple[str, ...]:
    """A side's colours: its seats' secret colours, in canonical order."""
    held = {c for i in side for c in state.secrets[i]}
    return tuple(c for c in COLOURS if c in held)


def deal_secrets(
    seed: int, rng_state: int, mode: str, num_seats: int, solo_colours: int = 1
) -> tuple[int, tuple[tuple[str, ...], ...]]:
    """Deal every seat its secret colours at random, all different (§6)."""
    rng_state, order = rng.shuffled(seed, rng_state, range(len(COLOURS)))
    per_seat = colours_per_seat(mode, solo_colours)
    secrets = []
    for i in range(num_seats):
        dealt = {COLOURS[k] for k in order[i * per_seat : (i + 1) * per_seat]}
        secrets.append(tuple(c for c in COLOURS if c in dealt))
    return rng_state, tuple(secrets)


def check_seats(mode: str, seats: Sequence[str]) -> None:
    """ValueError unless the seats are distinct and as many as the mode plays with (§6)."""
    low, high = SEAT_RANGE[mode]
    if not low <= len(seats) <= high:
        raise ValueError(f"{mode} is played by {low} to {high} seats, not {len(seats)}")
    if len(set(seats)) != len(seats):
        raise ValueError("seats must be distinct")


def new_game(mode: Mode, seats: Sequence[str], seed: int, solo_colours: int = 1) -> ColorpopState:
    """Deal a table: the board, then the secret colours, then the first player (§2, §6)."""
    check_seats(mode, seats)
    if mode == "solo" and not SOLO_COLOURS[0] <= solo_colours <= SOLO_COLOURS[1]:
        raise ValueError(f"solo plays with 1 to 5 secret colours, not {solo_colours}")
    seed, state = rng.opened(seed)
    state, board = rules.deal_board(seed, state)
    state, secrets = deal_secrets(seed, state, mode, len(seats), solo_colours)
    state, first = rng.below(seed, state, len(seats))
    return from_deal(mode, seats, secrets, first, board, rng_seed=rng.kept(seed), rng_state=state)


def from_deal(
    mode: Mode,
    seats: Sequence[str],
    secrets: Sequence[Sequence[str]],
    first: int,
    board: Board,
    rng_seed: int = 0,
    rng_state: int = 0,
) -> ColorpopState:
    """A table before move 1 from a known deal (a record's, or the RNG's)."""
    return ColorpopState(
        mode=mode,
        seats=tuple(seats),
        secrets=tuple(tuple(s) for s in secrets),
        first=first,
        start_board=tuple(board),
        board=tuple(board),
        rng_seed=rng_seed,
        rng_state=rng_state,
        turn=first,
        piles={s: dict.fromkeys(rules.LETTERS, 0) for s in seats},
    )


def seat_on_turn(state: ColorpopState) -> str | None:
    """The seat that must pick now; None once the game is over."""
    return None if state.over else state.seats[state.turn]


def group_to_remove(state: ColorpopState, seat: str, cell: Cell) -> Group:
    """The group `seat` removes by picking `cell`, or the RuleError that forbids it (§3, §4)."""
    name = rules.cell_name(cell)
    if seat not in state.seats:
        raise errors.NotSeated(f"{seat} is not seated at this table", seat)
    if state.over:
        raise errors.GameOver("the game is over", seat)
    if seat != state.seats[state.turn]:
        raise errors.NotYourTurn(
            f"it is {state.seats[state.turn]}'s turn", seat, on_turn=state.seats[state.turn]
        )
    letter = rules.token_at(state.board, cell)
    if letter is None:
        raise errors.EmptyCell(f"{name} is empty", seat, cell=name)
    if letter == rules.JOKER:
        raise errors.JokerCell(f"{name} is a joker", seat, cell=name)
    group = rules.group_at(state.board, cell)
    assert group is not None
    if group.size < rules.MIN_GROUP:
        raise errors.NoGroup(f"{name} is a single token", seat, cell=name)
    return group


def side_totals(
    state: ColorpopState, side: tuple[int, ...], on_board: dict[str, int]
) -> tuple[int, int]:
    """(left, removed_own) of a side (§5): its colours on the board, and those it removed."""
    colours = side_colours(state, side)
    left = sum(on_board[c] for c in colours)
    removed_own = sum(state.piles[state.seats[i]][c] for i in side for c in colours)
    return left, removed_own


def seat_scores(state: ColorpopState) -> dict[str, tuple[int, int]]:
    """Every seat's (left, removed_own), each the numbers of its side."""
    on_board = rules.counts(state.board)
    scores: dict[str, tuple[int, int]] = {}
    for side in sides(state.mode, len(state.seats)):
        totals = side_totals(state, side, on_board)
        scores.update({state.seats[i]: totals for i in side})
    return scores


def cleared_side(state: ColorpopState, colour: str) -> tuple[int, ...] | None:
    """The side that owns `colour` if none of its colours is left on the board (§5)."""
    if any(colour in rail for rail in state.board):  # the usual case, answered at once
        return None
    on_board = rules.counts(state.board)
    for side in sides(state.mode, len(state.seats)):
        colours = side_colours(state, side)
        if colour in colours and all(on_board[c] == 0 for c in colours):
            return side
    return None


def rank_blocked(state: ColorpopState) -> tuple[tuple[str, ...], str]:
    """Winners and tie-break of a blocked end (§5): fewest left, then fewest removed_own."""
    if state.mode == "solo":
        return (), "none"
    on_board = rules.counts(state.board)
    all_sides = sides(state.mode, len(state.seats))
    totals = {side: side_totals(state, side, on_board) for side in all_sides}
    fewest_left = min(t[0] for t in totals.values())
    tied = [s for s in all_sides if totals[s][0] == fewest_left]
    tie_break = "none"
    if len(tied) > 1:
        fewest_removed = min(totals[s][1] for s in tied)
        tied = [s for s in tied if totals[s][1] == fewest_removed]
        tie_break = "removed_own" if len(tied) == 1 else "shared"
    winning = {i for side in tied for i in side}
    return tuple(s for i, s in enumerate(state.seats) if i in winning), tie_break


def apply(state: ColorpopState, seat: str, cell: Cell) -> tuple[ColorpopState, list[events.Event]]:
    """`seat` picks `cell`: remove its group, gravity, rail shift, then the end checks (§4–§5)."""
    group = group_to_remove(state, seat, cell)
    move_number = len(state.picks) + 1
    removal = rules.remove(state.board, group.cells)
    pile = dict(state.piles[seat])
    pile[group.colour] += group.size - group.jokers
    pile[rules.JOKER] += group.jokers
    piles = {**state.piles, seat: pile}
    collected = {s: sum(piles[s].values()) for s in state.seats}
    out: list[events.Event] = [
        events.GroupRemoved(
            move_number,
            seat,
            rules.cell_name(cell),
            group.colour,
            group.cells,
            group.jokers,
            state.board,
            collected,
        )
    ]
    if removal.falls:
        out.append(events.TokensFell(removal.falls, removal.fallen))
    if removal.order != tuple(range(rules.NUM_RAILS)):
        out.append(events.RailsShifted(removal.order, removal.board))
    new = dataclasses.replace(
        state,
        board=removal.board,
        piles=piles,
        version=state.version + 1,
        picks=(
            *state.picks,
            PickMade(seat, rules.cell_name(cell), group.colour, group.size, group.jokers),
        ),
        last_removed=group.cells,
        turn=(state.turn + 1) % len(state.seats),
    )
    side = cleared_side(new, group.colour)
    if side is not None:
        winners = tuple(new.seats[i] for i in side)
        out.append(events.SideCleared(winners, side_colours(new, side), seat))
        return _ended(new, "cleared", winners, "none", out)
    if not rules.has_legal_group(new.board):
        winners, tie_break = rank_blocked(new)
        return _ended(new, "blocked", winners, tie_break, out)
    out.append(events.TurnStarted(move_number + 1, new.seats[new.turn]))
    return new, out


def _ended(
    state: ColorpopState,
    end: End,
    winners: tuple[str, ...],
    tie_break: str,
    out: list[events.Event],
) -> tuple[ColorpopState, list[events.Event]]:
    """Close the game: record the end and reveal every secret colour."""
    done = dataclasses.replace(state, end=end, winners=winners, tie_break=tie_break)
    won = bool(winners) if state.mode == "solo" else None
    out.append(
        events.GameEnded(
            end,
            winners,
            tie_break,
            seat_scores(done),
            dict(zip(state.seats, state.secrets, strict=True)),
            won,
        )
    )
    return done, out
