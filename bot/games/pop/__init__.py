"""Pop at the table: its Discord face (`face.py`), its commands, its table-talk rule."""

from __future__ import annotations

from .face import PopFace

FACE = PopFace()
