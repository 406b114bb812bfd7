"""The renderer's own model of the table, folded from engine events, and the frames it yields.

A `Scene` starts from a public view (or from nothing, for a replay) and follows the events of
the engine. Every picture-worthy step gives a `Frame`: an immutable snapshot with everything a
picture needs. A placement gives a "placed" frame; when it explodes, an "exploded" frame marks
the cards leaving and a "fell" frame shows the grid after gravity; a chain repeats the pair.

Only public events are read, so a frame can never hold a card from a hand or a face-down card.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from engine.pop.cards import SYMBOLS
from engine.pop.events import (
    CHIEF,
    CardDrawn,
    ChiefKept,
    ChiefTookCards,
    Collected,
    Event,
    Exploded,
    Fell,
    Placed,
    Revealed,
    SetEnded,
    SetStarted,
    TurnEnded,
    TurnStarted,
)
from engine.pop.game import settle
from engine.pop.modes import MODES
from engine.pop.view import TableView

Grid = tuple[tuple[int, ...], ...]
Cell = tuple[int, int]  # (column, absolute row)


@dataclass(frozen=True)
class Frame:
    """One picture of the board: what to draw, already decided."""

    kind: str  # "placed", "exploded", "fell" or "board"
    mode: str
    columns: Grid  # A..E, top to bottom
    queues: tuple[int, ...]  # absolute row of each Queue card
    top_row: int  # first absolute row drawn
    bottom_row: int  # last absolute row drawn (Queue cards included)
    set_number: int
    sets_total: int
    turn_number: int
    turns_total: int | None  # None in solo and Enigma
    seats: tuple[str, ...]
    names: tuple[str, ...]  # display names, in seat order
    symbols: tuple[int, ...]  # explosion symbols collected this set, in seat order
    has_chief: bool
    chief_face_up: tuple[int, ...]
    chief_pile: tuple[int, ...]  # exploded by the Chief, waiting beside it
    chief_face_down: int = 0  # how many face-down cards the Chief holds (never which)
    incoming: tuple[tuple[int, str], ...] = ()  # the turn's (card, owner) per column, revealed
    placed_columns: tuple[int, ...] = ()  # columns that received their card this turn
    descending: bool = False  # placed E..A (3+ arrows)
    arrows: int = 0
    highlight: Cell | None = None  # the card just placed
    placed_card: int | None = None
    owner: str | None = None  # who owns the placement being resolved
    marked: tuple[Cell, ...] = ()  # exploding cards (kind "exploded")
    marked_cards: tuple[int, ...] = ()
    depth: int = 0  # 0: the placed card's explosion; 1+: the chain
    step: int = 0  # picture number within the turn, from 1 (0 for a board frame)
    pending: tuple[int, ...] = ()  # columns whose revealed card is not placed yet
    moved: tuple[Cell, ...] = ()  # kind "fell": where the cards that fell are now
    vacated: tuple[tuple[Cell, int], ...] = ()  # kind "fell": (cell, card) a card fell from
    gains: tuple[tuple[str, int], ...] = ()  # (seat, symbols) this step credited
    from_chief: tuple[int, ...] = ()  # the Chief's waiting cards a seat took at this step
    chief_gets: tuple[int, ...] = ()  # the Chief's own explosion: it waits (or is lost)
    chief_loses: bool = False  # Trick: the Chief's explosions are lost
    game_over: bool = False  # co-op: this explosion ended the game
    past_totals: tuple[int, ...] = ()  # per seat: the scores of the sets already over
    hand_sizes: tuple[int, ...] | None = None  # per seat, when known (solo and Enigma)
    pile_size: int | None = None  # the draw pile, when known
    puzzle: str | None = None  # Enigma: the puzzle's id, when known

    def name_of(self, seat: str) -> str:
        if seat in self.seats:
            return self.names[self.seats.index(seat)]
        return seat

    def card_at(self, column: int, row: int) -> int:
        col = self.columns[column]
        j = row - self.queues[column] + len(col)
        return col[j] if 0 <= j < len(col) else 0


def _credited_so_far(scene: Scene) -> tuple[dict[str, int], tuple[int, ...]]:
    """Each seat's symbols and the Chief's waiting cards, the cards gone so far in the
    placement being resolved credited to its owner as the engine's `settle` credits them."""
    symbols = {s: sum(SYMBOLS[c] for c in scene.collected.get(s, ())) for s in scene.seats}
    pile = scene.chief_pile
    owner = scene.owner
    if scene.fallen and owner is not None and (owner == CHIEF or owner in symbols):
        got, waiting, _ = settle(scene.spec, owner, list(scene.fallen), list(pile))
        pile = tuple(waiting)
        if owner in symbols:
            symbols[owner] += sum(SYMBOLS[c] for c in got)
    return symbols, pile


