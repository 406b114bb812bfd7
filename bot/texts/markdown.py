"""Markdown in the bot's messages: people's names shown as they are written, never as
formatting (bold, spoilers, code, headings, quotes, subtext, lists, masked links, links,
mentions), and the bot's own small lines (`subtext`)."""

from __future__ import annotations

import re

# Characters that make Markdown wherever they stand (emphasis, underline, spoilers, strike,
# code, masked links, links' `://`, mentions and emoji), and the backslash itself. Discord shows
# a backslashed punctuation character as the character.
_ANYWHERE = re.compile(r"([\\*_~|`\[\]<:])")
# Headings, quotes, subtext and lists begin a line, and a name may begin one.
_LINE_START = re.compile(r"^(\s*\d*)([#>+\-.])")
_LINE_BREAK = re.compile(r"[\r\n\u2028\u2029]+")


def literal(name: str) -> str:
    """`name` as a message text shows it letter for letter (line breaks as spaces). Only for
    Markdown: pictures, alt texts, button labels and thread names show names as they are."""
    escaped = _ANYWHERE.sub(r"\\\1", _LINE_BREAK.sub(" ", name))
    return _LINE_START.sub(r"\1\\\2", escaped)


def subtext(line: str) -> str:
    """One line of the bot's own words that Discord shows small and grey (`-# `): what is
    there to be checked, not read at every turn (a deal's seal and ids)."""
    return f"-# {line}"
