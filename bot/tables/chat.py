"""Chat lines as the tables read them: a line's words (its text, and the text of what it
forwards), and each version of a line read once, whether it came as a new message or as an edit.
"""

from __future__ import annotations

from collections import OrderedDict

import discord

REMEMBERED = 1024  # chat lines whose versions read are kept (the newest)


def said_in(message: discord.Message) -> str:
    """What a chat line says in words: its text, and the text of what it forwards (a forward
    has none of its own: the forwarded message's words are in its snapshot)."""
    return "\n".join([message.content, *(s.content for s in message.message_snapshots)])


class Heard:
    """The versions of the latest chat lines already read (their words' hashes), so that each
    is read once: discord.py changes a cached message in place when its edit arrives, so a new
    line's handler may already see the edited words, which the edit then brings again."""

    def __init__(self, size: int = REMEMBERED) -> None:
        self.size = size
        self.versions: OrderedDict[int, set[int]] = OrderedDict()

    def first_time(self, message: discord.Message) -> bool:
        """Whether these words of this message are new (and from now on, heard)."""
        words = hash(said_in(message))
        seen = self.versions.setdefault(message.id, set())
        self.versions.move_to_end(message.id)
        if words in seen:
            return False
        seen.add(words)
        while len(self.versions) > self.size:
            self.versions.popitem(last=False)
        return True
