"""`/colorpop new` and `/colorpop rules`: Colorpop's own slash commands."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from engine.colorpop.adapter import ColorpopOptions

from ...commands import CommandsAPI, GameCommands, TurnTimer, choices, table_options
from ...translator import command_str as _
from . import keys  # noqa: F401  (declares the families the choices read)


class ColorpopCommands(GameCommands):
    def __init__(self, api: CommandsAPI, settings: Any) -> None:
        description = _(
            "Play Colorpop, the board of secret colours", "colorpop.command.description"
        )
        super().__init__(api, settings, "colorpop", description)

    @app_commands.command(
        name=_("new", "command.new.name"),
        description=_("Open a Colorpop table in its own thread", "colorpop.command.new"),
    )
    @app_commands.describe(
        mode=_("competitive, solo, duel or teams", "colorpop.option.mode"),
        colours=_("solo: how many secret colours (1-5; more is harder)", "colorpop.option.colours"),
    )
    @app_commands.choices(mode=choices("colorpop.mode"))
    @table_options
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        mode: str = "competitive",
        colours: app_commands.Range[int, 1, 5] = 1,
        turn_timer: TurnTimer | None = None,
        ai_level: str = "normal",
        language: str | None = None,
    ) -> None:
        options = ColorpopOptions.model_validate({"mode": mode, "solo_colours": colours})
        await self.open(interaction, options, turn_timer, ai_level, language)

    @app_commands.command(
        name=_("rules", "command.rules.name"),
        description=_("The rules of Colorpop, short", "colorpop.command.rules"),
    )
    async def rules(self, interaction: discord.Interaction) -> None:
        await self.answer_rules(interaction, "colorpop.rules")
