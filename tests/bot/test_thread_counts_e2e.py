"""One message a turn, in every game (issue 33): a whole game's thread holds the lobby, one
message a turn (a seat's turn in games played one seat at a time), the results and the host's
"an AI plays my seat" (Pop is played by clicks; each set's results are their own message): never a message a step. The figures
print with `pytest -s`."""

from __future__ import annotations

import pytest

from tests.bot.thread_counts import count_game

pytestmark = pytest.mark.asyncio

GAMES = [
    # label, game, AI seats beside the host, options, messages of their own besides the turns
    ("pop, one set", "pop", 4, {"sets": 1}, 2),
    ("pop, three sets", "pop", 4, {"sets": 3}, 4),
    # every seat an AI: a turn is revealed before its message is out, its story gets one
    ("pop, AI seats alone", "pop", 4, {"sets": 1, "by_ai": True}, 3),
    ("coloretto", "coloretto", 3, {}, 3),
    ("colorpop", "colorpop", 2, {}, 4),  # and the notice that the secret colours are dealt
    ("colourist", "colourist", 3, {}, 3),
]


@pytest.mark.parametrize(
    ("label", "game", "ai", "options", "own"), GAMES, ids=[g[0] for g in GAMES]
)
async def test_a_whole_game_posts_one_message_a_turn(
    emu, world, roomy_channels, pop_bot, label, game, ai, options, own
):
    counted = await count_game(emu, world, pop_bot, label, game, ai, **options)
    print(counted.row())
    assert counted.messages <= counted.turns + own, counted.row()
