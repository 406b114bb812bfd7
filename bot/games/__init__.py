"""Every game the bot hosts: one registration line a game, the one list of games there is. The
bot, `pop-bot replay` and `verify` (`recorded()`), `demo` and `bench` all learn the games here;
a test's own game registers itself with `register`. The faces are built when the bot runs
(`faces()`), so the command-line tools, which read only the rules and the tools, never load
discord.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.model.accents import ACCENTS
from bot.ratings.rules import register_rule, unregister_rule
from bot.texts.i18n import add_texts, declare_keys, remove_texts, undeclare_keys
from engine.games import RecordedGames

from . import coloretto, colorpop, colourist, pop
from .entry import GameEntry

if TYPE_CHECKING:
    from bot.tables.faces import TableFace

GAMES: dict[str, GameEntry] = {}
_faces: dict[str, TableFace] = {}


def register(entry: GameEntry) -> None:
    """A game at the tables and in the tools (its records read by `pop-bot replay`), its own
    texts and run-time keys known, its rating rule known to the ratings."""
    add_texts(entry.texts)
    declare_keys({**entry.keys, "game": (entry.key,)})
    GAMES[entry.key] = entry
    ACCENTS[entry.key] = entry.accent
    register_rule(entry.key, entry.rating, entry.ai_version, entry.pools)


def unregister(key: str) -> None:
    """A game no longer hosted (a test's own game, when the test is over)."""
    entry = GAMES.pop(key)
    ACCENTS.pop(key, None)
    _faces.pop(key, None)
    unregister_rule(key)
    remove_texts(entry.texts)
    undeclare_keys({**entry.keys, "game": (entry.key,)})


def recorded() -> RecordedGames:
    """Every game's rules, as `pop-bot replay` and `verify` find a record's game by its format."""
    return RecordedGames(entry.rules for entry in GAMES.values())


def faces() -> dict[str, TableFace]:
    """Every game's face, built once."""
    for key, entry in GAMES.items():
        if key not in _faces:
            _faces[key] = entry.face()
    return {key: _faces[key] for key in GAMES}


register(pop.ENTRY)
register(coloretto.ENTRY)
register(colorpop.ENTRY)
register(colourist.ENTRY)
