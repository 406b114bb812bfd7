"""Challenges in the database (migration 011), on SQLite and on PostgreSQL alike: a member's
second entry is refused by the key, even when two processes claim it at once; an Enigma's tries
are numbered; a server's daily challenge is made once a day; the standings read the entries'
finished games."""

from __future__ import annotations

import asyncio

from bot.model.challenge import Challenge
from bot.model.table import FairDeal
from bot.storage.store import Result
from tests import factories


def a_challenge(**fields) -> Challenge:
    return Challenge(
        guild_id=10,
        channel_id=20,
        game="pop",
        kind="solo",
        creator_id=1,
        ends=1e9,
        deal=FairDeal(secret="ab" * 32, joins=[0], start=99),
        **fields,
    )


async def test_one_entry_a_member_even_from_two_processes(make_store):
    stores = [make_store(), make_store()]
    for s in stores:
        await s.open()
    try:
        challenge = await stores[0].insert_challenge(a_challenge())
        claims = await asyncio.gather(
            *(stores[i % 2].claim_entry(challenge.id, 7, False) for i in range(6))
        )
        assert sorted(claims, key=lambda c: c or 0) == [None] * 5 + [1]
        tries = [await stores[1].claim_entry(challenge.id, 8, True) for _ in range(3)]
        assert tries == [1, 2, 3]
        await stores[0].drop_entry(challenge.id, 7, 1)
        assert await stores[1].claim_entry(challenge.id, 7, False) == 1
    finally:
        for s in stores:
            await s.close()


async def test_a_daily_challenge_is_made_once_a_day(store):
    first = await store.insert_challenge(a_challenge(daily="2026-12-05"))
    again = await store.insert_challenge(a_challenge(daily="2026-12-05"))
    other = await store.insert_challenge(a_challenge(daily="2026-12-06"))
    assert again.id == first.id
    assert other.id != first.id
    assert [c.id for c in await store.challenges_owing()] == [first.id, other.id]
    assert await store.open_challenges(10) == []  # daily ones are not the server's challenge


async def test_the_standings_read_the_entries_games(store):
    challenge = await store.insert_challenge(a_challenge())
    table = factories.a_table("pop", guild_id=10, channel_id=20, host_id=7)
    await store.insert_table(table)
    assert await store.claim_entry(challenge.id, 7, False) == 1
    await store.entry_opened(challenge.id, 7, 1, table.id)
    table.version, table.games, table.status = 1, 1, "finished"
    result = Result(7, "solo", True, 0, {"moves": 4})
    await store.save(table, None, results=[result])
    found = await store.challenge_results(challenge.id)
    assert [(r.user_id, r.won, r.details["moves"]) for r in found] == [(7, True, 4)]
    assert await store.entry_tables(challenge.id) == [(7, table.id)]
    challenge.stage = "ending"
    await store.save_challenge(challenge)
    assert (await store.challenge(challenge.id)).stage == "ending"
    assert await store.open_challenges(10) == []


async def test_a_groups_entries_are_claimed_at_its_table_and_given_back_when_left(store):
    challenge = await store.insert_challenge(a_challenge())
    group = factories.a_table("pop", guild_id=10, channel_id=20, host_id=7)
    await store.insert_table(group)
    for user in (7, 8, 9):
        assert await store.claim_seat_entry(challenge.id, user, group.id)
    assert not await store.claim_seat_entry(challenge.id, 8, group.id)  # one entry a member
    assert await store.entry_table(challenge.id, 8) == group.id
    assert await store.entry_table(challenge.id, 5) is None
    assert [t.id for t in await store.challenge_tables(challenge.id)] == [group.id]
    await store.keep_group_entries(challenge.id, group.id, [7, 9])  # 8 left the lobby
    assert await store.entry_table(challenge.id, 8) is None
    assert await store.claim_seat_entry(challenge.id, 8, group.id)
    await store.give_back_entry(challenge.id, 8, group.id + 1)  # not that table: kept
    assert await store.entry_table(challenge.id, 8) == group.id
    await store.give_back_entry(challenge.id, 8, group.id)
    assert await store.entry_table(challenge.id, 8) is None
    group.version, group.games, group.status = 1, 1, "finished"
    results = [Result(u, "coop", True, 0, {"level": "legendary_guards"}) for u in (7, 9)]
    await store.save(group, None, results=results)
    found = await store.challenge_results(challenge.id)
    assert [(r.user_id, r.table_id) for r in found] == [(7, group.id), (9, group.id)]
    await store.keep_group_entries(challenge.id, group.id, [])  # a cancelled lobby: none kept
    assert await store.challenge_tables(challenge.id) == []
