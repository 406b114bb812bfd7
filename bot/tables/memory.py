"""Give freed memory back to the system after finished tables leave (glibc only).

Pictures are drawn and encoded in worker threads: their bytes (tens of KB each) come from
glibc's per-thread arenas, which keep freed space for reuse instead of returning it. Over
hundreds of finished tables the process's resident memory creeps up although nothing is held.
`malloc_trim(0)` returns the free pages of every arena. Elsewhere (musl, macOS) it does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import time
from collections.abc import Callable

TRIM_EVERY = 60.0  # seconds: at most one trim a minute (it walks every arena)


def _malloc_trim() -> Callable[[int], int] | None:
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        trim = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return trim


class Trimmer:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.trim = _malloc_trim()
        self.clock = clock
        self.last = clock()

    def after_forgetting(self) -> bool:
        """A table left memory: trim if the last trim is old enough. True when it trimmed."""
        if self.trim is None or self.clock() - self.last < TRIM_EVERY:
            return False
        self.last = self.clock()
        self.trim(0)
        return True

    def now(self) -> None:
        """Trim at once: after a start, whose guild payloads (every active thread of every
        server, parsed once) leave freed pages behind."""
        if self.trim is not None:
            self.last = self.clock()
            self.trim(0)
