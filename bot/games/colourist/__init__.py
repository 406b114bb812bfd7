"""Colourist at the table, one entry: its rules, its Discord face (`face.py`, built when the bot
runs), its command-line tools (`tools.py`), its own texts (data/colourist/locales/) and the families
of run-time keys they fill (`keys.py`)."""

from __future__ import annotations

from bot.games.entry import hosted
from engine.colourist.adapter import COLOURIST

from .keys import KEYS
from .tools import TOOLS

# Every Colourist game is rated, every seat on its own: the winners first, then the higher score.
ENTRY = hosted("colourist", COLOURIST, "ColouristFace", TOOLS, KEYS, accent=0xB1102F, reviews=True)
