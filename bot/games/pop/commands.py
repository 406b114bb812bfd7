"""`/pop new`, `/pop enigma` and `/pop rules`: Pop's own slash commands."""

from __future__ import annotations

import random
from typing import Any

import discord
from discord import app_commands

from bot.commands.games import GameCommands, new_table
from bot.commands.table import choices, user_lang
from bot.model import life
from bot.model.posts import Refusal
from bot.model.table import Seat, Table, TableSettings
from bot.tables.answers import refuse
from bot.tables.challenges import Challenges
from bot.tables.lobby import Lobby
from bot.texts.i18n import dynamic_key, t
from bot.texts.translator import command_str as _
from engine.pop.adapter import POP, PopOptions, enigma_pack
from engine.pop.enigma import GRADE_NAMES
from engine.pop.modes import MODES

from .enigma import daily_puzzle, midnight_after, today

GRADES = tuple(GRADE_NAMES.values())  # Enigma grades 1-5


class PopCommands(GameCommands):
    key = "pop"
    description_text = _("Play Pop, the colour card game", "pop.command.pop.description")

    def hints_refusal(self, options: dict[str, Any]) -> Refusal | None:
        """A puzzle (Enigma) is played privately, not at a table; the solo game has a Hint of
        its own, counted in its result (the table's would go uncounted)."""
        mode = str(options.get("mode", "competitive"))
        if MODES[mode].one_turn:
            return Refusal("pop.refusal.hints_private")
        return Refusal("pop.refusal.hints_solo") if mode == "solo" else None

    @new_table(_("Open a Pop table in its own thread", "pop.command.new.description"))
    @app_commands.describe(
        mode=_("competitive, trick, coop, solo or enigma", "pop.option.new.mode"),
        sets=_("how many sets (1-3)", "pop.option.new.sets"),
        two_player_variant=_(
            "two people: draw a card and play two each turn", "pop.option.new.two_player_variant"
        ),
        difficulty=_(
            "solo: starting rows, 1 (Beginner) to 4 (Expert)", "pop.option.new.difficulty"
        ),
    )
    @app_commands.choices(mode=choices("pop.choice.mode"))
    async def new(
        self,
        interaction: discord.Interaction,
        mode: str = "competitive",
        sets: app_commands.Range[int, 1, 3] = 3,
        two_player_variant: bool | None = None,
        difficulty: app_commands.Range[int, 1, 4] = 1,
    ) -> PopOptions | None:
        if MODES[mode].one_turn:  # a puzzle is played privately, not at a table
            await open_enigma(self.lobby, interaction, None, False)
            return None
        return PopOptions.model_validate(
            {
                "mode": mode,
                "sets": sets,
                "two_player_variant": two_player_variant,
                "difficulty": difficulty,
            }
        )

    @app_commands.command(
        name=_("enigma", "command.enigma.name"),
        description=_("A Pop puzzle: clear the grid in one turn", "pop.command.enigma.description"),
    )
    @app_commands.describe(
        difficulty=_("easy, medium, hard, expert or master", "pop.option.enigma.difficulty"),
        daily=_("the server's puzzle of the day", "pop.option.enigma.daily"),
    )
    @app_commands.choices(difficulty=choices("pop.choice.grade"))
    @app_commands.guild_only()
    async def enigma(
        self, interaction: discord.Interaction, difficulty: str | None = None, daily: bool = False
    ) -> None:
        grade = None if difficulty is None else GRADES.index(difficulty) + 1
        await open_enigma(self.lobby, interaction, grade, daily)

    @app_commands.command(
        name=_("rules", "command.rules.name"),
        description=_("The rules of Pop, short", "pop.command.rules.description"),
    )
    @app_commands.describe(mode=_("which mode's rules", "pop.option.rules.mode"))
    @app_commands.choices(mode=choices("pop.choice.mode"))
    async def rules(self, interaction: discord.Interaction, mode: str = "competitive") -> None:
        lang = user_lang(interaction)
        await interaction.response.send_message(
            t("pop.rules.common", lang) + "\n\n" + t(dynamic_key("pop.rules", mode), lang),
            ephemeral=True,
        )


async def open_enigma(
    lobby: Lobby, interaction: discord.Interaction, grade: int | None, daily: bool
) -> None:
    """/pop enigma: a puzzle of the pack, privately, in the player's own ephemeral messages;
    `daily`: the server's puzzle of the day, a challenge of its own (`bot.tables.challenges`,
    made by its first player): each try an entry, its standings who solved it."""
    assert interaction.guild_id is not None
    assert interaction.channel_id is not None
    if daily:
        await _daily(lobby, interaction)
        return
    user = interaction.user
    choices = [p for p in enigma_pack().values() if grade is None or p.grade == grade]
    puzzle = random.choice(choices)
    seat = Seat(id=str(user.id), user_id=user.id, name=user.display_name)
    options = PopOptions(mode="enigma", puzzle_id=puzzle.id)
    table = Table(
        game="pop",
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        host_id=user.id,
        options=options.model_dump(),
        seats=[seat],
        private=True,
        settings=TableSettings(turn_timer=0),
        locale=str(interaction.guild_locale or "en").split("-")[0],
    )
    life.deal_private(table)
    try:  # within the player's own limit of private games (they take no table's place)
        live = await lobby.insert_within_limits(table, POP.start(options, [seat.id], table.seed))
    except Refusal as too_many:
        await refuse(interaction, too_many)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    await lobby.privates.show(interaction, live, live.table.seats[0])


async def _daily(lobby: Lobby, interaction: discord.Interaction) -> None:
    """A try at the server's daily Enigma: an entry in today's challenge."""
    assert interaction.guild_id is not None
    day = today()
    puzzle = daily_puzzle(interaction.guild_id, day)
    options = PopOptions(mode="enigma", puzzle_id=puzzle.id).model_dump()
    challenges: Challenges = lobby.challenges
    try:
        challenge = await challenges.daily(
            interaction, "pop", "enigma", day, options=options, ends=midnight_after(day)
        )
        await challenges.enter(interaction, challenge)
    except Refusal as no:
        await refuse(interaction, no)
