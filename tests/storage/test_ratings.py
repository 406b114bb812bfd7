"""Ratings in the database, on SQLite and PostgreSQL: what a rated game's save stores is what
openskill computes from the games' outcomes in the order they ended (ties, partners, AI levels
and people who left included), the reads behind the commands, and migration 004 rating the
games a database finished before ratings existed."""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

import bot.games  # noqa: F401  (every game registers its rating rule)
from bot.model.table import Seat, Table
from bot.ratings import rules as ratings
from bot.storage.sqlite import Store
from bot.storage.store import Result, migrations
from engine.protocol import Outcome, SeatOutcome
from tests import factories

MODEL = PlackettLuce()
GUILD = 10
# (the table's game, the outcome's mode): what the bot rates, and what it does not
KINDS = {
    "coloretto": ("coloretto", "normal"),
    "pop-competitive": ("pop", "competitive"),
    "pop-trick": ("pop", "trick"),
    "pop-coop": ("pop", "coop"),
    "colorpop-teams": ("colorpop", "teams"),
}


@dataclass(frozen=True)
class Played:
    """A finished game as a test makes it: who sat where, how each seat ended."""

    kind: str
    seats: tuple[Seat, ...]
    results: tuple[tuple[bool, int], ...]  # (won, score) by seat
    level: str = "normal"


def a_played_table(played: Played, table_id: int = 0) -> tuple[Table, Outcome]:
    game, mode = KINDS[played.kind]
    table = factories.a_table(
        game, guild_id=GUILD, status="playing", games=1, seats=list(played.seats), id=table_id
    )
    table.settings.ai_level = played.level  # type: ignore[assignment]
    table.options = {"mode": mode} if game != "coloretto" else {}
    seats = tuple(
        SeatOutcome(s.id, won, score)
        for s, (won, score) in zip(played.seats, played.results, strict=True)
    )
    return table, Outcome(mode, seats)


async def save_finished(store, played: Played) -> Table:
    """The game's last save, as the bot makes it: its results and its rated seats' places."""
    table, outcome = a_played_table(played)
    await store.insert_table(table)
    table.status = "finished"
    table.version += 1
    people = [s for s in table.seats if s.user_id is not None]
    await store.save(
        table,
        None,
        results=[
            Result(s.user_id, outcome.mode, outcome.of(s.id).won, outcome.of(s.id).score, {})
            for s in people
        ],
        rated=ratings.rated_seats(table, outcome),
    )
    return table


# --- What the rules say, written again here: the reference the store is held to -----------


def player(seat: Seat, level: str) -> str:
    return str(seat.user_id) if seat.user_id is not None else f"ai:{level}"


def expected_places(played: Played) -> list[tuple[list[str], int, bool]] | None:
    """(the seats of a side, its place, whether they left) of a rated game; None: unrated."""
    if played.kind == "pop-coop":
        return None
    seats = played.seats
    sign = -1 if played.kind == "pop-competitive" else 1  # lowest total wins competitive Pop
    groups = (
        [(0, 2), (1, 3)] if played.kind == "colorpop-teams" else [(i,) for i in range(len(seats))]
    )
    gone = {i for i, s in enumerate(seats) if s.user_id is not None and s.ai}
    sides = []
    for group in groups:
        kept = [i for i in group if i not in gone]
        if kept:
            won = any(played.results[i][0] for i in group)
            score = max(played.results[i][1] for i in group)
            sides.append((kept, won, sign * score))
    sides.sort(key=lambda side: (not side[1], -side[2]))
    placed = []
    for kept, won, score in sides:
        first = next(k for k, (_, w, s) in enumerate(sides) if (w, s) == (won, score))
        placed.append(([seats[i].id for i in kept], first + 1, False))
    placed += [([seats[i].id], len(sides) + 1, True) for g in groups for i in g if i in gone]
    players = {player(s, played.level) for s in seats if any(s.id in p for p, _, _ in placed)}
    return placed if len(players) >= 2 and len(placed) >= 2 else None


