"""Colourist at the table: its rules, its Discord face (`face.py`, built when the bot runs) and its
command-line tools (`tools.py`)."""

from __future__ import annotations

from engine.colourist.adapter import COLOURIST

from ...entry import GameEntry, face_from
from ...ratings import every_seat_alone
from . import keys  # noqa: F401  (its run-time key families, declared with the game)
from .tools import TOOLS

# Every Colourist game is rated, every seat on its own: the winners first, then the higher score.
ENTRY = GameEntry(
    "colourist",
    COLOURIST,
    face_from("bot.games.colourist.face", "ColouristFace"),
    TOOLS,
    rating=every_seat_alone,
)
