"""`/colourist new` and `/colourist rules`: Colourist's own slash commands."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.commands.games import GameCommands, new_table
from bot.commands.table import choices, user_lang
from bot.texts.i18n import t
from bot.texts.translator import command_str as _
from engine.colourist.adapter import ColouristOptions
from engine.colourist.words import WordListError, shipped_words


def word_list_problem() -> str | None:
    """What is wrong with the shipped word list (one line), or None when it is sound."""
    try:
        shipped_words()
    except WordListError as e:
        return str(e)
    return None


class ColouristCommands(GameCommands):
    key = "colourist"
    description_text = _(
        "Play Colourist, the colour-word party game", "colourist.command.description"
    )
    rules_key = "colourist.rules"
    rules_description = _("The rules of Colourist, short", "colourist.command.rules.description")

    @new_table(_("Open a Colourist table in its own thread", "colourist.command.new.description"))
    @app_commands.describe(
        length=_("track length: short, normal or long", "colourist.option.length")
    )
    @app_commands.choices(length=choices("colourist.choice.length"))
    async def new(
        self, interaction: discord.Interaction, length: str = "normal"
    ) -> ColouristOptions | None:
        problem = word_list_problem()
        if problem is not None:  # a broken word list: no table at all, and say why
            text = t("colourist.refusal.words", user_lang(interaction), error=problem)
            await interaction.response.send_message(text, ephemeral=True)
            return None
        return ColouristOptions.model_validate({"length": length})
