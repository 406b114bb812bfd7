"""The games whose records `pop-bot replay` and `pop-bot verify` read, found by the `format` a
record names. The engine lists no game of its own: whoever hosts games hands them in (the bot's
one registration, `bot.games.recorded()`; a test its own game)."""

from __future__ import annotations

from collections.abc import Iterable

from .protocol import Recorded


class RecordedGames:
    """Games by their record format, in the order they were handed in."""

    def __init__(self, games: Iterable[Recorded] = ()) -> None:
        self._by_format: dict[str, Recorded] = {}
        for game in games:
            self.add(game)

    def add(self, game: Recorded) -> None:
        self._by_format[game.record_format] = game

    def of(self, record: object) -> Recorded | None:
        """The game whose records carry the `format` this record names, if any."""
        named = record.get("format") if isinstance(record, dict) else None
        return self._by_format.get(named) if isinstance(named, str) else None

    def formats(self) -> tuple[str, ...]:
        return tuple(self._by_format)
