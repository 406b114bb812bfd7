"""Colourist at the table: its rules, its Discord face (`face.py`, built when the bot runs) and its
command-line tools (`tools.py`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.colourist.adapter import COLOURIST

from ...entry import GameEntry
from ...ratings import every_seat_alone
from . import keys  # noqa: F401  (its run-time key families, declared with the game)
from .tools import TOOLS

if TYPE_CHECKING:
    from ...face import TableFace


def _face() -> TableFace:
    from .face import ColouristFace

    return ColouristFace()


# Every Colourist game is rated, every seat on its own: the winners first, then the higher score.
ENTRY = GameEntry("colourist", COLOURIST, _face, TOOLS, rating=every_seat_alone)
