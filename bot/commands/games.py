"""The base every game's slash command group stands on: `/<game> new` and `/<game> rules`.

A game declares only what is its own. Its `new` takes its options and returns them as its
options model (or answers by itself and returns None: Pop's Enigma, a broken word list); the
base adds the options every table has (turn timer, AI level, language), opens the table, and
gives the group its `/<game> rules`, which answers the game's `rules_key` privately:

    class ColorettoCommands(GameCommands):
        key = "coloretto"
        description_text = _("Play Coloretto, the chameleon card game", "coloretto.command.description")
        rules_key = "coloretto.rules"
        rules_description = _("The rules of Coloretto, short", "coloretto.command.rules.description")

        @new_table(_("Open a Coloretto table in its own thread", "coloretto.command.new.description"))
        @app_commands.describe(expert=_("expert scoring: big sets score less", "coloretto.option.expert"))
        async def new(self, interaction: discord.Interaction, expert: bool = False) -> BaseModel:
            return ColorettoOptions(expert=expert)
"""

from __future__ import annotations

import functools
import inspect
import typing
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar

import discord
from discord import app_commands
from pydantic import BaseModel

from bot.model.durations import parse_timer, suggestions
from bot.model.posts import Refusal
from bot.model.table import TableSettings
from bot.tables.answers import refuse
from bot.tables.lobby import Lobby
from bot.texts.i18n import t
from bot.texts.translator import command_str as _

from .table import choices, language_choices, user_lang

OptionsOf = Callable[..., Awaitable[BaseModel | None]]

_P = inspect.Parameter.POSITIONAL_OR_KEYWORD
TABLE_OPTIONS = (
    inspect.Parameter("timer", _P, default=None, annotation=str | None),
    inspect.Parameter("ai_level", _P, default="normal", annotation=str),
    inspect.Parameter("language", _P, default=None, annotation=str | None),
    inspect.Parameter("hints", _P, default=False, annotation=bool),
)


async def timer_suggestions(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """`timer:` as it is typed: the presets, and what is typed read back, in the user's
    language (any value up to 72 hours may be written: `90m`, `36h`, `2d`, `none`)."""
    return [
        app_commands.Choice(name=name, value=value)
        for name, value in suggestions(current, user_lang(interaction))
    ]


def _with_table_options(command: Any) -> Any:
    """The descriptions, choices and suggestions of the options every table has."""
    described = app_commands.describe(
        timer=_("time to play each turn: 2m, 1h, 24h, up to 72h, or none", "option.new.timer"),
        ai_level=_("how well AI players play: easy, normal, hard or expert", "option.new.ai_level"),
        language=_("language of the table's messages", "option.new.language"),
        hints=_(
            "a Hint button: each seat may ask the expert; games are not rated", "option.new.hints"
        ),
    )(command)
    suggested = app_commands.autocomplete(timer=timer_suggestions)(described)
    return app_commands.choices(ai_level=choices("choice.ai_level"), language=language_choices())(
        suggested
    )


def new_table(description: app_commands.locale_str) -> Callable[[OptionsOf], Any]:
    """`/<game> new`: the game's options (its method's own parameters, described and chosen as
    any command's), then the table's; the table opens with both."""

    def build(game_options: OptionsOf) -> Any:
        hints = typing.get_type_hints(game_options)
        params = list(inspect.signature(game_options).parameters.values())
        own = [p.replace(annotation=hints[p.name]) for p in params[2:]]

        @functools.wraps(game_options)
        async def new(group: GameCommands, interaction: discord.Interaction, **values: Any) -> None:
            table = {option.name: values.pop(option.name) for option in TABLE_OPTIONS}
            no_hints = group.hints_refusal(values) if table["hints"] else None
            if no_hints is not None:
                await refuse(interaction, no_hints)
                return
            try:  # a timer that cannot be read: said privately, before anything is opened
                table["timer"] = None if table["timer"] is None else parse_timer(table["timer"])
            except Refusal as no:
                await refuse(interaction, no)
                return
            options = await game_options(group, interaction, **values)
            if options is not None:
                await group.open(interaction, options, **table)

        head = [params[0], params[1].replace(annotation=discord.Interaction)]
        new.__signature__ = inspect.Signature([*head, *own, *TABLE_OPTIONS])  # type: ignore[attr-defined]
        new.__annotations__ = {p.name: p.annotation for p in (*own, *TABLE_OPTIONS)}
        command = app_commands.command(name=_("new", "command.new.name"), description=description)
        return app_commands.guild_only()(command(_with_table_options(new)))

    return build


class GameCommands(app_commands.Group):
    """The base of every game's slash command group (see the module's docstring)."""

    key: ClassVar[str]
    description_text: ClassVar[app_commands.locale_str]
    rules_key: ClassVar[str | None] = None  # None: the game declares its own `rules`
    rules_description: ClassVar[app_commands.locale_str | None] = None

    def __init__(self, lobby: Lobby, settings: Any) -> None:
        super().__init__(name=self.key, description=self.description_text)
        self.lobby = lobby  # opening a table
        self.settings = settings
        if self.rules_key is not None and self.rules_description is not None:
            self.add_command(self._rules_command(self.rules_key, self.rules_description))

    def hints_refusal(self, _options: dict[str, Any]) -> Refusal | None:
        """Why a table with these game options offers no hints (a private puzzle: its answer
        would be the hint), or None: it may."""
        return None

    def _rules_command(
        self, rules_key: str, description: app_commands.locale_str
    ) -> app_commands.Command[Any, ..., None]:
        async def rules(interaction: discord.Interaction) -> None:
            text = t(rules_key, user_lang(interaction))
            await interaction.response.send_message(text, ephemeral=True)

        return app_commands.Command(
            name=_("rules", "command.rules.name"), description=description, callback=rules
        )

    async def open(
        self,
        interaction: discord.Interaction,
        options: BaseModel,
        timer: int | None,
        ai_level: str,
        language: str | None,
        hints: bool = False,
    ) -> None:
        """A table of this game, with `options` and the table settings every game has
        (`timer` in seconds, 0 for none; None: the bot's default, `POP_TURN_TIMER`)."""
        settings = TableSettings.model_validate(
            {
                "turn_timer": self.settings.turn_timer if timer is None else timer,
                "ai_level": ai_level,
                "language": language,
                "hints": hints,
            }
        )
        await self.lobby.open_table(interaction, self.key, options.model_dump(), settings)
