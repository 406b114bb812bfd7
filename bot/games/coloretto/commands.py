"""`/coloretto new` and `/coloretto rules`: Coloretto's own slash commands."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from engine.coloretto.adapter import ColorettoOptions

from ...commands import CommandsAPI, GameCommands, TurnTimer, table_options
from ...translator import command_str as _
from . import keys  # noqa: F401  (declares the families the choices read)


class ColorettoCommands(GameCommands):
    def __init__(self, api: CommandsAPI, settings: Any) -> None:
        description = _("Play Coloretto, the chameleon card game", "coloretto.command.description")
        super().__init__(api, settings, "coloretto", description)

    @app_commands.command(
        name=_("new", "command.new.name"),
        description=_(
            "Open a Coloretto table in its own thread", "coloretto.command.new.description"
        ),
    )
    @app_commands.describe(
        expert=_("expert scoring: big sets score less", "coloretto.option.expert")
    )
    @table_options
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        expert: bool = False,
        turn_timer: TurnTimer | None = None,
        ai_level: str = "normal",
        language: str | None = None,
    ) -> None:
        await self.open(
            interaction, ColorettoOptions(expert=expert), turn_timer, ai_level, language
        )

    @app_commands.command(
        name=_("rules", "command.rules.name"),
        description=_("The rules of Coloretto, short", "coloretto.command.rules.description"),
    )
    async def rules(self, interaction: discord.Interaction) -> None:
        await self.answer_rules(interaction, "coloretto.rules")
