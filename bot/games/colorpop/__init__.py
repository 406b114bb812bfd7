"""Colorpop at the table: its Discord face (`face.py`), its commands, its run-time text keys."""

from __future__ import annotations

from .face import ColorpopFace

FACE = ColorpopFace()
