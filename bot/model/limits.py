"""What one user, one channel or one server may take of the bot: open tables, and clicks.

A server full of tables, or a user clicking as fast as a script can, must not slow every other
server down. Tables are counted when one opens (every table in its lobby or in play); a private
game (Pop's Enigma, played in its player's own messages) is counted apart, against its player's
own limit only: it takes no place in a channel or a server. Clicks and commands go through a
token bucket per user, and a user over the rate gets one polite private answer, then nothing
more is done for their clicks until they slow down."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Collection, Iterable
from dataclasses import dataclass
from typing import Literal, NamedTuple

from .posts import Refusal
from .table import ACTIVE, Table

PRUNE_AT = 10_000  # users remembered before the idle ones (a full bucket) are let go


@dataclass(frozen=True)
class Limits:
    """Each a setting (`POP_TABLES_PER_USER`, …); the defaults suit a busy community."""

    tables_per_user: int = 3  # tables a user hosts
    tables_per_channel: int = 5
    tables_per_server: int = 50
    clicks_per_second: float = 5.0
    private_per_user: int = 3  # private games a user plays at once in a server


class Place(NamedTuple):
    """An open table, as the limits count it."""

    host: int
    channel: int
    private: bool = False

    @classmethod
    def of(cls, table: Table) -> Place:
        return cls(table.host_id, table.channel_id, table.private)


def table_limit(
    limits: Limits,
    open_tables: Collection[Place],
    user_id: int,
    channel_id: int,
    *,
    private: bool = False,
) -> Refusal | None:
    """Why `user_id` may not open another table in this channel (None: they may), given the
    server's open tables; the narrowest limit reached is the one said. A private game counts
    against its player's private limit alone, and only private games count against that."""
    if private:
        mine = sum(p.private and p.host == user_id for p in open_tables)
        if mine >= limits.private_per_user:
            return Refusal("refusal.limit.private", n=limits.private_per_user)
        return None
    public = [p for p in open_tables if not p.private]
    hosted = sum(p.host == user_id for p in public)
    if hosted >= limits.tables_per_user:
        return Refusal("refusal.limit.user", n=limits.tables_per_user)
    here = sum(p.channel == channel_id for p in public)
    if here >= limits.tables_per_channel:
        return Refusal("refusal.limit.channel", n=limits.tables_per_channel)
    if len(public) >= limits.tables_per_server:
        return Refusal("refusal.limit.server", n=limits.tables_per_server)
    return None


def admit(limits: Limits, table: Table) -> Callable[[Iterable[Table]], None]:
    """The check a table's write makes in its own transaction, under its server's lock
    (`SqlStore.insert_table`, `SqlStore.save`), given the server's open tables as stored by
    every process: it raises the refusal when they leave no room for `table`."""

    def check(open_tables: Iterable[Table]) -> None:
        places = [Place.of(t) for t in open_tables if t.id != table.id]
        refused = table_limit(
            limits, places, table.host_id, table.channel_id, private=table.private
        )
        if refused is not None:
            raise refused

    return check


class OpenTables:
    """Each server's open tables, read from the database at the server's first question and
    kept up to date by every change of a table (`note`): a refused `/… new` costs no query."""

    def __init__(self, read: Callable[[int], Awaitable[list[Table]]]) -> None:
        self.read = read  # a server's open tables, as stored (`SqlStore.open_tables`)
        self._by_guild: dict[int, dict[int, Place]] = {}
        self._loading: dict[int, dict[int, Place | None]] = {}  # changes while a server loads

    async def of(self, guild_id: int) -> Collection[Place]:
        known = self._by_guild.get(guild_id)
        if known is None:
            changed = self._loading.setdefault(guild_id, {})
            found = await self.read(guild_id)
            known = {t.id: Place.of(t) for t in found}
            for table_id, place in self._loading.pop(guild_id, changed).items():
                if place is None:
                    known.pop(table_id, None)
                else:
                    known[table_id] = place
            self._by_guild[guild_id] = known
        return known.values()

    def note(self, table: Table) -> None:
        """A table was stored: open (in its lobby or in play), or not any more."""
        place = Place.of(table) if table.status in ACTIVE else None
        known = self._by_guild.get(table.guild_id)
        if known is not None:
            if place is None:
                known.pop(table.id, None)
            else:
                known[table.id] = place
        elif table.guild_id in self._loading:
            self._loading[table.guild_id][table.id] = place


Verdict = Literal["go", "tell", "drop"]


class ClickRate:
    """Each user's clicks, `rate` a second (and as many at once): beyond it, the first click
    is told ("tell"), the next ones are let go ("drop"). One burst is told once: the clicks it
    still lets through do not end it; only a full bucket again (the user stayed under the rate
    long enough to earn every token back) does."""

    def __init__(self, rate: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.clock = rate, clock
        self._buckets: dict[int, tuple[float, float]] = {}  # user → (tokens, when)
        self._told: set[int] = set()

    def check(self, user_id: int) -> Verdict:
        now = self.clock()
        tokens, when = self._buckets.get(user_id, (self.rate, now))
        tokens = min(self.rate, tokens + (now - when) * self.rate)
        if tokens >= self.rate:
            self._told.discard(user_id)  # the burst is over: the next one is told again
        if tokens >= 1:
            self._buckets[user_id] = (tokens - 1, now)
            if len(self._buckets) > PRUNE_AT:
                self._prune(now)
            return "go"
        self._buckets[user_id] = (tokens, now)
        if user_id in self._told:
            return "drop"
        self._told.add(user_id)
        return "tell"

    def _prune(self, now: float) -> None:
        """Forget the users whose bucket has filled up again (they clicked long ago)."""
        for user, (tokens, when) in list(self._buckets.items()):
            if tokens + (now - when) * self.rate >= self.rate:
                del self._buckets[user]
                self._told.discard(user)
