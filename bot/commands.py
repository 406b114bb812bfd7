"""The /pop slash commands.

Names, descriptions and choices are `locale_str`s with their catalogue keys (`command.*`,
`option.*`, `choice.*`): `PopTranslator` (bot/i18n.py) gives Discord their translations. Replies
outside a table speak the user's language (`interaction.locale`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import Choice

from .i18n import DYNAMIC_KEYS, command_str, dynamic_key, languages, resolve, t
from .table import Options

if TYPE_CHECKING:
    from .client import PopBot

_ = command_str
GRADES = DYNAMIC_KEYS["grade"]  # Enigma grades 1-5


def _choices(family: str) -> list[Choice[str]]:
    return [Choice(name=_(value, dynamic_key(family, value)), value=value)
            for value in DYNAMIC_KEYS[family]]


MODE_CHOICES = _choices("choice.mode")
# The shipped catalogues, each named in its own language.
LANGUAGE_CHOICES = [Choice(name=t("language.name", code), value=code) for code in languages()]


def _lang(interaction: discord.Interaction) -> str:
    """The user's language, as a shipped catalogue."""
    return resolve(interaction.locale)


class PopCommands(app_commands.Group):
    def __init__(self, bot: PopBot) -> None:
        super().__init__(name="pop",
                         description=_("Play Pop, the colour card game", "command.pop.description"))
        self.bot = bot

    @app_commands.command(name=_("new", "command.new.name"),
                          description=_("Open a Pop table in its own thread",
                                        "command.new.description"))
    @app_commands.describe(
        mode=_("competitive, trick, coop, solo or enigma", "option.new.mode"),
        sets=_("how many sets (1-3)", "option.new.sets"),
        two_player_variant=_("two people: draw a card and play two each turn",
                             "option.new.two_player_variant"),
        turn_timer=_("seconds to choose, 0 for no timer", "option.new.turn_timer"),
        difficulty=_("solo: starting rows, 1 (Beginner) to 4 (Expert)",
                     "option.new.difficulty"),
        ai_level=_("how well AI players play: easy, normal or hard", "option.new.ai_level"),
        language=_("language of the table's messages", "option.new.language"))
    @app_commands.choices(mode=MODE_CHOICES, ai_level=_choices("choice.ai_level"),
                          language=LANGUAGE_CHOICES)
    @app_commands.guild_only()
    async def new(self, interaction: discord.Interaction,
                  mode: str = "competitive",
                  sets: app_commands.Range[int, 1, 3] = 3,
                  two_player_variant: bool | None = None,
                  turn_timer: app_commands.Range[int, 0, 3600] | None = None,
                  difficulty: app_commands.Range[int, 1, 4] = 1,
                  ai_level: str = "normal",
                  language: str | None = None) -> None:
        if mode == "enigma":  # a puzzle is played privately, not at a table
            await self.bot.service.open_enigma(interaction, None, False)
            return
        options = Options(mode=mode, sets=sets, two_player_variant=two_player_variant,
                          turn_timer=self.bot.settings.turn_timer if turn_timer is None
                          else turn_timer, difficulty=difficulty, ai_level=ai_level,
                          language=language)
        await self.bot.service.open_table(interaction, options)

    @app_commands.command(name=_("enigma", "command.enigma.name"),
                          description=_("A Pop puzzle: clear the grid in one turn",
                                        "command.enigma.description"))
    @app_commands.describe(
        difficulty=_("easy, medium, hard, expert or master", "option.enigma.difficulty"),
        daily=_("the server's puzzle of the day", "option.enigma.daily"))
    @app_commands.choices(difficulty=_choices("choice.grade"))
    @app_commands.guild_only()
    async def enigma(self, interaction: discord.Interaction, difficulty: str | None = None,
                     daily: bool = False) -> None:
        grade = None if difficulty is None else GRADES.index(difficulty) + 1
        await self.bot.service.open_enigma(interaction, grade, daily)

    @app_commands.command(name=_("stats", "command.stats.name"),
                          description=_("Pop stats of a player in this server",
                                        "command.stats.description"))
    @app_commands.describe(user=_("whose stats (you, if left out)", "option.stats.user"))
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction,
                    user: discord.Member | None = None) -> None:
        who = user or interaction.user
        figures = await self.bot.service.stats_of(interaction.guild_id, who.id)
        lang = _lang(interaction)
        lines = [t("stats.header", lang, name=who.display_name),
                 t("stats.games", lang, n=figures["games"], wins=figures["wins"])]
        if figures["average_set_score"] is not None:
            lines.append(t("stats.average", lang, score=figures["average_set_score"]))
        if figures["best_coop_level"]:
            lines.append(t("stats.coop", lang,
                           level=t(dynamic_key("level", figures["best_coop_level"]), lang)))
        for difficulty, wins in figures["solo_wins"].items():
            lines.append(t("stats.solo", lang, n=wins, difficulty=difficulty))
        lines.append(t("stats.enigmas", lang, n=figures["enigmas_solved"]))
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @app_commands.command(name=_("leaderboard", "command.leaderboard.name"),
                          description=_("The server's best Pop players",
                                        "command.leaderboard.description"))
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        lang = _lang(interaction)
        rows = await self.bot.service.store.leaderboard(interaction.guild_id)
        if not rows:
            await interaction.response.send_message(t("leaderboard.empty", lang))
            return
        lines = [t("leaderboard.header", lang)] + [
            t("leaderboard.row", lang, rank=i, user=f"<@{user}>", n=wins, games=games)
            for i, (user, wins, games) in enumerate(rows, 1)]
        await interaction.response.send_message(
            "\n".join(lines), allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=_("table", "command.table.name"),
                          description=_("Show the state of the table here",
                                        "command.table.description"))
    @app_commands.guild_only()
    async def table(self, interaction: discord.Interaction) -> None:
        await self.bot.service.describe_tables(interaction)

    @app_commands.command(name=_("leave", "command.leave.name"),
                          description=_("Leave the table here", "command.leave.description"))
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.bot.service.leave_here(interaction)

    @app_commands.command(name=_("remove", "command.remove.name"),
                          description=_("Host: take a player's seat away (an AI plays it)",
                                        "command.remove.description"))
    @app_commands.describe(player=_("the player whose seat to remove", "option.remove.player"))
    @app_commands.guild_only()
    async def remove(self, interaction: discord.Interaction, player: discord.Member) -> None:
        await self.bot.service.remove_here(interaction, player)

    @app_commands.command(name=_("record", "command.record.name"),
                          description=_("The pop-record/1 of the last game at the table here",
                                        "command.record.description"))
    @app_commands.guild_only()
    async def record(self, interaction: discord.Interaction) -> None:
        await self.bot.service.send_record(interaction)

    @app_commands.command(name=_("rules", "command.rules.name"),
                          description=_("The rules of Pop, short", "command.rules.description"))
    @app_commands.describe(mode=_("which mode's rules", "option.rules.mode"))
    @app_commands.choices(mode=MODE_CHOICES)
    async def rules(self, interaction: discord.Interaction, mode: str = "competitive") -> None:
        lang = _lang(interaction)
        await interaction.response.send_message(
            t("rules.common", lang) + "\n\n" + t(dynamic_key("rules", mode), lang), ephemeral=True)

    @app_commands.command(name=_("help", "command.help.name"),
                          description=_("How to play Pop with this bot",
                                        "command.help.description"))
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(t("help", _lang(interaction)), ephemeral=True)
