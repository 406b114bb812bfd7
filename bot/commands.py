"""The /pop slash commands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands

from .i18n import t
from .table import Options

if TYPE_CHECKING:
    from .client import PopBot

GRADES = ("easy", "medium", "hard", "expert", "master")  # Enigma grades 1-5


def _lang(interaction: discord.Interaction) -> str:
    return str(interaction.locale or "en").split("-")[0]


class PopCommands(app_commands.Group):
    def __init__(self, bot: PopBot) -> None:
        super().__init__(name="pop", description="Play Pop, the colour card game")
        self.bot = bot

    @app_commands.command(name="new", description="Open a Pop table in its own thread")
    @app_commands.describe(mode="competitive, trick, coop, solo or enigma",
                           sets="how many sets (1-3)",
                           two_player_variant="two people: draw a card and play two each turn",
                           turn_timer="seconds to choose, 0 for no timer",
                           difficulty="solo: starting rows, 1 (Beginner) to 4 (Expert)",
                           ai_level="how well AI players play: easy, normal or hard",
                           language="language of the table's messages")
    @app_commands.guild_only()
    async def new(self, interaction: discord.Interaction,
                  mode: Literal["competitive", "trick", "coop", "solo", "enigma"] = "competitive",
                  sets: app_commands.Range[int, 1, 3] = 3,
                  two_player_variant: bool | None = None,
                  turn_timer: app_commands.Range[int, 0, 3600] | None = None,
                  difficulty: app_commands.Range[int, 1, 4] = 1,
                  ai_level: Literal["easy", "normal", "hard"] = "normal",
                  language: str | None = None) -> None:
        if mode == "enigma":  # a puzzle is played privately, not at a table
            await self.bot.service.open_enigma(interaction, None, False)
            return
        options = Options(mode=mode, sets=sets, two_player_variant=two_player_variant,
                          turn_timer=self.bot.settings.turn_timer if turn_timer is None
                          else turn_timer, difficulty=difficulty, ai_level=ai_level,
                          language=language)
        await self.bot.service.open_table(interaction, options)

    @app_commands.command(name="enigma", description="A Pop puzzle: clear the grid in one turn")
    @app_commands.describe(difficulty="easy, medium, hard, expert or master",
                           daily="the server's puzzle of the day")
    @app_commands.guild_only()
    async def enigma(self, interaction: discord.Interaction,
                     difficulty: Literal["easy", "medium", "hard", "expert", "master"] | None
                     = None, daily: bool = False) -> None:
        grade = None if difficulty is None else GRADES.index(difficulty) + 1
        await self.bot.service.open_enigma(interaction, grade, daily)

    @app_commands.command(name="stats", description="Pop stats of a player in this server")
    @app_commands.describe(user="whose stats (you, if left out)")
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
                           level=t(f"level.{figures['best_coop_level']}", lang)))
        for difficulty, wins in figures["solo_wins"].items():
            lines.append(t("stats.solo", lang, n=wins, difficulty=difficulty))
        lines.append(t("stats.enigmas", lang, n=figures["enigmas_solved"]))
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @app_commands.command(name="leaderboard", description="The server's best Pop players")
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

    @app_commands.command(name="table", description="Show the state of the table here")
    @app_commands.guild_only()
    async def table(self, interaction: discord.Interaction) -> None:
        await self.bot.service.describe_tables(interaction)

    @app_commands.command(name="leave", description="Leave the table here")
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.bot.service.leave_here(interaction)

    @app_commands.command(name="remove",
                          description="Host: take a player's seat away (an AI plays it)")
    @app_commands.describe(player="the player whose seat to remove")
    @app_commands.guild_only()
    async def remove(self, interaction: discord.Interaction, player: discord.Member) -> None:
        await self.bot.service.remove_here(interaction, player)

    @app_commands.command(name="record",
                          description="The pop-record/1 of the last game at the table here")
    @app_commands.guild_only()
    async def record(self, interaction: discord.Interaction) -> None:
        await self.bot.service.send_record(interaction)

    @app_commands.command(name="rules", description="The rules of Pop, short")
    @app_commands.describe(mode="which mode's rules")
    async def rules(self, interaction: discord.Interaction,
                    mode: Literal["competitive", "trick", "coop", "solo", "enigma"] = "competitive"
                    ) -> None:
        lang = _lang(interaction)
        await interaction.response.send_message(
            t("rules.common", lang) + "\n\n" + t(f"rules.{mode}", lang), ephemeral=True)

    @app_commands.command(name="help", description="How to play Pop with this bot")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(t("help", _lang(interaction)), ephemeral=True)
