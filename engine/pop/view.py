"""What one seat — or anyone watching — may see of a table. Secrets are removed here only.

Other seats' hands, every seat's current pick, the Chief's face-down cards and the draw pile's
order are never in a public view (boardgame.io's playerView exists for the same reason).
"""

from __future__ import annotations

from dataclasses import dataclass

from .game import best_totals, cards_to_choose, totals
from .modes import MODES, ModeSpec
from .results import GameResult, Tiebreak
from .state import PopState


@dataclass(frozen=True)
class TableView:
    mode: str
    seats: tuple[str, ...]
    phase: str
    version: int
    set_number: int
    sets_total: int
    turn_number: int
    columns: tuple[tuple[int, ...], ...]
    queues: tuple[int, ...]
    chief_face_up: tuple[int, ...]
    chief_face_down_count: int
    chief_pile: tuple[int, ...]
    collected: dict[str, tuple[int, ...]]
    hand_sizes: dict[str, int]
    draw_pile_size: int
    chosen: tuple[str, ...]  # who has picked this turn — never what
    cards_to_choose: int
    set_scores: tuple[dict[str, int], ...]
    totals: dict[str, int]
    winners: tuple[str, ...]
    tiebreak: Tiebreak | None
    result: GameResult | None
    difficulty: int | None
    # This turn's co-op table talk, heard by everyone: (seat, colour, Queue letter).
    talk: tuple[tuple[str, str, str], ...] = ()
    # Only in a seat's own view:
    seat: str | None = None
    hand: tuple[int, ...] = ()
    my_choice: tuple[int, ...] = ()
    # Once a tied game is over, the card each tied leader kept in hand: shown to everyone, as
    # players at a real table turn it over to break the tie (§5).
    tie_cards: tuple[tuple[str, tuple[int, ...]], ...] = ()

    @property
    def spec(self) -> ModeSpec:
        """The rules of the table's mode."""
        return MODES[self.mode]


def view(state: PopState, seat: str | None = None) -> TableView:
    """The table as `seat` sees it; `seat=None` is the public view (spectators, pictures)."""
    own = seat if seat is not None and seat in state.hands else None
    return TableView(
        mode=state.mode,
        seats=tuple(state.seats),
        phase=state.phase,
        version=state.version,
        set_number=state.set_number,
        sets_total=state.sets_total,
        turn_number=state.turn_number,
        columns=tuple(map(tuple, state.columns)),
        queues=tuple(state.queues),
        chief_face_up=tuple(state.chief_face_up),
        chief_face_down_count=len(state.chief_face_down),
        chief_pile=tuple(state.chief_pile),
        collected={s: tuple(sorted(state.collected.get(s, ()))) for s in state.seats},
        hand_sizes={s: len(state.hands.get(s, ())) for s in state.seats},
        draw_pile_size=len(state.draw_pile),
        chosen=tuple(s for s in state.seats if s in state.choices),
        cards_to_choose=cards_to_choose(state) if state.phase == "choosing" else 0,
        set_scores=tuple(dict(s) for s in state.set_scores),
        totals=totals(state),
        winners=tuple(state.winners),
        tiebreak=state.tiebreak,
        result=state.result,
        difficulty=state.difficulty,
        talk=tuple((seat_, colour, column) for seat_, colour, column in state.talk),
        seat=own,
        hand=tuple(sorted(state.hands[own])) if own is not None else (),
        my_choice=tuple(state.choices.get(own, ())) if own is not None else (),
        tie_cards=_tie_cards(state),
    )


def _tie_cards(state: PopState) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The cards that broke (or could not break) a tie, once the game is over; else ()."""
    if state.phase != "over" or state.tiebreak is None:
        return ()
    return tuple((seat, tuple(sorted(state.hands.get(seat, ())))) for seat in best_totals(state))
