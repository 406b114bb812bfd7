"""The SQLite database holds live secret seeds, hands and recent interaction tokens: its file
and the -wal and -shm files beside it are its owner's alone (0600), whatever the umask; a file
left readable by others by an older pop-bot is tightened at start, and the log says so."""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import pytest

from bot.running.open_store import prepare_store
from bot.running.settings import Settings
from bot.storage.sqlite import Store

from .test_check import TOKEN, run_check

BESIDE = ("-wal", "-shm")


def mode(path: Path | str) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture
def usual_umask():
    """The umask most systems start with (022): files are created readable by everyone."""
    before = os.umask(0o022)
    yield
    os.umask(before)


async def test_run_creates_the_database_and_its_wal_files_owner_only(tmp_path, usual_umask):
    path = tmp_path / "pop.sqlite3"
    await prepare_store(Settings(DISCORD_TOKEN=TOKEN, POP_DATABASE_PATH=str(path)))
    assert mode(path) == 0o600
    store = Store(str(path))  # as the running bot holds it: the -wal and -shm files exist
    await store.open()
    try:
        async with store.transaction() as tx:
            await tx.execute("INSERT INTO user_settings VALUES (1, 0, 'now')")
        assert {suffix: mode(f"{path}{suffix}") for suffix in BESIDE} == {
            suffix: 0o600 for suffix in BESIDE
        }
    finally:
        await store.close()


async def test_an_open_store_creates_its_file_owner_only_too(tmp_path, usual_umask):
    path = tmp_path / "pop.sqlite3"  # a store opened without prepare_store (tests, the bench)
    store = Store(str(path))
    await store.open()
    await store.close()
    assert mode(path) == 0o600


async def test_a_file_others_may_read_is_tightened_at_start_and_logged(
    tmp_path, usual_umask, caplog
):
    path = tmp_path / "pop.sqlite3"
    store = Store(str(path))
    await store.open()
    await store.close()
    for name in (path, *(Path(f"{path}{s}") for s in BESIDE)):
        name.touch()
        name.chmod(0o644)  # as an older pop-bot left them
    with caplog.at_level(logging.WARNING, logger="pop.storage"):
        await prepare_store(Settings(DISCORD_TOKEN=TOKEN, POP_DATABASE_PATH=str(path)))
    assert mode(path) == 0o600  # (SQLite removed the -wal and -shm files when run closed it)
    [said] = [r.getMessage() for r in caplog.records if r.name == "pop.storage"]
    assert said == (
        f"the SQLite database could be read by other users: {path} (0644), {path}-wal (0644),"
        f" {path}-shm (0644) now owner-only (0600)"
    )
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="pop.storage"):
        await prepare_store(Settings(DISCORD_TOKEN=TOKEN, POP_DATABASE_PATH=str(path)))
    assert not caplog.records  # already owner-only: nothing to say


async def test_check_looks_without_changing_the_mode(tmp_path):
    path = tmp_path / "pop.sqlite3"
    store = Store(str(path))
    await store.open()
    await store.close()
    path.chmod(0o644)
    code, _, output = run_check(tmp_path, DISCORD_TOKEN=TOKEN, POP_DATABASE_PATH=str(path))
    assert code == 0, output
    assert mode(path) == 0o644  # check reads and never writes; run tightens it