def fall(
    columns: Grid, queues: tuple[int, ...], gone: Iterable[Cell]
) -> tuple[tuple[Cell, ...], tuple[tuple[Cell, int], ...]]:
    """What gravity does to the grid once the `gone` cells exploded (§3.2): the cells the
    cards that fell land in, and (cell, card) for each cell a falling card leaves empty."""
    gone = set(gone)
    moved: list[Cell] = []
    vacated: list[tuple[Cell, int]] = []
    for c, (col, q) in enumerate(zip(columns, queues, strict=True)):
        top = q - len(col)
        left = len(col) - sum(1 for g in gone if g[0] == c and top <= g[1] < q)
        for j, card in enumerate(col):
            row = top + j
            drop = sum(1 for r in range(row + 1, q) if (c, r) in gone)
            if (c, row) in gone or not drop:
                continue
            moved.append((c, row + drop))
            if row < q - left:  # nothing lands where it was
                vacated.append(((c, row), card))
    return tuple(moved), tuple(vacated)


def _window(columns: Grid, queues: tuple[int, ...], pending: Iterable[int] = ()) -> tuple[int, int]:
    """The rows worth drawing: from the highest card to the lowest Queue card, one row lower
    under a column that still gets a card this turn (placing pushes its Queue card down)."""
    waiting = set(pending)
    top = min(q - len(c) for q, c in zip(queues, columns, strict=True))
    return top, max(q + (c in waiting) for c, q in enumerate(queues))


