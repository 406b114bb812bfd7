"""`pop-bot check`, run as the separate process an operator (or Docker's HEALTHCHECK) runs."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from bot.running import check
from bot.storage.sqlite import Store
from bot.storage.store import migrations

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.dG9wLXNlY3JldC1ib3QtdG9rZW4tZm9yLWNoZWNr"
ALL_MIGRATIONS = ", ".join(f"{n:03d}" for n, _ in migrations())


def run_check(cwd: Path, **env: str) -> tuple[int, list[str], str]:
    """(exit code, stdout lines, stdout + stderr) of `pop-bot check` in `cwd` (no .env there)."""
    clean = {
        k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("POP_")
    }
    clean["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "check"],
        cwd=cwd,
        env=clean | env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done.returncode, done.stdout.splitlines(), done.stdout + done.stderr


def line(lines: list[str], name: str) -> str:
    [found] = [x for x in lines if re.match(rf"^(ok|FAIL) +{name} ", x)]
    return found


async def migrated_sqlite(path: Path, migrate: bool = True) -> str:
    store = Store(str(path))
    await store.open(migrate=migrate)
    await store.close()
    return str(path)


async def test_all_pass_on_a_migrated_sqlite_database(tmp_path):
    db = await migrated_sqlite(tmp_path / "pop.sqlite3")
    code, lines, output = run_check(tmp_path, DISCORD_TOKEN=TOKEN, POP_DATABASE_PATH=db)
    assert code == 0, output
    assert [x.split()[:2] for x in lines] == [
        ["ok", "settings"],
        ["ok", "token"],
        ["ok", "database"],
        ["ok", "migrations"],
        ["ok", "data"],
    ]
    assert line(lines, "database") == f"ok   database   sqlite {db} (WAL)"
    assert line(lines, "migrations") == f"ok   migrations up to date ({ALL_MIGRATIONS})"
    assert TOKEN not in output


async def test_a_missing_token_fails_with_a_clear_line(tmp_path):
    db = await migrated_sqlite(tmp_path / "pop.sqlite3")
    code, lines, output = run_check(tmp_path, POP_DATABASE_PATH=db)
    assert code == 1, output
    assert line(lines, "token").startswith("FAIL token      DISCORD_TOKEN is missing")
    assert line(lines, "database").startswith("ok ")  # the rest is still checked
    assert "Traceback" not in output


async def test_an_empty_token_fails(tmp_path):
    db = await migrated_sqlite(tmp_path / "pop.sqlite3")
    code, lines, _ = run_check(tmp_path, DISCORD_TOKEN="  ", POP_DATABASE_PATH=db)
    assert code == 1
    assert line(lines, "token") == "FAIL token      DISCORD_TOKEN is empty"


async def test_the_token_never_appears_even_inside_other_settings(tmp_path):
    """A token pasted into the wrong variable is still not printed back."""
    db = await migrated_sqlite(tmp_path / f"{TOKEN}.sqlite3")
    code, lines, output = run_check(tmp_path, DISCORD_TOKEN=TOKEN, POP_DATABASE_PATH=db)
    assert code == 0
    assert TOKEN not in output
    assert "[redacted].sqlite3" in line(lines, "database")

    url = f"postgresql://pop:{TOKEN}@127.0.0.1:1/{TOKEN}"  # port 1: nothing listens
    code, lines, output = run_check(tmp_path, DISCORD_TOKEN=TOKEN, POP_DATABASE_URL=url)
    assert code == 1
    assert TOKEN not in output
    assert line(lines, "database").startswith(
        "FAIL database   cannot reach PostgreSQL at pop@127.0.0.1:1/"
    )


async def test_pending_migrations_are_reported_not_applied(tmp_path):
    path = tmp_path / "pop.sqlite3"
    await migrated_sqlite(path)
    last = migrations()[-1][0]
    store = Store(str(path))
    await store.open(migrate=False)
    try:
        async with store.transaction() as tx:  # as if this pop-bot were newer than the database
            await tx.execute("DELETE FROM schema_migrations WHERE version = ?", last)
    finally:
        await store.close()
    code, lines, _ = run_check(tmp_path, DISCORD_TOKEN=TOKEN, POP_DATABASE_PATH=str(path))
    assert code == 1
    assert line(lines, "migrations") == (
        f"FAIL migrations 1 pending: {last:03d} (pop-bot run applies them when it starts)"
    )
    await store.open(migrate=False)
    try:
        assert await store.pending() == [last]  # check only reads
    finally:
        await store.close()


async def test_an_empty_database_is_a_fresh_install_that_run_sets_up(tmp_path):
    path = tmp_path / "pop.sqlite3"
    await migrated_sqlite(path, migrate=False)
    code, lines, _ = run_check(tmp_path, DISCORD_TOKEN=TOKEN, POP_DATABASE_PATH=str(path))
    assert code == 0
    assert line(lines, "migrations") == (
        f"ok   migrations none applied yet: pop-bot run applies {ALL_MIGRATIONS} when it starts"
    )


def test_a_missing_sqlite_file_is_announced_and_not_created(tmp_path):
    path = tmp_path / "nowhere.sqlite3"
    code, lines, _ = run_check(tmp_path, DISCORD_TOKEN=TOKEN, POP_DATABASE_PATH=str(path))
    assert code == 0
    assert line(lines, "database") == (
        f"ok   database   sqlite {path} does not exist yet: pop-bot run creates it"
    )
    assert not path.exists()


def test_a_missing_sqlite_file_that_cannot_be_created_fails(tmp_path):
    path = tmp_path / "gone" / "pop.sqlite3"
    code, lines, _ = run_check(tmp_path, DISCORD_TOKEN=TOKEN, POP_DATABASE_PATH=str(path))
    assert code == 1
    assert line(lines, "database") == (
        f"FAIL database   sqlite {path} cannot be created: the folder {path.parent} does not exist"
    )


def test_invalid_settings_are_named(tmp_path):
    code, lines, _ = run_check(tmp_path, DISCORD_TOKEN=TOKEN, POP_STEP_DELAY="-1")
    assert code == 1
    assert line(lines, "settings").startswith("FAIL settings   invalid: POP_STEP_DELAY")
    assert line(lines, "token").startswith("ok ")


async def test_all_pass_on_a_migrated_postgresql_schema(tmp_path, pg_schema):
    from bot.storage.postgres import PostgresStore

    url, schema = pg_schema
    store = PostgresStore(url, schema=schema)
    await store.open()
    await store.close()
    code, lines, output = run_check(
        tmp_path, DISCORD_TOKEN=TOKEN, POP_DATABASE_URL=f"{url}?search_path={schema}"
    )
    assert code == 0, output
    assert re.match(r"ok   database   postgresql \S+ \(PostgreSQL \d", line(lines, "database"))
    assert line(lines, "migrations") == f"ok   migrations up to date ({ALL_MIGRATIONS})"


def test_data_dir_is_where_the_engine_reads():
    from engine.pop.cards import CARD_TABLE
    from engine.pop.enigma import PACK_PATH
    from render.style import FONT_DIR

    root = check.data_dir()
    assert root == ROOT / "data"  # this checkout's, found from the running engine package
    read = {"cards": CARD_TABLE, "puzzles": PACK_PATH, "fonts": FONT_DIR}
    assert read == {
        "cards": root / "pop" / "cards.csv",
        "puzzles": root / "pop" / "enigmas.json",
        "fonts": root / "fonts",
    }


def test_missing_data_files_are_named(tmp_path, monkeypatch):
    (tmp_path / "fonts").mkdir()
    (tmp_path / "pop").mkdir()
    (tmp_path / "pop" / "cards.csv").write_text("number,colour\n")
    monkeypatch.setattr(check, "data_dir", lambda: tmp_path)
    out: list[str] = []
    report = check.Report(out.append, secrets=[])
    check.check_data(report)
    assert report.failed
    assert out == [
        f"FAIL data       missing in {tmp_path}: pop/enigmas.json, locales/en.json, fonts/*.ttf"
    ]


def test_the_cli_lists_check():
    from bot.cli import build_parser

    assert build_parser().parse_args(["check"]).func.__name__ == "_check"


def test_report_lines_never_show_a_secret():
    out: list[str] = []
    report = check.Report(out.append, secrets=[TOKEN])
    report.line(False, "database", f"cannot connect with {TOKEN}!")
    assert out == ["FAIL database   cannot connect with [redacted]!"]
