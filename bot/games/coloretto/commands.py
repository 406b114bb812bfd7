"""`/coloretto new` and `/coloretto rules`: Coloretto's own slash commands."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.commands.games import GameCommands, new_table
from bot.texts.translator import command_str as _
from engine.coloretto.adapter import ColorettoOptions


class ColorettoCommands(GameCommands):
    key = "coloretto"
    description_text = _("Play Coloretto, the chameleon card game", "coloretto.command.description")
    rules_key = "coloretto.rules"
    rules_description = _("The rules of Coloretto, short", "coloretto.command.rules.description")

    @new_table(_("Open a Coloretto table in its own thread", "coloretto.command.new.description"))
    @app_commands.describe(
        expert=_("expert scoring: big sets score less", "coloretto.option.expert")
    )
    async def new(self, interaction: discord.Interaction, expert: bool = False) -> ColorettoOptions:
        return ColorettoOptions(expert=expert)
