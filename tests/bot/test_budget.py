"""The request budget (bot/posting/budget.py) on a fake clock: the rate is held, priorities are served
highest first (the servers in turn within one, first come first served within a server),
interaction routes bypass it, invalid requests are counted over a rolling 10 minutes."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace

import pytest
from yarl import URL

from bot.posting.budget import (
    ANSWER,
    RELAX_BELOW,
    STEP,
    TIGHT_HOLD,
    TURN,
    Budget,
    InvalidRequests,
    budgeted,
    http_trace,
    priority,
    process_share,
    serving,
)


class FakeClock:
    """Time that passes only when the budget sleeps."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(0)  # those just granted run first, at the time they were granted
        self.now += max(seconds, 0.0)


def fake_budget(rate: float, burst: float) -> tuple[Budget, FakeClock]:
    clock = FakeClock()
    return Budget(rate, burst, clock=clock, sleep=clock.sleep), clock


async def test_the_rate_is_held_over_any_second():
    budget, clock = fake_budget(rate=10, burst=2)
    granted: list[float] = []

    async def one() -> None:
        await budget.acquire(STEP)
        granted.append(clock.now - 1000.0)

    await asyncio.gather(*(one() for _ in range(100)))
    assert len(granted) == 100
    # Two at once (the burst), then one every 1/10 s.
    assert granted[:3] == [0.0, 0.0, pytest.approx(0.1)]
    assert granted[-1] == pytest.approx(9.8)
    for start in granted:  # never more than rate + burst in any one-second window
        assert sum(1 for t in granted if start <= t < start + 1) <= 12
    assert budget.granted == 100
    assert budget.backlog() == 0


async def test_waiting_requests_are_served_highest_priority_first_in_arrival_order():
    budget, _ = fake_budget(rate=5, burst=1)
    await budget.acquire()  # the bucket is empty now: everyone below waits
    order: list[tuple[int, int]] = []

    async def one(level: int, n: int) -> None:
        with priority(level):
            await budget.acquire()
        order.append((level, n))

    tasks = [asyncio.create_task(one(STEP, n)) for n in range(4)]
    tasks += [asyncio.create_task(one(TURN, n)) for n in range(4)]
    tasks += [asyncio.create_task(one(ANSWER, n)) for n in range(4)]
    await asyncio.gather(*tasks)
    assert order == [(ANSWER, n) for n in range(4)] + [(TURN, n) for n in range(4)] + [
        (STEP, n) for n in range(4)
    ]


async def test_a_busy_server_cannot_hold_up_the_others():
    budget, clock = fake_budget(rate=10, burst=1)
    await budget.acquire()
    served: dict[int, list[float]] = {1: [], 2: [], 3: []}

    async def one(guild: int) -> None:
        with serving(guild), priority(STEP):
            await budget.acquire()
        served[guild].append(clock.now - 1000.0)

    flood = [asyncio.create_task(one(1)) for _ in range(100)]  # one server's pictures first
    await asyncio.sleep(0)
    others = [asyncio.create_task(one(guild)) for guild in (2, 3) for _ in range(5)]
    await asyncio.gather(*flood, *others)
    # The two quiet servers are served in turn with the busy one: all ten by 1.5 s, not
    # after the busy server's 10 s of pictures.
    assert max(served[2] + served[3]) == pytest.approx(1.5)  # every third token
    assert len(served[1]) == 100
    assert max(served[1]) == pytest.approx(11.0)  # the busy one loses nothing, only waits
    # Within one server, first come first served; a higher priority still goes first.
    assert served[1] == sorted(served[1])


async def test_the_round_robin_keeps_priorities_first():
    budget, _ = fake_budget(rate=5, burst=1)
    await budget.acquire()
    order: list[tuple[int, int]] = []

    async def one(guild: int, level: int) -> None:
        with serving(guild), priority(level):
            await budget.acquire()
        order.append((guild, level))

    tasks = [asyncio.create_task(one(1, STEP)) for _ in range(3)]
    tasks += [asyncio.create_task(one(2, STEP)) for _ in range(3)]
    tasks += [asyncio.create_task(one(2, ANSWER))]
    await asyncio.gather(*tasks)
    assert order == [(2, ANSWER), (1, STEP), (2, STEP), (1, STEP), (2, STEP), (1, STEP), (2, STEP)]


