"""The rules of the games. Pure, synchronous, deterministic: no Discord, asyncio, Pillow or SQL."""
