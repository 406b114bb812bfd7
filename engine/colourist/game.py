"""Colourist's rules, top to bottom (docs/rules/colourist.md): the fixed facts, set-up, a
round (draw, double field, choose, reveal, score, move), the end.

The public API:

- `new_game(seats, nouns, adjectives, length=..., seed=...)` sets a table up and starts round 1;
- `from_draws(seats, length, first, deck_sizes, draws)`: a table whose decks hold a record's
  draws in their order (a record played again move by move);
- `keep(state, seat, noun, adjective)`: the colourist keeps one noun and one adjective of a
  double field's four cards (indices 0 or 1 into the drawn nouns and adjectives);
- `choose(state, seat, card)`: a seat's secret, final card; the last one reveals and scores;
- `apply(state, seat, move)`: either move, without touching the given state;
- `to_act`, `colourist_of`, `symbol_of`, `score_round`: small facts the view, the AI and the
  record replay share with the rules.
"""

from __future__ import annotations

import copy
import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, cast

from .. import rng
from .errors import (
    AlreadyChosen,
    ColouristNoJoker,
    GameOver,
    JokerUsed,
    NoSuchWord,
    NotACard,
    NotColourist,
    NotPicking,
    NotSeated,
    PhrasePending,
)
from .events import ChoicesRevealed, GameEnded, PawnsMoved, RoundStarted, SeatChose, WordsShown

# --- Fixed facts (rules §1) -------------------------------------------------------------------

COLOURS: tuple[str, ...] = (
    "black",
    "white",
    "brown",
    "red",
    "orange",
    "yellow",
    "green",
    "blue",
    "purple",
)  # the colour order of buttons, lists, tie-breaks
JOKER = "joker"
CARDS: tuple[str, ...] = (*COLOURS, JOKER)
EMOJI: dict[str, str] = {
    "black": "⚫",
    "white": "⚪",
    "brown": "🟤",
    "red": "🔴",
    "orange": "🟠",
    "yellow": "🟡",
    "green": "🟢",
    "blue": "🔵",
    "purple": "🟣",
    "joker": "🃏",
}
NOUN, ADJECTIVE = "noun", "adjective"
KINDS: tuple[str, ...] = (NOUN, ADJECTIVE)  # also the order of a double draw and of reshuffles
LENGTHS: dict[str, int] = {"short": 10, "normal": 15, "long": 20}  # the finish field L
DEFAULT_LENGTH = "normal"
SEAT_RANGE = (3, 6)
TRIANGLE, CIRCLE, DOUBLE = "triangle", "circle", "double"
# What the colourist draws on each symbol (rules §3.1): nouns first, then adjectives.
DRAWS: dict[str, dict[str, int]] = {
    TRIANGLE: {NOUN: 1},
    CIRCLE: {ADJECTIVE: 1},
    DOUBLE: {NOUN: 2, ADJECTIVE: 2},
}

Length = Literal["short", "normal", "long"]
Phase = Literal["picking", "choosing", "over"]  # picking: the colourist keeps a phrase


def symbol_of(field_: int) -> str:
    """The symbol of a field before the finish: the start is a triangle (rules §1)."""
    if field_ == 0:
        return TRIANGLE
    if field_ % 5 == 0:
        return DOUBLE
    return CIRCLE if field_ % 2 == 1 else TRIANGLE


def track(length: str) -> tuple[str, ...]:
    """The symbols of fields 0 … L−1 (the finish, field L, has none)."""
    return tuple(symbol_of(i) for i in range(LENGTHS[length]))


def colourist_of(seats: Sequence[str], first: str, round_number: int) -> str:
    """Round r's colourist: the first colourist moved r−1 seats on (rules §2.4, §8)."""
    return seats[(seats.index(first) + round_number - 1) % len(seats)]


