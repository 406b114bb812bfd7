"""Pop's Enigma at the bot: the server's puzzle of the day, who solved it, and the line above
an Enigma's hand."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime

from bot.model.table import Table
from bot.storage.store import SqlStore
from bot.texts.i18n import dynamic_key, listed, t
from engine.pop.adapter import enigma_pack
from engine.pop.enigma import GRADE_NAMES, Puzzle


def today() -> str:
    return datetime.now(UTC).date().isoformat()


def daily_puzzle(guild_id: int, day: str) -> Puzzle:
    """The server's puzzle of the day: the same for everyone there, all day (UTC)."""
    pack = sorted(enigma_pack().values(), key=lambda p: p.id)
    digest = hashlib.sha256(f"{guild_id}:{day}".encode()).digest()
    return pack[int.from_bytes(digest[:8], "big") % len(pack)]


async def daily_tries(store: SqlStore, guild_id: int, day: str) -> list[tuple[int, int, bool]]:
    """The server's daily Enigma of `day`: (user, tries, solved), solvers first."""
    found: dict[int, tuple[int, bool]] = {}
    for user, won, details in await store.results_on_day(guild_id, "pop", "enigma", day):
        if details.get("daily") == day:
            n, solved = found.get(user, (0, False))
            found[user] = (n + 1, solved or won)
    rows = [(user, n, solved) for user, (n, solved) in found.items()]
    return sorted(rows, key=lambda r: (not r[2], r[1], r[0]))


async def enigma_header(store: SqlStore, table: Table, puzzle_id: str) -> str:
    """Above an Enigma's hand: which puzzle, and (the daily one) who solved it today."""
    lang = table.lang()
    puzzle = enigma_pack()[puzzle_id]
    day = table.face.get("daily")
    header = t(
        "pop.enigma.daily" if day else "pop.enigma.header",
        lang,
        id=puzzle.id,
        grade=t(dynamic_key("pop.grade", GRADE_NAMES[puzzle.grade]), lang),
    )
    if day:
        solvers = [
            (user, n) for user, n, solved in await daily_tries(store, table.guild_id, day) if solved
        ]
        header += "\n" + (
            t(
                "pop.enigma.solvers",
                lang,
                names=listed(
                    (t("pop.enigma.solver", lang, user=f"<@{user}>", n=n) for user, n in solvers),
                    lang,
                ),
            )
            if solvers
            else t("pop.enigma.no_solver", lang)
        )
    return header
