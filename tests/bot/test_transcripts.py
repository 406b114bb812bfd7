"""Players see what they saw before: every game's texts, pictures and controls over seeded games
(`tests/bot/transcripts.py`) are those recorded in its fixture, step by step."""

from __future__ import annotations

import gzip
import json

import pytest

from tests.bot.transcripts import FIXTURE, GAMES, play_all


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_a_seeded_game_shows_what_it_showed(name):
    expected = json.loads(gzip.decompress(FIXTURE.read_bytes()))[name]
    shown = play_all([name])[name]
    for step, (was, now) in enumerate(zip(expected, shown, strict=False)):
        assert now == was, f"{name}: step {step} differs"
    assert len(shown) == len(expected), f"{name}: {len(shown)} steps, not {len(expected)}"
