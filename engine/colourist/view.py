"""What one seat — or anyone watching — may see of a table. Secrets are removed here only.

Before the reveal nobody sees another seat's card, the colourist's colour included: a view
shows who has chosen, never what; a seat sees its own card. On a double field only the
colourist sees the four cards drawn, and only while it picks; the two it discards stay unseen.
Pile order is never shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from .game import ColouristState, colourist_of, playable, score_round, symbol_of, track


@dataclass(frozen=True)
class RoundResult:
    """A revealed round, as every seat saw it (the discarded cards of a double field left out)."""

    round_number: int
    colourist: str
    words: tuple[str, ...]
    colour: str
    cards: dict[str, str]
    matched: tuple[str, ...]
    moved: tuple[str, ...]


@dataclass(frozen=True)
class ColouristView:
    seats: tuple[str, ...]
    length: str
    finish: int
    track: tuple[str, ...]  # symbols of fields 0 … finish−1
    phase: str  # picking | choosing | over
    version: int
    round_number: int
    colourist: str
    field: int  # the colourist's field this round
    symbol: str
    words: tuple[str, ...]  # shown: (id,) or (adjective, noun); () while the colourist picks
    chosen: tuple[str, ...]  # who has laid a card this round, in seat order — never what
    positions: dict[str, int]
    jokers: dict[str, int | None]  # the round a seat played its Joker in (public once revealed)
    pile_sizes: dict[str, int]
    last: RoundResult | None  # the last revealed round
    history: tuple[RoundResult, ...]  # every revealed round, oldest first (public)
    winners: tuple[str, ...]
    # Only in a seat's own view:
    seat: str | None = None
    offered: tuple[str, ...] = ()  # the colourist picking: nouns, then adjectives, drawn order
    my_card: str | None = None
    playable: tuple[str, ...] = ()  # the cards this seat may choose now, in colour order


def _last(state: ColouristState) -> RoundResult | None:
    if not state.rounds:
        return None
    number = state.round_number if state.phase == "over" else state.round_number - 1
    return _result(state, number)


def _history(state: ColouristState) -> tuple[RoundResult, ...]:
    """Every revealed round: the records are rounds 1, 2, … in order."""
    return tuple(_result(state, n) for n in range(1, len(state.rounds) + 1))


def _result(state: ColouristState, number: int) -> RoundResult:
    record = state.rounds[number - 1]
    colourist = colourist_of(state.seats, state.first, number)
    words = tuple(record.chosen) if record.chosen is not None else tuple(record.drawn)
    matched, moved = score_round(state.seats, colourist, record.cards)
    return RoundResult(
        number, colourist, words, record.cards[colourist], dict(record.cards), matched, moved
    )


def view(state: ColouristState, seat: str | None = None) -> ColouristView:
    """The table as `seat` sees it; `seat=None` is the public view (spectators, pictures)."""
    own = seat if seat in state.positions else None
    colourist = state.colourist
    field_ = state.positions[colourist]
    return ColouristView(
        seats=tuple(state.seats),
        length=state.length,
        finish=state.finish,
        track=track(state.length),
        phase=state.phase,
        version=state.version,
        round_number=state.round_number,
        colourist=colourist,
        field=field_,
        symbol=symbol_of(field_) if field_ < state.finish else "finish",
        words=tuple(state.words),
        chosen=tuple(s for s in state.seats if s in state.choices),
        positions=dict(state.positions),
        jokers=dict(state.jokers),
        pile_sizes={k: len(v) for k, v in state.piles.items()},
        last=_last(state),
        history=_history(state),
        winners=tuple(state.winners),
        seat=own,
        offered=tuple(state.drawn) if own == colourist and state.phase == "picking" else (),
        my_card=state.choices.get(own) if own is not None else None,
        playable=playable(state, own) if own is not None else (),
    )
