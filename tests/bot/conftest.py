"""Fixtures for end-to-end tests of the real bot against the loopback Discord."""

from __future__ import annotations

import pytest

from bot.main import create_bot, load_settings


@pytest.fixture
def fast_bot_env(bot_env, monkeypatch):
    """The real bot's environment with no pacing between pictures and no turn timer."""
    monkeypatch.setenv("POP_STEP_DELAY", "0")
    monkeypatch.setenv("POP_TURN_TIMER", "0")
    return bot_env


@pytest.fixture
async def pop_bot(fast_bot_env, start_bot):
    """The bot exactly as `pop-bot run` builds it, running against the emulator."""
    return await start_bot(lambda: create_bot(load_settings()))
