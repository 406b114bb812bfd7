"""Migration 003 carries the Pop-only tables of schema 001–002 over, proven on real old data.

tests/storage/legacy/pop-0.2.sqlite3 was written by the OLD bot (commit ecd1c0b) playing through
the emulator (build_legacy_databases.py there says how and what each table is). Each test opens
a copy with today's store, which migrates it to 003, on SQLite and — the same rows copied into a
PostgreSQL schema made by migrations 001–002 — on PostgreSQL.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

import bot.games  # every game registers its rating rule: migration 004 rates stored games
import bot.storage.store
from bot.model.fair import game_seed
from bot.storage.sqlite import Store
from engine.pop.adapter import POP, PopOptions
from render.pop.pictures import step_frames
from tests.factories import a_table

LEGACY = Path(__file__).parent / "legacy" / "pop-0.2.sqlite3"
EVERY_MIGRATION = bot.storage.store.migrations()
OLD_TABLES = ("pop_tables", "pop_actions", "pop_results", "pop_enigma_tries")
FINISHED, ENIGMA, COOP, LOBBY, MID_TURN, MID_REVEAL = range(1, 7)


def old_rows() -> dict[str, tuple[list[str], list[tuple]]]:
    """Every row of the old tables: {table: (columns, rows)}."""
    with sqlite3.connect(LEGACY) as db:
        out = {}
        for name in OLD_TABLES:
            cursor = db.execute(f"SELECT * FROM {name}")
            out[name] = ([c[0] for c in cursor.description], cursor.fetchall())
        return out


def old_tables() -> dict[int, dict]:
    columns, rows = old_rows()["pop_tables"]
    return {row[0]: json.loads(row[columns.index("data")]) for row in rows}


@pytest.fixture
def pg_target(backend, request) -> tuple[str, str] | None:
    """(url, schema) of a fresh PostgreSQL schema for the PostgreSQL cases (a sync fixture, as
    `make_store`: the session's reachability check runs outside the event loop)."""
    return request.getfixturevalue("pg_schema") if backend == "postgresql" else None


@pytest.fixture
async def carried(backend, pg_target, tmp_path, monkeypatch):
    """A store opened on the old data: migration 003 ran on it, then 004 (the ratings; the
    later migrations are not this file's subject)."""
    every = [m for m in bot.storage.store.migrations() if m[0] <= 4]
    monkeypatch.setattr("bot.storage.store.migrations", lambda: every)
    if pg_target is None:
        path = tmp_path / "pop.sqlite3"
        shutil.copy(LEGACY, path)
        store = Store(str(path))
        await store.open(migrate=False)
        assert await store.pending() == [3, 4]
    else:
        url, schema = pg_target
        from bot.storage.postgres import PostgresStore

        store = PostgresStore(url, schema=schema)
        await store.open(migrate=False)
        monkeypatch.setattr("bot.storage.store.migrations", lambda: [m for m in every if m[0] < 3])
        assert await store.migrate() == [1, 2]  # schema 001–002, as the old bot made it
        monkeypatch.setattr("bot.storage.store.migrations", lambda: every)
        async with store.transaction() as tx:
            for name, (columns, rows) in old_rows().items():
                marks = ", ".join("?" for _ in columns)
                for row in rows:
                    await tx.execute(
                        f"INSERT INTO {name} ({', '.join(columns)}) VALUES ({marks})", *row
                    )
            await tx.execute(
                "SELECT setval(pg_get_serial_sequence('pop_tables', 'id'),"
                " (SELECT MAX(id) FROM pop_tables))"
            )
    assert await store.migrate() == [3, 4]
    yield store
    await store.close()


async def test_every_table_is_carried_over_with_its_seats_and_options(carried):
    old = old_tables()
    assert sorted(old) == [FINISHED, ENIGMA, COOP, LOBBY, MID_TURN, MID_REVEAL]
    for table_id, before in old.items():
        table, _state = await carried.load(table_id)
        assert table.game == "pop"
        assert table.id == table_id
        assert (table.status, table.version, table.epoch, table.games) == (
            before["status"],
            before["version"],
            before["epoch"],
            before["games"],
        )
        assert (table.guild_id, table.channel_id, table.thread_id, table.host_id) == (
            before["guild_id"],
            before["channel_id"],
            before["thread_id"],
            before["host_id"],
        )
        assert [(s.id, s.user_id, s.name, s.ai) for s in table.seats] == [
            (s["id"], s["user_id"], s["name"], s["ai"]) for s in before["seats"]
        ]
        # The private hand message (its interaction token) stays usable after the move.
        assert [s.private.token if s.private else None for s in table.seats] == [
            s["hand"]["token"] if s["hand"] else None for s in before["seats"]
        ]
        # The table's own settings and the game's options, split.
        options = before["options"]
        assert table.settings.model_dump() == {
            **{k: options[k] for k in ("turn_timer", "ai_level", "language")},
            "hints": False,  # older than hints: off
        }
        assert PopOptions.model_validate(table.options) == PopOptions(
            mode=options["mode"],
            sets=options["sets"],
            difficulty=options["difficulty"],
            two_player_variant=options["two_player_variant"],
            puzzle_id=before["puzzle_id"],
        )
        assert (table.lobby_message_id, table.turn_message_id, table.private) == (
            before["lobby_message_id"],
            before["turn_message_id"],
            before["private"],
        )
    coop, _ = await carried.load(COOP)
    assert coop.face["signals"] == old[COOP]["signals"] != []
    assert (await carried.load(LOBBY))[1] is None  # a lobby has no game yet
    # New tables take ids after the carried ones.
    assert await carried.insert_table(a_table("pop")) == MID_REVEAL + 1


async def test_states_load_and_the_moves_replay_from_the_seed_to_them(carried):
    old = old_tables()
    for table_id in (FINISHED, ENIGMA, COOP, MID_TURN, MID_REVEAL):
        table, state = await carried.load(table_id)
        assert state is not None
        loaded = POP.load_state(state)
        assert json.loads(state) == old[table_id]["game"]  # carried over as it was
        # A state from before table talk was kept loads with no talk said this turn (and,
        # with none said, is dumped as it was).
        assert loaded.talk == []
        assert json.loads(POP.dump_state(loaded)) == old[table_id]["game"]
        moves = await carried.moves(table_id, table.games)
        assert table.moves == len(moves) > 0
        replay = POP.start(
            PopOptions.model_validate(table.options), [s.id for s in table.seats], game_seed(table)
        )
        for seat, move in moves:
            replay, _events = POP.apply(replay, seat, POP.load_move(move))
        assert POP.dump_state(replay) == POP.dump_state(loaded), table_id
        # Who moved is kept: each pick here was a person's own (no AI, no timer).
        movers = await carried.fetch(
            "SELECT seat, user_id FROM game_moves WHERE table_id = ? ORDER BY seq", table_id
        )
        assert movers == [(seat, int(seat)) for seat, _ in moves]
    # Mid-turn: one seat has picked, the others are still to act.
    table, state = await carried.load(MID_TURN)
    to_act = POP.to_act(POP.load_state(state))
    assert 0 < len(to_act) < len(table.seats)


async def test_the_delivery_points_at_the_reveal_still_being_posted(carried, monkeypatch):
    old = old_tables()
    reveal = old[MID_REVEAL]["reveals"][0]
    table, _state = await carried.load(MID_REVEAL)
    progress = await carried.delivery(MID_REVEAL)
    assert (progress.game_no, progress.step, progress.idle) == (
        table.games,
        reveal["posted"],
        False,
    )
    moves = await carried.moves(MID_REVEAL, table.games)
    assert moves[progress.seq - 1] == (reveal["seat"], reveal["cards"])
    # The state before that move is the old reveal's `before`, and some of its pictures wait.
    before = POP.start(
        PopOptions.model_validate(table.options), [s.id for s in table.seats], game_seed(table)
    )
    for seat, move in moves[: progress.seq - 1]:
        before, _ = POP.apply(before, seat, POP.load_move(move))
    assert json.loads(POP.dump_state(before)) == reveal["before"]
    _after, events = POP.apply(before, reveal["seat"], tuple(reveal["cards"]))
    assert 0 < progress.step < len(step_frames(POP.view(before, None), events, table.names()))
    # The table is resumed after a restart (which applies the later migrations first: the
    # tables stored before 007 all count as owing work); every other table's outbox is idle.
    monkeypatch.setattr("bot.storage.store.migrations", lambda: EVERY_MIGRATION)
    assert 7 in await carried.migrate()
    resumed = {t.id for t, _ in await carried.tables_to_resume()}
    assert resumed == {COOP, LOBBY, MID_TURN, MID_REVEAL}
    for table_id in (FINISHED, ENIGMA, COOP, LOBBY, MID_TURN):
        assert (await carried.delivery(table_id)).idle


async def test_results_become_game_results_rows(carried):
    rows = old_rows()
    columns, results = rows["pop_results"]
    old = [dict(zip(columns, r, strict=True)) for r in results]
    guild = old[0]["guild_id"]
    for r in old:
        if r["mode"] == "enigma":
            continue
        mine = await carried.player_results(guild, r["user_id"], "pop")
        assert (r["mode"], bool(r["won"]), r["score"], {"sets": r["sets"]}) in mine
    tries_columns, tries = rows["pop_enigma_tries"]
    [attempt] = [dict(zip(tries_columns, t, strict=True)) for t in tries]
    [enigma_result] = [r for r in old if r["mode"] == "enigma"]
    assert await carried.results_on_day(guild, "pop", "enigma", attempt["day"]) == [
        (
            attempt["user_id"],
            bool(attempt["solved"]),
            {"sets": 1, "puzzle": attempt["puzzle_id"], "daily": None},
        )
    ]
    # The Enigma's score (explosion symbols) is kept, as for any game.
    assert ("enigma", True, enigma_result["score"]) in [
        r[:3] for r in await carried.player_results(guild, attempt["user_id"], "pop")
    ]
    assert await carried.fetch("SELECT COUNT(*) FROM game_results") == [(len(old),)]
    winner = next(r["user_id"] for r in old if r["won"] and r["mode"] == "competitive")
    assert (await carried.leaderboard(guild))[0][:2] == (winner, 2)


async def test_the_old_competitive_games_are_rated_and_the_others_not(carried, monkeypatch):
    """Migrations 004 and 010 on real old data: the competitive games' people are rated in
    the order they finished (the winner first); co-op, solo and Enigma games are not."""
    monkeypatch.setattr("bot.storage.store.migrations", lambda: EVERY_MIGRATION)
    assert 10 in await carried.migrate()
    columns, results = old_rows()["pop_results"]
    old = [dict(zip(columns, r, strict=True)) for r in results]
    guild = old[0]["guild_id"]
    competitive = [r for r in old if r["mode"] == "competitive"]
    assert competitive, "the old data has a competitive game"
    rated = await carried.fetch("SELECT table_id, game_no, player FROM rating_changes")
    assert sorted(rated) == sorted(
        (r["table_id"], r["game_no"], str(r["user_id"])) for r in competitive
    )
    board = await carried.rating_board(guild, "pop", "competitive")
    players = board.settled + board.provisional
    winner = next(r["user_id"] for r in competitive if r["won"])
    assert players[0][0] == str(winner)
    assert {p for p, _ in players} == {str(r["user_id"]) for r in competitive}


def test_solo_hints_are_kept_per_game_as_the_face_reads_them():
    from bot.games.pop.words import hints_of
    from bot.model.table import Table
    from bot.storage.migrations.carry_over_003 import carry_over_table

    old = old_tables()[MID_TURN] | {"games": 2, "hints": 3}
    new, _state, _moves = carry_over_table(old, [])
    assert hints_of(Table.model_validate(new)) == 3


def test_movers_follow_the_current_game_and_keep_ai_picks_anonymous():
    from bot.storage.migrations.carry_over_003 import _movers

    rows = [
        (1, "start", "{}", 7),
        (2, "choose", "{}", 7),
        (3, "rematch", "{}", 8),
        (4, "draft", "{}", 8),
        (5, "choose", "{}", 8),
        (6, "choose", "{}", None),
        (7, "posted", "{}", None),
    ]
    assert _movers(rows) == [8, None]
