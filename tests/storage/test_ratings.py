"""Ratings in the database, on SQLite and PostgreSQL: what a rated game's save stores is what
openskill computes from the games' outcomes in the order they ended (pools, ties, partners, AI
levels once per game and for the whole bot, people who left, time away included), the reads
behind the commands, migration 004 placing the games a database finished before ratings
existed, and migration 010 rating every placed game again under today's rules."""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

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
NEW = (25.0, 25 / 3, 0)  # a newcomer: mu, sigma, games
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
    return str(seat.user_id) if seat.user_id is not None else f"ai:{level}@1"


def pool_of(played: Played) -> tuple[str, str]:
    """(game, pool): Pop's and Colorpop's modes are pools of their own, Coloretto has one."""
    game, mode = KINDS[played.kind]
    return game, "" if game == "coloretto" else mode


def expected_places(played: Played, once: bool = True) -> list[tuple[list[str], int, bool]] | None:
    """(the seats of a side, its place, whether they left) of a rated game; None: unrated.
    The AI level's seats on sides below its best are left out, or marked "~seat" (kept, moving
    no one) on a side with partners of other players."""
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
    if not once:  # as the bot placed games before migration 010: every AI seat on its own
        old = {player(s, played.level) for s in seats if any(s.id in p for p, _, _ in placed)}
        return placed if len(old) >= 2 and len(placed) >= 2 else None
    robots = {s.id for s in seats if s.user_id is None}
    first = next((n for n, (side, _, _) in enumerate(placed) if robots & set(side)), None)
    once = []
    for n, (side, place, left) in enumerate(placed):
        if n == first or not robots & set(side):
            once.append((side, place, left))
        elif set(side) - robots:  # partners of other players: the AI's seat stays, uncounted
            once.append(([f"~{s}" if s in robots else s for s in side], place, left))
    counted = {player(s, played.level) for s in seats if any(s.id in side for side, _, _ in once)}
    return once if len(counted) >= 2 and len(once) >= 2 else None


def flat(ratings_by: dict) -> dict:
    """{key: (mu, sigma, games)} as {(key, 0): mu, (key, 1): sigma, (key, 2): games}, for
    pytest.approx (which compares flat mappings of numbers)."""
    return {(key, i): v for key, values in ratings_by.items() for i, v in enumerate(values)}


def aged(mu_sigma_games: tuple[float, float, int], days: float) -> tuple[float, float, int]:
    """Time away: sigma grows by 0.5 a day in quadrature, never above a newcomer's."""
    mu, sigma, n = mu_sigma_games
    return mu, max(sigma, min((sigma**2 + days * 0.25) ** 0.5, 25 / 3)), n


