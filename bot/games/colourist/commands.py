"""`/colourist new` and `/colourist rules`: Colourist's own slash commands."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from engine.colourist.adapter import ColouristOptions
from engine.colourist.words import WordListError, shipped_words

from ...commands import CommandsAPI, GameCommands, TurnTimer, choices, table_options, user_lang
from ...i18n import t
from ...translator import command_str as _
from . import keys  # noqa: F401  (declares the families the choices read)


def word_list_problem() -> str | None:
    """What is wrong with the shipped word list (one line), or None when it is sound."""
    try:
        shipped_words()
    except WordListError as e:
        return str(e)
    return None


class ColouristCommands(GameCommands):
    def __init__(self, api: CommandsAPI, settings: Any) -> None:
        description = _(
            "Play Colourist, the colour-word party game", "colourist.command.description"
        )
        super().__init__(api, settings, "colourist", description)

    @app_commands.command(
        name=_("new", "command.new.name"),
        description=_(
            "Open a Colourist table in its own thread", "colourist.command.new.description"
        ),
    )
    @app_commands.describe(
        length=_("track length: short, normal or long", "colourist.option.length")
    )
    @app_commands.choices(length=choices("colourist.choice.length"))
    @table_options
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        length: str = "normal",
        turn_timer: TurnTimer | None = None,
        ai_level: str = "normal",
        language: str | None = None,
    ) -> None:
        problem = word_list_problem()
        if problem is not None:  # a broken word list: no table at all, and say why
            text = t("colourist.refusal.words", user_lang(interaction), error=problem)
            await interaction.response.send_message(text, ephemeral=True)
            return
        options = ColouristOptions.model_validate({"length": length})
        await self.open(interaction, options, turn_timer, ai_level, language)

    @app_commands.command(
        name=_("rules", "command.rules.name"),
        description=_("The rules of Colourist, short", "colourist.command.rules.description"),
    )
    async def rules(self, interaction: discord.Interaction) -> None:
        await self.answer_rules(interaction, "colourist.rules")
