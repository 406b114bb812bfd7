"""The two-player variant and Trick, each played to the end through the real bot."""

from __future__ import annotations

import pytest

from tests.bot.story import assert_no_secret_shown, play_turn, scoreboard, start_table
from tests.bot.test_game_e2e import assert_record_replays_to_announced_scores

pytestmark = pytest.mark.asyncio


async def test_two_player_variant_draws_and_plays_two_cards_a_turn(
    emu, world, roomy_channels, pop_bot
):
    ana, ben = world.ana, world.ben
    _, thread = await start_table(emu, world, ana, [ben], sets=1)
    turns = []
    for k in range(1, 9):
        turn = await play_turn(
            emu, [ana, ben], thread, f"Set 1/1 · turn {k}**", pick=lambda hand: hand[:2]
        )
        # Each turn starts with a drawn card: 10 cards in turn 1, down by one a turn.
        assert [len(h) for h in turn[1].values()] == [11 - k, 11 - k]
        turns.append(turn)
    final = await scoreboard(emu, ana, thread)
    assert_no_secret_shown([m for m in ana.visible_messages(thread) if not m.ephemeral], turns)
    await assert_record_replays_to_announced_scores(world, thread, final, [ana, ben])


async def test_trick_game_to_the_end(emu, world, roomy_channels, pop_bot):
    ana, ben, cleo = world.ana, world.ben, world.cleo
    _, thread = await start_table(emu, world, ana, [ben, cleo], mode="trick", sets=1)
    turns = [
        await play_turn(
            emu, [ana, ben, cleo], thread, f"Set 1/1 · turn {k}**", pick=lambda hand: hand[-1:]
        )
        for k in range(1, 9)
    ]
    final = await scoreboard(emu, ana, thread)
    assert_no_secret_shown([m for m in ana.visible_messages(thread) if not m.ephemeral], turns)
    await assert_record_replays_to_announced_scores(world, thread, final, [ana, ben, cleo])
