"""Freed memory goes back to the system after tables leave, at most once a minute, and once
after a start."""

from __future__ import annotations

from bot.tables.memory import TRIM_EVERY, Trimmer


def test_a_trim_at_most_once_a_minute_as_tables_leave():
    now = [1000.0]
    trimmer = Trimmer(clock=lambda: now[0])
    calls: list[int] = []
    trimmer.trim = lambda pad: calls.append(pad) or 1  # the libc call, counted
    assert not trimmer.after_forgetting()  # just started: nothing to give back yet
    now[0] += TRIM_EVERY
    assert trimmer.after_forgetting()
    assert not trimmer.after_forgetting()  # a second table a moment later: no second walk
    now[0] += TRIM_EVERY / 2
    assert not trimmer.after_forgetting()
    now[0] += TRIM_EVERY / 2
    assert trimmer.after_forgetting()
    assert calls == [0, 0]


def test_without_glibc_it_does_nothing():
    trimmer = Trimmer(clock=lambda: 1e9)
    trimmer.trim = None
    assert not trimmer.after_forgetting()


def test_on_this_machine_the_libc_trim_is_found_and_runs():
    trimmer = Trimmer()
    assert trimmer.trim is not None  # glibc (Debian): malloc_trim exists
    assert trimmer.trim(0) in (0, 1)


def test_after_a_start_it_trims_at_once_and_the_minute_counts_from_there():
    now = [1000.0 + TRIM_EVERY]
    trimmer = Trimmer(clock=lambda: now[0])
    calls: list[int] = []
    trimmer.trim = lambda pad: calls.append(pad) or 1
    trimmer.now()
    assert calls == [0]
    assert not trimmer.after_forgetting()  # the last trim was just now
    now[0] += TRIM_EVERY
    assert trimmer.after_forgetting()
    assert calls == [0, 0]
