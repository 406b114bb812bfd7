"""What the AI played is never credited to a person (`bot.tables.moves.MovePath._results`): a seat
whose person was away for the whole game keeps no result, one they left to the AI during it
is no win (as its rating places it last); the people who played keep theirs."""

from __future__ import annotations

from bot.games.pop.face import PopFace
from bot.tables.moves import MovePath
from engine.protocol import Outcome, SeatOutcome
from tests.factories import people, pop_table


def test_a_result_the_ai_played_is_never_credited_to_a_person():
    live = pop_table(people("ana", "ben", "cleo", "dan"), sets=1)
    table = live.table
    ben, cleo = table.seat("2"), table.seat("3")
    ben.ai = True  # Ben left during the game: the AI played his seat to the end
    cleo.ai, cleo.away_at_deal = True, True  # Cleo was gone before it was dealt
    outcome = Outcome(
        "competitive",
        (
            SeatOutcome("1", won=False, score=9),
            SeatOutcome("2", won=True, score=4),
            SeatOutcome("3", won=True, score=4),
            SeatOutcome("4", won=False, score=7),
        ),
    )
    results = MovePath._results(PopFace(), live, table, outcome)
    assert [(r.user_id, r.won, r.score) for r in results] == [
        (1, False, 9),
        (2, False, 4),  # the AI's win is not his
        (4, False, 7),
    ]
    assert table.status == "finished"
