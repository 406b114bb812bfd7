"""Enigma puzzles (private, with the server's daily puzzle), and stats from finished games."""

from __future__ import annotations

import re

import pytest

from engine.pop.enigma import load_pack, solve
from tests.bot.story import card_buttons, play_enigma, play_turn, start_table, stored_table

pytestmark = pytest.mark.asyncio

PACK = {p.id: p for p in load_pack()}


async def open_puzzle(player, **options):
    opened = await player.slash("pop", "enigma", **options)
    message = await opened.wait_message(lambda m: m.buttons)
    assert message.ephemeral
    assert len(message.attachments) == 2
    return message


def puzzle_of(message):
    if "Today's Enigma" in message.text:
        return None
    return PACK[re.search(r"Enigma (e\d+)", message.text).group(1)]


async def test_an_enigma_is_solved_privately(emu, world, pop_bot):
    ana, ben = world.ana, world.ben
    message = await open_puzzle(ana, difficulty="easy")
    puzzle = puzzle_of(message)
    assert puzzle.grade == 1
    assert sorted(card_buttons(message)) == sorted(puzzle.hand)
    solution = solve(puzzle.grid, puzzle.hand)[0]
    result = await play_enigma(emu, ana, message, solution)
    assert "Grid cleared" in result.text
    assert result.attachments
    steps = [m for m in ana.ephemeral_messages() if m.attachments and m.id > message.id]
    assert len(steps) >= 2  # the strip of steps, then the result
    assert not any(m.ephemeral for m in ben.visible_messages(world.games))
    assert all(not m.attachments for m in ana.visible_messages(world.games) if not m.ephemeral)


async def test_the_daily_puzzle_lists_who_solved_it_and_in_how_many_tries(
    emu, world, pop_bot, monkeypatch
):
    ana, ben = world.ana, world.ben
    # Today's puzzle comes from the (random) server id; take one whose hand has a wrong pick.
    roomy = next(p for p in sorted(PACK.values(), key=lambda p: p.id) if len(p.hand) > 5)
    monkeypatch.setattr("bot.games.pop.commands.daily_puzzle", lambda _guild_id, _day: roomy)
    first = await open_puzzle(ana, daily=True)
    hand = card_buttons(first)
    table = next(
        live.table
        for live in pop_bot.client.tables.held.cache.values()
        if live.table.private and live.table.face.get("daily")
    )
    puzzle = PACK[table.options["puzzle_id"]]
    solutions = {tuple(sorted(s)) for s in solve(puzzle.grid, puzzle.hand)}
    wrong = next(
        tuple(c)
        for c in __import__("itertools").combinations(sorted(hand), 5)
        if tuple(c) not in solutions
    )
    result = await play_enigma(emu, ana, first, wrong)
    assert "not cleared" in result.text
    retry = await ana.click(result, label="Try again")
    second = await retry.wait_message(lambda m: m.buttons)
    result = await play_enigma(emu, ana, second, sorted(solutions)[0])
    assert "Grid cleared" in result.text
    await emu.wait_for(
        lambda: any(
            "Ana solved today's Enigma in 2 tries" in m.text
            for m in ben.visible_messages(world.games)
        ),
        10,
        "the public announcement",
    )
    theirs = await open_puzzle(ben, daily=True)
    assert f"<@{ana.id}> (2 tries)" in theirs.text
    assert sorted(card_buttons(theirs)) == sorted(puzzle.hand)  # the same puzzle all day


async def test_stats_and_leaderboard_count_finished_games(emu, world, roomy_channels, pop_bot):
    ana, ben = world.ana, world.ben
    _, thread = await start_table(emu, world, ana, [ben], sets=1)
    for k in range(1, 9):
        await play_turn(emu, [ana, ben], thread, f"Set 1/1 · turn {k}**", pick=lambda h: h[:2])
    await emu.wait_for(
        lambda: any("Rematch" in m.button_labels for m in ana.visible_messages(thread)),
        20,
        "the end",
    )
    game = (await stored_table(pop_bot))[1]
    winner = ana if str(ana.id) in game.winners else ben
    stats = await (await ana.slash("stats", user=winner.user)).wait_message()
    assert stats.ephemeral
    assert "1 game, wins: 1" in stats.text
    assert "Average set score" in stats.text
    board = await (await ben.slash("leaderboard")).wait_message()
    # The game was rated: the winner has the best rating of Pop's board.
    lines = board.text.splitlines()
    # The title, then the small line saying what the number is, then each game's board.
    assert lines[1].startswith("-# Rating: ")
    assert lines[2] == "**Pop · competitive**"
    assert lines[3] == "*Still provisional* (not ranked yet):"  # one game: nobody ranked yet
    first_line = lines[4]
    assert first_line.startswith(f"· <@{winner.id}> — ")
    assert first_line.endswith("? · 1 rated game")
