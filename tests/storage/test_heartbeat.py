"""The heartbeat rows (bot/running/heartbeat.py, migration 008) on SQLite and PostgreSQL: each shard
process writes its own, and `pop-bot check --alive` judges each shard it expects from them."""

from __future__ import annotations

import time

from bot.running.heartbeat import (
    DOWN,
    STARTING,
    STOPPED,
    UP,
    Beat,
    Heartbeat,
    read_beats,
    verdicts,
    write_beats,
)

NOW = 1_800_000_000.0


def beat(shard: int = 0, count: int = 1, *, ago: float = 1.0, gateway: str = UP, since: float = 60):
    return Beat(shard, count, "host-a", 42, 10.0, NOW - ago, gateway, NOW - since)


def judge(*beats: Beat, shards=(0,), count: int = 1) -> list[tuple[bool, str]]:
    return verdicts({b.shard: b for b in beats}, list(shards), count, NOW)


def test_a_fresh_beat_with_the_gateway_up_is_alive():
    assert judge(beat(ago=4)) == [
        (True, "the bot: connected to Discord (last heartbeat 4 s ago, pid 42 on host-a)")
    ]


def test_no_beat_for_three_intervals_is_a_stuck_loop_or_a_gone_process():
    assert judge(beat(ago=29))[0][0]
    assert judge(beat(ago=31)) == [
        (
            False,
            "the bot: no heartbeat for 31 s (it beats every 10 s): its event loop is stuck,"
            " or the process is gone (pid 42 on host-a)",
        )
    ]


def test_a_gateway_down_for_two_intervals_fails_a_reconnect_does_not():
    assert judge(beat(gateway=DOWN, since=5)) == [
        (
            True,
            "the bot: reconnecting to Discord's gateway (5 s so far; last heartbeat 1 s ago,"
            " pid 42 on host-a)",
        )
    ]
    assert judge(beat(gateway=DOWN, since=300)) == [
        (
            False,
            "the bot: disconnected from Discord's gateway for 5 min (last heartbeat 1 s ago,"
            " pid 42 on host-a)",
        )
    ]
    assert judge(beat(gateway=STARTING, since=25))[0] == (
        False,
        "the bot: not connected to Discord since it started 25 s ago (last heartbeat 1 s ago,"
        " pid 42 on host-a)",
    )
    assert judge(beat(gateway=STARTING, since=3))[0][0]


def test_a_stopped_bot_and_a_missing_one_fail():
    assert judge(beat(gateway=STOPPED, ago=7200)) == [
        (False, "the bot: stopped 2.0 h ago (pid 42 on host-a)")
    ]
    assert judge() == [
        (False, "the bot: no heartbeat: is pop-bot run running against this database?")
    ]


def test_each_expected_shard_is_judged_alone():
    said = judge(beat(0, 4), beat(1, 4, ago=100), shards=(0, 1, 2), count=4)
    assert [alive for alive, _ in said] == [True, False, False]
    assert [line.split(":")[0] for _, line in said] == [
        "shard 0 of 4",
        "shard 1 of 4",
        "shard 2 of 4",
    ]


async def test_two_shard_processes_keep_their_own_rows(make_store):
    """Two processes of one bot, one shard each, on one database; a row of an earlier
    deployment (another shard count) is never read."""
    first, second = make_store(), make_store()
    await first.open()
    await second.open()
    try:
        assert await read_beats(first, 2) == {}
        up = {0: True, 1: True}
        beats = [
            Heartbeat(store, 2, [shard], up.get, every=10.0)
            for store, shard in ((first, 0), (second, 1))
        ]
        await write_beats(first, [beat(0, 4, ago=0)])  # the earlier deployment's
        for heartbeat in beats:
            await heartbeat.beat()
        await beats[0].beat()  # again: the same row
        read = await read_beats(second, 2)
        assert sorted(read) == [0, 1]
        assert {b.gateway for b in read.values()} == {UP}
        assert all(abs(b.beat_at - time.time()) < 60 for b in read.values())
        assert [alive for alive, _ in verdicts(read, [0, 1], 2, time.time())] == [True, True]

        up[1] = False  # shard 1 loses its gateway: since then, not since the start
        before = time.time()
        await beats[1].beat()
        read = await read_beats(first, 2)
        assert read[1].gateway == DOWN
        assert read[1].since >= before
        assert read[0].gateway == UP

        beats[0].start()  # a process that stops says so in its last beat
        await beats[0].stop()
        read = await read_beats(second, 2)
        assert read[0].gateway == STOPPED
        assert (await read_beats(second, 4))[0].beat_at == NOW  # the other count's row, as it was
    finally:
        await first.close()
        await second.close()


async def test_a_bot_that_never_connected_is_starting_not_disconnected(make_store):
    store = make_store()
    await store.open()
    try:
        heartbeat = Heartbeat(store, 1, [0], lambda _shard: False, every=10.0)
        await heartbeat.beat()
        [(alive, said)] = verdicts(await read_beats(store, 1), [0], 1, time.time())
        assert alive
        assert said.startswith("the bot: starting, not connected to Discord yet (")
    finally:
        await store.close()
