"""Which store the settings ask for."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .settings import Settings
from .storage_sqlite import Store

if TYPE_CHECKING:  # asyncpg is the `postgres` extra: imported only when a URL asks for it
    from .storage_pg import PostgresStore


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
    from .storage_pg import PostgresStore

    return PostgresStore(url)
