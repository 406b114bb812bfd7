"""Levels against outside opponents, over mirrored deals, through the game protocol only.

A player is `player(view, seed) -> move`, and sees only `game.view(state, seat)`. A **match** puts
one player (the subject: an AI level) against copies of another (the opponent) at `seats` seats:
every deal is played `seats` times, the subject taking each seat in turn and the opponents the
others (a mirrored deal: the same board or pile with the seats rotated), so no seat or deal
favours either side. Per match: the subject's share of games won (a win shared by k seats
counts 1/k) with its 95 % Wilson interval, beside the fair share 1/seats; its mean margin (its
score minus the best other seat's) with a 95 % interval; and each side's decision times.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from .protocol import Game
from .stats import decision_ms, mean_ci95, rate

Player = Callable[[Any, int], Any]


def play_game(
    game: Game[Any, Any, Any, Any],
    options: Any,
    players: Sequence[Player],
    seed: int,
    move_seed: int,
) -> tuple[list[float], list[int], list[list[float]]]:
    """One game, seat i ("s{i}") played by players[i]: per seat its win share, its score, and
    its decision times (seconds)."""
    seats = [f"s{i}" for i in range(len(players))]
    state = game.start(options, seats, seed)
    times: list[list[float]] = [[] for _ in seats]
    step = 0
    while (outcome := game.outcome(state)) is None:
        (seat,) = game.to_act(state)
        i = seats.index(seat)
        began = time.perf_counter()
        move = players[i](game.view(state, seat), move_seed * 1000 + step)
        times[i].append(time.perf_counter() - began)
        state, _ = game.apply(state, seat, move)  # refuses an illegal move (RuleError)
        step += 1
    winners = outcome.winners
    shares = [1 / len(winners) if s in winners else 0.0 for s in seats]
    return shares, [outcome.of(s).score for s in seats], times


def rotations(
    game: Game[Any, Any, Any, Any],
    options: Any,
    subject: Player,
    opponent: Player,
    seats: int,
    deals: Sequence[int],
) -> tuple[list[float], list[float], list[float], list[float]]:
    """Every deal played once per seat the subject takes: (its win shares, its margins, its
    decision times, the opponents' decision times)."""
    wins: list[float] = []
    margins: list[float] = []
    mine: list[float] = []
    theirs: list[float] = []
    for deal in deals:
        for at in range(seats):
            players = [subject if i == at else opponent for i in range(seats)]
            shares, scores, times = play_game(game, options, players, deal, deal * seats + at)
            wins.append(shares[at])
            margins.append(scores[at] - max(s for i, s in enumerate(scores) if i != at))
            mine += times[at]
            theirs += [t for i, ts in enumerate(times) if i != at for t in ts]
    return wins, margins, mine, theirs


def report(
    subject: str,
    opponent: str,
    seats: int,
    wins: list[float],
    margins: list[float],
    times: dict[str, list[float]],
) -> dict[str, Any]:
    """One match as JSON."""
    mean, low, high = mean_ci95(margins)
    won = rate(wins)
    won["fair_share"] = round(1 / seats, 4)
    won["above_fair"] = won["ci95"][0] > 1 / seats
    return {
        "subject": subject,
        "opponent": opponent,
        "seats": seats,
        "deals": len(wins) // seats,
        "win": won,
        "mean_margin": round(mean, 2),
        "margin_ci95": [round(low, 2), round(high, 2)],
        "decision_ms": {
            "subject": decision_ms(times.get("subject", []), digits=3),
            "opponent": decision_ms(times.get("opponent", []), digits=3),
        },
    }
