"""What a test registers to host four in a row at the tables: one line,
`bot.games.register(ENTRY)` (and `unregister("fourrow")` when it is done)."""

from __future__ import annotations

from bot.entry import GameEntry
from bot.face import TableFace

from .game import FOURROW
from .texts import TEXTS


def _face() -> TableFace:
    from .face import FourRowFace  # built when the bot runs, as every face

    return FourRowFace()


ENTRY = GameEntry("fourrow", FOURROW, _face, texts=TEXTS, keys={"refusal": ("column_full",)})
