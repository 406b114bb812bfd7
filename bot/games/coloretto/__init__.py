"""Coloretto at the table, one entry: its rules, its Discord face (`face.py`, built when the bot
runs), its command-line tools (`tools.py`), its own texts (data/coloretto/locales/) and the families
of run-time keys they fill (`keys.py`)."""

from __future__ import annotations

from bot.games.entry import hosted
from engine.coloretto.adapter import COLORETTO

from .keys import KEYS
from .tools import TOOLS

# Every Coloretto game is rated, every seat on its own: the winners first, then the higher score.
# Its expert judges a seat's decisions: an unrated game offers Review.
ENTRY = hosted("coloretto", COLORETTO, "ColorettoFace", TOOLS, KEYS, accent=0xFFC83D, reviews=True)
