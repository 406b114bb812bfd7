"""Rate limits and injected faults, the two ways the emulator refuses a request before routing it."""

from __future__ import annotations

import math
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


def too_many_requests(retry_after: float, *, is_global: bool, headers: dict[str, str]) -> web.Response:
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
    body = {"message": "You are being rate limited.", "retry_after": retry_after,
            "global": is_global}
    return json_response(body, status=429, headers=all_headers)


@dataclass
class Fault:
    """Answer the next ``count`` matching requests with ``status`` instead of handling them."""

    status: int
    count: int
    method: str | None = None
    path_contains: str | None = None
    retry_after: float = 0.2
    hits: int = field(default=0)

    def matches(self, request: web.Request) -> bool:
        if self.count <= 0:
            return False
        if self.method and request.method != self.method.upper():
            return False
        return not (self.path_contains and self.path_contains not in request.path)

    def respond(self) -> web.Response:
        self.count -= 1
        self.hits += 1
        if self.status == 429:
            return too_many_requests(self.retry_after, is_global=False, headers={})
        return json_response({"message": "Internal Server Error (injected)", "code": 0},
                             status=self.status)
