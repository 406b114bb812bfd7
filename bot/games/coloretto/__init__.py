"""Coloretto at the table, one entry: its rules, its Discord face (`face.py`, built when the bot
runs), its command-line tools (`tools.py`), its own texts (data/coloretto/locales/) and the families
of run-time keys they fill (`keys.py`)."""

from __future__ import annotations

from bot.games.entry import GameEntry, face_from
from bot.ratings.rules import every_seat_alone
from bot.texts.i18n import game_texts
from engine.coloretto.adapter import COLORETTO

from .keys import KEYS
from .tools import TOOLS

# Every Coloretto game is rated, every seat on its own: the winners first, then the higher score.
ENTRY = GameEntry(
    "coloretto",
    COLORETTO,
    face_from("bot.games.coloretto.face", "ColorettoFace"),
    TOOLS,
    texts=game_texts("coloretto"),
    keys=KEYS,
    rating=every_seat_alone,
)
