"""Tournaments in the database (migration 013), on SQLite and on PostgreSQL alike: a
tournament is kept whole (its players, rounds and games) and found again by a restart; each
table a round opens is written with its place in the round, in the table's own insert, and a
second table for the same place is refused with nothing written (a round opened again after
a restart opens only the tables it lacks)."""

from __future__ import annotations

import pytest

from bot.model.table import TournamentTable
from bot.model.tournament_state import Game, Round, Tournament
from tests import factories


def a_tournament(**fields) -> Tournament:
    made = {"guild_id": 10, "channel_id": 20, "host_id": 1, "game": "coloretto"}
    made |= {"mode": "standard", "rounds": 3, "timer": 120, "seats": 3, "smallest": 3}
    return Tournament.model_validate(made | fields)


async def test_a_tournament_is_kept_whole_and_found_again(store):
    kept = await store.insert_tournament(a_tournament(players=[5, 6, 7]))
    other = await store.insert_tournament(a_tournament(channel_id=21))
    kept.stage = "playing"
    kept.seated.append(Round(tables=[[5, 6, 0]], byes=[7]))
    kept.games.append(Game(round_no=1, table_no=0, seats=[5, 6, 0], places=[2, 1, 3]))
    await store.save_tournament(kept)
    assert await store.tournament(kept.id) == kept
    assert [t.id for t in await store.tournaments_running()] == [kept.id, other.id]
    assert [t.id for t in await store.tournaments_running(20)] == [kept.id]
    other.stage = "ended"
    await store.save_tournament(other)
    assert [t.id for t in await store.tournaments_running()] == [kept.id]


async def test_a_rounds_table_is_written_with_its_place_once(store):
    number = (await store.insert_tournament(a_tournament())).id
    place = TournamentTable(id=number, round_no=1, table_no=0)
    first = factories.a_table("coloretto", tournament=place)
    await store.insert_table(first)
    assert await store.round_tables(number, 1) == {0: first.id}
    # the key: one table a place of a round (SQLite's and PostgreSQL's words for it)
    with pytest.raises(Exception, match=r"(?i)unique|duplicate"):
        await store.insert_table(factories.a_table("coloretto", tournament=place))
    assert await store.round_tables(number, 1) == {0: first.id}
    rows = await store.fetch("SELECT COUNT(*) FROM game_tables")
    assert int(rows[0][0]) == 1  # nothing of the refused table was written
    assert await store.round_tables(number, 2) == {}


async def test_the_tournaments_a_person_played_are_found_for_their_history(store):
    """Ended tournaments of the server the person was seated in, the newest first, of the game
    asked; none that they left before it began, that still runs, or of another server."""

    async def held(stage="ended", seated=True, **fields):
        made = await store.insert_tournament(a_tournament(players=[5, 6], **fields))
        made.stage = stage
        if seated:
            made.seated.append(Round(tables=[[5, 6]]))
        await store.save_tournament(made)
        return made.id

    first = await held()
    await held(seated=False)  # stopped during its sign-up: nobody played
    await held(stage="playing")
    await held(guild_id=11)
    other_game = await held(game="colorpop", mode="duel")
    latest = await held()
    assert [t.id for t in await store.tournaments_played(10, 5)] == [latest, other_game, first]
    assert [t.id for t in await store.tournaments_played(10, 5, "coloretto")] == [latest, first]
    assert await store.tournaments_played(10, 7) == []
