"""`/challenge new game: mode: ends: [seats:]` (someone who may manage the server; `seats`: a
group's, for a challenge played in groups) and `/challenge play`
(or the Play button of the standings message): one deal for the whole server
(`bot.tables.challenges`). Refusals are private, in the user's language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.model.durations import parse_timer
from bot.model.posts import Refusal
from bot.tables.answers import refuse
from bot.tables.challenges import Challenges
from bot.tables.faces import TableFace
from bot.texts.i18n import t
from bot.texts.translator import command_str as _

from .table import catalogue_choice, choices, user_lang


def may_manage(user: discord.abc.User) -> bool:
    """Someone who may manage the server (or an administrator) opens challenges."""
    perms = getattr(user, "guild_permissions", None)
    return perms is not None and (perms.manage_guild or perms.administrator)


async def open_challenge(
    challenges: Challenges,
    interaction: discord.Interaction,
    game: str,
    mode: str,
    ends: str,
    ai_level: str,
    seats: int | None = None,
) -> None:
    """A new challenge, its standings posted in this channel; its opener told privately
    (`seats`: each group's, for a challenge played in groups)."""
    if not may_manage(interaction.user):
        raise Refusal("challenge.refusal.manager_only")
    try:
        seconds = parse_timer(ends)
    except Refusal as no:  # "a turn can last 72 hours at most" is not what is asked here
        if no.key == "timer.too_long":
            raise Refusal("challenge.refusal.too_long", **no.values) from None
        raise
    if not seconds:
        raise Refusal("challenge.refusal.no_end")
    assert interaction.guild_id is not None
    assert interaction.channel_id is not None
    challenge = challenges.new(
        (interaction.guild_id, interaction.channel_id),
        game,
        mode,
        start=interaction.id,
        seats=seats,
        creator_id=interaction.user.id,
        ends=challenges.clock().now() + seconds,
        ai_level=ai_level,
        locale=str(interaction.guild_locale or "en").split("-")[0],
    )
    await interaction.response.defer(ephemeral=True, thinking=True)
    challenge = await challenges.open(challenge)
    said = t("challenge.opened", user_lang(interaction), id=challenge.id, seal=challenge.seal)
    await interaction.edit_original_response(content=said)


# What `/challenge new`'s options say.
NEW_OPTIONS = {
    "game": _("which game", "option.challenge.game"),
    "mode": _(
        "solo, enigma, coop (AI partners), group (members together), competitive (vs AI)",
        "option.challenge.mode",
    ),
    "ends": _("how long it lasts: 1h, 24h, up to 72h", "option.challenge.ends"),
    "ai_level": _("how well AI players play: easy, normal, hard or expert", "option.new.ai_level"),
    "seats": _("group mode: the seats at each group's table, 3 to 5", "option.challenge.seats"),
}


def challenge_commands(challenges: Challenges, faces: Mapping[str, TableFace]) -> Any:
    """The /challenge group."""
    group = app_commands.Group(
        name=_("challenge", "command.challenge.name"),
        description=_("One deal the whole server plays", "command.challenge.group"),
        guild_only=True,
    )
    games: list[Choice[str]] = [
        catalogue_choice("game", key) for key, face in faces.items() if face.challenge_kinds
    ]

    @group.command(
        name=_("new", "command.new.name"),
        description=_(
            "Manager: open a challenge, one deal every member may play once",
            "command.challenge.new.description",
        ),
    )
    @app_commands.describe(**NEW_OPTIONS)
    @app_commands.choices(
        game=games, mode=choices("choice.challenge_mode"), ai_level=choices("choice.ai_level")
    )
    async def new(
        interaction: discord.Interaction,
        game: str,
        mode: str,
        ends: str,
        ai_level: str = "normal",
        seats: int | None = None,
    ) -> None:
        try:
            await open_challenge(challenges, interaction, game, mode, ends, ai_level, seats)
        except Refusal as no:
            await refuse(interaction, no)

    @group.command(
        name=_("play", "command.play.name"),
        description=_("Play the server's challenge: your one entry", "command.challenge.play"),
    )
    async def play_command(interaction: discord.Interaction) -> None:
        try:
            await challenges.play(interaction, None)
        except Refusal as no:
            await refuse(interaction, no)

    return group
