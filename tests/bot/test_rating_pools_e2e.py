"""Ratings a player can read, end to end: an AI level has one rating for the whole bot, the
same on every server's leaderboard; a leaderboard ranks the settled players and lists the
provisional ones apart below them.

Each game here is Coloretto against an easy AI that its person leaves at once: the AI plays
the game out alone, and the person (gone) is placed last, below the AI."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace

import pytest
from openskill.models import PlackettLuce

from tests.bot.story import start_table
from tests.bot.test_coloretto_e2e import results_message

pytestmark = pytest.mark.asyncio

MODEL = PlackettLuce()


def shown(mu: float) -> int:
    return round(1500 + 30 * (mu - 25))


async def lost_to_the_ai(emu, world, person):
    """`person` opens a Coloretto table with an easy AI, starts and leaves it: the AI wins."""
    _, thread = await start_table(emu, world, person, [], 1, "coloretto", ai_level="easy")
    left = await (await person.at(thread).slash("table", "leave")).wait_message()
    assert "left the table" in left.text
    return await results_message(emu, person, thread)


@pytest.fixture
def club(emu):
    """Another server, made before the bot starts: its #games channel and one member, Dan."""
    guild = emu.add_guild("Colour Club")
    games = emu.add_text_channel(guild, "games")
    user = emu.add_user("dan")
    emu.add_member(guild, user)
    return SimpleNamespace(guild=guild, games=games, dan=emu.actor(user, games))


def ai_row(board_text: str) -> str:
    return next(line for line in board_text.splitlines() if "🤖 AI (easy, v1)" in line)


async def test_an_ai_levels_one_rating_is_shown_in_two_servers(
    emu, world, club, roomy_channels, pop_bot
):
    dan = club.dan
    await lost_to_the_ai(emu, world, world.ana)
    await lost_to_the_ai(emu, club, dan)
    # One rating, moved by both games: openskill's, the AI first each time.
    ai, ana, dan_r = MODEL.rating(), MODEL.rating(), MODEL.rating()
    [[ai], [ana]] = MODEL.rate([[ai], [ana]], ranks=[1, 2])
    [[ai], [dan_r]] = MODEL.rate([[ai], [dan_r]], ranks=[1, 2])
    want = f"· 🤖 AI (easy, v1) — {shown(ai.mu)}? · 2 rated games"
    here = await (await world.ana.slash("leaderboard", game="coloretto")).wait_message()
    there = await (await dan.slash("leaderboard", game="coloretto")).wait_message()
    assert ai_row(here.text) == ai_row(there.text) == want
    # Each server's people stay its own: Ana is on hers only, Dan on his.
    assert f"<@{world.ana.id}>" in here.text
    assert f"<@{dan.id}>" not in here.text
    assert f"<@{dan.id}>" in there.text
    assert f"<@{world.ana.id}>" not in there.text


async def test_the_leaderboard_ranks_settled_players_and_lists_newcomers_apart(
    emu, world, roomy_channels, pop_bot
):
    ana, ben, cleo = world.ana, world.ben, world.cleo
    await lost_to_the_ai(emu, world, ana)
    # Ben and Cleo have played here for weeks (their rows as their games left them).
    async with pop_bot.client.tables.store.transaction() as tx:
        for who, mu, sigma, games in ((cleo, 26.0, 6.0, 11), (ben, 28.0, 5.0, 14)):
            await tx.execute(
                "INSERT INTO ratings (guild_id, game, pool, player, mu, sigma, games, played_at)"
                " VALUES (?, 'coloretto', '', ?, ?, ?, ?, ?)",
                world.guild.id,
                str(who.id),
                mu,
                sigma,
                games,
                datetime.now(UTC).isoformat(timespec="milliseconds"),  # no time away
            )
    [[ai], [gone]] = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])
    board = await (await ana.slash("leaderboard", game="coloretto")).wait_message()
    assert not board.ephemeral
    assert board.text.splitlines()[2:] == [
        f"1. <@{ben.id}> — 1590 · 14 rated games",
        f"2. <@{cleo.id}> — 1530 · 11 rated games",
        "*Still provisional* (not ranked yet):",
        f"· 🤖 AI (easy, v1) — {shown(ai.mu)}? · 1 rated game",
        f"· <@{ana.id}> — {shown(gone.mu)}? · 1 rated game",
    ]
    stats = await (await ana.slash("stats", game="coloretto")).wait_message()
    want = f"Rating {shown(gone.mu)}? · still provisional, not ranked yet · last game \u2212"
    assert want in stats.text, stats.text