def score_round(
    seats: Sequence[str], colourist: str, cards: Mapping[str, str]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(matched, moved) of a revealed round, in seat order (rules §4).

    A seat matches with the colourist's colour or its Joker; the colourist scores with them;
    when nobody matched every seat scores."""
    colour = cards[colourist]
    matched = tuple(s for s in seats if s != colourist and cards[s] in (colour, JOKER))
    if not matched:
        return matched, tuple(seats)
    return matched, tuple(s for s in seats if s == colourist or s in matched)


# --- State ------------------------------------------------------------------------------------


@dataclass(slots=True)
class RoundRecord:
    """One revealed round as colourist-record/1 keeps it (rules §8)."""

    drawn: list[str]
    cards: dict[str, str]
    chosen: list[str] | None = None  # double field only: [adjective, noun]


@dataclass(slots=True)
class ColouristState:
    """A whole table as plain data that round-trips through JSON (`to_json` / `from_json`)."""

    seats: list[str]
    length: Length
    rng_seed: int  # the key of the engine.rng stream the decks are shuffled from
    rng_state: int  # words drawn from it so far
    first: str
    deck_sizes: dict[str, int]
    piles: dict[str, list[str]]  # per deck, top first
    discards: dict[str, list[str]]
    positions: dict[str, int]
    jokers: dict[str, int | None]  # the round a seat played its Joker in
    schema_version: Literal[1] = 1
    version: int = 0  # bumped by every accepted move: stale buttons carry an older one
    phase: Phase = "choosing"
    round_number: int = 0
    drawn: list[str] = field(default_factory=list)  # this round's cards, in draw order
    reshuffled: list[str] = field(default_factory=list)  # this round's, before its draw
    words: list[str] = field(default_factory=list)  # shown: [id] or [adjective, noun]
    choices: dict[str, str] = field(default_factory=dict)  # this round's, secret
    rounds: list[RoundRecord] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)

    @property
    def finish(self) -> int:
        return LENGTHS[self.length]

    @property
    def colourist(self) -> str:
        return colourist_of(self.seats, self.first, self.round_number)

    def to_json(self) -> bytes:
        return _adapter().dump_json(self)

    @classmethod
    def from_json(cls, text: str | bytes) -> ColouristState:
        return _adapter().validate_json(text)

    def copy(self) -> ColouristState:
        return copy.deepcopy(self)


if TYPE_CHECKING:
    from pydantic import TypeAdapter


@functools.cache
def _adapter() -> TypeAdapter[ColouristState]:
    """The state's JSON reader and writer, built when first needed (building it is slow, and
    replaying records never needs it)."""
    from pydantic import TypeAdapter

    return TypeAdapter(ColouristState)


@dataclass(frozen=True)
class Keep:
    """The colourist's move on a double field: keep drawn noun `noun` and adjective
    `adjective` (0 or 1: the order they were drawn in)."""

    noun: int
    adjective: int


@dataclass(frozen=True)
class Choose:
    """A seat's secret card: one of the nine colours, or `joker`."""

    card: str


Move = Keep | Choose


# --- Set-up (rules §2) ------------------------------------------------------------------------


def new_game(
    seats: Sequence[str],
    nouns: Sequence[str],
    adjectives: Sequence[str],
    *,
    length: str = DEFAULT_LENGTH,
    seed: int = 0,
    events: list[Any] | None = None,
) -> ColouristState:
    """A table: pawns on the start, Jokers in hand, decks shuffled, first colourist drawn by
    the RNG, round 1 drawn. Raises ValueError for seats or decks the rules do not allow."""
    if not SEAT_RANGE[0] <= len(seats) <= SEAT_RANGE[1]:
        raise ValueError(f"Colourist is played by {SEAT_RANGE[0]}-{SEAT_RANGE[1]} seats")
    if len(set(seats)) != len(seats) or not all(isinstance(s, str) and s for s in seats):
        raise ValueError("seats must be distinct non-empty names")
    if length not in LENGTHS:
        raise ValueError(f"length must be one of {', '.join(LENGTHS)}")
    decks = {NOUN: sorted(nouns), ADJECTIVE: sorted(adjectives)}
    for kind, ids in decks.items():
        if len(set(ids)) != len(ids) or not 2 <= len(ids) <= 999:
            raise ValueError(f"the {kind} deck must hold 2-999 distinct cards")
        if not all(isinstance(i, str) and re.fullmatch(f"{kind[0]}[0-9]{{3}}", i) for i in ids):
            raise ValueError(f"{kind} ids are {kind[0]} and 3 digits (rules §6)")
    seed, state_rng = rng.opened(seed)
    piles: dict[str, list[str]] = {}
    for kind in KINDS:
        state_rng, piles[kind] = _shuffled(seed, state_rng, decks[kind])
    state_rng, first = rng.below(seed, state_rng, len(seats))
    state = ColouristState(
        seats=list(seats),
        length=cast(Length, length),
        rng_seed=rng.kept(seed),
        rng_state=state_rng,
        first=seats[first],
        deck_sizes={k: len(v) for k, v in decks.items()},
        piles=piles,
        discards={k: [] for k in KINDS},
        positions={s: 0 for s in seats},
        jokers={s: None for s in seats},
    )
    _start_round(state, events if events is not None else [])
    return state


