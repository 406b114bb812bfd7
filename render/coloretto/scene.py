"""What a Coloretto picture shows, worked out once for the picture and its alt text alike: the
round a step belongs to and its rows, and each collection in groups (every card counted once:
a joker in the group of the colour it counts as, never also as a card of its own).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.coloretto import cards as C
from engine.coloretto import events as ev
from engine.coloretto.view import TableView


class Row(NamedTuple):
    """A row as the picture shows it: its cards, its limit, who took it this round (None:
    open), or `discarded` (two players: the row nobody took when the round ended)."""

    cards: tuple[str, ...]
    limit: int
    taker: str | None
    discarded: bool = False


class Scene(NamedTuple):
    round_number: int
    rows: tuple[Row, ...]
    ended: bool  # the step ended its round: the rows as they were then, every one done


class Group(NamedTuple):
    """A collection's cards of one kind: a colour (with the jokers counted as it) or the +2
    cards; `count` the cards it counts (jokers included), `points` what it scores now."""

    card: str
    size: int
    jokers: tuple[str, ...]  # the kinds (joker, golden) of the jokers counted as `card`
    points: int


def scene(view: TableView, step: ev.Event | None) -> Scene:
    """The round a picture shows: the step's own (a take that ended round 5 is round 5's,
    though the table has moved on to round 6), with its rows."""
    number = getattr(step, "round_number", view.round_number)
    if number == view.round_number and not view.over:
        takers = {t.row: t.player for t in view.rounds[-1].takes} if view.rounds else {}
        rows = tuple(
            Row(cards, limit, takers.get(r + 1) if taken else None)
            for r, (cards, limit, taken) in enumerate(
                zip(view.rows, view.limits, view.taken, strict=True)
            )
        )
        return Scene(view.round_number, rows, False)
    log = view.rounds[number - 1]
    takes = {t.row: t for t in log.takes}
    rows = tuple(
        Row(tuple(takes[r].cards), limit, takes[r].player)
        if r in takes
        else Row(tuple(log.discarded), limit, None, True)
        for r, limit in enumerate(view.limits, 1)
    )
    return Scene(number, rows, True)


def groups(view: TableView, seat: str) -> list[Group]:
    """A seat's collection as the pictures show it: the plus colours, the minus colours (each
    with the jokers counted as it), then the +2 cards."""
    score, held = view.scores[seat], view.collections[seat]
    kinds = [C.GOLDEN] * held.get(C.GOLDEN, 0) + [C.JOKER] * held.get(C.JOKER, 0)
    as_colour: dict[str, list[str]] = {}
    for kind, colour in zip(kinds, score.jokers, strict=True):
        as_colour.setdefault(colour, []).append(kind)
    found = [
        Group(colour, held.get(colour, 0) + len(as_colour.get(colour, ())),
              tuple(as_colour.get(colour, ())), points)
        for colour, points in (*score.plus, *score.minus)
    ]  # fmt: skip
    if held.get(C.COTTON):
        found.append(Group(C.COTTON, held[C.COTTON], (), score.cotton))
    return found


def counted(found: Sequence[Group]) -> int:
    """How many cards the groups show: each card of the collection once."""
    return sum(g.size for g in found)
