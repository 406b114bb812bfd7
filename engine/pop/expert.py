"""The `expert` Pop player: determinized search from a seat's `TableView` alone.

Competitive and Trick: the expert deals worlds that agree with its view (the cards it cannot
see shuffled into the other hands, the Chief's face-down cards and the draw pile; the same
worlds for every pick: common random numbers). In each world the other seats pick by a quick
rule (`quick.quick_pick`: the card least likely to explode where its number will probably
land), so it plays against the cards players actually play, not against any card at random.
Every pick is screened on this turn alone over many worlds (SCREEN turns laid out in all);
the screen's best are then searched a turn deeper (RACE: a round keeps the best picks so far
and searches them over more worlds; one round of 4 over 48 worlds): the next turn is dealt from
the world's pile, the others pick by the quick rule, and this seat answers with its best pick
for that world (among its quick rule's REPLY_WIDTH best cards): what the cards it keeps are
worth. A play-out is valued by its chance of winning (`playout.worth`): its margin (the best
other total minus its own in competitive, its own minus the best other in Trick, earlier sets
included) moved by about SPREAD points a turn still to play, later sets included; at the
game's very end the tie-break (the card left in hand, §6) counts. A pick is worth its expected
share of the win; the best wins. A one-set game is won or lost, not counted in points: ahead,
the expert plays safe; behind, it takes risks.

Tried (one-set games, two-seated, 400 against the outside Monte-Carlo player on the deals of
seed 9000, 2026-12-05; in brackets its score minus the other's, a set): the expected margin,
51 % (-0.6 points); the chance of winning instead, 59 % with SPREAD 6 (-0.6), 54 % with
SPREAD 4 (+0.7); the margin with a race of 8 picks over 32 worlds, 4 over 96 and 2 over 240
(2.5 times the work), 57 % (-2.1); the race and the chance of winning, 64 % (-2.1), but 55 %
on the bench's deals (58 % without it), and in Trick two-seated against hard 43 % of 300 games
(53 % without): the race is left out. Play-outs to the set's end by the quick rule played worse
(against hard, 100 games: 42 %, +1.7 points a set; this turn alone 52 %, -1.5; the answered
next turn 54 %, -2.8): the quick rule's noise over seven turns drowns the differences.

Co-op (`coop.plan_values`: hard's planner with a larger budget, reading the view's table talk,
§6) values a card by the team's expected safe turns, the turns already survived included; solo
(`solo.solo_values`) by the grid cards it expects to explode this turn and the next (a cleared
grid adds SOLO_WIN). Enigma, a private puzzle, has no expert (ValueError).

The work is a fixed number of worlds and searches, never a clock: the same view and seed give
the same pick on any machine.

Measured (`pop-bot bench ai --game pop --games 0 --trick-games 0 --solo-games 0 --coop-games 0
--vs-games 400 --jobs 1`'s matches, the same deals and seeds, one match a process, 2026-12-05, on
a machine at load 2-10 for 2 cores; one-set games, mirrored deals): two-seated it wins 58 % of
400 games against the outside Monte-Carlo player (53-62 %, 0.1 points a set above it; 53 %
before the chance of winning) and 53 % of 200 against hard (46-60 %, 2.0 points above: it
trades points for wins); three-seated 28 % of 150 against two hards (22-36 %, a fair share
33 %; 41 % of 150 on the deals of seed 9000, 34-49 %). Trick against hard: 50 % of 100 two-seated (40-60 %), 33 % of 90 three-seated (24-43 %).
Decisions in CPU time (what one quiet core takes): p50 46 ms, p95 63 ms, the slowest 94 ms two-
seated; p95 46 ms three-seated (wall clock at that load: p95 240-310 ms).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import chain
from typing import Literal

from ..protocol import Judged, Judgement
from .ai.coop import plan_values
from .ai.knowledge import KnownTable
from .ai.solo import solo_values
from .ai.talk import Signal
from .playout import Position, best_reply, deal_worlds, turn_only
from .view import TableView

SCREEN = 2400  # turns laid out to screen the picks (worlds × picks)
SCREEN_WORLDS = (40, 240)  # the fewest and most worlds of the screen
# The deeper search's race: (picks kept, worlds searched) a round; the screen's best picks first.
RACE: tuple[tuple[int, int], ...] = ((4, 48),)
REPLY_WIDTH = 5  # the next turn's replies: the picks of this seat's quick rule's best cards
COOP_EXPERT = (24, 3000, 300)  # planning samples, search nodes, "safe now?" samples
_SALT = 0x9E3779B97F4A7C15

Pick = tuple[int, ...]
Unit = Literal["points", "wins"]


def choose(view: TableView, seed: int, signals: Iterable[Signal] = ()) -> Pick:
    """The expert's pick for the seat whose view this is (co-op: the view's table talk, then
    `signals`, what a game played without a table says)."""
    return judge(view, seed, None, signals).best.move  # type: ignore[no-any-return]


def judge(
    view: TableView, seed: int, made: Sequence[int] | None = None, signals: Iterable[Signal] = ()
) -> Judgement:
    """Every pick the expert weighs (see the module's text): its share of the win in competitive
    and Trick, points in co-op and solo; and `made` too."""
    if view.seat is None or view.cards_to_choose == 0 or len(view.hand) < view.cards_to_choose:
        raise ValueError("the expert judges a seat that must pick cards")
    spec = view.spec
    if spec.one_turn:
        raise ValueError("Enigma is a private puzzle: the expert gives no hint there")
    asked = None if made is None else tuple(sorted(made))
    rnd = random.Random(seed ^ _SALT)
    unit: Unit = "points"
    if spec.alone:
        valued = solo_values(KnownTable(view, ()), rnd)
    elif spec.cooperative:
        valued = _coop_values(view, rnd, signals)
    else:
        valued, unit = _competitive_values(view, rnd, asked), "wins"
    return _judgement(unit, valued, asked, None if made is None else tuple(made))


def _judgement(
    unit: Unit, valued: list[tuple[Pick, float, bool]], made: Pick | None, as_given: Pick | None
) -> Judgement:
    """(pick, value, is a candidate) in the expert's order → its judgement: the best candidate
    (the first of the highest), the best other pick, and `made` (a share of the win is told
    between 0 and 1: the estimate of a pick may stray a little beyond)."""
    best_at = max(
        (k for k, (_, _, weighed) in enumerate(valued) if weighed),
        key=lambda k: (valued[k][1], -k),
    )
    if unit == "wins":
        valued = [(m, min(1.0, max(0.0, v)), w) for m, v, w in valued]
    best = Judged(valued[best_at][0], valued[best_at][1])
    others = [Judged(m, v) for k, (m, v, _) in enumerate(valued) if k != best_at]
    second = max(others, key=lambda j: j.value, default=None)
    if made is None:
        return Judgement(unit, best, second)
    found = next((v for m, v, _ in valued if m == made), None)
    if found is None:
        raise ValueError(f"{made!r} is not a pick of this seat")
    return Judgement(unit, best, second, Judged(as_given, found))


def _competitive_values(
    view: TableView, rnd: random.Random, made: Pick | None
) -> list[tuple[Pick, float, bool]]:
    """Each candidate's mean margin after this turn over many worlds, plus what the next turn
    adds (this seat answering it as well as it can) over the first DEEP_WORLDS; `made` too."""
    position = Position.of(view)
    picks = position.picks()
    if made is not None and made not in picks:
        raise ValueError(f"{made!r} is not a pick of this seat")
    low, high = SCREEN_WORLDS
    screened = max(low, min(high, SCREEN // len(picks)))
    worlds = deal_worlds(position, rnd, max(screened, RACE[-1][1]))
    screen = [_mean([turn_only(position, w, p) for w in worlds[:screened]]) for p in picks]
    later: dict[int, list[float]] = {}

    def deeper(k: int, count: int) -> float:
        done = later.setdefault(k, [])
        for w in worlds[len(done) : count]:
            done.append(best_reply(position, w, picks[k], REPLY_WIDTH))
        return screen[k] + _mean(done[:count])

    alive = sorted(range(len(picks)), key=lambda k: (-screen[k], k))
    value: dict[int, float] = {}  # each raced pick's value on the most worlds it met
    for keep, count in RACE:
        alive = alive[:keep]
        value.update((k, deeper(k, count)) for k in alive)
        alive.sort(key=lambda k: (-value[k], k))
    valued = [(picks[k], value[k], True) for k in sorted(alive)]
    if made is not None and all(m != made for m, _, _ in valued):
        k = picks.index(made)
        valued.append((made, value[k] if k in value else deeper(k, RACE[0][1]), False))
    return valued


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _coop_values(
    view: TableView, rnd: random.Random, signals: Iterable[Signal]
) -> list[tuple[Pick, float, bool]]:
    """Each card's expected safe turns for the team, the turns already survived included."""
    table = KnownTable(view, chain(view.talk, signals))
    samples, budget, now = COOP_EXPERT
    hand, values, best = plan_values(table, view, rnd, samples, budget, now)
    done = view.turn_number - 1
    valued: list[tuple[Pick, float, bool]] = [
        ((card,), done + value, True) for card, value in zip(hand, values, strict=True)
    ]
    at = hand.index(best)  # the planner's choice leads: it is first among equals
    return [valued[at]] + [v for k, v in enumerate(valued) if k != at]
