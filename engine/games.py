"""Every game the bot hosts, by key and by record format: one registration line a game."""

from __future__ import annotations

from .coloretto.adapter import COLORETTO
from .colorpop.adapter import COLORPOP
from .colourist.adapter import COLOURIST
from .pop.adapter import POP
from .protocol import Recorded

GAMES: dict[str, Recorded] = {}


_BY_FORMAT: dict[str, Recorded] = {}


def register(game: Recorded) -> None:
    """Make a game's records known (a test's own game registers itself the same way)."""
    GAMES[game.key] = game
    _BY_FORMAT[game.record_format] = game


def unregister(key: str) -> None:
    game = GAMES.pop(key)
    _BY_FORMAT.pop(game.record_format, None)


def by_format(record_format: object) -> Recorded | None:
    """The game whose records carry this `format`, if any."""
    return _BY_FORMAT.get(record_format) if isinstance(record_format, str) else None


for _game in (POP, COLORETTO, COLORPOP, COLOURIST):
    register(_game)
