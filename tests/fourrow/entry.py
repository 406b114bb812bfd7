"""What a test registers to host four in a row at the tables: one line,
`bot.games.register(ENTRY)` (and `unregister("fourrow")` when it is done)."""

from __future__ import annotations

from bot.games.entry import GameEntry, face_from

from .game import FOURROW
from .texts import TEXTS

ENTRY = GameEntry(
    "fourrow",
    FOURROW,
    face_from("tests.fourrow.face", "FourRowFace"),  # built when the bot runs, as every face
    texts=TEXTS,
    keys={"refusal": ("column_full",)},
)
