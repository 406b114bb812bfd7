"""Which store the settings ask for, and opening it for `pop-bot run` with one clear line when
it cannot be opened."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from bot.storage.sqlite import Store, keep_private
from bot.storage.store import UnknownMigrations

from .settings import Settings

if TYPE_CHECKING:  # asyncpg is the `postgres` extra: imported only when a URL asks for it
    from bot.storage.postgres import PostgresStore

OPEN_TIMEOUT = 30.0  # seconds to connect and migrate before `run` gives up on the database


class StoreUnavailable(Exception):
    """The database cannot be opened; the message is the one line to show the operator."""


def is_postgres_url(url: str) -> bool:
    return url.split("://", 1)[0] in ("postgres", "postgresql")


def open_store(settings: Settings) -> Store | PostgresStore:
    """The store the settings ask for: PostgreSQL when POP_DATABASE_URL is set, else SQLite at
    POP_DATABASE_PATH. Not opened yet: `await store.open()` connects and migrates."""
    url = settings.database_url
    if not url:
        return Store(settings.database_path)
    if not is_postgres_url(url):
        raise ValueError(
            "POP_DATABASE_URL must start with postgresql:// (or postgres://); "
            "for SQLite, leave it unset and set POP_DATABASE_PATH"
        )
    from bot.storage.postgres import PostgresStore

    return PostgresStore(url)


def where(settings: Settings) -> str:
    """The database in words, without a password: "SQLite pop.sqlite3", "PostgreSQL u@h/db"."""
    if settings.database_url:
        from urllib.parse import urlsplit

        parts = urlsplit(settings.database_url)
        host = parts.hostname or "localhost"
        try:
            port = f":{parts.port}" if parts.port else ""
        except ValueError:
            port = ""
        user = f"{parts.username}@" if parts.username else ""
        return f"PostgreSQL at {user}{host}{port}{parts.path or '/'}"
    return f"the SQLite database {settings.database_path}"


def explain(settings: Settings, error: BaseException) -> str:
    """One line saying why the database could not be opened, and what to do."""
    place = where(settings)
    if type(error).__name__ == "SchemaMissing":
        return f"{place}: {error}"
    if isinstance(error, UnknownMigrations):
        return f"{place} {error}"
    if isinstance(error, TimeoutError):
        return f"cannot reach {place}: no answer within {OPEN_TIMEOUT:.0f} s"
    if settings.database_url:
        if isinstance(error, OSError):
            why = error.strerror or str(error) or type(error).__name__
            return (
                f"cannot reach {place} ({why}): is PostgreSQL running there? Check POP_DATABASE_URL"
            )
        return f"{place} refused: {type(error).__name__}: {error}"
    return f"cannot open {place}: {error or type(error).__name__}"


async def prepare_store(settings: Settings) -> None:
    """Open the database once before the bot logs in (create it, or the search_path's schema,
    and apply the migrations), then close it: StoreUnavailable, one line, when it cannot."""
    try:
        store = open_store(settings)
    except ImportError:
        raise StoreUnavailable(
            "POP_DATABASE_URL needs asyncpg: pip install '.[postgres]'"
        ) from None
    except ValueError as e:
        raise StoreUnavailable(str(e)) from None
    if store.kind == "sqlite" and not _special_sqlite(settings.database_path):
        path = Path(settings.database_path)
        if not path.parent.is_dir():
            raise StoreUnavailable(
                f"cannot create {where(settings)}: the folder {path.parent} does not exist "
                "(create it, or set POP_DATABASE_PATH)"
            )
        keep_private(settings.database_path)  # before anything creates it readable by all
        try:  # synchronously first: aiosqlite's thread outlives a failed connect noisily
            sqlite3.connect(path).close()
        except sqlite3.Error as e:
            raise StoreUnavailable(f"cannot open {where(settings)}: {e}") from None
    try:
        async with asyncio.timeout(OPEN_TIMEOUT):
            await store.open()
    except Exception as e:  # every way a database can refuse: said in one line below
        raise StoreUnavailable(explain(settings, e)) from None
    finally:
        await store.close()


def _special_sqlite(path: str) -> bool:
    return path == ":memory:" or path.startswith("file:")
