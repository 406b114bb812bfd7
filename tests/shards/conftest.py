"""Fixtures for the sharding tests: PostgreSQL (a fresh schema per test) as tests/storage has it."""

from tests.storage.conftest import pg_schema, pg_url  # noqa: F401  (fixtures, used by name)
