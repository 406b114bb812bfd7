"""What one user, channel or server may take (bot/limits.py): open tables, counted when one
opens, and clicks, a token bucket per user that answers once when it overflows."""

from __future__ import annotations

from bot.limits import ClickRate, Limits, table_limit
from tests.factories import a_table

LIMITS = Limits(tables_per_user=2, tables_per_channel=3, tables_per_server=4)


def open_ones(*places: tuple[int, int]) -> list:
    """Open tables, each (host, channel)."""
    return [a_table(host_id=host, channel_id=channel, status="lobby") for host, channel in places]


def test_the_narrowest_limit_reached_is_the_one_said():
    assert table_limit(LIMITS, [], 1, 10) is None
    two_of_mine = open_ones((1, 10), (1, 11))
    no = table_limit(LIMITS, two_of_mine, 1, 12)
    assert (no.key, no.values) == ("refusal.limit.user", {"n": 2})
    assert table_limit(LIMITS, two_of_mine, 2, 10) is None  # someone else may
    channel_full = open_ones((2, 10), (3, 10), (4, 10))
    assert table_limit(LIMITS, channel_full, 1, 10).key == "refusal.limit.channel"
    assert table_limit(LIMITS, channel_full, 1, 11) is None
    server_full = open_ones((2, 10), (3, 11), (4, 12), (5, 13))
    no = table_limit(LIMITS, server_full, 1, 14)
    assert (no.key, no.values) == ("refusal.limit.server", {"n": 4})


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_clicks_beyond_the_rate_are_told_once_then_let_go():
    clock = Clock()
    rate = ClickRate(5, clock)
    assert [rate.check(1) for _ in range(5)] == ["go"] * 5  # five at once
    assert rate.check(1) == "tell"
    assert [rate.check(1) for _ in range(10)] == ["drop"] * 10
    assert rate.check(2) == "go"  # another user is not slowed
    clock.now += 0.2  # one click's worth later
    assert rate.check(1) == "go"
    assert rate.check(1) == "tell"  # a new burst over the rate is told again
    clock.now += 1.0
    assert [rate.check(1) for _ in range(5)] == ["go"] * 5
