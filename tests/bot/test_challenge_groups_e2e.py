"""A challenge played in groups, end to end (issue 34): the cooperative Pop deal, committed
when the challenge opens for three seats, played by groups of members. Play opens a group's
lobby (in a thread of its own) or joins the open one; each seat taken there uses up its
member's one entry, and leaving the lobby before the start gives it back. The lobby survives a
restart, its host starts once every seat is taken (an AI seat fills one), the table is dealt
the challenge's committed deal, the standings rank the group with its members listed, a group
that never started is unfinished at the end, and the group's record passes `pop-bot verify`."""

from __future__ import annotations

import re

import pytest

from bot.model import fair
from bot.texts.i18n import t
from tests.bot.story import is_lobby, play_turn
from tests.bot.test_challenges_e2e import bot, open_challenge, standings_messages, stored
from tests.bot.test_fair_deals_e2e import record_and_proof, verified
from tests.clock import TestClock

__all__ = ["bot"]  # its fixture, shared with the other challenges' stories

pytestmark = pytest.mark.asyncio


async def play_pressed(emu, world, player, standings, words):
    """Play pressed on the standings: the private answer says `words`; the group's thread,
    its table's number and its lobby message."""
    said = await (await player.click(standings, label="Play")).wait_message()
    assert said.ephemeral, said.text
    assert words in said.text, said.text
    thread_id = int(re.search(r"<#(\d+)>", said.text).group(1))
    thread = await emu.wait_for(
        lambda: next((c for c in world.guild.threads if c.id == thread_id), None), 10, "thread"
    )
    table = int(re.search(r"#(\d+)$", thread.name).group(1))
    lobby = await emu.wait_for(
        lambda: next((m for m in player.visible_messages(thread) if is_lobby(m)), None),
        10,
        "the group's lobby",
    )
    return table, thread, lobby


async def refused(result, key, **values):
    said = await result.wait_message()
    assert said.ephemeral
    assert said.text == t(key, "en", **values), said.text


async def entries(bot, number):
    """(member, table) of every entry the challenge holds."""
    return sorted(await bot.client.tables.store.entry_tables(number))


async def play_to_the_end(emu, players, thread):
    """The members play one card a turn (the AI seat by itself) until the group's level."""
    k = 1
    while True:
        await play_turn(emu, players, thread, f"turn {k}**")
        await emu.wait_for(
            lambda n=k: any(
                f"turn {n + 1}**" in m.text or "The group reached" in m.text
                for m in players[0].visible_messages(thread)
            ),
            30,
            "the next turn or the end",
        )
        if any("The group reached" in m.text for m in players[0].visible_messages(thread)):
            return
        k += 1
        assert k <= 9


async def test_seats_are_chosen_only_for_a_group_and_within_its_range(emu, world, dora, bot):
    for seats in (2, 6):
        said = await dora.slash(
            "challenge", "new", game="pop", mode="group", ends="1h", seats=seats
        )
        await refused(said, "challenge.refusal.seats", low=3, high=5, text=seats)
    said = await dora.slash("challenge", "new", game="pop", mode="solo", ends="1h", seats=3)
    await refused(said, "challenge.refusal.no_seats")
    assert await bot.client.tables.store.challenges_owing() == []
    number, standings = await open_challenge(
        emu, world, dora, game="pop", mode="group", ends="1h", seats=5
    )
    assert "Seats at each group's table: 5" in standings.text
    assert (await bot.client.tables.store.challenge(number)).deal.joins == [0] * 5


