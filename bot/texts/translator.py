"""Slash commands in the player's language: command and choice names and descriptions are
`locale_str`s carrying their catalogue key (`locale_str("new", key="command.new.name")`), which
`PopTranslator` gives Discord in every language a catalogue speaks."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from .i18n import DEFAULT_LANGUAGE, catalogue, resolve


def command_str(message: str, key: str) -> app_commands.locale_str:
    """A command's (or choice's) name or description, translated through its catalogue key."""
    return app_commands.locale_str(message, key=key)


class PopTranslator(app_commands.Translator):
    """Slash command names, descriptions and choices from the catalogues' `command.*`,
    `option.*` and `choice.*` keys, for every Discord locale a catalogue speaks."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        _context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        key = string.extras.get("key")
        lang = resolve(locale)
        if key is None or lang == DEFAULT_LANGUAGE:
            return None  # the English text is the default; other locales fall back to it
        text = catalogue(lang).get(key)
        return text if isinstance(text, str) and text != string.message else None
