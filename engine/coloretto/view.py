"""What anyone may see of a Coloretto table. Everything is public except the pile's order:
a view keeps only the pile's size and whether the last-round card has come. This is the one
place the pile is stripped (boardgame.io's playerView exists for the same reason)."""

from __future__ import annotations

from dataclasses import dataclass

from . import cards as C
from . import game
from .cards import Score
from .state import ColorettoState, RoundLog, TakeLog


@dataclass(frozen=True)
class TableView:
    players: tuple[str, ...]  # seat order
    expert: bool
    version: int
    round_number: int
    removed: tuple[str, ...]
    in_play: tuple[str, ...]  # colours in play, colour order
    limits: tuple[int, ...]  # per row
    rows: tuple[tuple[str, ...], ...]  # cards in placing order
    taken: tuple[bool, ...]  # per row, this round
    out: tuple[str, ...]  # players who took a row this round, in order
    turn: str | None  # None once the game is over
    drawn: str | None  # the card `turn` revealed and must place
    pile_size: int  # the last-round card included until it comes
    last_round: bool  # the last-round card has come
    over: bool
    collections: dict[str, dict[str, int]]  # name -> count, card order, no zeros
    scores: dict[str, Score]  # as they stand now (final once over)
    rounds: tuple[RoundLog, ...]  # every round so far: takes (with golden extras), discards
    discarded: tuple[str, ...]  # every card discarded so far (2 players)
    unseen: dict[str, int]  # cards not yet seen: the pile's content (not its order)
    seat: str | None = None  # whose view this is (None: anyone watching)

    @property
    def cards_before_last(self) -> int | None:
        """Cards above the last-round card (public: 15 lie under it), None once it has come."""
        return None if self.last_round else self.pile_size - 1 - C.UNDER_LAST

    def legal_moves(self) -> list[game.Move]:
        """The moves of the player to move, from the view alone."""
        if self.over:
            return []
        open_below = [
            r
            for r in range(len(self.rows))
            if not self.taken[r] and len(self.rows[r]) < self.limits[r]
        ]
        if self.drawn is not None:
            return [game.Place(r + 1) for r in open_below]
        moves: list[game.Move] = [game.Draw()] if self.pile_size and open_below else []
        return moves + [
            game.Take(r + 1) for r in range(len(self.rows)) if not self.taken[r] and self.rows[r]
        ]


def view(state: ColorettoState, seat: str | None = None) -> TableView:
    """The table as `seat` sees it (the same for everyone: only the pile's order is hidden)."""
    pile = state.deck[state.top :]
    unseen = {name: pile.count(name) for name in C.CARD_NAMES if name != C.LAST}
    return TableView(
        players=tuple(state.players),
        expert=state.expert,
        version=state.version,
        round_number=state.round_number,
        removed=tuple(state.removed),
        in_play=game.in_play(state),
        limits=game.limits(state),
        rows=tuple(tuple(r) for r in state.rows),
        taken=tuple(state.taken),
        out=tuple(state.out),
        turn=game.current_player(state),
        drawn=state.drawn,
        pile_size=len(pile),
        last_round=state.last_round,
        over=state.over,
        collections={
            p: {n: state.collections[p][n] for n in C.CARD_NAMES if state.collections[p].get(n)}
            for p in state.players
        },
        scores=game.scores(state),
        rounds=tuple(
            RoundLog(
                r.first,
                [TakeLog(t.player, t.row, list(t.cards), t.extra) for t in r.takes],
                list(r.discarded),
            )
            for r in state.rounds
        ),
        discarded=tuple(game.discarded_cards(state)),
        unseen={k: v for k, v in unseen.items() if v},
        seat=seat if seat in state.players else None,
    )
