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
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from .bench_kit import run_jobs
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
        seat = min(game.to_act(state))  # a simultaneous turn: one secret choice after another
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


Match = tuple[str, str, int]  # subject, opponent, seats
Chunk = tuple[str, str, int, range]  # a match's deals for one worker
ChunkResult = tuple[list[float], list[float], list[float], list[float]]
# hard and expert against each outside opponent, and expert against hard, at 2 and 3 seats
MATCHES: tuple[Match, ...] = (
    *(
        (level, opponent, seats)
        for seats in (2, 3)
        for opponent in ("mc", "greedy", "random")
        for level in ("expert", "hard")
    ),
    ("expert", "hard", 2),
    ("expert", "hard", 3),
)


def work(matches: Sequence[Match], games: int, seed: int, size: int = 10) -> list[Chunk]:
    """Every match's deals (about `games` games: deals × seats), `size` deals a job; each
    match deals from its own seeds, the same for every match at the same seat count."""
    jobs: list[Chunk] = []
    for subject, opponent, seats in matches:
        deals = -(-games // seats)
        base = seed + 1_000_000 * seats
        jobs += [
            (subject, opponent, seats, r)
            for r in (range(base, base + deals)[i : i + size] for i in range(0, deals, size))
        ]
    return jobs


def versus_report(
    matches: Sequence[Match], jobs: Sequence[Chunk], results: Sequence[ChunkResult]
) -> dict[str, Any]:
    """Every match's report, keyed "subject_vs_opponent_Nseats", and decision times per player."""
    wins: dict[Match, list[float]] = {m: [] for m in matches}
    margins: dict[Match, list[float]] = {m: [] for m in matches}
    sides: dict[Match, dict[str, list[float]]] = {
        m: {"subject": [], "opponent": []} for m in matches
    }
    by_player: dict[str, list[float]] = {}
    for (subject, opponent, seats, _), (won, margin, mine, theirs) in zip(
        jobs, results, strict=True
    ):
        key = (subject, opponent, seats)
        wins[key] += won
        margins[key] += margin
        sides[key]["subject"] += mine
        sides[key]["opponent"] += theirs
        by_player.setdefault(subject, []).extend(mine)
        by_player.setdefault(opponent, []).extend(theirs)
    return {
        "matches": {
            f"{s}_vs_{o}_{n}seats": report(s, o, n, wins[s, o, n], margins[s, o, n], sides[s, o, n])
            for s, o, n in matches
        },
        "decision_ms_by_player": {p: decision_ms(xs, digits=3) for p, xs in by_player.items()},
    }


def verdicts(matches: dict[str, Any]) -> dict[str, Any]:
    """The issue's targets, where the matches were played: expert wins at least 55 % against
    the Monte-Carlo player two-seated with its interval above 50 %; expert does better than
    hard against every opponent both met at the same seat count, and beats hard head to head."""
    out: dict[str, Any] = {}
    mc2 = matches.get("expert_vs_mc_2seats")
    if mc2:
        out["expert_beats_mc_2seats"] = bool(
            mc2["win"]["games"] and mc2["win"]["rate"] >= 0.55 and mc2["win"]["ci95"][0] > 0.5
        )
    better = {}
    for key, m in matches.items():
        if m["subject"] == "expert" and m["opponent"] != "hard":
            hard = matches.get(key.replace("expert_vs", "hard_vs", 1))
            if hard:
                played = m["win"]["games"] and hard["win"]["games"]  # else no rate to compare
                better[key] = bool(played) and m["win"]["rate"] > hard["win"]["rate"]
        elif m["subject"] == "expert":
            better[key] = bool(m["win"]["above_fair"])
    out["expert_better_than_hard"] = better
    return out


def player(
    game: Game[Any, Any, Any, Any],
    levels: Collection[str],
    opponents: Mapping[str, Player],
    name: str,
) -> Player:
    """An AI level of `game` (through the protocol) or an outside opponent, by name."""
    if name in levels:
        return lambda v, seed: game.ai_move(v, name, seed)
    return opponents[name]


def versus(
    chunk: Callable[[Chunk], ChunkResult],
    games: int,
    jobs: int,
    seed: int,
    matches: Sequence[Match] = MATCHES,
) -> dict[str, Any]:
    """A game's levels against outside opponents (`matches`), about `games` games a match;
    `chunk` plays one worker's deals (a module's function: it goes to the worker processes)."""
    chunks = work(matches, games, seed)
    section = versus_report(matches, chunks, run_jobs(chunk, chunks, jobs))
    section["targets"] = verdicts(section["matches"])
    return section