def openskill_in_order(
    games: list[Played], days: list[float] | None = None
) -> dict[tuple[str, str, str], tuple[float, float, int]]:
    """(game, pool, player) → (mu, sigma, games) after every game, rated in order by openskill,
    then held to the result (first never down, last never up); `days`: when each game ended."""
    now: dict[tuple[str, str, str], tuple[float, float, int]] = {}
    last: dict[tuple[str, str, str], float] = {}
    for k, played in enumerate(games):
        placed = expected_places(played)
        if placed is None:
            continue
        when = days[k] if days else 0.0
        game, pool = pool_of(played)
        by_id = {s.id: s for s in played.seats}
        sides = [
            [
                (player(by_id[seat.lstrip("~")], played.level), not seat.startswith("~"))
                for seat in side
            ]
            for side, _, _ in placed
        ]
        start = {}
        for side in sides:
            for p, _ in side:
                key = (game, pool, p)
                start[p] = aged(now.get(key, NEW), when - last.get(key, when))
        teams = [
            [MODEL.rating(mu=start[p][0], sigma=start[p][1]) for p, _ in side] for side in sides
        ]
        places = [place for _, place, _ in placed]
        rated = MODEL.rate(teams, ranks=places)
        done = set()
        for side, team, place in zip(sides, rated, places, strict=True):
            for (p, counted), new in zip(side, team, strict=True):
                if not counted or p in done:
                    continue
                done.add(p)
                mu0, _, n = start[p]
                mu = new.mu
                if place == min(places) < max(places):
                    mu = max(mu, mu0)
                if place == max(places) > min(places):
                    mu = min(mu, mu0)
                now[(game, pool, p)] = (mu, new.sigma, n + 1)
                last[(game, pool, p)] = when
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
            stored = await store.fetch("SELECT game, pool, player, mu, sigma, games FROM ratings")
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
    got = {(g, pool, p): (mu, sigma, n) for g, pool, p, mu, sigma, n in stored}
    assert flat(got) == pytest.approx(flat(want))
    for table, played in zip(tables, games, strict=True):
        placed = expected_places(played) or []
        assert sorted(changes[table.id]) == sorted(
            (seat, place, int(left))
            for side, place, left in placed
            for seat in side
            if not seat.startswith("~")
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
    assert board.settled == []  # one game each: every rating provisional, listed apart
    assert [p for p, _ in board.provisional] == ["1", "ai:hard@1", "2"]
    got = {p: (r.mu, r.sigma, r.games) for p, r in board.provisional}
    assert flat(got) == pytest.approx(flat({p: want[("coloretto", "", p)] for p in got}))
    # co-op is not rated; competitive Pop is a pool of its own
    assert await store.rated_pools(GUILD) == [("coloretto", ""), ("pop", "competitive")]
    [ben] = await store.standings(GUILD, "pop", "2")
    assert (ben.pool, ben.rank, ben.players, ben.rating.games) == ("competitive", None, 0, 1)
    assert ben.last.shown > 0
    assert await store.standings(GUILD, "colourist", "2") == []
    changes = await store.rating_changes(a.id, 1)
    assert [c.seat for c in changes] == ["1", "ai-0", "2"]  # by place
    assert sum(c.shown for c in await store.rating_changes(b.id, 1)) == 0  # equal newcomers
    await store.results_posted(a.id, 1, 77, 88)
    await store.results_posted(a.id, 1, 77, 89)  # found again after a restart: kept once
    history = await store.history(GUILD, 1)
    assert [(h.game, h.change is not None) for h in history] == [
        ("pop", False),
        ("pop", True),
        ("coloretto", True),
    ]
    assert history[1].change.pool == "competitive"
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
            flat(rows) == pytest.approx(flat({p: v for (_, _, p), v in order.items()}))
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
    # every migration but 004, 010 and 012 (the games are stored without ratings; 012 extends
    # 004's table); 004 then places
    # what is there, and 010 rates it
    monkeypatch.setattr(
        "bot.storage.store.migrations", lambda: [m for m in everything if m[0] not in (4, 10, 12)]
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
        assert {4, 10} <= set(await store.migrate())
        stored = await store.fetch("SELECT game, pool, player, mu, sigma, games FROM ratings")
        want = openskill_in_order([first, teams, rematch], days=[0, 1 / 24, 2 / 24])
        got = {(g, pool, p): (mu, s, n) for g, pool, p, mu, s, n in stored}
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
    # every migration but 004, 010 and 012 (the games are stored without ratings; 012 extends
    # 004's table); 004 then places
    # what is there, and 010 rates it
    monkeypatch.setattr(
        "bot.storage.store.migrations", lambda: [m for m in everything if m[0] not in (4, 10, 12)]
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


# --- Migration 010 --------------------------------------------------------------------------


def at(day: float) -> str:
    return (START + timedelta(days=day)).isoformat(timespec="milliseconds")


START = datetime(2026, 1, 1, 10, tzinfo=UTC)


async def placed_as_before_010(store, table: Table, played: Played, when: str) -> None:
    """The rows a bot before migration 010 kept of a rated game: every seat's place, side and
    whether its person left, an AI chair as its level alone ("ai:easy"), on every seat."""
    placed = expected_places(played, once=False)
    assert placed is not None
    by_id = {s.id: s for s in played.seats}
    async with store.transaction() as tx:
        for side, (seats, place, left) in enumerate(placed):
            for seat in seats:
                who = by_id[seat]
                old = str(who.user_id) if who.user_id is not None else f"ai:{played.level}"
                await tx.execute(
                    "INSERT INTO rating_changes (table_id, game_no, seat, guild_id, game,"
                    " player, side, place, gone, mu_before, sigma_before, mu_after,"
                    " sigma_after, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    table.id,
                    1,
                    seat,
                    GUILD,
                    table.game,
                    old,
                    side,
                    place,
                    int(left),
                    25.0,
                    25 / 3,
                    26.0,
                    8.0,
                    when,
                )


async def test_migration_010_rates_a_database_at_009_again_under_the_new_rules(
    make_store, monkeypatch
):
    """A database at migration 009 with played games (and the rows the bot kept of them then)
    is migrated: every game is rated again in the order played, in its pool, each AI level
    once a game and for the whole bot, time away counted: what openskill computes directly."""
    everything = migrations()
    monkeypatch.setattr(
        "bot.storage.store.migrations", lambda: [m for m in everything if m[0] < 10]
    )
    store = make_store()
    await store.open()
    try:
        ana_ben = people_and_ai("ana", "ben")
        robots = people_and_ai("ana", "ben", ai=2)
        games = [
            # competitive Pop, then Trick, between the same two: one pool before 010, two now
            Played("pop-competitive", ana_ben, ((True, 3), (False, 9))),
            Played("pop-trick", ana_ben, ((False, 3), (True, 9))),
            Played("pop-competitive", ana_ben, ((True, 5), (False, 6))),
            # an easy AI 1st and 2nd of one game: rated once, from its best seat
            Played(
                "coloretto", people_and_ai("ana", ai=2), ((False, 5), (True, 9), (False, 7)), "easy"
            ),
            # Colorpop teams with the hard AI on both sides (Ana + AI against Ben + AI)
            Played(
                "colorpop-teams", robots, ((True, 50), (False, 40), (True, 50), (False, 40)), "hard"
            ),
            # a shared win at Coloretto, and a game after months away
            Played(
                "coloretto", people_and_ai("ana", "ben", "cleo"), ((True, 9), (True, 9), (False, 1))
            ),
            Played("coloretto", people_and_ai("ana", "cleo"), ((False, 2), (True, 8))),
        ]
        days = [0, 1, 1.5, 2, 3, 4, 124]
        for played, day in zip(games, days, strict=True):
            table = await stored_before(store, [played])
            await placed_as_before_010(store, table, played, at(day))
            await set_finished(store, table, 1, at(day))
        monkeypatch.setattr("bot.storage.store.migrations", lambda: everything)
        assert (await store.migrate())[0] == 10  # and any newer ones
        stored = await store.fetch(
            "SELECT guild_id, game, pool, player, mu, sigma, games FROM ratings"
        )
        got = {(g, pool, p): (mu, s, n) for _, g, pool, p, mu, s, n in stored}
        want = openskill_in_order(games, days=days)
        assert flat(got) == pytest.approx(flat(want))
        assert {("pop", "competitive", "1"), ("pop", "trick", "1")} <= set(got)
        assert got[("coloretto", "", "ai:easy@1")][2] == 1  # two seats, one game
        homes = {p: guild for guild, _, _, p, *_ in stored}
        assert homes == {"1": GUILD, "2": GUILD, "3": GUILD, "ai:easy@1": 0, "ai:hard@1": 0}
        assert not await store._has_table("ratings_009")
        assert not await store._has_table("rating_changes_009")
    finally:
        await store.close()
