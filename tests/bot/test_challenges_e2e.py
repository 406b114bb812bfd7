"""Challenges end to end (issue 34): one deal for the whole server, committed before anyone
plays. Three members play a Pop solo challenge on the test clock, one of them never finishing;
the one standings message is edited in place after each finished entry (never posted again),
the bot restarts in the middle, the end reveals the secret there, and every finished entry's
record passes `pop-bot verify` with its proof. The limits hold (one entry a member, the
server's open tables), and only someone who may manage the server opens a challenge."""

from __future__ import annotations

import re

import pytest

from bot.running.main import create_bot, load_settings
from bot.texts.i18n import t
from tests.bot.story import open_table, play_turn, thread_of
from tests.bot.test_fair_deals_e2e import record_and_proof, verified
from tests.clock import TestClock

pytestmark = pytest.mark.asyncio


@pytest.fixture
async def bot(dora, fast_bot_env, start_bot):
    return await start_bot(lambda: create_bot(load_settings()))


def standings_messages(actor, world):
    """The bot's standings messages in #games (their Play button's id says so)."""
    return [
        m
        for m in actor.visible_messages(world.games)
        if not m.ephemeral and "🏁" in m.text and "Challenge #" in m.text
    ]


async def open_challenge(emu, world, manager, **options):
    said = await (await manager.slash("challenge", "new", **options)).wait_message()
    assert said.ephemeral
    number = int(re.search(r"Challenge #(\d+)", said.text).group(1))
    message = await emu.wait_for(
        lambda: next(iter(standings_messages(manager, world)), None), 10, "the standings"
    )
    return number, message


async def enter(emu, world, bot, player, standings):
    """Play pressed: the entry's thread (and table number), from the private answer."""
    pressed = await player.click(standings, label="Play")
    said = await pressed.wait_message()
    assert said.ephemeral, said.text
    assert "is open" in said.text, said.text
    thread_id = int(re.search(r"<#(\d+)>", said.text).group(1))
    thread = next(c for c in world.guild.threads if c.id == thread_id)
    table = int(re.search(r"#(\d+)$", thread.name).group(1))
    assert thread_of(world, table) is thread
    return table, thread


def ended(message) -> bool:
    return "Grid cleared" in message.text or "not cleared" in message.text


async def play_solo(emu, player, thread, turns=None, first=1):
    """Play a solo game, five cards a turn, from turn `first` to its end (or to turn
    `turns`): its results (None: not over yet)."""
    k = first
    while turns is None or k <= turns:
        await play_turn(emu, [player], thread, f"turn {k}**", pick=lambda h: h[:5])
        await emu.wait_for(
            lambda n=k: any(
                f"turn {n + 1}**" in m.text or ended(m) for m in player.visible_messages(thread)
            ),
            30,
            "the next turn or the end",
        )
        done = next((m for m in player.visible_messages(thread) if ended(m)), None)
        if done is not None:
            return done
        k += 1
    return None


async def stored(bot, table_id):
    return (await bot.client.tables.store.load(table_id))[0]


async def test_a_challenge_of_three_members_to_its_end(
    emu, world, dora, roomy_channels, bot, wire, tmp_path
):
    ana, ben, cleo = world.ana, world.ben, world.cleo
    clock = TestClock()
    bot.client.tables.use_clock(clock)
    # Only someone who may manage the server opens one (cleo manages threads only).
    refused = await (
        await cleo.slash("challenge", "new", game="pop", mode="solo", ends="2h")
    ).wait_message()
    assert refused.text == t("challenge.refusal.manager_only", "en")
    number, standings = await open_challenge(emu, world, dora, game="pop", mode="solo", ends="2h")
    challenge = await bot.client.tables.store.challenge(number)
    secret = challenge.deal.secret
    assert f"`{challenge.seal}`" in standings.text  # committed before anyone plays
    assert secret not in standings.text
    assert "No finished entry yet." in standings.text

    ana_table, ana_thread = await enter(emu, world, bot, ana, standings)
    await play_solo(emu, ana, ana_thread)
    await emu.wait_for(lambda: f"1. <@{ana.id}> — " in standings.text, 10, "Ana's result")
    again = await (await ana.click(standings, label="Play")).wait_message()
    assert again.ephemeral
    assert again.text == t("challenge.refusal.played", "en")
    # Her record waits for the end: it would show the deal to those still playing it.
    early = await (await ana.at(ana_thread).slash("table", "record")).wait_message()
    assert early.text == t("challenge.record_later", "en", id=number)
    assert not early.attachments
    # Nor is it replayed before the end: its results offer no Replay, and a forged one is refused
    results = next(m for m in reversed(ana.visible_messages(ana_thread)) if not m.ephemeral)
    assert "Replay" not in results.button_labels
    forged = await ana.forge_click(results, f"pop:{ana_table}:0:replay:1")
    refused = await forged.wait_message(timeout=5)
    assert refused.ephemeral
    assert refused.text == t("challenge.replay_later", "en", id=number)

    ben_table, ben_thread = await enter(emu, world, bot, ben, standings)
    cleo_table, cleo_thread = await enter(emu, world, bot, cleo, standings)
    done = await play_solo(emu, ben, ben_thread, turns=1)
    await bot.restart()  # in the middle: Ben's game and Cleo's are running
    bot.client.tables.use_clock(clock)
    if done is None:
        await play_solo(emu, ben, ben_thread, first=2)
    await emu.wait_for(lambda: f"<@{ben.id}> — " in standings.text, 20, "Ben's result")
    assert "1 entry still being played." in standings.text  # Cleo's
    # Every entry was dealt the one committed deal: the same seed, the same first grid.
    tables = [await stored(bot, n) for n in (ana_table, ben_table, cleo_table)]
    assert len({tb.seed for tb in tables}) == 1
    assert all(tb.fair.secret == secret for tb in tables)
    assert all(tb.challenge == number for tb in tables)
    assert all(secret.encode() not in body for body in wire)  # nothing sent shows it yet

    clock.advance(hours=3)  # the end: Cleo's entry stops, unfinished
    await emu.wait_for(lambda: secret in standings.text, 20, "the reveal")
    assert f"3. <@{cleo.id}> — unfinished" in standings.text
    assert "Play" not in standings.button_labels
    assert len(standings_messages(ana, world)) == 1  # edited in place, never posted again
    assert (await stored(bot, cleo_table)).status == "cancelled"
    await emu.wait_for(
        lambda: any("has ended" in m.text for m in cleo.visible_messages(cleo_thread)),
        10,
        "the notice in Cleo's thread",
    )
    for player, thread in ((ana, ana_thread), (ben, ben_thread)):
        record, proof, said = await record_and_proof(player, thread, tmp_path)
        assert said["secret_seed"] == secret
        assert said["commitment"].startswith(challenge.seal)
        assert said["inputs"] == {"joins": ["0"], "start": str(challenge.deal.start)}
        verified(record, proof)


