"""When paused tables try their channel again (bot/tables/paused_retries.py), on a test clock: each one
backs off, doubling to minutes; a permission change starts it again; and all of them together
keep within the process's budget of tries, however many they are and however often they are
asked for, each server in turn."""

from __future__ import annotations

import asyncio
from collections import Counter

import pytest

from bot.tables.paused_retries import LONGEST_WAIT, PausedRetries
from tests.clock import TestClock

pytestmark = pytest.mark.asyncio


class Paused:
    """Paused tables whose every try is refused, as their outboxes would have them: a kick is
    a try when it may be one (`may_try`), and Discord refuses it (`refused`)."""

    def __init__(self, invalid: list[int] | None = None) -> None:
        self.clock = TestClock(start=0.0)
        self.invalid = invalid if invalid is not None else [0]
        self.retries = PausedRetries(self.kick, lambda: self.clock)
        self.retries.invalid_count = lambda: self.invalid[0]
        self.guild: dict[int, int] = {}
        self.tries: list[tuple[float, int]] = []  # (when, table)

    def kick(self, table: int) -> None:
        if self.retries.may_try(table, self.guild.get(table)):
            self.tries.append((self.clock.now(), table))
            self.retries.refused(table)

    def lose(self, table: int, guild: int = 1) -> None:
        """The table's post was refused: it is paused."""
        self.guild[table] = guild
        self.retries.refused(table)

    async def run(self, seconds: float, *, every: float, tables=None) -> None:
        """Each of `tables` (all) is asked for every `every` seconds, for `seconds`; the clock
        moves a second at a time."""
        asked = list(self.guild) if tables is None else tables
        for second in range(round(seconds)):
            if second % every == 0:
                for table in asked:
                    self.kick(table)
            await settle()
            self.clock.advance(1)
            await settle()

    def most_in(self, window: float) -> int:
        """The most tries in any `window` seconds."""
        times = sorted(at for at, _ in self.tries)
        return max(
            (sum(1 for t in times[i:] if t < start + window) for i, start in enumerate(times)),
            default=0,
        )


async def settle() -> None:
    """Let the dispatcher and the kicks it made run."""
    for _ in range(5):
        await asyncio.sleep(0)


async def test_a_table_asked_for_every_second_tries_on_a_doubling_back_off():
    paused = Paused()
    paused.lose(1)
    await paused.run(21 * 60, every=1.0)
    assert [at for at, _ in paused.tries] == [10, 30, 70, 150, 310, 610, 910, 1210]
    gaps = {b - a for (a, _), (b, _) in zip(paused.tries, paused.tries[1:], strict=False)}
    assert max(gaps) == LONGEST_WAIT


async def test_a_try_asked_for_early_is_made_once_when_its_back_off_ends():
    paused = Paused()
    paused.lose(1)
    for _ in range(5):  # five presses within the back-off
        paused.kick(1)
    await settle()
    assert paused.tries == []
    paused.clock.advance(10)
    await settle()
    assert paused.tries == [(10, 1)]
    paused.clock.advance(60)  # nobody asked again: no try, however long
    await settle()
    assert paused.tries == [(10, 1)]


async def test_a_permission_change_starts_the_back_off_again():
    paused = Paused()
    paused.lose(1)
    await paused.run(200, every=5.0)  # tries at 10, 30, 70, 150: the next not before 310
    assert len(paused.tries) == 4
    paused.kick(1)
    await settle()
    paused.retries.reset(1)  # a channel update: it tries at once
    await settle()
    assert paused.tries[-1] == (200, 1)
    paused.kick(1)
    paused.clock.advance(10)  # and backs off from the start: 10 s
    await settle()
    assert paused.tries[-1] == (210, 1)


async def test_ten_thousand_paused_tables_stay_within_the_budget_of_tries():
    paused = Paused()
    for table in range(10_000):
        paused.lose(table, guild=table // 250)
    await paused.run(15 * 60, every=30.0)  # every table asked for twice a minute
    budget = paused.retries.burst + paused.retries.rate * 600
    assert paused.most_in(600) <= budget == 610
    assert paused.most_in(60) <= paused.retries.burst + paused.retries.rate * 60
    # A channel update in every server each minute: still within the budget.
    paused.tries.clear()
    for _ in range(10):
        for table in range(10_000):
            paused.retries.reset(table)
        await paused.run(60, every=30.0)
    assert 0 < paused.most_in(600) <= 610


async def test_the_servers_take_turns():
    paused = Paused()
    for table in range(1000):
        paused.lose(table, guild=1)  # a big server, all paused
    paused.lose(5000, guild=2)  # another server's one table
    paused.clock.advance(10)
    for table in [*range(1000), 5000]:
        paused.kick(table)
    await settle()
    assert (10, 5000) in paused.tries[:2]  # its try comes in the first round, not after 1000


async def test_no_try_while_the_process_counts_too_many_invalid_requests():
    invalid = [5000]
    paused = Paused(invalid)
    paused.lose(1)
    paused.clock.advance(10)
    paused.kick(1)
    await paused.run(60, every=10.0, tables=[])
    assert paused.tries == []
    invalid[0] = 10
    paused.clock.advance(10)
    await settle()
    assert [table for _, table in paused.tries] == [1]


async def test_a_table_that_went_on_is_forgotten():
    paused = Paused()
    paused.lose(1)
    paused.kick(1)
    paused.retries.forget(1)  # its post went out (a permission came back, a try elsewhere)
    paused.clock.advance(10)
    await settle()
    assert paused.tries == []
    assert Counter(paused.retries.asked) == Counter()
