"""Settings, from the environment or a `.env` file (pydantic-settings)."""

from __future__ import annotations

import logging
from typing import Annotated

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.model.limits import Limits
from bot.model.table import MAX_TIMER


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr = Field(validation_alias="DISCORD_TOKEN")
    database_path: str = Field("pop.sqlite3", validation_alias="POP_DATABASE_PATH")
    # postgresql://user:password@host:5432/db selects PostgreSQL (needs the `postgres` extra);
    # unset, the bot keeps its tables in SQLite at database_path.
    database_url: str | None = Field(None, validation_alias="POP_DATABASE_URL")
    # Discord's own endpoints unless a REST proxy (or the test emulator) stands in between.
    discord_api_base: str | None = Field(None, validation_alias="POP_DISCORD_API_BASE")
    discord_gateway_url: str | None = Field(None, validation_alias="POP_DISCORD_GATEWAY_URL")
    # Sync slash commands to this guild only (instant, for development) instead of globally.
    dev_guild_id: int | None = Field(None, validation_alias="POP_DEV_GUILD_ID")
    # Requests per second this bot token may make (Discord's global limit is 50; interaction
    # answers are exempt). Sharded processes split it by their share of the shards.
    request_rate: float = Field(40.0, gt=0, le=50, validation_alias="POP_REQUEST_RATE")
    step_delay: float = Field(1.5, ge=0, validation_alias="POP_STEP_DELAY")
    # Seconds a turn lasts when `/<game> new` sets no timer (0: none), 72 hours at most.
    turn_timer: int = Field(120, ge=0, le=MAX_TIMER, validation_alias="POP_TURN_TIMER")
    # Seconds untouched after which a table in play leaves memory (it is loaded again from the
    # database at its next click, timer or chat line).
    idle_after: float = Field(600.0, gt=0, validation_alias="POP_IDLE_AFTER")
    log_level: str = Field("INFO", validation_alias="POP_LOG_LEVEL")
    # Processes that draw the pictures (bot/tables/workers.py); unset: one per core, at most 4.
    # 0 draws in the bot's own process.
    picture_workers: int | None = Field(None, ge=0, le=32, validation_alias="POP_PICTURE_WORKERS")
    # Read chat (a privileged intent, enabled in the developer portal) to keep cooperative
    # table talk free of card numbers; off, the rule is on the honour system.
    message_content: bool = Field(True, validation_alias="POP_MESSAGE_CONTENT")
    # One JSON object per log line (for a log collector) instead of plain text.
    log_json: bool = Field(False, validation_alias="POP_LOG_JSON")
    # What one user, channel or server may take (bot/model/limits.py)
    tables_per_user: int = Field(3, ge=1, validation_alias="POP_TABLES_PER_USER")
    tables_per_channel: int = Field(5, ge=1, validation_alias="POP_TABLES_PER_CHANNEL")
    tables_per_server: int = Field(50, ge=1, validation_alias="POP_TABLES_PER_SERVER")
    clicks_per_second: float = Field(5.0, gt=0, validation_alias="POP_CLICKS_PER_SECOND")
    # Private games (Pop's Enigmas) one user plays at once in a server: apart from the above
    private_per_user: int = Field(3, ge=1, validation_alias="POP_PRIVATE_TABLES_PER_USER")
    # Sharding (several processes against one PostgreSQL): this process runs the shards
    # POP_SHARD_IDS ("0,2"; all of them if unset) of POP_SHARD_COUNT. Unset: one unsharded bot.
    # Discord sends a guild's events to shard (guild_id >> 22) % shard_count.
    shard_count: int | None = Field(None, ge=1, validation_alias="POP_SHARD_COUNT")
    shard_ids: Annotated[list[int] | None, NoDecode] = Field(None, validation_alias="POP_SHARD_IDS")
    # Seconds between the running bot's heartbeats, which `pop-bot check --alive` reads.
    heartbeat_every: float = Field(10.0, gt=0, le=300, validation_alias="POP_HEARTBEAT_EVERY")

    def limits(self) -> Limits:
        return Limits(
            self.tables_per_user,
            self.tables_per_channel,
            self.tables_per_server,
            self.clicks_per_second,
            self.private_per_user,
        )

    def shards(self) -> tuple[int, list[int]]:
        """(the shard count, the shards this process runs): (1, [0]) unsharded."""
        count = self.shard_count or 1
        return count, list(range(count)) if self.shard_ids is None else list(self.shard_ids)

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in logging.getLevelNamesMapping():
            raise ValueError("must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL")
        return level

    @field_validator("database_url")
    @classmethod
    def _postgres_only(cls, value: str | None) -> str | None:
        if not value or not value.strip():
            return None  # unset or empty: SQLite at POP_DATABASE_PATH
        if value.split("://", 1)[0] not in ("postgres", "postgresql"):
            raise ValueError(
                "must start with postgresql:// (or postgres://); "
                "for SQLite, leave it unset and set POP_DATABASE_PATH"
            )
        return value.strip()

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()] or None
        return value

    @model_validator(mode="after")
    def _shards_in_range(self) -> Settings:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("POP_SHARD_IDS needs POP_SHARD_COUNT")
            if any(not 0 <= i < self.shard_count for i in self.shard_ids):
                raise ValueError(f"POP_SHARD_IDS must lie in 0..{self.shard_count - 1}")
            self.shard_ids = sorted(set(self.shard_ids))
        return self


def settings_problems(error: ValidationError) -> list[str]:
    """Each invalid setting as "NAME: what is wrong", named as the operator sets it."""
    problems = []
    for err in error.errors():
        name = ".".join(map(str, err["loc"]))
        why = str(err["msg"]).removeprefix("Value error, ")
        if err["type"] == "missing":
            why = "missing"
        problems.append(f"{name}: {why}" if name else why)
    return problems


def token_missing(error: ValidationError) -> bool:
    """Whether DISCORD_TOKEN itself is what is missing or wrong."""
    return any(err["loc"][:1] == ("DISCORD_TOKEN",) for err in error.errors())
