"""Every game whose records `pop-bot replay` reads, by key and by record format: one line a
game (the bot's registry, `bot.games`, registers each game's whole rules the same way)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .coloretto import record as coloretto_record
from .colorpop import record as colorpop_record
from .colourist import record as colourist_record
from .fair import DealsFrom
from .pop import record as pop_record
from .protocol import Json, Recorded


@dataclass(frozen=True)
class RecordRules(DealsFrom):
    """A game as reading its records needs it: its key, its format, its replay (its record
    module alone: `pop-bot replay` starts without the rest of the game), and the module that
    checks its deals (`engine.fair.Dealt`, imported when `pop-bot verify` asks)."""

    key: str
    record_format: str
    replay: Callable[[Json], dict[str, Json]]
    deals: str = ""  # e.g. "engine.pop.fair"

    def replay_summary(self, record: Json) -> dict[str, Json]:
        return self.replay(record)


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


for _key, _module in (
    ("pop", pop_record),
    ("coloretto", coloretto_record),
    ("colorpop", colorpop_record),
    ("colourist", colourist_record),
):
    register(RecordRules(_key, _module.FORMAT, _module.replay_summary, f"engine.{_key}.fair"))
