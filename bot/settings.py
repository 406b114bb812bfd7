"""Settings, from the environment or a `.env` file (pydantic-settings)."""

from __future__ import annotations

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


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
    step_delay: float = Field(1.5, ge=0, validation_alias="POP_STEP_DELAY")
    turn_timer: int = Field(120, ge=0, validation_alias="POP_TURN_TIMER")
    log_level: str = Field("INFO", validation_alias="POP_LOG_LEVEL")
    # Read chat (a privileged intent, enabled in the developer portal) to keep cooperative
    # table talk free of card numbers; off, the rule is on the honour system.
    message_content: bool = Field(True, validation_alias="POP_MESSAGE_CONTENT")
    # One JSON object per log line (for a log collector) instead of plain text.
    log_json: bool = Field(False, validation_alias="POP_LOG_JSON")
