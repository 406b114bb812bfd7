"""`/pop new`, `/pop enigma` and `/pop rules`: Pop's own slash commands."""

from __future__ import annotations

import random
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice

from engine.pop.adapter import POP, PopOptions, enigma_pack
from engine.pop.enigma import GRADE_NAMES
from engine.pop.modes import MODES

from ...commands import language_choices, user_lang
from ...face import TableAPI
from ...i18n import DYNAMIC_KEYS, command_str, dynamic_key, t
from ...lobby import open_table
from ...table import Seat, Table, TableSettings
from . import keys  # noqa: F401  (declares the families the choices read)
from .enigma import daily_puzzle, today

_ = command_str
GRADES = tuple(GRADE_NAMES.values())  # Enigma grades 1-5


def _choices(family: str) -> list[Choice[str]]:
    return [
        Choice(name=_(value, dynamic_key(family, value)), value=value)
        for value in DYNAMIC_KEYS[family]
    ]


class PopCommands(app_commands.Group):
    def __init__(self, api: TableAPI, settings: Any) -> None:
        super().__init__(
            name="pop", description=_("Play Pop, the colour card game", "command.pop.description")
        )
        self.api = api
        self.settings = settings

    @app_commands.command(
        name=_("new", "command.new.name"),
        description=_("Open a Pop table in its own thread", "command.new.description"),
    )
    @app_commands.describe(
        mode=_("competitive, trick, coop, solo or enigma", "option.new.mode"),
        sets=_("how many sets (1-3)", "option.new.sets"),
        two_player_variant=_(
            "two people: draw a card and play two each turn", "option.new.two_player_variant"
        ),
        turn_timer=_("seconds to choose, 0 for no timer", "option.new.turn_timer"),
        difficulty=_("solo: starting rows, 1 (Beginner) to 4 (Expert)", "option.new.difficulty"),
        ai_level=_("how well AI players play: easy, normal or hard", "option.new.ai_level"),
        language=_("language of the table's messages", "option.new.language"),
    )
    @app_commands.choices(
        mode=_choices("choice.mode"),
        ai_level=_choices("choice.ai_level"),
        language=language_choices(),
    )
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        mode: str = "competitive",
        sets: app_commands.Range[int, 1, 3] = 3,
        two_player_variant: bool | None = None,
        turn_timer: app_commands.Range[int, 0, 3600] | None = None,
        difficulty: app_commands.Range[int, 1, 4] = 1,
        ai_level: str = "normal",
        language: str | None = None,
    ) -> None:
        if MODES[mode].one_turn:  # a puzzle is played privately, not at a table
            await open_enigma(self.api, interaction, None, False)
            return
        options = PopOptions.model_validate(
            {
                "mode": mode,
                "sets": sets,
                "two_player_variant": two_player_variant,
                "difficulty": difficulty,
            }
        )
        settings = TableSettings.model_validate(
            {
                "turn_timer": self.settings.turn_timer if turn_timer is None else turn_timer,
                "ai_level": ai_level,
                "language": language,
            }
        )
        await open_table(self.api, interaction, "pop", options.model_dump(), settings)

    @app_commands.command(
        name=_("enigma", "command.enigma.name"),
        description=_("A Pop puzzle: clear the grid in one turn", "command.enigma.description"),
    )
    @app_commands.describe(
        difficulty=_("easy, medium, hard, expert or master", "option.enigma.difficulty"),
        daily=_("the server's puzzle of the day", "option.enigma.daily"),
    )
    @app_commands.choices(difficulty=_choices("choice.grade"))
    @app_commands.guild_only()
    async def enigma(
        self, interaction: discord.Interaction, difficulty: str | None = None, daily: bool = False
    ) -> None:
        grade = None if difficulty is None else GRADES.index(difficulty) + 1
        await open_enigma(self.api, interaction, grade, daily)

    @app_commands.command(
        name=_("rules", "command.rules.name"),
        description=_("The rules of Pop, short", "command.rules.description"),
    )
    @app_commands.describe(mode=_("which mode's rules", "option.rules.mode"))
    @app_commands.choices(mode=_choices("choice.mode"))
    async def rules(self, interaction: discord.Interaction, mode: str = "competitive") -> None:
        lang = user_lang(interaction)
        await interaction.response.send_message(
            t("rules.common", lang) + "\n\n" + t(dynamic_key("rules", mode), lang), ephemeral=True
        )


async def open_enigma(
    api: TableAPI, interaction: discord.Interaction, grade: int | None, daily: bool
) -> None:
    """/pop enigma: a puzzle of the pack (or the server's puzzle of the day), privately, in
    the player's own ephemeral messages."""
    assert interaction.guild_id is not None
    assert interaction.channel_id is not None
    user = interaction.user
    day = today()
    if daily:
        puzzle = daily_puzzle(interaction.guild_id, day)
    else:
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
        face={"daily": day} if daily else {},
        locale=str(interaction.guild_locale or "en").split("-")[0],
    )
    table.status, table.games, table.epoch = "playing", 1, 1
    live = await api.insert(table, POP.start(options, [seat.id], 0), kick=False)
    await interaction.response.defer(ephemeral=True, thinking=True)
    await api.show_private(interaction, live, live.table.seats[0])
