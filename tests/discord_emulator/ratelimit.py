"""Rate limits and injected faults, the two ways the emulator refuses a request before routing it."""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass, field

from aiohttp import web

from .wire import json_response


@dataclass
class Window:
    """A fixed window: ``limit`` requests, then wait until ``period`` seconds after the first.

    Real monotonic time: discord.py sleeps for real when it is told to wait.
    """

    limit: int
    period: float
    bucket: str
    used: int = 0
    resets_at: float = 0.0

    def _roll(self, now: float) -> None:
        if now >= self.resets_at:
            self.used = 0
            self.resets_at = now + self.period

    def take(self) -> float | None:
        """Count one request; return None when allowed, else the seconds to wait."""
        now = time.monotonic()
        self._roll(now)
        if self.used >= self.limit:
            return self.resets_at - now
        self.used += 1
        return None

    def headers(self) -> dict[str, str]:
        now = time.monotonic()
        reset_after = max(self.resets_at - now, 0.0)
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(max(self.limit - self.used, 0)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": self.bucket,
        }


def too_many_requests(
    retry_after: float, *, is_global: bool, headers: dict[str, str]
) -> web.Response:
    """A 429 exactly as discord.py needs it to wait and retry (Via header, JSON retry_after)."""
    retry_after = round(max(retry_after, 0.001), 3)
    all_headers = {
        **headers,
        "Via": "1.1 google",
        "Retry-After": str(math.ceil(retry_after)),
        "X-RateLimit-Scope": "global" if is_global else "user",
    }
    if is_global:
        all_headers["X-RateLimit-Global"] = "true"
    body = {
        "message": "You are being rate limited.",
        "retry_after": retry_after,
        "global": is_global,
    }
    return json_response(body, status=429, headers=all_headers)


#: The Create Message route: POST /api/v10/channels/{channel}/messages.
MESSAGE_POST = re.compile(r"/api/v10/channels/(\d+)/messages")


@dataclass
class Fault:
    """Answer matching requests with ``status`` instead of handling them: the next ``count``
    of them, or (``seconds``) every one until that much real time has passed, or both (whichever
    ends first). ``message_posts`` restricts it to Create Message, ``channel_id`` to one channel.
    """

    status: int
    count: int | None
    method: str | None = None
    path_contains: str | None = None
    retry_after: float = 0.2
    hits: int = field(default=0)
    #: ``time.monotonic()`` after which the fault no longer fires (None: no time limit).
    until: float | None = None
    message_posts: bool = False
    channel_id: int | None = None

    @property
    def active(self) -> bool:
        if self.count is not None and self.count <= 0:
            return False
        return self.until is None or time.monotonic() < self.until

    def matches(self, request: web.Request) -> bool:
        if not self.active:
            return False
        if self.method and request.method != self.method.upper():
            return False
        if self.message_posts:
            found = MESSAGE_POST.fullmatch(request.path)
            if request.method != "POST" or found is None:
                return False
            if self.channel_id is not None and int(found[1]) != self.channel_id:
                return False
        return not (self.path_contains and self.path_contains not in request.path)

    def cancel(self) -> None:
        """Stop firing now."""
        self.count = 0

    def respond(self) -> web.Response:
        if self.count is not None:
            self.count -= 1
        self.hits += 1
        if self.status == 429:
            return too_many_requests(self.retry_after, is_global=False, headers={})
        reason = {
            500: "Internal Server Error",
            502: "Bad Gateway",
            503: "Service Unavailable",
            504: "Gateway Timeout",
        }.get(self.status, "Error")
        return json_response({"message": f"{reason} (injected)", "code": 0}, status=self.status)
