"""Colourist at the table, one entry: its rules, its Discord face (`face.py`, built when the bot
runs), its command-line tools (`tools.py`), its own texts (data/colourist/locales/) and the families
of run-time keys they fill (`keys.py`)."""

from __future__ import annotations

from bot.games.entry import GameEntry, face_from
from bot.ratings.rules import every_seat_alone
from bot.texts.i18n import game_texts
from engine.colourist.adapter import COLOURIST

from .keys import KEYS
from .tools import TOOLS

# Every Colourist game is rated, every seat on its own: the winners first, then the higher score.
ENTRY = GameEntry(
    "colourist",
    COLOURIST,
    face_from("bot.games.colourist.face", "ColouristFace"),
    TOOLS,
    texts=game_texts("colourist"),
    keys=KEYS,
    rating=every_seat_alone,
)