def from_draws(
    seats: Sequence[str],
    length: Length,
    first: str,
    deck_sizes: Mapping[str, int],
    draws: Mapping[str, Sequence[str]],
) -> ColouristState:
    """A table whose decks hold `draws`, per kind, in the order they are drawn (a record's
    draws, §8), round 1 drawn: a record played again move by move draws what it recorded,
    never from the RNG. Its piles are only those draws, not the table's whole decks."""
    state = ColouristState(
        seats=list(seats),
        length=length,
        rng_seed=0,
        rng_state=0,
        first=first,
        deck_sizes=dict(deck_sizes),
        piles={kind: list(draws.get(kind, ())) for kind in KINDS},
        discards={kind: [] for kind in KINDS},
        positions={s: 0 for s in seats},
        jokers={s: None for s in seats},
    )
    _start_round(state, [])
    return state


def _shuffled(seed: int, state_rng: int, cards: list[str]) -> tuple[int, list[str]]:
    """The cards in the RNG's order (engine.rng shuffles indices)."""
    state_rng, order = rng.shuffled(seed, state_rng, range(len(cards)))
    return state_rng, [cards[i] for i in order]


# --- A round (rules §3) -----------------------------------------------------------------------


def _start_round(state: ColouristState, events: list[Any]) -> None:
    """Draw by the colourist's field, reshuffling a deck that holds too few cards first."""
    state.round_number += 1
    field_ = state.positions[state.colourist]
    symbol = symbol_of(field_)
    state.reshuffled, state.drawn, state.choices = [], [], {}
    for kind, count in DRAWS[symbol].items():
        if len(state.piles[kind]) < count:
            state.rng_state, state.piles[kind] = _shuffled(
                state.rng_seed, state.rng_state, state.piles[kind] + state.discards[kind]
            )
            state.discards[kind] = []
            state.reshuffled.append(kind)
    for kind, count in DRAWS[symbol].items():
        state.drawn += state.piles[kind][:count]
        del state.piles[kind][:count]
    events.append(
        RoundStarted(state.round_number, state.colourist, field_, symbol, tuple(state.reshuffled))
    )
    if symbol == DOUBLE:
        state.phase, state.words = "picking", []
    else:
        _show(state, list(state.drawn), events)


def _show(state: ColouristState, words: list[str], events: list[Any]) -> None:
    """Show the word or phrase to every seat: choosing starts (rules §3.3)."""
    state.phase, state.words = "choosing", words
    events.append(WordsShown(state.round_number, tuple(words)))


def to_act(state: ColouristState) -> frozenset[str]:
    """Picking: the colourist; choosing: every seat without a card yet; over: nobody."""
    if state.phase == "picking":
        return frozenset((state.colourist,))
    if state.phase == "choosing":
        return frozenset(s for s in state.seats if s not in state.choices)
    return frozenset()


def playable(state: ColouristState, seat: str) -> tuple[str, ...]:
    """The cards `seat` may choose now, in colour order (empty when it may not choose)."""
    if state.phase != "choosing" or seat not in state.positions or seat in state.choices:
        return ()
    if seat == state.colourist or state.jokers[seat] is not None:
        return COLOURS
    return CARDS


def _check_seat(state: ColouristState, seat: str) -> None:
    if seat not in state.positions:
        raise NotSeated("not a seat of this table", seat)
    if state.phase == "over":
        raise GameOver("the game is over", seat)


