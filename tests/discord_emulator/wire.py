"""Small helpers for answering the way Discord does on the wire."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web


def json_response(
    data: Any, *, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """JSON with Content-Type exactly ``application/json``.

    discord.py's ``json_or_text`` decodes the body only when the header is exactly that;
    aiohttp's own ``json_response`` appends ``; charset=utf-8`` and silently breaks the client.
    """
    body = json.dumps(data).encode()
    return web.Response(
        body=body, status=status, headers={**(headers or {}), "Content-Type": "application/json"}
    )


class DiscordError(Exception):
    """Raised by a route handler; becomes Discord's JSON error body."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def under(self, field: str) -> DiscordError:
        """The same refusal with its field paths nested under ``field`` (an interaction
        callback's message is its ``data``: Discord names ``data.content``)."""
        if not self.errors:
            return self
        return DiscordError(self.status, self.code, self.message, {field: self.errors})

    def to_response(self) -> web.Response:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return json_response(body, status=self.status)


def invalid_form(field: str, code: str, message: str) -> DiscordError:
    """400 / 50035 Invalid Form Body, with the field path Discord would report."""
    errors: dict[str, Any] = {"_errors": [{"code": code, "message": message}]}
    for part in reversed(field.split(".")):
        errors = {part: errors}
    return DiscordError(400, 50035, "Invalid Form Body", errors)


# The error codes the emulator uses (https://discord.com/developers/docs/topics/opcodes-and-status-codes)
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
ALREADY_ACKNOWLEDGED = 40060
REQUEST_TOO_LARGE = 40005
MISSING_PERMISSIONS = 50013
INVALID_WEBHOOK_TOKEN = 50027
CANNOT_EDIT_OTHERS = 50005
CANNOT_MESSAGE_USER = 50007
CANNOT_ACT_ON_DM = 50003
INVALID_RECIPIENTS = 50033
THREAD_ARCHIVED = 50083
THREAD_LOCKED = 160005
