"""The games' random stream: HMAC-SHA256 in counter mode, so that anyone can redo a deal.

A deal must be reproducible by a short script in any language (docs/fair-deals.md), so the
stream is defined byte for byte here rather than borrowed from a language's `random`:

- the **key** is the seed as 32 bytes, big-endian (`seed mod 2**256`);
- block i is HMAC-SHA256(key, i as 8 bytes big-endian), for i = 0, 1, 2, …;
- the stream is block 0, block 1, …; **word** j is its bytes 8j … 8j+7, an unsigned 64-bit
  integer read big-endian (so block i holds words 4i … 4i+3);
- `below(n)` draws words until one is under 2**64 − (2**64 mod n), and gives it mod n
  (rejection: no modulo bias);
- `shuffled(items)` is Fisher–Yates from the end: for i = len−1 down to 1, j = below(i + 1),
  swap items i and j.

The game state carries the seed and the number of words drawn so far (two integers), so a
saved table deals exactly as it would have (boardgame.io keeps its PRNG in the state too).

A game dealt before fair deals existed (its table has no commitment) was dealt by SplitMix64.
The table layer replays such a game from `legacy(seed)`: its deal at `start` is SplitMix64's
again, so its stored moves still replay to its stored state; whatever it draws later (Pop's
next sets, Colourist's reshuffles) comes from the HMAC stream keyed by its old seed.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")

SEED_BYTES = 32
WORD_BYTES = 8
WORDS_PER_BLOCK = 32 // WORD_BYTES
_WORD_RANGE = 1 << 64
_MASK64 = _WORD_RANGE - 1
LEGACY = 1 << (8 * SEED_BYTES)  # the flag of a seed dealt the old way (above every key)


def legacy(seed: int) -> int:
    """The seed of a game dealt before fair deals, as `start` takes it (SplitMix64)."""
    return LEGACY | (seed & _MASK64)


def opened(seed: int) -> tuple[int, int]:
    """(seed, words drawn) of a new game's stream before its first draw: a seed is taken
    mod 2**256; a legacy seed keeps its flag and starts SplitMix64 at its 64 bits."""
    if seed >= LEGACY:
        return seed, seed & _MASK64
    return seed % LEGACY, 0


def kept(seed: int) -> int:
    """The seed a state keeps for its later draws (a legacy game's: its old 64-bit seed)."""
    seed = opened(seed)[0]
    return seed & _MASK64 if seed >= LEGACY else seed


def key_of(seed: int) -> bytes:
    """The HMAC key of a seed: its 32 bytes, big-endian (any int: taken mod 2**256)."""
    return (seed % (1 << (8 * SEED_BYTES))).to_bytes(SEED_BYTES, "big")


def block(key: bytes, index: int) -> bytes:
    """Block `index` of the stream: HMAC-SHA256(key, index as 8 bytes big-endian)."""
    return hmac.digest(key, index.to_bytes(8, "big"), hashlib.sha256)


def words(seed: int, drawn: int) -> Iterator[int]:
    """The stream's words from word `drawn` on (each block computed once)."""
    key = key_of(seed)
    index, at = divmod(drawn, WORDS_PER_BLOCK)
    while True:
        data = block(key, index)
        for offset in range(at * WORD_BYTES, len(data), WORD_BYTES):
            yield int.from_bytes(data[offset : offset + WORD_BYTES], "big")
        index, at = index + 1, 0


def _splitmix64(state: int) -> Iterator[tuple[int, int]]:
    """The old generator (legacy deals only): (state after, output) for ever."""
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        yield state, z ^ (z >> 31)


class _Draws:
    """Words taken one by one, keeping the stream's state: the words drawn (the HMAC stream),
    or SplitMix64's own state (a legacy seed)."""

    def __init__(self, seed: int, drawn: int) -> None:
        self.drawn = drawn
        self._legacy = _splitmix64(drawn) if seed >= LEGACY else None
        self._words = words(seed, drawn) if self._legacy is None else iter(())

    def word(self) -> int:
        if self._legacy is not None:
            self.drawn, x = next(self._legacy)
            return x
        self.drawn += 1
        return next(self._words)

    def below(self, n: int) -> int:
        if n < 1:
            raise ValueError(f"below({n}): n must be at least 1")
        limit = _WORD_RANGE - (_WORD_RANGE % n)
        while True:
            x = self.word()
            if x < limit:
                return x % n


def below(seed: int, drawn: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n): returns (words drawn now, value)."""
    draws = _Draws(seed, drawn)
    value = draws.below(n)
    return draws.drawn, value


def shuffled(seed: int, drawn: int, items: Sequence[T]) -> tuple[int, list[T]]:
    """Fisher–Yates shuffle of a copy of `items`: returns (words drawn now, shuffled list)."""
    draws = _Draws(seed, drawn)
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = draws.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return draws.drawn, out
