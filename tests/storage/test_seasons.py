"""Rating seasons in the database (migration 012), on SQLite and PostgreSQL: a server's
season ends once (a second try writes nothing), its boards archived as they stood, its
people's ratings started anew or carried by its fraction, the AI levels' untouched, its
champions' announcement owed until stored; a server without seasons is left as it was."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.model.seasons import MONTHLY, SeasonSetting, season_at
from bot.ratings.rows import rate_game, running_season
from bot.ratings.rules import Entry, Placed
from bot.ratings.skill import MODEL

pytestmark = pytest.mark.asyncio

SEASONAL, PLAIN = 10, 20  # two servers: one runs monthly seasons, one none
MID_NOVEMBER = datetime(2026, 11, 15, 12, tzinfo=UTC).timestamp()
AI = "ai:hard@1"


async def rate(store, guild: int, table: int, order: list[str], at="2026-11-15T12:00:00.000+00:00"):
    """One Coloretto game of `order` (the first wins), rated in the server's running season."""
    seats = tuple(Entry(str(i), p, i, i + 1) for i, p in enumerate(order))
    async with store.transaction() as tx:
        season = await running_season(tx, guild)
        await rate_game(tx, guild, "coloretto", (table, 1), Placed("", seats), at, season)


async def monthly(store, carry: int) -> SeasonSetting:
    running = season_at(MONTHLY, MID_NOVEMBER)
    setting = SeasonSetting(SEASONAL, MONTHLY, carry, 555, "en", running.name, running.ends)
    await store.set_seasons(setting, MID_NOVEMBER)
    return await store.season_setting(SEASONAL)


def shown(board) -> list[tuple[str, int, int]]:
    return [(p, r.shown, r.games) for p, r in board.settled + board.provisional]


async def test_a_season_ends_once_archived_and_everyone_starts_anew(store):
    await rate(store, SEASONAL, 1, ["ana", "ben", AI])  # before seasons: the first season's
    setting = await monthly(store, carry=0)
    assert (setting.season, setting.running) == ("2026-11", "2026-11")
    assert setting.ends_at == datetime(2026, 12, 1, tzinfo=UTC).timestamp()
    await rate(store, SEASONAL, 2, ["ben", "ana", AI])
    await rate(store, PLAIN, 3, ["cleo", AI])
    plain_before = shown(await store.rating_board(PLAIN, "coloretto"))
    before = shown(await store.rating_board(SEASONAL, "coloretto", season="2026-11"))
    assert {p for p, _, _ in before} == {"ana", "ben", AI}

    due, _ = await store.seasons_due(setting.ends_at - 1)
    assert due == []
    due, _ = await store.seasons_due(setting.ends_at)
    assert [s.guild_id for s in due] == [SEASONAL]
    following = season_at(MONTHLY, setting.ends_at)
    assert await store.end_season(SEASONAL, "2026-11", following)
    assert not await store.end_season(SEASONAL, "2026-11", following)  # once

    assert await store.archived_seasons(SEASONAL) == ["2026-11"]
    archived = await store.archived_board(SEASONAL, "2026-11", "coloretto", "")
    assert shown(archived) == before
    assert (await store.season_setting(SEASONAL)).season == "2026-12"
    assert await store.rated_pools(SEASONAL, season="2026-12") == []
    assert shown(await store.rating_board(SEASONAL, "coloretto", season="2026-12")) == []
    # The AI level's rating is the whole bot's: the season leaves it alone.
    assert await store.fetch("SELECT games FROM ratings WHERE player = ?", AI) == [(3,)]
    assert shown(await store.rating_board(PLAIN, "coloretto")) == plain_before
    # Its champion: the best-placed person; owed until the message is stored.
    [(game, pool, champion, rating)] = await store.champions(SEASONAL, "2026-11")
    assert (game, pool) == ("coloretto", "")
    assert (champion, rating.shown) == next((p, s) for p, s, _ in before if p != AI)
    assert await store.announcements_owed() == [(SEASONAL, "2026-11", 555, "en")]
    await store.season_announced(SEASONAL, "2026-11", 777)
    assert await store.announcements_owed() == []
    assert await store.standings(SEASONAL, "coloretto", "ana", season="2026-12") == []
    # A game of the new season counts in it.
    await rate(store, SEASONAL, 4, ["ana", "ben"])
    [standing] = await store.standings(SEASONAL, "coloretto", "ana", season="2026-12")
    assert standing.rating.games == 1
    assert await store.rated_pools(SEASONAL, season="2026-12") == [("coloretto", "")]
    assert {
        p for p, _, _ in shown(await store.rating_board(SEASONAL, "coloretto", season="2026-12"))
    } == {"ana", "ben"}


async def test_a_season_carried_by_half(store):
    setting = await monthly(store, carry=50)
    await rate(store, SEASONAL, 1, ["ana", "ben"])
    await rate(store, SEASONAL, 2, ["ana", "ben"])
    rows = await store.fetch(
        "SELECT player, mu, sigma, games FROM ratings WHERE guild_id = ? ORDER BY player", SEASONAL
    )
    assert await store.end_season(SEASONAL, "2026-11", season_at(MONTHLY, setting.ends_at))
    after = await store.fetch(
        "SELECT player, mu, sigma, games FROM ratings WHERE guild_id = ? ORDER BY player", SEASONAL
    )
    # Half the distance from a newcomer's skill; the uncertainty half way back to a newcomer's.
    want = [(p, 25 + (mu - 25) / 2, sigma + (25 / 3 - sigma) / 2, n) for p, mu, sigma, n in rows]
    assert [(p, pytest.approx(mu), pytest.approx(s), n) for p, mu, s, n in after] == want
    assert MODEL.mu == 25  # the newcomer's skill and uncertainty the fraction is taken from
    assert MODEL.sigma == pytest.approx(25 / 3)
    board = await store.rating_board(SEASONAL, "coloretto", season="2026-12")
    assert [r.shown for _, r in board.provisional] == [
        round(1500 + 30 * (mu - 25)) for _, mu, _, _ in sorted(want, key=lambda w: -w[1])
    ]


async def test_seasons_turned_off_leave_the_ratings_as_they_are(store):
    setting = await monthly(store, carry=0)
    await rate(store, SEASONAL, 1, ["ana", "ben"])
    off = SeasonSetting(SEASONAL, "none", 0, 555, "en", "", None)
    await store.set_seasons(off, MID_NOVEMBER)
    assert (await store.season_setting(SEASONAL)).running is None
    assert await store.seasons_due(setting.ends_at + 1) == ([], None)
    assert await store.rated_pools(SEASONAL) == [("coloretto", "")]
    assert await store.fetch("SELECT DISTINCT season FROM rating_changes") == [("",)]


async def test_a_rating_carried_in_and_never_played_crowns_nobody(store):
    setting = await monthly(store, carry=50)
    await rate(store, SEASONAL, 1, ["ana", "ben"])
    november = season_at(MONTHLY, setting.ends_at)
    assert await store.end_season(SEASONAL, "2026-11", november)
    assert [c[2] for c in await store.champions(SEASONAL, "2026-11")] == ["ana"]
    # December: nobody plays; the carried ratings are on its board, but crown nobody.
    assert await store.end_season(SEASONAL, "2026-12", season_at(MONTHLY, november.ends))
    assert {
        p for p, _, _ in shown(await store.archived_board(SEASONAL, "2026-12", "coloretto", ""))
    } == {"ana", "ben"}
    assert await store.champions(SEASONAL, "2026-12") == []
    assert await store.archived_seasons(SEASONAL) == ["2026-12", "2026-11"]
