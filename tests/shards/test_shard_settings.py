"""POP_SHARD_COUNT / POP_SHARD_IDS: parsed, checked, and turned into the right client."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.running.client import PopBot
from bot.running.main import create_bot
from bot.running.settings import Settings
from bot.running.sharding import ShardedPopBot, shard_of


def settings(tmp_path, **env: str) -> Settings:
    return Settings(DISCORD_TOKEN="x", POP_DATABASE_PATH=str(tmp_path / "db"), **env)


def test_unsharded_by_default_and_sharded_when_asked(tmp_path):
    plain = create_bot(settings(tmp_path))
    assert type(plain) is PopBot
    assert plain.shard_count is None

    sharded = create_bot(settings(tmp_path, POP_SHARD_COUNT="4", POP_SHARD_IDS=" 3, 1,1"))
    assert isinstance(sharded, ShardedPopBot)
    assert (sharded.shard_count, sharded.shard_ids) == (4, [1, 3])
    guilds = {shard: (1_000 + shard) << 22 for shard in range(4)}
    assert {s: shard_of(g, 4) for s, g in guilds.items()} == {0: 0, 1: 1, 2: 2, 3: 3}
    assert [sharded.owns_guild(guilds[s]) for s in range(4)] == [False, True, False, True]
    assert not sharded.owns_guild(None)  # DMs belong to shard 0

    every = create_bot(settings(tmp_path, POP_SHARD_COUNT="2"))  # all shards in one process
    assert every.shard_ids is None
    assert every.owns_guild(guilds[1])
    assert every.owns_guild(None)


@pytest.mark.parametrize(
    "env",
    [
        {"POP_SHARD_IDS": "0"},  # ids without a count
        {"POP_SHARD_COUNT": "2", "POP_SHARD_IDS": "2"},
        {"POP_SHARD_COUNT": "0"},
        {"POP_SHARD_COUNT": "2", "POP_SHARD_IDS": "one"},
    ],
)
def test_impossible_shard_settings_are_refused(tmp_path, env):
    with pytest.raises(ValidationError):
        settings(tmp_path, **env)
