"""Logging for `pop-bot run`: plain text, or one JSON object per line (`POP_LOG_JSON=1`), and
never a token (the bot's, or an interaction's) nor a player's secrets, at any level.

    configure_logging("INFO", json=True, secrets=[token])
    log.info("turn resolved", extra={"table_id": 12, "turn": 3})
    → {"time": "…", "level": "INFO", "logger": "pop.service", "message": "turn resolved",
       "table_id": 12, "turn": 3}

`RedactSecrets` sits on the root handler, so every record that reaches the output — ours,
discord.py's, aiohttp's — has each secret replaced by "[redacted]": in the message, its
arguments, extra fields, and the traceback text. The secrets are the bot token and the
interaction tokens in the paths of interaction routes (`/webhooks/{app}/{token}`,
`/interactions/{id}/{token}`: a refused request is logged with its path).

discord.py's own loggers stay at INFO or above even at DEBUG: there they write every gateway
event and request body as it is (interaction tokens, a hand's buttons and pictures' words).
"""

from __future__ import annotations

import json as jsonlib
import logging
import re
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import IO, Any

REDACTED = "[redacted]"
# The token in an interaction route's path (a followup's, a callback's): it answers for the bot.
INTERACTION_TOKEN = re.compile(r"(/(?:webhooks|interactions)/\d+/)[^/\s?#'\"]+")
# Loggers that write raw payloads at DEBUG (gateway events, request bodies): never below INFO.
RAW_PAYLOADS = ("discord",)
# The attributes every LogRecord has; anything else on a record came from `extra=`.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {"message", "asctime"}


class RedactSecrets(logging.Filter):
    """Replace every secret (the bot token, interaction tokens in paths) wherever it appears
    in a record."""

    def __init__(self, secrets: Iterable[str]) -> None:
        super().__init__()
        # Longest first, so a secret containing another is replaced whole.
        self.secrets = sorted({s for s in secrets if s}, key=len, reverse=True)

    def redact(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, REDACTED)
        return INTERACTION_TOKEN.sub(rf"\1{REDACTED}", text)

    def filter(self, record: logging.LogRecord) -> bool:
        # Format the message once, then drop the arguments: they may hold the secret.
        record.msg = self.redact(record.getMessage())
        record.args = ()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redact(record.stack_info)
        for key, value in list(vars(record).items()):
            if key not in _STANDARD:
                setattr(record, key, self._redact_value(value))
        return True

    def _redact_value(self, value: Any) -> Any:
        if isinstance(value, str):
            return self.redact(value)
        if isinstance(value, (int, float, bool)) or value is None:
            return value
        text = str(value)  # anything else is shown as text: redact that text
        redacted = self.redact(text)
        return redacted if redacted != text else value


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, extra fields, exception."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                entry[key] = value
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            entry["exception"] = record.exc_text
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return jsonlib.dumps(entry, default=str, ensure_ascii=False)


class TextFormatter(logging.Formatter):
    """`time LEVEL logger: message key=value …` — extra fields appended so they are not lost."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        extra = [
            f"{k}={v}"
            for k, v in vars(record).items()
            if k not in _STANDARD and not k.startswith("_")
        ]
        if extra:
            first, nl, rest = text.partition("\n")
            text = f"{first} {' '.join(extra)}{nl}{rest}"
        return text


def configure_logging(
    level: str, json: bool, *, secrets: Iterable[str] = (), stream: IO[str] | None = None
) -> logging.Handler:
    """Send every log record to `stream` (stderr) as text or JSON lines, secrets redacted.

    Replaces the handler a previous call installed; leaves other handlers alone.
    """
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter() if json else TextFormatter())
    handler.addFilter(RedactSecrets(secrets))
    handler._pop_bot = True  # type: ignore[attr-defined]
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, "_pop_bot", False)]:
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
    for name in RAW_PAYLOADS:
        logging.getLogger(name).setLevel(max(root.level, logging.INFO))
    return handler
