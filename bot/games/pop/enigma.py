"""Pop's Enigma at the bot: the server's puzzle of the day, who solved it, and the line above
an Enigma's hand."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime

from bot.model.challenge import standings
from bot.model.table import Table
from bot.storage.store import SqlStore
from bot.texts.i18n import dynamic_key, listed, t
from engine.pop.adapter import enigma_pack
from engine.pop.enigma import GRADE_NAMES, Puzzle

from .challenges import KINDS


def today() -> str:
    return datetime.now(UTC).date().isoformat()


def daily_puzzle(guild_id: int, day: str) -> Puzzle:
    """The server's puzzle of the day: the same for everyone there, all day (UTC)."""
    pack = sorted(enigma_pack().values(), key=lambda p: p.id)
    digest = hashlib.sha256(f"{guild_id}:{day}".encode()).digest()
    return pack[int.from_bytes(digest[:8], "big") % len(pack)]


def midnight_after(day: str) -> float:
    """When a day's daily Enigma ends: the next midnight (UTC)."""
    return datetime.fromisoformat(day).replace(tzinfo=UTC).timestamp() + 86_400


async def daily_tries(store: SqlStore, challenge_id: int | None) -> list[tuple[int, int, bool]]:
    """The standings of a server's daily Enigma (a challenge): (user, tries, solved), solvers
    first, fewest tries first."""
    if challenge_id is None:
        return []
    results = await store.challenge_results(challenge_id)
    return [(s.user_id, s.tries, s.won) for s in standings(KINDS["enigma"], results, ())]


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
            (user, n) for user, n, solved in await daily_tries(store, table.challenge) if solved
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
