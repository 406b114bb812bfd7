"""Coloretto at the table: its Discord face (`face.py`), its commands, its run-time keys."""

from __future__ import annotations

from .face import ColorettoFace

FACE = ColorettoFace()
