"""`/colorpop new` and `/colorpop rules`: Colorpop's own slash commands."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice

from engine.colorpop.adapter import ColorpopOptions

from ...commands import language_choices, user_lang
from ...face import TableAPI
from ...i18n import DYNAMIC_KEYS, command_str, dynamic_key, t
from ...lobby import open_table
from ...table import TableSettings
from . import keys  # noqa: F401  (declares the families the choices read)

_ = command_str


def _choices(family: str) -> list[Choice[str]]:
    return [
        Choice(name=_(value, dynamic_key(family, value)), value=value)
        for value in DYNAMIC_KEYS[family]
    ]


class ColorpopCommands(app_commands.Group):
    def __init__(self, api: TableAPI, settings: Any) -> None:
        super().__init__(
            name="colorpop",
            description=_(
                "Play Colorpop, the board of secret colours", "colorpop.command.description"
            ),
        )
        self.api = api
        self.settings = settings

    @app_commands.command(
        name=_("new", "command.new.name"),
        description=_("Open a Colorpop table in its own thread", "colorpop.command.new"),
    )
    @app_commands.describe(
        mode=_("competitive, solo, duel or teams", "colorpop.option.mode"),
        colours=_("solo: how many secret colours (1-5; more is harder)", "colorpop.option.colours"),
        turn_timer=_("seconds to choose, 0 for no timer", "option.new.turn_timer"),
        ai_level=_("how well AI players play: easy, normal or hard", "option.new.ai_level"),
        language=_("language of the table's messages", "option.new.language"),
    )
    @app_commands.choices(
        mode=_choices("colorpop.mode"),
        ai_level=_choices("choice.ai_level"),
        language=language_choices(),
    )
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        mode: str = "competitive",
        colours: app_commands.Range[int, 1, 5] = 1,
        turn_timer: app_commands.Range[int, 0, 3600] | None = None,
        ai_level: str = "normal",
        language: str | None = None,
    ) -> None:
        options = ColorpopOptions.model_validate({"mode": mode, "solo_colours": colours})
        settings = TableSettings.model_validate(
            {
                "turn_timer": self.settings.turn_timer if turn_timer is None else turn_timer,
                "ai_level": ai_level,
                "language": language,
            }
        )
        await open_table(self.api, interaction, "colorpop", options.model_dump(), settings)

    @app_commands.command(
        name=_("rules", "command.rules.name"),
        description=_("The rules of Colorpop, short", "colorpop.command.rules"),
    )
    async def rules(self, interaction: discord.Interaction) -> None:
        lang = user_lang(interaction)
        await interaction.response.send_message(t("colorpop.rules", lang), ephemeral=True)