async def test_a_late_answer_overtakes_the_pictures_already_waiting():
    budget, clock = fake_budget(rate=2, burst=1)
    await budget.acquire()
    order: list[str] = []

    async def one(name: str, level: int) -> None:
        await budget.acquire(level)
        order.append(name)

    pictures = [asyncio.create_task(one(f"step{n}", STEP)) for n in range(5)]
    await asyncio.sleep(0)
    assert budget.backlog() == 5  # the pictures wait; then an answer comes
    answer = asyncio.create_task(one("answer", ANSWER))
    await asyncio.gather(answer, *pictures)
    assert order == ["answer", "step0", "step1", "step2", "step3", "step4"]
    assert clock.now - 1000.0 == pytest.approx(3.0)  # 6 more tokens at 2 per second


async def test_a_caller_that_gives_up_spends_no_token():
    budget, _ = fake_budget(rate=1, burst=1)
    await budget.acquire()
    quitter = asyncio.create_task(budget.acquire(ANSWER))
    await asyncio.sleep(0)
    quitter.cancel()
    await asyncio.gather(budget.acquire(STEP), budget.acquire(STEP))
    assert budget.granted == 3  # the first, then the two that stayed: none for the quitter


async def test_it_is_tight_while_requests_wait_long_and_not_after():
    budget, clock = fake_budget(rate=4, burst=1)
    assert not budget.tight()
    await asyncio.gather(*(budget.acquire(STEP) for _ in range(5)))  # the last waits 1 s
    assert budget.tight()
    clock.now += TIGHT_HOLD + 0.1
    assert not budget.tight()
    await budget.acquire(STEP)  # the bucket refilled: no wait, not tight
    assert not budget.tight()


async def test_it_stays_tight_while_the_rate_is_still_well_used():
    budget, clock = fake_budget(rate=10, burst=1)
    await asyncio.gather(*(budget.acquire(STEP) for _ in range(10)))  # waits: tight
    assert budget.tight()
    # Then 6 a second (60 % of the rate, no waits) for 20 s: tight all along.
    for _ in range(40):
        clock.now += 0.5
        await asyncio.gather(*(budget.acquire(STEP) for _ in range(3)))
        clock.now += 0.01
        assert budget.tight()
    assert budget.utilisation() >= RELAX_BELOW
    # Then 2 a second: it relaxes, once the busy seconds are over, and stays relaxed.
    relaxed = []
    for _ in range(40):
        clock.now += 0.5
        await budget.acquire(STEP)
        relaxed.append(not budget.tight())
    assert not relaxed[0]
    assert all(relaxed[-20:])
    # 60 % of the rate again, without a wait: no longer a sign of tightness by itself.
    for _ in range(20):
        clock.now += 0.5
        await asyncio.gather(*(budget.acquire(STEP) for _ in range(3)))
        assert not budget.tight()


async def test_interaction_routes_bypass_the_budget_and_others_wait():
    budget, clock = fake_budget(rate=1, burst=1)
    [on_request_start] = http_trace(budget, InvalidRequests(clock=clock)).on_request_start
    sent: list[str] = []

    async def request(path: str) -> None:
        """What aiohttp does for discord.py: the trace first, then the request goes."""
        await on_request_start(None, None, SimpleNamespace(url=URL(f"http://discord{path}")))
        sent.append(path)

    post = "/api/v10/channels/1/messages"
    posts = [asyncio.create_task(request(post)) for _ in range(3)]
    await asyncio.sleep(0)
    assert sent == [post]  # one token: the other two wait
    callback = "/api/v10/interactions/5/tok/callback"
    followup = "/api/v10/webhooks/6/tok"
    for path in (callback, followup, "/", "/attachments/1/2/a.png"):  # gateway, files
        await request(path)
    assert clock.now == 1000.0  # they went at once, ahead of the waiting posts
    await asyncio.gather(*posts)
    assert sent[1:3] == [callback, followup]
    assert sent[-2:] == [post, post]
    assert clock.now - 1000.0 == pytest.approx(2.0)


