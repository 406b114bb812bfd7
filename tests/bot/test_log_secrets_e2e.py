"""A game with private hands, logged at DEBUG as `POP_LOG_LEVEL=DEBUG` logs it: no interaction
token the emulator issued, and nothing of a hand (its card buttons, its picture's words),
reaches a log line, although refused requests on interaction routes are logged with their
path (`bot.posting.budget`)."""

from __future__ import annotations

import logging

import pytest

from bot.running.logs import configure_logging
from tests.bot.story import play_turn, start_table, turn_message

pytestmark = pytest.mark.asyncio


@pytest.fixture
def debug_log(tmp_path):
    """The bot's logging as `pop-bot run` configures it at DEBUG, into a file; restored after."""
    root, discord_log = logging.getLogger(), logging.getLogger("discord")
    levels = root.level, discord_log.level
    path = tmp_path / "bot.log"
    with path.open("w") as stream:
        handler = configure_logging("DEBUG", False, stream=stream)
        try:
            yield path
        finally:
            root.removeHandler(handler)
            root.setLevel(levels[0])
            discord_log.setLevel(levels[1])


async def test_a_game_logged_at_debug_shows_no_token_and_no_hand(emu, world, pop_bot, debug_log):
    ana, ben = world.ana, world.ben
    _, thread = await start_table(emu, world, ana, [ben], sets=1)
    # Refused once each, and logged with their paths, which hold the interaction's token: a
    # hand's followup and a press's callback.
    emu.fail_next(429, path="/webhooks/")
    emu.fail_next(429, path="/callback", retry_after=0.05)
    await play_turn(emu, [ana, ben], thread, "Set 1/1 · turn 1**", pick=lambda h: h[:2])
    await turn_message(emu, ana, thread, "Set 1/1 · turn 2**")
    logging.getLogger("discord.gateway").debug("a raw event that must not be written")
    said = debug_log.read_text()
    tokens = {i.token for i in emu.interactions.values()}
    assert len(tokens) >= 6
    assert [token for token in tokens if token in said] == []
    hands = [
        m
        for m in emu.messages.values()
        if m.ephemeral and any(":card:" in b["custom_id"] for b in m.buttons)
    ]
    assert hands
    secrets = {b["custom_id"] for m in hands for b in m.buttons if ":card:" in b["custom_id"]}
    secrets |= {a.description for m in hands for a in m.attachments if a.description}
    assert [secret for secret in secrets if secret in said] == []
    assert "a raw event" not in said
    # The budget's lines of the two refusals are there, without their tokens.
    assert "/[redacted]/messages/@original answered 429" in said  # the hand fills the "thinking…"
    assert "/[redacted]/callback answered 429" in said
