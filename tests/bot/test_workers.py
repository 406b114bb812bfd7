"""The worker processes that draw pictures and think for AI seats (bot/tables/workers.py)."""

from __future__ import annotations

import os
import pickle
import signal
import subprocess
import sys

import pytest

from bot.games.pop.words import alt_words
from bot.tables.workers import Workers
from render.pop import pictures as render


@pytest.fixture
def pool():
    workers = Workers(1)
    yield workers
    if workers._pool is not None:
        workers._pool.shutdown(cancel_futures=True)


def test_a_picture_is_drawn_in_another_process_with_the_tables_words(pool):
    drawn = pool.call(render.hand_picture, [3, 17, 42], (17,), t=alt_words("it"))
    assert drawn.png.startswith(b"\x89PNG")
    # The alt text's words travelled with it: Italian, as in the calling process.
    assert drawn.alt == render.hand_picture([3, 17, 42], (17,), t=alt_words("it")).alt
    assert drawn.alt != render.hand_picture([3, 17, 42], (17,)).alt
    assert pool.call(os.getpid) != os.getpid()


async def test_run_awaits_a_worker(pool):
    assert await pool.run(os.getpid) != os.getpid()
    assert await pool.run(divmod, 17, 5) == (3, 2)


async def test_size_zero_runs_here():
    inline = Workers(0)
    assert inline.call(os.getpid) == os.getpid()
    assert await inline.run(os.getpid) != 0
    assert inline._pool is None


def test_picture_workers_run_at_a_lower_priority_than_the_bot():
    pictures = Workers(1, nice=10)
    try:
        assert pictures.call(os.nice, 0) == min(19, os.nice(0) + 10)
    finally:
        assert pictures._pool is not None
        pictures._pool.shutdown()
    # The bot's own setting, read in a fresh process: the test processes draw at their own
    # priority (tests/conftest.py).
    said = subprocess.run(
        [
            sys.executable,
            "-c",
            "from bot.tables.workers import AI, PICTURES; print(PICTURES.nice, AI.nice)",
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    pictures_nice, ai_nice = map(int, said.split())
    assert pictures_nice > ai_nice > 0  # a click's answer, then an AI's move, then a picture


def test_a_dead_worker_is_replaced(pool):
    first = pool.call(os.getpid)
    os.kill(first, signal.SIGKILL)
    # The pool notices its worker died; the next call gets a fresh pool, and an answer.
    assert pool.call(divmod, 9, 2) == (4, 1)
    assert pool.call(os.getpid) != first


def test_the_alt_words_travel_to_a_worker():
    words = pickle.loads(pickle.dumps(alt_words("ja")))
    assert words("alt.step", step=2) == alt_words("ja")("alt.step", step=2) != "Step 2:"


def test_the_workers_outlive_a_sigterm_to_the_whole_process_group():
    """A service manager stops the bot by signalling its process group: the forkserver and the
    workers ignore it, so a click answered while the bot stops still gets its picture (the
    forkserver gone, the pool could start no worker: a traceback in the graceful stop's log)."""
    script = """
import os, signal, time
from multiprocessing import forkserver
from bot.tables.workers import Workers
pool = Workers(2)
worker = pool.call(os.getpid)
server = forkserver._forkserver._forkserver_pid
for pid in (server, worker):
    os.kill(pid, signal.SIGTERM)
time.sleep(0.3)
for _ in range(4):  # drawn still; a second worker is started, by the server
    pool.call(os.getpid)
os.kill(server, 0)  # both still there (ProcessLookupError if not)
os.kill(worker, 0)
pool._pool.shutdown()
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
