"""The expert's search (competitive and Trick): worlds dealt from a seat's view, this turn laid
out in them, and the next turn answered, on plain lists and the engine's own `place`.

A world is one way the cards the seat cannot see may lie: every other hand, the Chief's
face-down cards and the draw pile (top first). It is dealt from the seat's unseen cards only
(the 50 minus its hand, the grid, the Chief's face-up card and pile, and every collected card);
cards left over are those the view cannot place (lost in Trick): they are out of play.

A play-out is valued by its `worth`: the chance that its margin ends as a win (a one-set game is
won or lost, not counted in points), so a seat ahead plays safe and a seat behind takes risks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from math import erf, sqrt

from .cards import ALL_CARDS, COLOUR, SYMBOLS
from .events import CHIEF
from .game import placement_order
from .grid import place
from .quick import quick_pick
from .view import TableView

# How far a turn moves a margin, in points (the standard deviation of the change; about 7 in
# quick-rule play-outs of two seats, 5 of three): what makes a lead safe.
SPREAD = 6.0


def worth(margin: float, turns: int) -> float:
    """A margin's worth with `turns` still to play: the chance that it ends as a win, each turn
    moving it by about SPREAD points (a tie counts half, unless the game ends now: `margin`
    then holds the tie-break's half point)."""
    if turns <= 0:
        return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    return 0.5 + 0.5 * erf(margin / (SPREAD * sqrt(2 * turns)))


@dataclass(frozen=True)
class Position:
    """What a seat's view says, in the plain facts the play-outs need."""

    me: str
    seats: tuple[str, ...]
    hand: tuple[int, ...]
    need: int
    cols: tuple[tuple[int, ...], ...]
    queues: tuple[int, ...]
    face_up: tuple[int, ...]
    face_down: int
    chief_pile: tuple[int, ...]
    hand_sizes: tuple[int, ...]  # per seat, in seat order
    pile_size: int
    unseen: tuple[int, ...]
    scores: tuple[int, ...]  # per seat: earlier sets' totals and this set's symbols so far
    turns_left: int  # after this one
    later_turns: int  # the turns of the sets after this one
    variant: bool  # the two-player variant: each seat draws a card a turn
    chief_up: int
    chief_down: int
    lowest: bool  # competitive: the lowest total wins (Trick: the highest)
    chief_loses: bool  # Trick: what the Chief explodes is lost

    @classmethod
    def of(cls, view: TableView) -> Position:
        assert view.seat is not None
        spec = view.spec
        hand = tuple(sorted(view.hand))
        seen = set(hand).union(
            view.chief_face_up, view.chief_pile, *view.columns, *view.collected.values()
        )
        variant = view.cards_to_choose == 2
        up, down = spec.chief_cards(len(view.seats), variant)
        return cls(
            me=view.seat,
            seats=view.seats,
            hand=hand,
            need=view.cards_to_choose,
            cols=view.columns,
            queues=view.queues,
            face_up=view.chief_face_up,
            face_down=view.chief_face_down_count,
            chief_pile=view.chief_pile,
            hand_sizes=tuple(view.hand_sizes[s] for s in view.seats),
            pile_size=view.draw_pile_size,
            unseen=tuple(c for c in ALL_CARDS if c not in seen),
            scores=tuple(
                view.totals.get(s, 0) + sum(SYMBOLS[c] for c in view.collected.get(s, ()))
                for s in view.seats
            ),
            turns_left=(spec.turns_per_set or 0) - view.turn_number,
            later_turns=(spec.turns_per_set or 0) * (view.sets_total - view.set_number),
            variant=variant,
            chief_up=up,
            chief_down=down,
            lowest=spec.scoring == "lowest",
            chief_loses=spec.chief_loses_explosions,
        )

    def picks(self) -> list[tuple[int, ...]]:
        return list(combinations(self.hand, self.need))


@dataclass(frozen=True)
class World:
    """One deal of the unseen cards, and the seed of its play-outs (common to every pick)."""

    hands: tuple[tuple[int, ...], ...]  # per seat (this seat's own hand at its place)
    face_down: tuple[int, ...]
    pile: tuple[int, ...]
    seed: int
    others_now: tuple[tuple[int, int], ...] = ()  # the others' quick picks now: (card, seat)


def deal_worlds(position: Position, rnd: random.Random, count: int) -> list[World]:
    """`count` worlds agreeing with the view, drawn from `rnd`."""
    me = position.seats.index(position.me)
    worlds = []
    for _ in range(count):
        cards = list(position.unseen)
        rnd.shuffle(cards)
        hands: list[tuple[int, ...]] = []
        at = 0
        for i, size in enumerate(position.hand_sizes):
            if i == me:
                hands.append(position.hand)
                continue
            hands.append(tuple(cards[at : at + size]))
            at += size
        down = tuple(cards[at : at + position.face_down])
        at += position.face_down
        pile = tuple(cards[at : at + position.pile_size])
        seed = rnd.getrandbits(48)
        bottom = [COLOUR[c[-1]] if c else -1 for c in position.cols]
        stake = sum(SYMBOLS[c] for c in position.chief_pile)
        quick = random.Random(seed ^ 1)
        now = tuple(
            (card, i)
            for i, hand in enumerate(hands)
            if i != me
            for card in quick_pick(
                list(hand), position.need, bottom, position.face_up, stake, position.lowest, quick
            )
        )
        worlds.append(World(tuple(hands), down, pile, seed, now))
    return worlds


class _Table:
    """A world being played: the grid, hands, pile, Chief's pile and scores, as plain lists."""

    def __init__(self, position: Position, world: World) -> None:
        self.p = position
        self.cols = [list(c) for c in position.cols]
        self.queues = list(position.queues)
        self.hands = [list(h) for h in world.hands]
        self.pile = list(world.pile)
        self.chief = sum(SYMBOLS[c] for c in position.chief_pile)
        self.scores = list(position.scores)
        self.seed = world.seed

    @cached_property
    def rnd(self) -> random.Random:
        """The play-out's own randomness, seeded by the world (made when first needed)."""
        return random.Random(self.seed)

    def resolve(self, placing: list[tuple[int, int]]) -> None:
        """Place a turn's (card, owner index; -1 the Chief) pairs and score them (§4-§5)."""
        placing.sort()
        _, order = placement_order(placing)  # type: ignore[arg-type]
        cols, queues, scores = self.cols, self.queues, self.scores
        for column in order:
            card, owner = placing[column]
            exploded = place(cols, queues, column, card, CHIEF)
            if not exploded:
                continue
            got = 0
            for c in exploded:
                got += SYMBOLS[c]
            if owner < 0:
                if not self.p.chief_loses:
                    self.chief += got
            else:
                scores[owner] += got + self.chief
                self.chief = 0

    def bottom(self) -> list[int]:
        return [COLOUR[c[-1]] if c else -1 for c in self.cols]

    def picks(self, face_up: tuple[int, ...], skip: int) -> list[tuple[int, int]]:
        """Every seat's quick pick but `skip`'s, as (card, seat index) pairs; hands shrink."""
        bottom = self.bottom()
        out = []
        p = self.p
        for i, hand in enumerate(self.hands):
            if i == skip:
                continue
            for card in quick_pick(hand, p.need, bottom, face_up, self.chief, p.lowest, self.rnd):
                hand.remove(card)
                out.append((card, i))
        return out

    def deal_next(self) -> list[int]:
        """A later turn's opening: the two-player variant's draws; the Chief's cards (face up
        first), taken from the pile."""
        p, pile = self.p, self.pile
        if p.variant:
            for hand in self.hands:
                if pile:
                    hand.append(pile.pop(0))
        chief = pile[: p.chief_up + p.chief_down]
        del pile[: p.chief_up + p.chief_down]
        return chief

    def margin(self, played: tuple[int, ...] = ()) -> float:
        """This seat's final margin: the best other total minus its own (Trick: the reverse).
        A tie at the game's very end is broken by the card left in hand (§6: the fewest
        symbols wins): half a point either way; `played` is what this seat's hand still holds
        but has just played."""
        me = self.p.seats.index(self.p.me)
        mine = self.scores[me]
        others = [s for i, s in enumerate(self.scores) if i != me]
        margin = float(min(others) - mine if self.p.lowest else mine - max(others))
        if margin or self.p.turns_left + self.p.later_turns > len(played) // self.p.need:
            return margin
        tied = [h for i, h in enumerate(self.hands) if i != me and self.scores[i] == mine]
        left = [sum(SYMBOLS[c] for c in h) for h in tied]
        held = sum(SYMBOLS[c] for c in self.hands[me] if c not in played)
        return 0.5 if held < min(left) else -0.5 if held > min(left) else 0.0


def _first_turn(position: Position, world: World, pick: tuple[int, ...]) -> _Table:
    """A world's table after this turn, this seat playing `pick`, the others their quick picks."""
    table = _Table(position, world)
    me = position.seats.index(position.me)
    for card, i in world.others_now:
        table.hands[i].remove(card)
    for card in pick:
        table.hands[me].remove(card)
    placing = list(world.others_now) + [(c, me) for c in pick]
    chief = [(c, -1) for c in position.face_up + world.face_down]
    table.resolve(placing + chief)
    return table


def turn_only(position: Position, world: World, pick: tuple[int, ...]) -> float:
    """The worth after this turn alone (the screen of many picks)."""
    p = position
    return worth(_first_turn(p, world, pick).margin(), p.turns_left + p.later_turns)


def best_reply(position: Position, world: World, pick: tuple[int, ...], width: int) -> float:
    """What the next turn adds to the worth when this seat then plays its best pick for that
    world (among the picks of its `width` best cards by the quick rule), the others their quick
    picks: how well the cards it keeps can answer the next turn."""
    p = position
    if p.turns_left <= 0:
        return 0.0
    table = _first_turn(p, world, pick)
    after = p.turns_left - 1 + p.later_turns
    now = worth(table.margin(), after + 1)
    me = p.seats.index(p.me)
    chief = table.deal_next()
    face_up = tuple(chief[: p.chief_up])
    fixed = table.picks(face_up, me) + [(c, -1) for c in chief]
    mine = table.hands[me]
    if len(mine) > width:
        mine = quick_pick(mine, width, table.bottom(), face_up, table.chief, p.lowest, table.rnd)
    cols, queues, scores, waiting = table.cols, table.queues, table.scores, table.chief
    best = float("-inf")
    for reply in combinations(sorted(mine), p.need):
        table.cols = [c[:] for c in cols]
        table.queues = queues[:]
        table.scores = scores[:]
        table.chief = waiting
        table.resolve(fixed + [(c, me) for c in reply])
        best = max(best, worth(table.margin(reply), after))
    return best - now
