"""Every game the bot hosts, by key and by record format."""

from __future__ import annotations

from typing import Any

from .coloretto.adapter import COLORETTO
from .colorpop.adapter import COLORPOP
from .colourist.adapter import COLOURIST
from .pop.adapter import POP
from .protocol import Game

GAMES: dict[str, Game[Any, Any, Any]] = {
    game.key: game for game in (POP, COLORETTO, COLORPOP, COLOURIST)
}


_BY_FORMAT = {game.record_format: game for game in GAMES.values()}


def by_format(record_format: object) -> Game[Any, Any, Any] | None:
    """The game whose records carry this `format`, if any."""
    return _BY_FORMAT.get(record_format) if isinstance(record_format, str) else None
