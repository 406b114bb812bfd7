"""Fair shares between servers (bot/posting/shares.py): the drawing gate lets so many drawings run at
once, and a freed place goes to the next server in turn, so a server with a hundred pictures
waiting cannot hold up another's one."""

from __future__ import annotations

import asyncio

import pytest

from bot.posting.shares import FairGate


async def test_a_freed_place_goes_to_the_next_server_in_turn():
    gate = FairGate(slots=2)
    order: list[tuple[int, int]] = []
    release = asyncio.Event()

    async def draw(guild: int, n: int) -> None:
        async with gate.slot(guild):
            order.append((guild, n))
            await release.wait()
            await asyncio.sleep(0)

    busy = [asyncio.create_task(draw(1, n)) for n in range(10)]  # a busy server first
    await asyncio.sleep(0)
    quiet = [asyncio.create_task(draw(2, n)) for n in range(2)]
    await asyncio.sleep(0)
    assert order == [(1, 0), (1, 1)]  # two at once
    assert gate.busy == 2
    release.set()
    await asyncio.gather(*busy, *quiet)
    # The quiet server's two went third and fifth, not after the busy one's ten.
    assert order[:6] == [(1, 0), (1, 1), (1, 2), (2, 0), (1, 3), (2, 1)]
    assert gate.busy == 0


async def test_a_drawing_cancelled_while_it_waits_loses_no_place():
    gate = FairGate(slots=1)
    first_in = asyncio.Event()
    finish = asyncio.Event()

    async def hold() -> None:
        async with gate.slot(1):
            first_in.set()
            await finish.wait()

    holder = asyncio.create_task(hold())
    await first_in.wait()
    waiter = asyncio.create_task(hold())
    await asyncio.sleep(0)
    waiter.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiter
    finish.set()
    await holder
    assert gate.busy == 0
    async with gate.slot(2):  # the place is free again
        assert gate.busy == 1
