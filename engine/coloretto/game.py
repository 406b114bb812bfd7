"""The rules of Coloretto (rules page §2–§6), in the manner of OpenSpiel's kuhn_poker.py.

A live table plays three small moves: `Draw` (reveal the top card), `Place(row)` (put the
revealed card in a row) and `Take(row)`. The record's `{"draw": r}` is a Draw and a Place(r).
Functions below mutate a state in place; `apply` is the pure wrapper (copy, then mutate).
Rows are numbered from 1 in moves, events and records, from 0 in the state's lists.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .. import rng
from . import cards as C
from . import errors as E
from . import events as ev
from .cards import GOLDEN, LAST
from .state import ColorettoState, RoundLog, TakeLog

Event = ev.Event


@dataclass(frozen=True)
class Draw:
    """Reveal the top card of the pile (then place it)."""


@dataclass(frozen=True)
class Place:
    """Put the card just drawn in row `row` (from 1)."""

    row: int


@dataclass(frozen=True)
class Take:
    """Take row `row` (from 1): its cards join the collection, the player is out."""

    row: int


Move = Draw | Place | Take


# --- Set-up (§2) ------------------------------------------------------------------------------


def deal(players: int, seed: int) -> tuple[int, list[str], list[list[str]], int, list[str]]:
    """A random deal from `seed`: (words drawn from its stream, removed, starting colours per
    seat, first seat index, deck top first)."""
    seed, state = rng.opened(seed)
    state, colours = rng.shuffled(seed, state, range(len(C.COLOURS)))
    n_removed, n_start = C.REMOVED_COLOURS[players], C.STARTING_CARDS[players]
    removed = sorted(colours[:n_removed])
    givable = colours[n_removed:]
    start = [sorted(givable[i * n_start : (i + 1) * n_start]) for i in range(players)]
    state, first = rng.below(seed, state, players)
    pool = _deck_cards([C.COLOURS[c] for c in removed], [C.COLOURS[c] for s in start for c in s])
    state, order = rng.shuffled(seed, state, range(len(pool)))
    shuffled = [pool[i] for i in order]
    deck = [*shuffled[: -C.UNDER_LAST], LAST, *shuffled[-C.UNDER_LAST :]]
    return (
        state,
        [C.COLOURS[c] for c in removed],
        [[C.COLOURS[c] for c in s] for s in start],
        first,
        deck,
    )


def _deck_cards(removed: Sequence[str], starting: Sequence[str]) -> list[str]:
    """The cards to shuffle (§2.4), the last-round card not included, in card order."""
    pool: list[str] = []
    for colour in C.COLOURS:
        if colour not in removed:
            pool += [colour] * (C.CARDS_PER_COLOUR - list(starting).count(colour))
    return pool + [C.COTTON] * C.COTTON_CARDS + [C.JOKER] * C.JOKER_CARDS + [GOLDEN]


def deck_counts(removed: Sequence[str], starting: Sequence[str]) -> dict[str, int]:
    """How many cards of each name the deck must hold (§7 `deck`), zero counts included."""
    counts = dict.fromkeys(C.CARD_NAMES, 0)
    for card in _deck_cards(removed, starting):
        counts[card] += 1
    counts[LAST] = 1
    return counts


def new_game(players: Sequence[str], expert: bool, seed: int) -> ColorettoState:
    """A new game dealt at random from `seed`."""
    if not C.MIN_PLAYERS <= len(players) <= C.MAX_PLAYERS:
        raise ValueError(f"Coloretto is played by 2 to 5 players, not {len(players)}")
    if len(set(players)) != len(players) or not all(players):
        raise ValueError("players must be distinct non-empty names")
    state, removed, start, first, deck = deal(len(players), seed)
    return from_deal(
        players,
        expert,
        removed,
        dict(zip(players, start, strict=True)),
        players[first],
        deck,
        rng_seed=rng.kept(seed),
        rng_state=state,
    )


def from_deal(
    players: Sequence[str],
    expert: bool,
    removed: Sequence[str],
    start: dict[str, list[str]],
    first: str,
    deck: Sequence[str],
    rng_seed: int = 0,
    rng_state: int = 0,
) -> ColorettoState:
    """A game from a given deal (a record's), checked by the caller; round 1 begins."""
    state = ColorettoState(
        players=list(players),
        expert=expert,
        rng_seed=rng_seed,
        rng_state=rng_state,
        removed=list(removed),
        start={p: list(start[p]) for p in players},
        first=first,
        deck=list(deck),
    )
    for p in players:
        state.collections[p] = {}
        for colour in start[p]:
            _gain(state, p, colour)
    _start_round(state, first, [])
    return state


# --- Facts about a position -------------------------------------------------------------------


def limits(state: ColorettoState) -> tuple[int, ...]:
    """Each row's limit."""
    return C.row_limits(len(state.players))


def pile_size(state: ColorettoState) -> int:
    """Cards still in the draw pile (the last-round card included until it comes)."""
    return len(state.deck) - state.top


def in_play(state: ColorettoState) -> tuple[str, ...]:
    """The colours in play (not removed), colour order."""
    return tuple(c for c in C.COLOURS if c not in state.removed)


def current_player(state: ColorettoState) -> str | None:
    """The player to move, or None once the game is over."""
    return None if state.over else state.turn


def can_draw_into(state: ColorettoState, row: int) -> bool:
    """Is row `row` (from 0) open and below its limit?"""
    return not state.taken[row] and len(state.rows[row]) < limits(state)[row]


def can_draw(state: ColorettoState) -> bool:
    """Draw is allowed: the pile is not empty and an open row is below its limit."""
    return pile_size(state) > 0 and any(can_draw_into(state, r) for r in range(len(state.rows)))


def can_take(state: ColorettoState, row: int) -> bool:
    """Is row `row` (from 0) open and holding a card?"""
    return not state.taken[row] and bool(state.rows[row])


def legal_moves(state: ColorettoState) -> list[Move]:
    """Every move the player to move may make, in a fixed order."""
    if state.over:
        return []
    rows = range(len(state.rows))
    if state.drawn is not None:
        return [Place(r + 1) for r in rows if can_draw_into(state, r)]
    moves: list[Move] = [Draw()] if can_draw(state) else []
    return moves + [Take(r + 1) for r in rows if can_take(state, r)]


def scores(state: ColorettoState) -> dict[str, C.Score]:
    """Every player's score as it stands (final once the game is over)."""
    play = in_play(state)
    return {p: C.score(state.collections[p], state.expert, play) for p in state.players}


def winners(state: ColorettoState, totals: dict[str, int] | None = None) -> tuple[str, ...]:
    """Every player with the highest total, seat order (a shared win is no error).
    `totals`: the scores' totals when the caller has them already (scoring is not free)."""
    if totals is None:
        totals = {p: s.total for p, s in scores(state).items()}
    best = max(totals.values())
    return tuple(p for p in state.players if totals[p] == best)


# --- Moves (§3–§5) ----------------------------------------------------------------------------


def apply(state: ColorettoState, seat: str, move: Move) -> tuple[ColorettoState, list[Event]]:
    """The next state and the move's events; raises a RuleError and changes nothing."""
    check(state, seat, move)
    new = state.copy()
    events: list[Event] = []
    apply_in_place(new, move, events)
    return new, events


def check(state: ColorettoState, seat: str, move: Move) -> None:
    """Raise the RuleError that forbids `seat` making `move`, if any."""
    if seat not in state.players:
        raise E.NotSeated(f"{seat!r} does not play at this table", seat)
    if state.over:
        raise E.GameOver("the game is over", seat)
    if seat != state.turn:
        raise E.NotYourTurn(f"it is {state.turn}'s turn", seat, turn=state.turn)
    if isinstance(move, Draw | Take) and state.drawn is not None:
        raise E.MustPlaceDrawnCard(f"place the {state.drawn} first", seat, card=state.drawn)
    if isinstance(move, Draw):
        if pile_size(state) == 0:
            raise E.PileEmpty("the pile is empty: take a row", seat)
        if not can_draw(state):
            raise E.MustTake("every open row is full: take a row", seat)
        return
    if isinstance(move, Place) and state.drawn is None:
        raise E.NothingToPlace("draw a card first", seat)
    row = move.row  # a Place or a Take from here on
    if type(row) is not int or not 1 <= row <= len(state.rows):
        raise E.NoSuchRow(f"there is no row {row}", seat, row=row)
    if state.taken[row - 1]:
        raise E.RowTaken(f"row {row} is taken", seat, row=row)
    if isinstance(move, Place) and len(state.rows[row - 1]) >= limits(state)[row - 1]:
        raise E.RowFull(f"row {row} is full", seat, row=row)
    if isinstance(move, Take) and not state.rows[row - 1]:
        raise E.RowEmpty(f"row {row} is empty", seat, row=row)


def apply_in_place(state: ColorettoState, move: Move, events: list[Event]) -> None:
    """Make a move already checked (`check`), appending its events."""
    state.version += 1
    if isinstance(move, Draw):
        state.drawn = _reveal(state, state.turn, False, events)
        assert state.drawn is not None  # 15 cards lie under the last-round card
        events.append(ev.CardDrawn(state.turn, state.drawn, state.round_number))
    elif isinstance(move, Place):
        card, state.drawn = state.drawn, None
        assert card is not None
        state.rows[move.row - 1].append(card)
        state.actions.append({"draw": move.row})
        events.append(ev.CardPlaced(state.turn, card, move.row, state.round_number))
        state.turn = _next_in(state, state.turn)
    else:
        _take(state, move.row, events)


class _NoEvents(list[Event]):
    """The events of moves nobody reads (a record's replay): dropped as they come."""

    def append(self, _event: Event) -> None:
        return None


NO_EVENTS: list[Event] = _NoEvents()


def draw_and_place(state: ColorettoState, row: int) -> None:
    """A record's `{"draw": row}` already checked: `Draw()` then `Place(row)` exactly as
    `apply_in_place` makes them, without their events (replaying records is hot, §7)."""
    state.version += 2
    card = _reveal(state, state.turn, False, NO_EVENTS)
    assert card is not None  # 15 cards lie under the last-round card
    state.rows[row - 1].append(card)
    state.actions.append({"draw": row})
    state.turn = _next_in(state, state.turn)


def _reveal(state: ColorettoState, seat: str, by_golden: bool, events: list[Event]) -> str | None:
    """Turn over the top card; the last-round card is set aside and the next one comes (§5)."""
    if pile_size(state) == 0:
        return None
    card = state.deck[state.top]
    state.top += 1
    if card == LAST:
        state.last_round = True
        events.append(ev.LastRoundRevealed(seat, state.round_number, by_golden))
        return _reveal(state, seat, by_golden, events)
    return card


def _take(state: ColorettoState, row: int, events: list[Event]) -> None:
    """The player to move takes a row (with the golden joker's extra card, §4) and is out."""
    seat = state.turn
    cards = state.rows[row - 1]
    state.rows[row - 1] = []
    state.taken[row - 1] = True
    extra = _reveal(state, seat, True, events) if GOLDEN in cards else None
    for card in cards + ([extra] if extra else []):
        _gain(state, seat, card)
    state.out.append(seat)
    state.rounds[-1].takes.append(TakeLog(seat, row, list(cards), extra))
    state.actions.append({"take": row})
    events.append(ev.RowTaken(seat, row, tuple(cards), extra, state.round_number))
    if len(state.out) < len(state.players):
        state.turn = _next_in(state, seat)
    else:
        _end_round(state, seat, events)


def _gain(state: ColorettoState, seat: str, card: str) -> None:
    """One card joins a collection."""
    collection = state.collections[seat]
    collection[card] = collection.get(card, 0) + 1


def _next_in(state: ColorettoState, seat: str) -> str:
    """The next player after `seat` still in the round (`seat` itself when no one else is)."""
    i = state.players.index(seat)
    n = len(state.players)
    for step in range(1, n + 1):
        candidate = state.players[(i + step) % n]
        if candidate not in state.out:
            return candidate
    return seat


def _end_round(state: ColorettoState, last_taker: str, events: list[Event]) -> None:
    """Everyone is out: untaken rows are discarded (2 players); next round, or the end."""
    discarded = [card for r, cards in enumerate(state.rows) if not state.taken[r] for card in cards]
    state.rounds[-1].discarded = discarded
    events.append(ev.RoundEnded(state.round_number, tuple(discarded)))
    if state.last_round:
        state.over, state.turn, state.rows = True, "", [[] for _ in state.rows]
        if events is not NO_EVENTS:  # scoring is the dearest step of a replay: only if read
            totals = {p: s.total for p, s in scores(state).items()}
            events.append(ev.GameEnded(totals, winners(state, totals)))
        return
    state.round_number += 1
    _start_round(state, last_taker, events)


def _start_round(state: ColorettoState, first: str, events: list[Event]) -> None:
    """Every row empty and open, every player in; `first` moves."""
    n_rows = len(limits(state))
    state.rows = [[] for _ in range(n_rows)]
    state.taken = [False] * n_rows
    state.out = []
    state.turn = first
    state.rounds.append(RoundLog(first))
    events.append(ev.RoundStarted(state.round_number, first))


def discarded_cards(state: ColorettoState) -> list[str]:
    """Every card the rounds so far discarded (2 players' untaken rows)."""
    return [card for r in state.rounds for card in r.discarded]


def card_census(state: ColorettoState) -> dict[str, int]:
    """Every card of the 77, by name, wherever it is now: a check that none is lost (§7)."""
    census = dict.fromkeys(C.CARD_NAMES, 0)
    places: list[str] = [*state.deck[state.top :], *discarded_cards(state)]
    places += [card for row in state.rows for card in row]
    if state.drawn is not None:
        places.append(state.drawn)
    if state.last_round:
        places.append(LAST)
    places += [c for c in state.removed for _ in range(C.CARDS_PER_COLOUR)]
    for card in places:
        census[card] += 1
    for collection in state.collections.values():
        for card, count in collection.items():
            census[card] += count
    return census
