"""`/colorpop new` and `/colorpop rules`: Colorpop's own slash commands."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.commands.games import GameCommands, new_table
from bot.commands.table import choices
from bot.texts.translator import command_str as _
from engine.colorpop.adapter import ColorpopOptions


class ColorpopCommands(GameCommands):
    key = "colorpop"
    description_text = _(
        "Play Colorpop, the board of secret colours", "colorpop.command.description"
    )
    rules_key = "colorpop.rules"
    rules_description = _("The rules of Colorpop, short", "colorpop.command.rules")

    @new_table(_("Open a Colorpop table in its own thread", "colorpop.command.new"))
    @app_commands.describe(
        mode=_("competitive, solo, duel or teams", "colorpop.option.mode"),
        colours=_("solo: how many secret colours (1-5; more is harder)", "colorpop.option.colours"),
    )
    @app_commands.choices(mode=choices("colorpop.mode"))
    async def new(
        self,
        interaction: discord.Interaction,
        mode: str = "competitive",
        colours: app_commands.Range[int, 1, 5] = 1,
    ) -> ColorpopOptions:
        return ColorpopOptions.model_validate({"mode": mode, "solo_colours": colours})