def keep(
    state: ColouristState, seat: str, noun: int, adjective: int, events: list[Any] | None = None
) -> list[Any]:
    """The colourist keeps one drawn noun and one drawn adjective; the phrase is shown and the
    other two are discarded unseen (rules §3.2). Mutates `state`."""
    events = [] if events is None else events
    _check_seat(state, seat)
    if state.phase != "picking":
        raise NotPicking("no phrase to keep now: this is not a double field being picked", seat)
    if seat != state.colourist:
        raise NotColourist("only the colourist keeps the phrase", seat, colourist=state.colourist)
    if (
        type(noun) is not int
        or type(adjective) is not int
        or not (0 <= noun <= 1 and 0 <= adjective <= 1)
    ):
        raise NoSuchWord("keep noun 0 or 1 and adjective 0 or 1", seat)
    _show(state, [state.drawn[2 + adjective], state.drawn[noun]], events)
    state.version += 1
    return events


def choose(
    state: ColouristState, seat: str, card: str, events: list[Any] | None = None
) -> list[Any]:
    """A seat lays its card face down, final (rules §3.4); the last card reveals and scores.
    Mutates `state`."""
    events = [] if events is None else events
    _check_seat(state, seat)
    if state.phase == "picking":
        raise PhrasePending(
            "the colourist is still keeping the phrase", seat, colourist=state.colourist
        )
    if seat in state.choices:
        raise AlreadyChosen("this seat has already laid its card this round", seat)
    if card not in CARDS:
        raise NotACard(f"{card!r} is not a colour card", seat, card=card)
    if card == JOKER and seat == state.colourist:
        raise ColouristNoJoker("the colourist chooses a colour, never the Joker", seat)
    if card == JOKER and state.jokers[seat] is not None:
        raise JokerUsed(
            "this seat's Joker is already out of the game", seat, round_number=state.jokers[seat]
        )
    state.choices[seat] = card
    state.version += 1
    events.append(SeatChose(state.round_number, seat))
    if len(state.choices) == len(state.seats):
        _resolve(state, events)
    return events


def _resolve(state: ColouristState, events: list[Any]) -> None:
    """Reveal, score, move; discard the words, retire played Jokers; end or next round."""
    cards = {s: state.choices[s] for s in state.seats}
    colourist = state.colourist
    symbol = symbol_of(state.positions[colourist])
    matched, moved = score_round(state.seats, colourist, cards)
    events.append(ChoicesRevealed(state.round_number, colourist, cards[colourist], cards, matched))
    for seat in moved:
        state.positions[seat] += 1
    events.append(PawnsMoved(state.round_number, moved, dict(state.positions)))
    state.rounds.append(
        RoundRecord(list(state.drawn), cards, list(state.words) if symbol == DOUBLE else None)
    )
    drawn = iter(state.drawn)
    for kind, count in DRAWS[symbol].items():
        state.discards[kind] += [next(drawn) for _ in range(count)]
    for seat, card in cards.items():
        if card == JOKER:
            state.jokers[seat] = state.round_number
    state.drawn, state.choices = [], {}
    winners = [s for s in state.seats if state.positions[s] >= state.finish]
    if winners:
        state.phase, state.winners, state.words = "over", winners, []
        events.append(GameEnded(state.round_number, tuple(winners), dict(state.positions)))
    else:
        _start_round(state, events)


def reveal_as_laid(state: ColouristState, cards: Mapping[str, str]) -> None:
    """Reveal and score the round with `cards` as laid, unchecked, then draw the next round:
    what the deal's next draws depend on, for checking a recorded deal (engine.colourist.fair,
    docs/fair-deals.md); the record's replay checks the rules. Mutates `state`."""
    state.choices = {seat: cards[seat] for seat in state.seats}
    _resolve(state, [])


def apply(state: ColouristState, seat: str, move: Move) -> tuple[ColouristState, list[Any]]:
    """The next state and the events of `move`; raises RuleError and leaves `state` alone."""
    new = state.copy()
    if isinstance(move, Keep):
        return new, keep(new, seat, move.noun, move.adjective)
    if isinstance(move, Choose):
        return new, choose(new, seat, move.card)
    raise TypeError(f"not a Colourist move: {move!r}")