def flat(ratings_by: dict) -> dict:
    """{key: (mu, sigma, games)} as {(key, 0): mu, (key, 1): sigma, (key, 2): games}, for
    pytest.approx (which compares flat mappings of numbers)."""
    return {(key, i): v for key, values in ratings_by.items() for i, v in enumerate(values)}


def openskill_in_order(games: list[Played]) -> dict[tuple[str, str], tuple[float, float, int]]:
    """(game, player) → (mu, sigma, games) after every game, rated in order by openskill."""
    now: dict[tuple[str, str], tuple[float, float, int]] = {}
    for played in games:
        placed = expected_places(played)
        if placed is None:
            continue
        game = KINDS[played.kind][0]
        by_id = {s.id: s for s in played.seats}
        players = [[player(by_id[seat], played.level) for seat in side] for side, _, _ in placed]
        start = {p: now.get((game, p), (25.0, 25 / 3, 0)) for side in players for p in side}
        teams = [
            [MODEL.rating(mu=start[p][0], sigma=start[p][1]) for p in side] for side in players
        ]
        rated = MODEL.rate(teams, ranks=[place for _, place, _ in placed])
        moves: dict[str, list[tuple[float, float]]] = {}
        for side, team in zip(players, rated, strict=True):
            for p, new in zip(side, team, strict=True):
                moves.setdefault(p, []).append((new.mu, new.sigma))
        for p, seen in moves.items():  # one level on two seats: both moves, one game
            mu0, _, n = start[p]
            now[(game, p)] = (mu0 + sum(m - mu0 for m, _ in seen), min(s for _, s in seen), n + 1)
    return now


# --- The property ---------------------------------------------------------------------------


@st.composite
def a_game(draw) -> Played:
    kind = draw(st.sampled_from(sorted(KINDS)))
    size = 4 if kind == "colorpop-teams" else draw(st.integers(2, 5))
    users = draw(st.lists(st.integers(1, 6), min_size=1, max_size=size, unique=True))
    seats = [
        Seat(id=str(u), user_id=u, name=f"P{u}", ai=draw(st.integers(0, 4)) == 0)  # left
        for u in users
    ] + [Seat(id=f"ai-{n}", name=f"Robo {n}", ai=True) for n in range(size - len(users))]
    seats = draw(st.permutations(seats))
    results = [(draw(st.booleans()), draw(st.integers(0, 3))) for _ in seats]  # ties often
    if kind == "colorpop-teams":  # partners win and score together
        results = [results[i % 2] for i in range(4)]
    level = draw(st.sampled_from(["easy", "normal", "hard"]))
    return Played(kind, tuple(seats), tuple(results), level)


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(a_game(), min_size=1, max_size=8))
def test_the_stored_ratings_are_openskills_over_the_outcomes_in_order(tmp_path, games):
    async def run():
        store = Store(str(tmp_path / f"r-{uuid.uuid4().hex}.sqlite3"))
        await store.open()
        try:
            tables = [await save_finished(store, played) for played in games]
            stored = await store.fetch(
                "SELECT game, player, mu, sigma, games FROM ratings WHERE guild_id = ?", GUILD
            )
            changes = {
                table.id: await store.fetch(
                    "SELECT seat, place, gone FROM rating_changes WHERE table_id = ?", table.id
                )
                for table in tables
            }
            return tables, stored, changes
        finally:
            await store.close()

    tables, stored, changes = asyncio.run(run())
    want = openskill_in_order(games)
    got = {(g, p): (mu, sigma, n) for g, p, mu, sigma, n in stored}
    assert flat(got) == pytest.approx(flat(want))
    for table, played in zip(tables, games, strict=True):
        placed = expected_places(played) or []
        assert sorted(changes[table.id]) == sorted(
            (seat, place, int(left)) for side, place, left in placed for seat in side
        )


# --- On both databases ----------------------------------------------------------------------