def test_what_counts_against_the_global_limit():
    assert budgeted("/api/v10/channels/1/messages")
    assert budgeted("/api/v10/users/@me")
    assert budgeted("/api/v9/applications/1/commands")
    assert not budgeted("/api/v10/interactions/1/tok/callback")
    assert not budgeted("/api/v10/webhooks/1/tok/messages/@original")
    assert not budgeted("/")  # the gateway
    assert not budgeted("/attachments/1/2/x.png")


async def test_every_answer_is_checked_for_an_invalid_one():
    budget, clock = fake_budget(rate=10, burst=1)
    invalid = InvalidRequests(clock=clock, on_global_limit=budget.slow_down)
    [on_request_end] = http_trace(budget, invalid).on_request_end

    async def answer(status: int, **headers: str) -> None:
        response = SimpleNamespace(status=status, headers=headers)
        url = URL("http://discord/api/v10/channels/1/messages")
        await on_request_end(None, None, SimpleNamespace(response=response, method="POST", url=url))

    await answer(200)
    await answer(429, **{"X-RateLimit-Scope": "user"})
    assert invalid.count() == 1
    assert budget.rate == 10  # a route's own limit: the budget is not to blame
    await answer(429, **{"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"})
    assert invalid.count() == 2
    assert budget.rate == pytest.approx(8)


async def test_a_global_429_slows_the_budget_down_and_it_recovers():
    budget, clock = fake_budget(rate=10, burst=1)
    invalid = InvalidRequests(clock=clock, on_global_limit=budget.slow_down)
    invalid.note(429, "POST", "/api/v10/channels/1/messages")  # a route's own limit
    assert budget.rate == 10
    invalid.note(429, "POST", "/api/v10/channels/1/messages", global_limit=True)
    assert budget.rate == pytest.approx(8)
    budget.slow_down()  # the same crowded second: one sign
    assert budget.rate == pytest.approx(8)
    for _ in range(10):
        clock.now += 1.0
        budget.slow_down()
    assert budget.rate < 5.5
    clock.now += 1.0
    budget.slow_down()
    assert budget.rate == pytest.approx(5)  # never under half the set rate
    began = clock.now
    await asyncio.gather(*(budget.acquire(STEP) for _ in range(6)))
    assert clock.now - began > 5 / 5.6  # the five that waited came at about 5 a second
    clock.now += 60
    await budget.acquire(STEP)
    assert budget.rate == 10  # a minute later: the whole rate again


def test_each_process_takes_its_shards_share_of_the_rate():
    assert process_share(40, None, None) == 40
    assert process_share(40, [0, 1], 2) == 40  # all shards here (explicitly)
    assert process_share(40, None, 4) == 40  # all shards here (discord.py's default)
    assert process_share(40, [1], 2) == 20
    assert process_share(40, [0, 2, 3], 4) == 30


def test_invalid_requests_are_counted_over_a_rolling_ten_minutes(caplog):
    clock = FakeClock()
    invalid = InvalidRequests(period=600, warn_at=3, clock=clock)
    with caplog.at_level(logging.INFO, logger="pop.budget"):
        for status in (200, 204, 404, 401, 403, 429):
            invalid.note(status, "POST", "/api/v10/channels/1/messages")
        assert invalid.count() == 3
        assert "3 invalid requests" in caplog.text  # the threshold passed: a warning
        assert any(r.levelno == logging.WARNING for r in caplog.records)
        clock.now += 300
        invalid.note(429, "PATCH", "/api/v10/channels/1/messages/2")
        assert invalid.count() == 4
        clock.now += 301  # the first three are more than 10 minutes old
        assert invalid.count() == 1
    assert invalid.total == 4
