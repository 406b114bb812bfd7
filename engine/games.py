"""Every game the bot hosts, by key and by record format: one registration line a game."""

from __future__ import annotations

from .coloretto.adapter import COLORETTO
from .colorpop.adapter import COLORPOP
from .colourist.adapter import COLOURIST
from .pop.adapter import POP
from .protocol import Recorded

GAMES: dict[str, Recorded] = {}


def register(game: Recorded) -> None:
    """Make a game's records known (a test's own game registers itself the same way)."""
    GAMES[game.key] = game


def by_format(record_format: object) -> Recorded | None:
    """The game whose records carry this `format`, if any."""
    return next((g for g in GAMES.values() if g.record_format == record_format), None)


for _game in (POP, COLORETTO, COLORPOP, COLOURIST):
    register(_game)
