"""Every game the bot hosts: one registration line a game. A test's own game registers itself
with `register`. The faces are built when the bot runs (`faces()`), so the command-line tools,
which read only the rules and the tools, never load discord.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import games as rules

from ..entry import GameEntry
from . import coloretto, colorpop, colourist, pop

if TYPE_CHECKING:
    from ..face import TableFace

GAMES: dict[str, GameEntry] = {}
_faces: dict[str, TableFace] = {}


def register(entry: GameEntry) -> None:
    """A game at the tables, and its records known to `pop-bot replay`."""
    GAMES[entry.key] = entry
    rules.register(entry.rules)


def unregister(key: str) -> None:
    """A game no longer hosted (a test's own game, when the test is over)."""
    entry = GAMES.pop(key)
    _faces.pop(key, None)
    rules.GAMES.pop(entry.rules.key, None)


def faces() -> dict[str, TableFace]:
    """Every game's face, built once, each declaring its words (`game.<key>`)."""
    from ..i18n import declare_keys

    for key, entry in GAMES.items():
        if key not in _faces:
            _faces[key] = entry.face()
    declare_keys({"game": tuple(GAMES)})
    return {key: _faces[key] for key in GAMES}


register(pop.ENTRY)
register(coloretto.ENTRY)
register(colorpop.ENTRY)
register(colourist.ENTRY)
