"""Colourist at the table: its Discord face (`face.py`), its commands, its table game."""

from __future__ import annotations

from .face import ColouristFace

FACE = ColouristFace()