def people_and_ai(*names: str, ai: int = 0) -> tuple[Seat, ...]:
    robots = [Seat(id=f"ai-{n}", name=f"Robo {n}", ai=True) for n in range(ai)]
    return tuple(factories.people(*names) + robots)


async def test_a_rated_game_moves_the_board_the_standing_and_the_history(store):
    first = Played(
        "coloretto",
        people_and_ai("ana", "ben", ai=1),
        ((True, 30), (False, 20), (False, 25)),
        "hard",
    )
    second = Played("pop-competitive", people_and_ai("ana", "ben"), ((False, 12), (True, 7)))
    coop = Played("pop-coop", people_and_ai("ana", "ben", "cleo"), ((True, 0),) * 3)
    a = await save_finished(store, first)
    b = await save_finished(store, second)
    await save_finished(store, coop)
    want = openskill_in_order([first, second, coop])
    board = await store.rating_board(GUILD, "coloretto")
    assert [p for p, _ in board] == ["1", "ai:hard", "2"]
    got = {p: (r.mu, r.sigma, r.games) for p, r in board}
    assert flat(got) == pytest.approx(flat({p: want[("coloretto", p)] for p in got}))
    assert await store.rated_games(GUILD) == ["coloretto", "pop"]  # co-op is not rated
    ben = await store.standing(GUILD, "pop", "2")
    assert (ben.rank, ben.players, ben.rating.games) == (1, 2, 1)
    assert ben.last.shown > 0
    assert await store.standing(GUILD, "colourist", "2") is None
    changes = await store.rating_changes(a.id, 1)
    assert [c.seat for c in changes] == ["1", "ai-0", "2"]  # by place
    assert sum(c.shown for c in await store.rating_changes(b.id, 1)) != 0
    await store.results_posted(a.id, 1, 77, 88)
    await store.results_posted(a.id, 1, 77, 89)  # found again after a restart: kept once
    history = await store.history(GUILD, 1)
    assert [(h.game, h.change is not None) for h in history] == [
        ("pop", False),
        ("pop", True),
        ("coloretto", True),
    ]
    assert (history[2].channel_id, history[2].message_id) == (77, 89)
    assert history[0].message_id is None
    assert [h.game for h in await store.history(GUILD, 1, "coloretto")] == ["coloretto"]
    assert await store.anyone_played(GUILD, "pop")
    assert not await store.anyone_played(GUILD, "colourist")


async def test_two_games_ending_at_once_with_a_shared_player_both_count(make_store):
    """Two processes save the last move of two games that share Ana at the same moment."""
    a, b = make_store(), make_store()
    await a.open()
    await b.open()
    try:
        one = Played("coloretto", people_and_ai("ana", "ben"), ((True, 9), (False, 1)))
        two = Played("coloretto", people_and_ai("ana", "cleo"), ((False, 1), (True, 9)))
        await asyncio.gather(save_finished(a, one), save_finished(b, two))
        rows = dict(
            (p, (mu, sigma, n))
            for p, mu, sigma, n in await a.fetch("SELECT player, mu, sigma, games FROM ratings")
        )
        assert rows["1"][2] == 2
        either = [openskill_in_order([one, two]), openskill_in_order([two, one])]
        assert any(
            flat(rows) == pytest.approx(flat({p: v for (_, p), v in order.items()}))
            for order in either
        )
    finally:
        await a.close()
        await b.close()


# --- Migration 004 --------------------------------------------------------------------------


