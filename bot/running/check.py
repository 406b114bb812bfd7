"""`pop-bot check`: is this installation ready to run? One line per check, exit 0 only if all pass.

    ok   settings   environment and .env are valid
    ok   token      DISCORD_TOKEN is set
    ok   database   sqlite /data/pop.sqlite3 (WAL)
    ok   migrations up to date (001)
    ok   data       /usr/local/lib/python3.11/site-packages/data: pop/cards.csv, pop/enigmas.json, fonts (2 fonts), locales/en.json

`pop-bot check --alive` also reads the running bot's heartbeat (bot/running/heartbeat.py), one line per
shard this process's settings name, and fails when the bot has stopped beating (its event loop is
stuck, or it is gone) or its gateway connection to Discord has been down for a while:

    ok   alive      the bot: connected to Discord (last heartbeat 4 s ago, pid 7 on 1f2e3d)

It reads and never writes (no migration is applied, no SQLite file or schema is created), so it
also serves as the container's HEALTHCHECK. On a fresh install it says what `pop-bot run` will
create (the SQLite file, or the URL's schema) and passes, when run can create it. It never prints the token: not on success, not in an error.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from pydantic import SecretStr, ValidationError

if TYPE_CHECKING:
    from bot.storage.postgres import PostgresStore
    from bot.storage.sqlite import Store

    from .settings import Settings

T = TypeVar("T")
DB_TIMEOUT = 15.0  # seconds for connecting and reading, so a hung database fails the check
REQUIRED_DATA = ("pop/cards.csv", "pop/enigmas.json", "fonts", "locales/en.json")


class Report:
    def __init__(self, write: Callable[[str], None], secrets: list[str]) -> None:
        self.write, self.secrets, self.failed = write, secrets, False

    def line(self, ok: bool, name: str, detail: str) -> None:
        self.failed |= not ok
        for secret in self.secrets:  # in case a secret slipped into an error message
            detail = detail.replace(secret, "[redacted]")
        self.write(f"{'ok' if ok else 'FAIL':<4} {name:<10} {detail}")


def data_dir() -> Path:
    """Where the engine reads its data (engine/data.py, which reads no file itself)."""
    from engine.data import DATA_ROOT

    return DATA_ROOT


def check_settings(report: Report) -> Settings | None:
    """Settings and token. The settings to go on with, or None if they are unusable."""
    from pydantic import Field, SecretStr
    from pydantic_settings import BaseSettings

    from .settings import Settings, settings_problems

    class TokenOnly(BaseSettings):  # read the token alone, whatever else is wrong
        model_config = Settings.model_config
        discord_token: SecretStr | None = Field(None, validation_alias="DISCORD_TOKEN")

    token = TokenOnly().discord_token
    value = token.get_secret_value() if token is not None else ""
    if value:
        report.secrets.append(value)
    try:
        settings = Settings(DISCORD_TOKEN=SecretStr(value))
    except ValidationError as e:
        report.line(False, "settings", "invalid: " + "; ".join(settings_problems(e)))
        settings = None
    else:
        report.line(True, "settings", "environment and .env are valid")
    if token is None:
        report.line(
            False,
            "token",
            "DISCORD_TOKEN is missing (the bot token from the "
            "Discord developer portal, in the environment or .env)",
        )
    elif not value.strip():
        report.line(False, "token", "DISCORD_TOKEN is empty")
    elif value != value.strip():
        report.line(True, "token", "DISCORD_TOKEN is set (surrounding spaces are ignored)")
    else:
        report.line(True, "token", "DISCORD_TOKEN is set")
    return settings


async def check_database(report: Report, settings: Settings) -> None:
    """Reachable, and every migration applied; never writes. A database (or schema) that
    `pop-bot run` will create is said so, and passes: a fresh install is ready to run."""
    try:
        from bot.storage.store import migrations

        from .open_store import open_store
    except Exception as e:  # e.g. data/pop/cards.csv missing: the bot cannot even load
        report.line(False, "database", f"cannot load the bot's storage: {type(e).__name__}: {e}")
        return
    try:
        store = open_store(settings)
    except (ValueError, ImportError) as e:
        why = str(e) if isinstance(e, ValueError) else _needs_asyncpg(e)
        report.line(False, "database", why)
        return
    known = [number for number, _ in migrations()]
    will_apply = f"none applied yet: pop-bot run applies {_numbers(known)} when it starts"
    if store.kind == "sqlite" and not _sqlite_file_ready(report, settings, will_apply):
        return
    found = await _look_inside(report, settings, store)
    if found is None:
        return
    described, missing_schema, may_create, applied = found
    if missing_schema is not None:
        _report_missing_schema(report, described, missing_schema, may_create, will_apply)
        return
    report.line(True, "database", described)
    if not applied:  # an empty database: a fresh install that run will set up
        report.line(True, "migrations", will_apply)
        return
    _report_migrations(report, known, applied)


def _needs_asyncpg(error: Exception) -> str:
    return f"POP_DATABASE_URL needs asyncpg: pip install '.[postgres]' ({error})"


def _sqlite_file_ready(report: Report, settings: Settings, will_apply: str) -> bool:
    """Is there a SQLite file to look inside? Else say what run will do, or what is wrong."""
    path = settings.database_path
    if _sqlite_file_missing(path):
        problem = _sqlite_uncreatable(path)
        if problem:
            report.line(False, "database", f"sqlite {path} {problem}")
            return False
        report.line(True, "database", f"sqlite {path} does not exist yet: pop-bot run creates it")
        report.line(True, "migrations", will_apply)
        return False
    if Path(path).is_dir():
        report.line(False, "database", f"sqlite {path} is a folder, not a file")
        return False
    return True


async def _look_inside(
    report: Report, settings: Settings, store: Store | PostgresStore
) -> tuple[str, str | None, bool, set[int]] | None:
    """(what it is, a schema missing, whether it may be created, the migrations applied), or
    None when the database cannot be reached (said in the report)."""
    from bot.storage.sqlite import Store

    from .open_store import explain

    async def look(store: Store | PostgresStore) -> tuple[str, str | None, bool, set[int]]:
        missing_schema, may_create = None, True
        described = await store.describe()
        if not isinstance(store, Store):  # PostgreSQL: is the search_path's schema there?
            missing_schema = await store.missing_schema()
            may_create = await store.may_create_schema()
        applied = set() if missing_schema else await store.applied()
        return described, missing_schema, may_create, applied

    try:
        return await _reading(store, look)
    except Exception as e:
        report.line(False, "database", explain(settings, e))
        return None


async def _reading(
    store: Store | PostgresStore, read: Callable[[Store | PostgresStore], Awaitable[T]]
) -> T:
    """What `read` finds in the database, opened without migrating (nothing is written) and
    closed again, within DB_TIMEOUT (a hung database fails the check)."""
    async with asyncio.timeout(DB_TIMEOUT):
        await store.open(migrate=False)
        try:
            return await read(store)
        finally:
            await store.close()


def _report_missing_schema(
    report: Report, described: str, schema: str, may_create: bool, will_apply: str
) -> None:
    if not may_create:
        report.line(
            False,
            "database",
            f"{described}: the schema {schema} (the URL's search_path) does not "
            "exist and this role may not create it: CREATE SCHEMA it as the database owner",
        )
        return
    report.line(
        True,
        "database",
        f"{described}: the schema {schema} does not exist yet: pop-bot run creates it",
    )
    report.line(True, "migrations", will_apply)


def _report_migrations(report: Report, known: list[int], applied: set[int]) -> None:
    pending = [n for n in known if n not in applied]
    unknown = sorted(applied - set(known))
    if pending:
        report.line(
            False,
            "migrations",
            f"{len(pending)} pending: {_numbers(pending)} "
            "(pop-bot run applies them when it starts)",
        )
    elif unknown:
        report.line(
            False,
            "migrations",
            f"the database has migrations this pop-bot does not know: {_numbers(unknown)} "
            "(a newer pop-bot has run on it): pop-bot run refuses to start on it",
        )
    else:
        report.line(True, "migrations", f"up to date ({_numbers(known)})")


def check_data(report: Report) -> None:
    root = data_dir()
    missing = [name for name in REQUIRED_DATA if not (root / name).exists()]
    fonts = sorted((root / "fonts").glob("*.ttf")) if (root / "fonts").is_dir() else []
    if (root / "fonts").is_dir() and not fonts:
        missing.append("fonts/*.ttf")
    if missing:
        report.line(False, "data", f"missing in {root}: {', '.join(missing)}")
    else:
        report.line(
            True,
            "data",
            f"{root}: pop/cards.csv, pop/enigmas.json, fonts ({len(fonts)} fonts), locales/en.json",
        )


def _numbers(numbers: list[int]) -> str:
    return ", ".join(f"{n:03d}" for n in numbers)


def _sqlite_file_missing(path: str) -> bool:
    return path != ":memory:" and not path.startswith("file:") and not Path(path).exists()


def _sqlite_uncreatable(path: str) -> str | None:
    """Why `pop-bot run` could not create the SQLite file at `path`, or None if it can."""
    folder = Path(path).parent
    if not folder.is_dir():
        return f"cannot be created: the folder {folder} does not exist"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"cannot be created: the folder {folder} is not writable"
    return None


async def check_alive(report: Report, settings: Settings) -> None:
    """Is the running bot alive? Its shards' heartbeats, read from its database."""
    from .heartbeat import read_beats, verdicts
    from .open_store import explain, open_store

    count, shards = settings.shards()
    try:
        store = open_store(settings)
    except (ValueError, ImportError):
        report.line(False, "alive", "not checked: the database cannot be opened")
        return
    if store.kind == "sqlite" and _sqlite_file_missing(settings.database_path):
        report.line(False, "alive", "no heartbeat: the database does not exist yet")
        return
    try:
        beats = await _reading(store, lambda store: read_beats(store, count))
    except Exception as e:
        report.line(False, "alive", f"not checked: {explain(settings, e)}")
        return
    if beats is None:
        report.line(False, "alive", "no heartbeat: no pop-bot that beats has run on this database")
        return
    for alive, said in verdicts(beats, shards, count, time.time()):
        report.line(alive, "alive", said)


async def run_checks(report: Report, *, alive: bool = False) -> None:
    settings = check_settings(report)
    if settings is None:
        report.line(False, "database", "not checked: the settings are invalid")
    else:
        await check_database(report, settings)
    check_data(report)
    if alive:
        if settings is None:
            report.line(False, "alive", "not checked: the settings are invalid")
        else:
            await check_alive(report, settings)


def check_main(write: Callable[[str], None] = print, *, alive: bool = False) -> int:
    report = Report(write, secrets=[])
    asyncio.run(run_checks(report, alive=alive))
    sys.stdout.flush()
    return 1 if report.failed else 0
