"""Rating seasons end to end (issue 36) on the test clock: a manager sets monthly seasons
(`/server seasons`), rated Coloretto games are played, the clock passes the month's end: the
champion is announced once in the chosen channel (a restart at that moment, the message out but
not yet noted, repeats nothing), `/leaderboard season:` shows the archive as the board stood,
and the new season's board is empty, or carried by the server's fraction (checked against its
own computation here). A server with seasons none is left as it was."""

from __future__ import annotations

import pytest

from bot.model.seasons import season_at
from bot.running.main import create_bot, load_settings
from bot.storage.store import SqlStore
from bot.texts.i18n import t
from bot.texts.markdown import literal
from tests.bot.test_coloretto_e2e import play_out, start_coloretto
from tests.clock import TestClock

pytestmark = pytest.mark.asyncio


@pytest.fixture
async def bot(dora, fast_bot_env, start_bot):
    return await start_bot(lambda: create_bot(load_settings()))


def announcements(actor, channel):
    return [m for m in actor.visible_messages(channel) if "is over.**" in m.text]


async def board(actor, **options):
    return await (await actor.slash("leaderboard", game="coloretto", **options)).wait_message()


async def a_rated_game(emu, world, bot):
    """Ana and Ben (and an easy AI) play a Coloretto game to its end."""
    thread = await start_coloretto(emu, world, world.ana, [world.ben], ai=1, bot=bot)
    await play_out(emu, thread, bot, [world.ana, world.ben])


async def monthly(dora, clock, carry, channel):
    """Monthly seasons set by the manager; the season running."""
    said = await (
        await dora.slash("server", "seasons", cadence="monthly", carry=carry, channel=channel)
    ).wait_message()
    assert said.ephemeral
    season = season_at("monthly", clock.now())
    assert f"Season **{season.name}** ends <t:{int(season.ends)}:f>" in said.text, said.text
    return season


def rows(message) -> list[str]:
    """A board's lines but the season's (📅)."""
    return [line for line in message.text.splitlines() if not line.startswith("📅")]


async def test_a_monthly_season_ends_archived_announced_once_and_starts_anew(
    emu, world, dora, roomy_channels, bot, monkeypatch
):
    ana, ben, cleo = world.ana, world.ben, world.cleo
    clock = TestClock()
    bot.client.tables.use_clock(clock)
    refused = await (await cleo.slash("server", "seasons", cadence="monthly")).wait_message()
    assert refused.text == t("season.refusal.manager_only", "en")
    hall = world.general
    season = await monthly(dora, clock, 0, hall)
    shown = await (await cleo.slash("server", "seasons")).wait_message()  # anyone may read it
    assert "Seasons: **monthly**. The new season starts everyone anew, at 1500." in shown.text
    assert f"<#{hall.id}>" in shown.text

    await a_rated_game(emu, world, bot)
    before = await board(ben)
    assert not before.ephemeral
    assert f"📅 Season **{season.name}**, ends <t:{int(season.ends)}:f>" in before.text
    store = bot.client.tables.store
    people = await store.fetch(
        "SELECT player, mu FROM ratings WHERE guild_id = ? AND game = 'coloretto'",
        world.guild.id,
    )
    assert {p for p, _ in people} == {str(ana.id), str(ben.id)}
    champion, mu = max(people, key=lambda pm: pm[1])  # the best-placed person
    champion_shown = round(1500 + 30 * (mu - 25))

    # The announcement goes out, but the bot stops before noting it: the restart owes it,
    # and posts it again with the same nonce, which Discord answers with the same message.
    noted = SqlStore.season_announced

    async def stopped_before_noting(self, guild_id, name, message_id):
        raise RuntimeError("stopped")

    monkeypatch.setattr(SqlStore, "season_announced", stopped_before_noting)
    clock.advance(season.ends - clock.now() - 1)
    assert announcements(dora, hall) == []
    clock.advance(1)  # the month's end
    said = await emu.wait_for(lambda: announcements(dora, hall) or None, 20, "the champions")
    monkeypatch.setattr(SqlStore, "season_announced", noted)
    await bot.restart()
    bot.client.tables.use_clock(clock)
    store = bot.client.tables.store
    await _until_noted(store)
    assert len(announcements(dora, hall)) == 1
    assert announcements(dora, hall)[0].id == said[0].id
    assert said[0].text.splitlines() == [
        f"🏆 **Season {season.name} is over.** Its champion:",
        f"· Coloretto: <@{champion}> — {champion_shown}?",
        "The new season starts everyone anew, at 1500.",
    ]
    assert announcements(dora, world.games) == []

    # The archive, as the board stood; the new season's board, empty.
    archived = await board(ben, season=season.name)
    assert rows(archived) == rows(before)
    assert f"📅 Season **{season.name}** (ended)" in archived.text
    suggested = await ben.autocomplete("leaderboard", focused="season", season="")
    assert [s["value"] for s in suggested] == [season.name]
    now = await board(ben)
    assert now.ephemeral
    following = season_at("monthly", season.ends)
    assert now.text.splitlines()[1] == t("season.board_empty", "en")
    assert f"Season **{following.name}**" in now.text
    unknown = await board(ben, season="1999-01")
    assert unknown.text == t("season.unknown", "en", season=literal("1999-01"), seasons=season.name)


async def _until_noted(store) -> None:
    import asyncio

    for _ in range(400):
        if await store.announcements_owed() == []:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the announcement was never noted")


async def test_a_season_carried_by_half_and_a_server_without_seasons(
    emu, world, dora, roomy_channels, bot
):
    ben = world.ben
    clock = TestClock()
    bot.client.tables.use_clock(clock)
    await a_rated_game(emu, world, bot)
    # Seasons none (the default): the month's end changes nothing.
    plain = await board(ben)
    assert "📅" not in plain.text
    clock.advance(40 * 24 * 3600)
    assert (await board(ben)).text == plain.text
    refused = await board(ben, season="2026-11")
    assert refused.text == t("season.none_ended", "en", season=literal("2026-11"))

    season = await monthly(dora, clock, 50, world.games)
    store = bot.client.tables.store
    stored = await store.fetch(
        "SELECT player, mu FROM ratings WHERE guild_id = ? AND game = 'coloretto'",
        world.guild.id,
    )
    clock.advance(season.ends - clock.now())
    await _until_noted_after_end(store, world.guild.id, season.name)
    carried = await board(ben)
    assert not carried.ephemeral
    # Half of each person's distance from 1500, as the number shown: 1500 + 30 x (mu - 25).
    for player, mu in stored:
        want = round(1500 + 30 * (0.5 * (float(mu) - 25)))
        assert f"<@{player}> — {want}?" in carried.text, carried.text
    said = [m for m in world.ana.visible_messages(world.games) if "is over.**" in m.text]
    assert len(said) == 1
    assert said[0].text.splitlines()[-1] == t("season.carried", "en", carry=50)


async def _until_noted_after_end(store, guild_id, name) -> None:
    import asyncio

    for _ in range(400):
        if name in await store.archived_seasons(guild_id) and not await store.announcements_owed():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the season never ended")
