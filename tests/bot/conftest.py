"""Fixtures for end-to-end tests of the real bot against the loopback Discord."""

from __future__ import annotations

import json

import pytest

from bot.model import fair
from bot.running.main import create_bot, load_settings
from tests.bot.story import PINNED_DEALS
from tests.discord_emulator import rest
from tests.discord_emulator.model import Perm


@pytest.fixture(autouse=True)
def pinned_deals(monkeypatch):
    """A test may pin its next deal (`story.pin_next_deal`); otherwise deals are fair."""
    real = fair.deal_seed
    monkeypatch.setattr(
        fair, "deal_seed", lambda deal: PINNED_DEALS.pop(0) if PINNED_DEALS else real(deal)
    )
    yield
    PINNED_DEALS.clear()


@pytest.fixture
def fast_bot_env(bot_env, monkeypatch):
    """The real bot's environment with no pacing between pictures and no turn timer."""
    monkeypatch.setenv("POP_STEP_DELAY", "0")
    monkeypatch.setenv("POP_TURN_TIMER", "0")
    return bot_env


@pytest.fixture
def dora(emu, world):
    """A fourth member, who may manage the server (an administrator)."""
    boss = emu.add_role(world.guild, "boss", Perm.ADMINISTRATOR)
    user = emu.add_user("dora")
    emu.add_member(world.guild, user, roles=[boss])
    return emu.actor(user, world.games)


@pytest.fixture
async def pop_bot(fast_bot_env, start_bot):
    """The bot exactly as `pop-bot run` builds it, running against the emulator."""
    return await start_bot(lambda: create_bot(load_settings()))


@pytest.fixture
def roomy_channels(emu):
    """Channels that take 1,000 messages per 5 s instead of Discord's 5, so that a whole game
    posted with no pacing never waits on them: for tests whose subject is the game, not the
    rate limits (those keep Discord's 5 messages a window: test_game_e2e, in a 1 s window, and
    the twenty tables of test_resilience_e2e). At 50 a window, many games filled it once and
    waited out its 5 s."""
    emu.message_rate = (1000, 5.0)
    return emu


@pytest.fixture
def wire(monkeypatch):
    """Every request body the bot sends to Discord, in order: its JSON (texts, alt texts,
    file names) and its files (pictures, records)."""
    bodies: list[bytes] = []
    read = rest.read_body

    async def recording(request):
        payload, files = await read(request)
        bodies.append(json.dumps(payload, ensure_ascii=False).encode())
        bodies.extend(upload.data for upload in files.values())
        return payload, files

    monkeypatch.setattr(rest, "read_body", recording)
    return bodies
