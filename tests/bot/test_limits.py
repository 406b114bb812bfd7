"""What one user, channel or server may take (bot/model/limits.py): open tables, counted when one
opens, and clicks, a token bucket per user that answers once when it overflows."""

from __future__ import annotations

from bot.model.limits import ClickRate, Limits, Place, table_limit

LIMITS = Limits(tables_per_user=2, tables_per_channel=3, tables_per_server=4, private_per_user=2)


def open_ones(*places: tuple[int, int]) -> list[Place]:
    """Open tables, each (host, channel)."""
    return [Place(*place) for place in places]


def privately(*hosts: int) -> list[Place]:
    """Open private games (Enigmas), each played by its host in channel 10."""
    return [Place(host, 10, private=True) for host in hosts]


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


def test_private_games_have_a_limit_of_their_own_and_take_no_tables_place():
    many = privately(1, 1, 2, 2, 3)  # more private games in channel 10 than it has room for
    assert table_limit(LIMITS, many, 4, 10) is None  # a table there is still welcome
    assert table_limit(LIMITS, many + open_ones((1, 11)), 1, 10) is None  # and one more of 1's
    no = table_limit(LIMITS, many, 1, 10, private=True)
    assert (no.key, no.values) == ("refusal.limit.private", {"n": 2})
    assert table_limit(LIMITS, many, 3, 10, private=True) is None
    # Public tables never count against the private limit.
    tables = open_ones((3, 10), (3, 11))
    assert table_limit(LIMITS, tables, 3, 12, private=True) is None


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
    clock.now += 0.2  # one click's worth later: let through, but the burst goes on
    assert rate.check(1) == "go"
    assert rate.check(1) == "drop"
    clock.now += 1.0  # under the rate long enough for a full bucket: that burst is over
    assert [rate.check(1) for _ in range(5)] == ["go"] * 5
    assert rate.check(1) == "tell"  # a new burst over the rate is told again


def test_fifteen_clicks_a_second_for_two_seconds_are_told_once():
    clock = Clock()
    rate = ClickRate(5, clock)
    verdicts = []
    for _ in range(30):
        verdicts.append(rate.check(1))
        clock.now += 1 / 15
    assert verdicts.count("tell") == 1
    # What the rate allows still goes through: five at once, then five a second.
    assert 13 <= verdicts.count("go") <= 16
    # Slowing down to the rate does not start a new burst (the bucket never fills up).
    slower = []
    for _ in range(10):
        clock.now += 1 / 5
        slower.append(rate.check(1))
    assert "tell" not in slower


class OneServerStore:
    """A store whose one query is a server's open tables; a table can change meanwhile."""

    def __init__(self, tables, meanwhile=None) -> None:
        self.tables, self.meanwhile, self.asked = tables, meanwhile, 0

    async def open_tables(self, guild_id: int):
        self.asked += 1
        if self.meanwhile is not None:
            self.meanwhile()
        return [t for t in self.tables if t.guild_id == guild_id]


async def test_open_tables_are_read_once_then_kept_by_every_change():
    from bot.model.limits import OpenTables
    from tests.factories import a_table

    ana_s = a_table(id=1, host_id=1, channel_id=10, status="playing")
    store = OneServerStore([ana_s])
    tables = OpenTables(store.open_tables)
    assert sorted(await tables.of(1)) == [Place(1, 10)]
    tables.note(a_table(id=2, host_id=2, channel_id=11, status="lobby"))
    tables.note(ana_s.model_copy(update={"status": "finished"}))
    assert sorted(await tables.of(1)) == [Place(2, 11)]
    assert store.asked == 1  # one query, then every change kept in memory
    # A table opened while the server's tables are being read is not missed.
    late = OpenTables(
        OneServerStore([], lambda: late.note(a_table(id=3, host_id=3, status="lobby"))).open_tables
    )
    assert sorted(await late.of(1)) == [Place(3, 2)]
