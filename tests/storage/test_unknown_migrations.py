"""A database that a newer pop-bot migrated further: `pop-bot run` refuses to start on it, in one
line naming the migrations it does not know, with the database's exit code (3), and changes
nothing; `pop-bot check` says the same. On SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio

from bot.storage.sqlite import Store
from bot.storage.store import SqlStore, migrations

from .test_check import TOKEN, line, run_check
from .test_first_run import one_line, run_cli

LAST = migrations()[-1][0]


def database_env(store: SqlStore) -> dict[str, str]:
    """The settings that point `pop-bot` at this store's database."""
    if isinstance(store, Store):
        return {"POP_DATABASE_PATH": store.path}
    return {"POP_DATABASE_URL": f"{store.url}?search_path={store.schema}"}


async def test_run_refuses_a_database_a_newer_pop_bot_migrated(make_store, tmp_path):
    store = make_store()
    await store.open()
    try:  # a newer pop-bot applied 998 and 999; say this one's last migration is missing too
        async with store.transaction() as tx:
            await tx.execute("DELETE FROM schema_migrations WHERE version = ?", LAST)
            for number in (999, 998):
                await tx.execute("INSERT INTO schema_migrations VALUES (?, 'later')", number)
        env = {"DISCORD_TOKEN": TOKEN, **database_env(store)}

        code, output = await asyncio.to_thread(run_cli, tmp_path, "run", **env)
        assert code == 3, output
        said = one_line(output)
        assert said.startswith("pop-bot: ")
        assert said.endswith(
            " has migrations this pop-bot does not know: 998, 999 (a newer pop-bot has run on"
            " it): run that version or a newer one"
        )
        assert "Discord" not in said
        assert LAST not in await store.applied()  # nothing was applied

        code, lines, output = await asyncio.to_thread(run_check, tmp_path, **env)
        assert code == 1, output
        assert line(lines, "migrations") == (
            f"FAIL migrations 1 pending: {LAST:03d} (pop-bot run applies them when it starts)"
        )
        async with store.transaction() as tx:  # the newer migrations alone
            await tx.execute("INSERT INTO schema_migrations VALUES (?, 'now')", LAST)
        code, lines, output = await asyncio.to_thread(run_check, tmp_path, **env)
        assert code == 1, output
        assert line(lines, "migrations") == (
            "FAIL migrations the database has migrations this pop-bot does not know: 998, 999"
            " (a newer pop-bot has run on it): pop-bot run refuses to start on it"
        )
    finally:
        await store.close()
