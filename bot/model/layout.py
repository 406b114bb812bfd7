"""A message as Discord's Components V2 shows it, described without Discord: one container in
the game's accent colour holding, in reading order, text blocks (status, captions), a gallery
of pictures (each with its alt text), a thin rule where it helps reading, and rows of controls.
The composer (`bot.posting.composer`) lays every table message out as one; the transport's
adapter (`bot.posting.layout_view`) turns it into a `discord.ui.LayoutView`.

Discord's limits for such a message hold here: at most 40 components in all (counted
recursively: the container, each block, each row and each control in it), at most 4,000
characters of text, at most 10 pictures a gallery, 5 buttons a row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .posts import Button, Control, lasting

MAX_COMPONENTS = 40
MAX_TEXT = 4000
MAX_PLAIN = 2000  # the text of a message without Components V2 (answers to commands)
MAX_GALLERY = 10
BUTTONS_PER_ROW = 5


@dataclass(frozen=True)
class Shown:
    """A picture a message shows: its attachment's file name and its alt text."""

    filename: str
    alt: str


@dataclass(frozen=True)
class Text:
    content: str


@dataclass(frozen=True)
class Gallery:
    items: tuple[Shown, ...]


@dataclass(frozen=True)
class Rule:
    """A thin line between what is read and what is pressed."""


@dataclass(frozen=True)
class Row:
    controls: tuple[Control, ...]


Block = Text | Gallery | Rule | Row


@dataclass(frozen=True)
class Layout:
    """One message: its accent colour and its blocks, in reading order."""

    accent: int | None
    blocks: tuple[Block, ...]

    @property
    def text(self) -> str:
        """Every text block, in reading order (as Discord counts the message's text)."""
        return "\n".join(b.content for b in self.blocks if isinstance(b, Text))

    @property
    def pictures(self) -> tuple[Shown, ...]:
        return tuple(item for b in self.blocks if isinstance(b, Gallery) for item in b.items)

    @property
    def controls(self) -> tuple[Control, ...]:
        return tuple(c for b in self.blocks if isinstance(b, Row) for c in b.controls)

    def count(self) -> int:
        """Components, counted as Discord counts them (the container included)."""
        return 1 + sum(1 + (len(b.controls) if isinstance(b, Row) else 0) for b in self.blocks)

    def without_controls(self) -> Layout:
        """The same message with no rows of controls (nor the rule above them), but for a
        finished game's Replay and Review, which never go stale."""
        kept = tuple(b for b in self.blocks if not isinstance(b, Row | Rule))
        staying = tuple(c for c in self.controls if lasting(c))
        if not staying:
            return replace(self, blocks=kept)
        return replace(self, blocks=(*kept, Rule(), Row(staying)) if kept else (Row(staying),))


def control_rows(controls: Sequence[Control]) -> list[Row]:
    """Buttons five a row, in order; a menu on a row of its own."""
    rows: list[Row] = []
    for control in controls:
        last = rows[-1].controls if rows else ()
        if isinstance(control, Button) and _button_row(last):
            rows[-1] = Row((*last, control))
        else:
            rows.append(Row((control,)))
    return rows


def _button_row(row: Sequence[Control]) -> bool:
    return 0 < len(row) < BUTTONS_PER_ROW and all(isinstance(c, Button) for c in row)


def fitted(text: str, limit: int = MAX_TEXT) -> str:
    """A text within Discord's limit: its first line (what the message is), an ellipsis, then
    as many of its last lines (the latest) as fit."""
    if len(text) <= limit:
        return text
    lines = text.split("\n")
    head, tail = lines[0][: limit // 2], list[str]()
    room = limit - len(head) - 2
    for line in reversed(lines[1:]):
        if len(line) + 1 > room:
            break
        tail.insert(0, line)
        room -= len(line) + 1
    return "\n".join([head, "\u2026", *tail])
