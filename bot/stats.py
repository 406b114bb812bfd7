"""Stats: what a finished game adds to its players' records, and what /pop stats shows."""

from __future__ import annotations

from collections import Counter

from engine.pop.game import COOP_LEVELS, totals

from .table import EnigmaTry, Outcome, SeatResult, Table


def outcome_of(table: Table, day: str) -> Outcome:
    """The finished game at `table`, for the stats: one row per human seat."""
    state = table.game
    total = totals(state)
    result = state.result or {}
    rows = [
        SeatResult(
            user_id=seat.user_id, won=seat.id in state.winners, sets=len(state.set_scores),
            score=total[seat.id], level=result.get("level") if state.mode == "coop" else None,
            difficulty=state.difficulty if state.mode == "solo" else None)
        for seat in table.seats if seat.user_id is not None
    ]
    enigma = None
    if state.mode == "enigma" and rows:
        enigma = EnigmaTry(user_id=rows[0].user_id, puzzle_id=table.puzzle_id or "?",
                           day=table.daily or day, daily=table.daily is not None,
                           solved=bool(result.get("won")))
    return Outcome(table_id=table.id, game_no=table.games, guild_id=table.guild_id,
                   mode=state.mode, results=rows, enigma=enigma)


def summarise_player(rows: list[tuple], enigmas_solved: int) -> dict:
    """Games, wins, average set score (competitive and Trick), best cooperative level, solo
    wins per difficulty and Enigmas solved, from the player's pop_results rows."""
    games = len(rows)
    wins = sum(int(won) for _, won, *_ in rows)
    scored = [(sets, score) for mode, _, sets, score, _, _ in rows
              if mode in ("competitive", "trick")]
    sets = sum(s for s, _ in scored)
    levels = [level for mode, _, _, _, level, _ in rows if mode == "coop" and level]
    best = max(levels, key=COOP_LEVELS.index) if levels else None
    solo = Counter(int(d) for mode, won, _, _, _, d in rows if mode == "solo" and int(won) and d)
    return {
        "games": games, "wins": wins,
        "average_set_score": round(sum(s for _, s in scored) / sets, 1) if sets else None,
        "best_coop_level": best, "solo_wins": dict(sorted(solo.items())),
        "enigmas_solved": enigmas_solved,
    }
