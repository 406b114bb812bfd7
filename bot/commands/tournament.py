"""`/tournament new game: mode: format: rounds: timer: seats:` (someone who may manage the
channel): a tournament's sign-up message in this channel (`bot.tables.tournaments`); and the
host's `/tournament drop player:` and `/tournament stop`. Refusals are private, in the user's
language."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot.model.durations import parse_timer
from bot.model.posts import Refusal
from bot.model.table import Table
from bot.model.tournament import smallest_table
from bot.model.tournament_state import Tournament
from bot.tables.answers import refuse
from bot.tables.faces import TableFace
from bot.tables.tournaments import Tournaments
from bot.texts.i18n import dynamic_key, resolve, t
from bot.texts.translator import command_str as _

from .table import catalogue_choice, choices, user_lang

MAX_ROUNDS = 10


@dataclass(frozen=True)
class Asked:
    """What `/tournament new` was given."""

    game: str
    mode: str
    format: str
    rounds: int
    timer: str
    seats: int
    ai_level: str


def may_manage_channel(user: discord.abc.User) -> bool:
    perms = getattr(user, "guild_permissions", None)
    return perms is not None and (perms.manage_channels or perms.administrator)


def new_tournament(
    faces: Mapping[str, TableFace], interaction: discord.Interaction, asked: Asked
) -> Tournament:
    """The tournament asked for, checked (a Refusal saying what is wrong)."""
    if not may_manage_channel(interaction.user):
        raise Refusal("tournament.refusal.manager_only")
    face = faces.get(asked.game)
    options = None if face is None else face.tournament_modes.get(asked.mode)
    if face is None or options is None:
        lang = resolve(interaction.locale)  # the refusal's: its values are said in it
        modes = face.tournament_modes if face is not None else {}
        said = [t(dynamic_key("choice.tournament_mode", m), lang) for m in modes]
        game = t(dynamic_key("game", asked.game), lang) if face is not None else asked.game
        raise Refusal("tournament.refusal.mode", game=game, modes=", ".join(said) or "—")
    assert interaction.guild_id is not None
    assert interaction.channel_id is not None
    probe = Table(game=asked.game, guild_id=0, channel_id=0, host_id=0, options=options)
    low, high = face.seat_range(probe)
    if not low <= asked.seats <= high:
        raise Refusal("tournament.refusal.seats", low=low, high=high)
    if asked.format in ("round_robin", "elimination") and asked.seats != 2:
        raise Refusal("tournament.refusal.duels")
    if not 1 <= asked.rounds <= MAX_ROUNDS:
        raise Refusal("tournament.refusal.rounds", high=MAX_ROUNDS)
    return Tournament.model_validate(
        {
            "guild_id": interaction.guild_id,
            "channel_id": interaction.channel_id,
            "host_id": interaction.user.id,
            "game": asked.game,
            "mode": asked.mode,
            "options": dict(options),
            "format": asked.format,
            "rounds": asked.rounds,
            "timer": parse_timer(asked.timer),
            "seats": asked.seats,
            "smallest": smallest_table(asked.seats, low),
            "ai_level": asked.ai_level,
            "locale": str(interaction.guild_locale or "en").split("-")[0],
        }
    )


NEW_OPTIONS = {
    "game": _("which game", "option.challenge.game"),
    "mode": _("the game's mode every table plays", "option.tournament.mode"),
    "format": _("Swiss, round robin or single elimination (duels)", "option.tournament.format"),
    "rounds": _(
        "Swiss: how many rounds (round robin: one per opponent)", "option.tournament.rounds"
    ),
    "timer": _("each turn's time: 2m, 1h, 24h", "option.tournament.timer"),
    "seats": _("the seats at each table", "option.tournament.seats"),
    "ai_level": _("how well AI players play: easy, normal, hard or expert", "option.new.ai_level"),
}


def tournament_commands(tournaments: Tournaments, faces: Mapping[str, TableFace]) -> Any:
    """The /tournament group."""
    group = app_commands.Group(
        name=_("tournament", "command.tournament.name"),
        description=_("A tournament in this channel", "command.tournament.group"),
        guild_only=True,
    )
    _new_command(group, tournaments, faces)
    _host_commands(group, tournaments)
    return group


def _new_command(
    group: app_commands.Group, tournaments: Tournaments, faces: Mapping[str, TableFace]
) -> None:
    games = [catalogue_choice("game", key) for key, f in faces.items() if f.tournament_modes]

    @group.command(
        name=_("new", "command.new.name"),
        description=_("Open a tournament's sign-up here", "command.tournament.new.description"),
    )
    @app_commands.describe(**NEW_OPTIONS)
    @app_commands.choices(
        game=games,
        mode=choices("choice.tournament_mode"),
        format=choices("choice.tournament_format"),
        ai_level=choices("choice.ai_level"),
    )
    async def new(
        interaction: discord.Interaction,
        game: str,
        mode: str,
        format: str,
        rounds: int,
        timer: str,
        seats: int,
        ai_level: str = "normal",
    ) -> None:
        asked = Asked(game, mode, format, rounds, timer, seats, ai_level)
        try:
            tournament = new_tournament(faces, interaction, asked)
        except Refusal as no:
            await refuse(interaction, no)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        tournament = await tournaments.open(tournament)
        said = t("tournament.opened", user_lang(interaction), id=tournament.id)
        await interaction.edit_original_response(content=said)


def _host_commands(group: app_commands.Group, tournaments: Tournaments) -> None:
    @group.command(
        name=_("drop", "command.tournament.drop.name"),
        description=_("Host: a player plays no more rounds", "command.tournament.drop.description"),
    )
    @app_commands.describe(player=_("the player", "option.tournament.player"))
    async def drop(interaction: discord.Interaction, player: discord.Member) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # a round may be opening
        try:
            assert interaction.channel_id is not None
            number = await tournaments.drop(interaction.user, interaction.channel_id, player)
        except Refusal as no:
            await refuse(interaction, no)
            return
        said = t("tournament.dropped", user_lang(interaction), id=number, name=player.mention)
        await interaction.edit_original_response(content=said)

    @group.command(
        name=_("stop", "command.tournament.stop.name"),
        description=_("Host: end the tournament now", "command.tournament.stop.description"),
    )
    async def stop(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # its tables stop
        try:
            assert interaction.channel_id is not None
            number = await tournaments.stop(interaction.user, interaction.channel_id)
        except Refusal as no:
            await refuse(interaction, no)
            return
        said = t("tournament.stopped_now", user_lang(interaction), id=number)
        await interaction.edit_original_response(content=said)