async def test_a_group_challenge_to_its_end(emu, world, dora, roomy_channels, bot, wire, tmp_path):
    ana, ben, cleo = world.ana, world.ben, world.cleo
    clock = TestClock()
    bot.client.tables.use_clock(clock)
    number, standings = await open_challenge(
        emu, world, dora, game="pop", mode="group", ends="2h", seats=3
    )
    assert "Pop · cooperative, in groups of members" in standings.text
    challenge = await bot.client.tables.store.challenge(number)
    assert challenge.deal.joins == [0, 0, 0]  # committed for three seats at opening

    # Ana opens a group; Ben's Play joins it; the host adds an AI seat: it is full.
    group, thread, lobby = await play_pressed(emu, world, ana, standings, "is open")
    assert f"challenge #{number}" in lobby.text
    assert f"`{challenge.seal}`" in lobby.text  # the challenge's deal, not a fresh one
    same, _, _ = await play_pressed(emu, world, ben, standings, "You are in a group")
    assert same == group
    await emu.wait_for(lambda: "(2/3" in lobby.text, 10, "Ben seated")
    await ana.click(lobby, label="Add AI")
    await emu.wait_for(lambda: "(3/3" in lobby.text, 10, "the AI seat")
    assert await entries(bot, number) == sorted([(ana.id, group), (ben.id, group)])

    # Cleo's Play opens a second group (the first is full); Ben may not take a seat there.
    other, _, other_lobby = await play_pressed(emu, world, cleo, standings, "is open")
    assert other != group
    where = f"<#{thread.id}>"
    await refused(
        await ben.click(other_lobby, label="Join"), "challenge.refusal.in_group", where=where
    )
    await refused(
        await ben.click(standings, label="Play"), "challenge.refusal.in_group", where=where
    )
    # Leaving a lobby gives the entry back: Cleo's lobby ends (she was alone), Ben leaves his.
    await cleo.click(other_lobby, label="Leave")
    await ben.click(lobby, label="Leave")
    await emu.wait_for(lambda: "(2/3" in lobby.text, 10, "Ben gone")
    assert await entries(bot, number) == [(ana.id, group)]
    assert (await stored(bot, other)).status == "cancelled"
    await refused(
        await ana.click(lobby, label="Start"), "challenge.refusal.group_seats", n=2, high=3
    )
    # Ben's Play seats him again at the open group; Cleo's opens a third, never started.
    await play_pressed(emu, world, ben, standings, "You are in a group")
    await emu.wait_for(lambda: "(3/3" in lobby.text, 10, "Ben back")
    third, _, third_lobby = await play_pressed(emu, world, cleo, standings, "is open")
    await dora.click(third_lobby, label="Join")  # its Join takes her entry too
    await emu.wait_for(lambda: "(2/3" in third_lobby.text, 10, "Dora seated")

    await bot.restart()  # in the lobby: the group, its seats and its entries are stored
    bot.client.tables.use_clock(clock)
    assert await entries(bot, number) == sorted(
        [(ana.id, group), (ben.id, group), (cleo.id, third), (dora.id, third)]
    )
    await refused(
        await ben.click(standings, label="Play"), "challenge.refusal.in_group", where=where
    )
    await ana.click(lobby, label="Start")
    await play_to_the_end(emu, [ana, ben], thread)

    # Dealt the challenge's committed deal: its secret, three join ids 0, its start id.
    dealt = await stored(bot, group)
    assert dealt.fair.secret == challenge.deal.secret
    assert dealt.fair.joins == [0, 0, 0]
    assert dealt.fair.start == challenge.deal.start
    assert dealt.seed == fair.deal_seed(challenge.deal)
    assert [s.ai for s in dealt.seats] == [False, True, False]
    line = f"1. <@{ana.id}>, Robo Ada (AI), <@{ben.id}> — "
    await emu.wait_for(lambda: line in standings.text, 20, "the group's result")
    assert "1 group still playing." in standings.text  # Cleo's and Dora's, in its lobby
    await refused(await ana.click(standings, label="Play"), "challenge.refusal.played")
    results = next(m for m in reversed(ana.visible_messages(thread)) if not m.ephemeral)
    assert "Rematch" not in results.button_labels  # one entry, one game
    assert all(challenge.deal.secret.encode() not in body for body in wire)

    clock.advance(hours=3)  # the end: Cleo's and Dora's group never started, unfinished
    await emu.wait_for(lambda: challenge.deal.secret in standings.text, 20, "the reveal")
    assert line in standings.text
    assert f"2. <@{cleo.id}>, <@{dora.id}> — unfinished" in standings.text
    assert "Play" not in standings.button_labels
    assert len(standings_messages(ana, world)) == 1
    assert (await stored(bot, third)).status == "cancelled"
    record, proof, said = await record_and_proof(ben, thread, tmp_path)
    assert said["secret_seed"] == challenge.deal.secret
    assert said["inputs"] == {"joins": ["0", "0", "0"], "start": str(challenge.deal.start)}
    verified(record, proof)
