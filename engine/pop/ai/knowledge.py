"""What one seat knows: the public facts of its view, the cards it cannot see, and samples of
what the others are about to play, drawn from those cards (fitting what teammates said)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from math import comb

from ..cards import ALL_CARDS, COLOUR, SYMBOLS
from ..events import CHIEF
from ..game import place_turn, placement_order, settle
from ..grid import NUM_COLUMNS
from ..modes import MODES
from ..view import TableView
from .talk import Signal, heard


class KnownTable:
    """The public facts of a view, in the plain lists the engine's fast functions take."""

    def __init__(self, view: TableView, signals: Iterable[Signal]) -> None:
        if view.seat is None:
            raise ValueError("an AI plays from a seat's own view")
        self.spec = MODES[view.mode]
        self.me: str = view.seat
        self.need = view.cards_to_choose
        self.hand = sorted(view.hand)
        self.cols = [list(c) for c in view.columns]
        self.queues = list(view.queues)
        self.face_up = list(view.chief_face_up)
        self.face_down = view.chief_face_down_count
        self.chief_pile = list(view.chief_pile)
        self.others = [s for s in view.seats if s != self.me]
        seen = set(self.hand).union(
            self.face_up, self.chief_pile, *self.cols, *view.collected.values()
        )
        # Sorted: the same public facts give the same list, whatever the hidden order.
        self.unseen = [c for c in ALL_CARDS if c not in seen]
        self.unknown = 0 if self.spec.alone else self.need * len(self.others) + self.face_down
        self.signals = heard(signals, self.me, self.others)

    def column_chances(self, card: int) -> list[float]:
        """P(card lands in column c): its rank among the 5 revealed cards, the other picks
        (and face-down Chief cards) drawn from the unseen cards without replacement."""
        known_below = sum(1 for c in self.face_up if c < card)
        m = 5 - 1 - len(self.face_up)
        u = len(self.unseen)
        b = sum(1 for c in self.unseen if c < card)
        chances = [0.0] * NUM_COLUMNS
        if m <= 0 or u < m:
            chances[min(known_below, 4)] = 1.0
            return chances
        total = comb(u, m)
        for k in range(m + 1):
            rank = known_below + k
            if rank < NUM_COLUMNS:
                chances[rank] += comb(b, k) * comb(u - b, m - k) / total
        return chances

    def outcome(
        self, placing: list[tuple[int, str]]
    ) -> tuple[dict[str, int], bool, list[list[int]]]:
        """Play one turn's sorted (card, owner) pairs on a copy of the grid: (symbols each seat
        collects, whether anything exploded, the grid after)."""
        cols = [c[:] for c in self.cols]
        queues = self.queues[:]
        gains: dict[str, int] = {}
        pile = self.chief_pile
        spec = self.spec
        exploded_any = False

        def on_explosion(owner: str, exploded: list[int]) -> None:
            nonlocal pile, exploded_any
            exploded_any = True
            got, pile, _ = settle(spec, owner, exploded, pile)
            if got:
                gains[owner] = gains.get(owner, 0) + sum([SYMBOLS[c] for c in got])

        _, order = placement_order(placing)
        place_turn(cols, queues, placing, order, spec, on_explosion)
        return gains, exploded_any, cols

    def utility(self, gains: dict[str, int], exploded_any: bool) -> float:
        """How good a turn's outcome is for this seat (higher is better)."""
        if self.spec.cooperative:
            return -1.0 if exploded_any else 0.0
        mine = gains.get(self.me, 0)
        others = sum(gains.get(s, 0) for s in self.others) / max(1, len(self.others))
        return others - mine if self.spec.scoring == "lowest" else mine - others

    def sample_unknown(self, rng: random.Random) -> list[tuple[int, str]]:
        """One determinization: the others' picks and the Chief's face-down cards."""
        if len(self.unseen) < self.unknown:  # cannot happen in a legal table; play safe
            return []
        chosen, free_seats = self._sample_signalled(rng)
        taken = {card for card, _ in chosen}
        pool = [c for c in self.unseen if c not in taken] if taken else self.unseen
        drawn = rng.sample(pool, len(free_seats) * self.need + self.face_down)
        i = 0
        for seat in free_seats:
            for _ in range(self.need):
                chosen.append((drawn[i], seat))
                i += 1
        for card in drawn[i:]:
            chosen.append((card, CHIEF))
        return chosen

    def _sample_signalled(self, rng: random.Random) -> tuple[list[tuple[int, str]], list[str]]:
        """Each signalling teammate's card, of its colour; and the seats left to deal."""
        chosen: list[tuple[int, str]] = []
        taken: set[int] = set()
        free_seats = []
        for seat in self.others:
            signal = self.signals.get(seat) if self.need == 1 else None
            matching = (
                [c for c in self.unseen if COLOUR[c] == signal[0] and c not in taken]
                if signal is not None
                else []
            )
            if not matching:
                free_seats.append(seat)
                continue
            card = matching[rng.randrange(len(matching))]
            taken.add(card)
            chosen.append((card, seat))
        return chosen, free_seats

    def signals_fit(self, placing: list[tuple[int, str]]) -> bool:
        """Do the sampled cards of signalling teammates land where they said they want them?"""
        for column, (_, owner) in enumerate(placing):
            signal = self.signals.get(owner)
            if signal is not None and signal[1] is not None and signal[1] != column:
                return False
        return True