class Scene:
    """What is on the table, as the pictures show it. Feed it events with `apply`."""

    def __init__(
        self,
        mode: str,
        seats: Iterable[str],
        *,
        names: dict[str, str] | None = None,
        sets_total: int = 1,
        puzzle: str | None = None,
    ) -> None:
        self.mode = mode
        self.puzzle = puzzle
        self.spec = MODES[mode]
        self.seats = tuple(seats)
        names = names or {}
        self.names = tuple(str(names.get(s, s)) for s in self.seats)
        self.sets_total = sets_total
        self.turns_total = self.spec.turns_per_set
        self.has_chief = self.spec.has_chief(len(self.seats))
        self.set_number = 0
        self.turn_number = 0
        self.columns: Grid = ((), (), (), (), ())
        self.queues: tuple[int, ...] = (0, 0, 0, 0, 0)
        self.collected: dict[str, list[int]] = {s: [] for s in self.seats}
        self.chief_face_up: tuple[int, ...] = ()
        self.chief_face_down = 0
        self.chief_pile: tuple[int, ...] = ()
        self.past: dict[str, int] = {s: 0 for s in self.seats}
        self.hand_sizes: dict[str, int] | None = None
        self.pile_size: int | None = None
        self.game_over = False
        self._new_turn()

    @classmethod
    def from_view(
        cls, view: TableView, names: dict[str, str] | None = None, puzzle: str | None = None
    ) -> Scene:
        """The scene of a public view (a seat's own hand, if any, is not looked at)."""
        scene = cls(view.mode, view.seats, names=names, sets_total=view.sets_total, puzzle=puzzle)
        scene.set_number = view.set_number
        scene.turn_number = view.turn_number
        scene.columns = tuple(map(tuple, view.columns))
        scene.queues = tuple(view.queues)
        scene.collected = {s: list(view.collected.get(s, ())) for s in scene.seats}
        scene.chief_face_up = tuple(view.chief_face_up)
        scene.chief_face_down = view.chief_face_down_count
        scene.chief_pile = tuple(view.chief_pile)
        for scores in view.set_scores:
            for s in scene.seats:
                scene.past[s] += scores.get(s, 0)
        scene.hand_sizes = dict(view.hand_sizes)
        scene.pile_size = view.draw_pile_size
        return scene

    def _new_turn(self) -> None:
        self.incoming: tuple[tuple[int, str], ...] = ()
        self.placed_columns: list[int] = []
        self.descending = False
        self.arrows = 0
        self.highlight: Cell | None = None
        self.placed_card: int | None = None
        self.owner: str | None = None
        self.exploding: tuple[int, ...] = ()
        self.fallen: list[int] = []  # exploded (and fallen) in the placement being resolved
        self.step = 0
        self.game_over = False

    # --- Events -----------------------------------------------------------------------------

    def apply(self, event: Event) -> Frame | None:
        """Follow one engine event; returns the frame to draw when the event is a step."""
        if isinstance(event, Placed):
            return self._placed(event)
        if isinstance(event, Exploded):
            return self._exploded(event)
        if isinstance(event, Fell):
            return self._fell(event)
        self._follow_cards(event)
        self._follow_turns(event)
        return None

    def _placed(self, event: Placed) -> Frame:
        """A card placed: a step, the card ringed."""
        self.columns, self.queues = event.grid, event.queues
        self.placed_columns.append(event.column)
        self.highlight = (event.column, event.row)
        self.placed_card, self.owner = event.card, event.owner
        self.fallen = []
        self.credited = 0
        return self._step("placed")

    def _exploded(self, event: Exploded) -> Frame:
        """Cards about to explode: a step, the cards marked."""
        self.columns, self.queues = event.grid, event.queues
        self.owner = event.owner
        self.exploding = event.cards
        self._gone = (self.columns, self.queues, event.positions)
        if self.spec.cooperative:  # any explosion ends a co-op game (rules §6)
            self.game_over = True
        return self._step(
            "exploded", marked=event.positions, marked_cards=event.cards, depth=event.depth
        )

    def _fell(self, event: Fell) -> Frame:
        """The grid after the fall: a step, the cards that fell marked where they land and
        where they were, with what the explosion earned and for whom."""
        columns, queues, gone = self._gone
        moved, vacated = fall(columns, queues, gone)
        top = min(q - len(c) for q, c in zip(queues, columns, strict=True))
        self.columns, self.queues = event.grid, event.queues
        first = not self.fallen
        self.fallen.extend(self.exploding)
        extra: dict[str, Any] = {"depth": self._depth, "moved": moved, "vacated": vacated}
        if self.owner == CHIEF:
            extra["chief_gets"] = self.exploding
            extra["chief_loses"] = self.spec.chief_loses_explosions
        elif self.owner in self.seats:
            got = self.fallen + list(self.chief_pile)  # a seat takes the waiting pile
            total = sum(SYMBOLS[c] for c in got)
            extra["gains"] = ((self.owner, total - self.credited),)
            self.credited = total
            if first and self.chief_pile:
                extra["from_chief"] = self.chief_pile
        self.exploding = ()
        frame = self._step("fell", **extra)
        return replace(frame, top_row=min(frame.top_row, top))  # where they fell from too

    def _follow_cards(self, event: Event) -> None:
        """Cards collected, kept by the Chief or drawn; a set's scores."""
        if isinstance(event, Collected):
            self.collected.setdefault(event.seat, []).extend(event.cards + event.from_chief)
            self.chief_pile = ()
            self.fallen = []
        elif isinstance(event, ChiefKept):
            if not event.lost:
                self.chief_pile = self.chief_pile + tuple(event.cards)
            self.fallen = []
        elif isinstance(event, CardDrawn):
            if self.hand_sizes is not None:
                self.hand_sizes[event.seat] = self.hand_sizes.get(event.seat, 0) + event.count
            if self.pile_size is not None:
                self.pile_size = max(0, self.pile_size - event.count)
        elif isinstance(event, SetEnded):
            for s in self.seats:
                self.past[s] += event.scores.get(s, 0)

    def _follow_turns(self, event: Event) -> None:
        """The reveal, the Chief's new cards, a turn's or a set's start and end."""
        if isinstance(event, Revealed):
            if self.hand_sizes is not None:
                for owner, cards in event.plays.items():
                    if owner in self.hand_sizes:
                        self.hand_sizes[owner] -= len(cards)
            self.incoming = tuple(event.columns)
            self.descending = event.descending
            self.arrows = event.arrows
            self.chief_face_up, self.chief_face_down = (), 0  # now among the revealed cards
        elif isinstance(event, ChiefTookCards):
            self.chief_face_up = tuple(event.face_up)
            self.chief_face_down = event.face_down_count
        elif isinstance(event, TurnStarted):
            self.set_number, self.turn_number = event.set_number, event.turn_number
            self.chief_face_up = ()
            self._new_turn()
        elif isinstance(event, TurnEnded):
            self.columns, self.queues = event.grid, event.queues
            self.collected = {s: list(event.collected.get(s, ())) for s in self.seats}
            self.chief_pile = tuple(event.chief_pile)
            self.highlight = None
        elif isinstance(event, SetStarted):
            self.set_number, self.turn_number = event.set_number, 0
            self.columns, self.queues = event.grid, event.queues
            self.collected = {s: [] for s in self.seats}
            self.chief_pile = ()
            self.chief_face_up = ()
            if event.set_number > 1:
                self.hand_sizes, self.pile_size = None, None
            self._new_turn()

    _depth = 0
    _gone: tuple[Grid, tuple[int, ...], tuple[Cell, ...]] = (((), (), (), (), ()), (0,) * 5, ())
    credited = 0  # symbols shown as earned so far by the placement being resolved

    def _step(self, kind: str, **extra: Any) -> Frame:
        if kind == "exploded":
            self._depth = extra["depth"]
        self.step += 1
        return self.frame(kind, **extra)

    # --- Frames --------------------------------------------------------------------------------

    def frame(self, kind: str = "board", **extra: Any) -> Frame:
        """The table as it stands. A fell frame already counts what the explosion earned: the
        engine's own `settle` credits the cards gone so far (the Collected or ChiefKept event
        that says so officially only comes once the placement's whole chain is resolved)."""
        symbols, pile = _credited_so_far(self)
        pending = (
            () if not self.incoming else tuple(c for c in range(5) if c not in self.placed_columns)
        )
        top, bottom = _window(self.columns, self.queues, () if self.game_over else pending)
        frame = Frame(
            kind=kind,
            mode=self.mode,
            columns=tuple(map(tuple, self.columns)),
            queues=tuple(self.queues),
            top_row=top,
            bottom_row=bottom,
            set_number=self.set_number,
            sets_total=self.sets_total,
            turn_number=self.turn_number,
            turns_total=self.turns_total,
            seats=self.seats,
            names=self.names,
            symbols=tuple(symbols[s] for s in self.seats),
            has_chief=self.has_chief,
            chief_face_up=self.chief_face_up,
            chief_pile=pile,
            chief_face_down=self.chief_face_down,
            incoming=self.incoming,
            placed_columns=tuple(self.placed_columns),
            descending=self.descending,
            arrows=self.arrows,
            owner=self.owner,
            placed_card=self.placed_card,
            step=self.step if kind != "board" else 0,
            pending=pending,
            game_over=self.game_over,
            past_totals=tuple(self.past[s] for s in self.seats),
            hand_sizes=(
                None
                if self.hand_sizes is None
                else tuple(self.hand_sizes.get(s, 0) for s in self.seats)
            ),
            pile_size=self.pile_size,
            puzzle=self.puzzle,
        )
        if kind == "placed":
            frame = replace(frame, highlight=self.highlight)
        if extra:
            frame = replace(frame, **extra)
        return frame
