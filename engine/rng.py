"""A tiny deterministic random number generator whose whole state is one integer.

The game state must carry its RNG so that a saved table deals exactly as it would have
(boardgame.io keeps the PRNG state inside the game state for the same reason). Python's
`random.Random` state is 625 integers and version-dependent; SplitMix64 is one 64-bit integer
and its output is fixed by its definition.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


def next_u64(state: int) -> tuple[int, int]:
    """SplitMix64: returns (new_state, output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n) without modulo bias: returns (new_state, value)."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, x = next_u64(state)
        if x < limit:
            return state, x % n


def shuffled(state: int, items: list[int]) -> tuple[int, list[int]]:
    """Fisher-Yates shuffle of a copy of items: returns (new_state, shuffled list)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state, j = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return state, out