async def test_migration_004_rates_the_games_stored_before_it_in_the_order_played(
    make_store, monkeypatch
):
    everything = migrations()
    # every migration but 004 (the store writes today's schema); 004 then rates what is there
    monkeypatch.setattr(
        "bot.storage.store.migrations", lambda: [m for m in everything if m[0] != 4]
    )
    store = make_store()
    await store.open()
    try:
        ana_ben_cleo = people_and_ai("ana", "ben", "cleo")
        # A Coloretto table played twice (a rematch); Cleo left during the second game.
        first = Played("coloretto", ana_ben_cleo, ((True, 20), (False, 15), (False, 15)))
        cleo_left = list(ana_ben_cleo)
        cleo_left[2] = cleo_left[2].model_copy(update={"ai": True})
        rematch = Played("coloretto", tuple(cleo_left), ((False, 10), (True, 25), (True, 25)))
        # Colorpop teams with an AI partner (its result is its partner's), and a co-op game.
        teams = Played(
            "colorpop-teams",
            (*people_and_ai("ana", "ben", "cleo"), Seat(id="ai-0", name="Robo", ai=True)),
            ((True, 50), (False, 40), (True, 50), (False, 40)),
        )
        coop = Played("pop-coop", people_and_ai("ana", "ben"), ((True, 0), (True, 0)))
        coloretto = await stored_before(store, [first, rematch])
        others = [await stored_before(store, [p]) for p in (teams, coop)]
        # Played in this order (not the tables' order): the first game, the teams, the rematch.
        await set_finished(store, coloretto, 1, "2026-01-01T10:00:00.000+00:00")
        await set_finished(store, others[0], 1, "2026-01-01T11:00:00.000+00:00")
        await set_finished(store, coloretto, 2, "2026-01-01T12:00:00.000+00:00")
        await set_finished(store, others[1], 1, "2026-01-01T13:00:00.000+00:00")
        monkeypatch.setattr("bot.storage.store.migrations", lambda: everything)
        assert 4 in await store.migrate()
        stored = await store.fetch("SELECT game, player, mu, sigma, games FROM ratings")
        want = openskill_in_order([first, teams, rematch])
        got = {(g, p): (mu, s, n) for g, p, mu, s, n in stored}
        assert flat(got) == pytest.approx(flat(want))
        gone = await store.fetch("SELECT game_no, seat FROM rating_changes WHERE gone = 1")
        assert gone == [(2, "3")]  # Cleo left the table's last game only
        history = await store.history(GUILD, 1)
        assert [(h.game, h.change is not None) for h in history] == [
            ("pop", False),
            ("coloretto", True),
            ("colorpop", True),
            ("coloretto", True),
        ]
    finally:
        await store.close()


async def stored_before(store, games: list[Played]) -> Table:
    """One table's games, finished one after another by a bot without ratings."""
    table, _ = a_played_table(games[0])
    await store.insert_table(table)
    for n, played in enumerate(games, 1):
        table.seats = list(played.seats)
        table.games = n
        table.status = "finished"
        table.version += 1
        _, outcome = a_played_table(played)
        await store.save(
            table,
            None,
            results=[
                Result(s.user_id, outcome.mode, outcome.of(s.id).won, outcome.of(s.id).score, {})
                for s in table.seats
                if s.user_id is not None
            ],
        )
    return table


async def set_finished(store, table: Table, game_no: int, at: str) -> None:
    async with store.transaction() as tx:
        await tx.execute(
            "UPDATE game_results SET finished_at = ? WHERE table_id = ? AND game_no = ?",
            at,
            table.id,
            game_no,
        )


async def test_migration_004_without_the_games_rules_refuses_and_applies_nothing(
    make_store, monkeypatch
):
    everything = migrations()
    # every migration but 004 (the store writes today's schema); 004 then rates what is there
    monkeypatch.setattr(
        "bot.storage.store.migrations", lambda: [m for m in everything if m[0] != 4]
    )
    store = make_store()
    await store.open()
    try:
        await stored_before(
            store, [Played("coloretto", people_and_ai("ana", "ben"), ((True, 2), (False, 1)))]
        )
        monkeypatch.setattr("bot.storage.store.migrations", lambda: everything)
        monkeypatch.setattr("bot.ratings.rules.RULES", {})
        with pytest.raises(Exception, match=r"bot\.games"):
            await store.migrate()
        assert 4 not in await store.applied()
        assert not await store._has_table("ratings")
    finally:
        await store.close()