@pytest.fixture
async def tight_bot(dora, fast_bot_env, start_bot, monkeypatch):
    monkeypatch.setenv("POP_TABLES_PER_USER", "1")
    return await start_bot(lambda: create_bot(load_settings()))


async def test_an_entry_is_a_table_within_the_servers_limits(emu, world, dora, tight_bot):
    ana = world.ana
    long = await (
        await dora.slash("challenge", "new", game="pop", mode="solo", ends="80h")
    ).wait_message()
    assert long.text == t("challenge.refusal.too_long", "en", text="80h")
    _, standings = await open_challenge(emu, world, dora, game="colorpop", mode="solo", ends="1h")
    assert "Colorpop · solo" in standings.text
    _, _, lobby = await open_table(emu, world, ana)
    refused = await (await ana.click(standings, label="Play")).wait_message()
    assert refused.text == t("refusal.limit.user", "en", n=1)
    assert await tight_bot.client.tables.store.entry_tables(1) == []  # no entry was taken
    # Once her table is closed, her one entry is hers to play (by the command too).
    await ana.click(lobby, label="Cancel")
    said = await (await ana.slash("challenge", "play")).wait_message()
    assert "is open" in said.text, said.text
    again = await (await ana.slash("challenge", "play")).wait_message()
    assert again.text == t("challenge.refusal.played", "en")


async def test_the_other_kinds_open_their_entries(emu, world, dora, roomy_channels, bot):
    """Against AI seats: the member's table in its thread, the AI seats beside them; an
    Enigma: the member's own private puzzle, tried again as often as they like."""
    ana, ben = world.ana, world.ben
    number, standings = await open_challenge(
        emu, world, dora, game="pop", mode="competitive", ends="1h"
    )
    assert "Pop · competitive, against AI seats" in standings.text
    table, thread = await enter(emu, world, bot, ana, standings)
    await play_turn(emu, [ana], thread, "turn 1**")  # the AI seats choose by themselves
    seats = (await stored(bot, table)).seats
    assert [s.ai for s in seats] == [False, True, True, True]
    await dora.slash("challenge", "new", game="pop", mode="enigma", ends="1h")
    await emu.wait_for(lambda: len(standings_messages(dora, world)) == 2, 10, "the second")
    puzzle = await (await ben.slash("challenge", "play")).wait_message(lambda m: m.buttons)
    assert puzzle.ephemeral
    assert any(":card:" in b["custom_id"] for b in puzzle.buttons)
    assert number + 1 == (await bot.client.tables.store.open_challenges(world.guild.id))[0].id


async def test_the_daily_enigma_is_a_challenge_of_the_day(emu, world, bot):
    """`/pop enigma daily` makes the server's challenge of the day on demand (once): each try
    an entry, and no standings message in the channel (the puzzle's own header says who
    solved it)."""
    ana, ben = world.ana, world.ben
    for player in (ana, ana, ben):
        opened = await (await player.slash("pop", "enigma", daily=True)).wait_message(
            lambda m: m.buttons
        )
        assert opened.ephemeral
    store = bot.client.tables.store
    [daily] = await store.challenges_owing()
    assert daily.daily is not None
    assert daily.kind == "enigma"
    rows = await store.fetch(
        "SELECT user_id, try_no FROM challenge_entries WHERE challenge_id = ? ORDER BY table_id",
        daily.id,
    )
    assert [tuple(r) for r in rows] == [(ana.id, 1), (ana.id, 2), (ben.id, 1)]
    assert standings_messages(ana, world) == []
