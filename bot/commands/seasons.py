"""`/server seasons [cadence] [carry] [channel]`: a server's rating seasons, set by someone who
may manage the server (anyone may read them, leaving every option out). A `/server` group
rather than `/settings`, which holds each person's own settings: this one is the server's, and
the group has room for the server's other settings. Seasons end on the table layer's clock
(`bot.tables.seasons`)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.model.posts import Refusal
from bot.model.seasons import NONE, SeasonSetting, season_at
from bot.ratings.season_texts import setting_text
from bot.tables.answers import refuse
from bot.tables.seasons import Seasons
from bot.texts.translator import command_str as _

from .challenge import may_manage
from .table import choices, user_lang


def new_setting(
    was: SeasonSetting,
    now: float,
    cadence: str | None,
    carry: int | None,
    channel_id: int | None,
    locale: str,
) -> SeasonSetting:
    """A server's seasons once changed as asked (what is left out stays; `locale`: the
    language its champions are announced in). A new cadence starts the season running now."""
    cadence = cadence or was.cadence
    season, ends = (was.season, was.ends_at) if cadence == was.cadence else ("", None)
    if cadence != NONE and ends is None:
        running = season_at(cadence, now)
        season, ends = running.name, running.ends
    return SeasonSetting(
        was.guild_id,
        cadence,
        was.carry if carry is None else carry,
        channel_id or was.channel_id,
        locale,
        season if cadence != NONE else "",
        ends if cadence != NONE else None,
    )


async def set_seasons(
    seasons: Seasons,
    interaction: discord.Interaction,
    cadence: str | None,
    carry: int | None,
    channel: discord.abc.GuildChannel | None,
) -> None:
    """Show the server's seasons, or change them (a manager only); answered privately."""
    assert interaction.guild_id is not None
    lang = user_lang(interaction)
    was = await seasons.store.season_setting(interaction.guild_id)
    if cadence is None and carry is None and channel is None:
        await interaction.response.send_message(setting_text(was, lang), ephemeral=True)
        return
    if not may_manage(interaction.user):
        raise Refusal("season.refusal.manager_only")
    now = seasons.clock().now()
    asked_in = channel.id if channel is not None else was.channel_id or interaction.channel_id
    locale = str(interaction.guild_locale or "en").split("-")[0]
    setting = new_setting(was, now, cadence, carry, asked_in, locale)
    await seasons.store.set_seasons(setting, now)
    seasons.clock_changed()  # its end is read again
    saved = await seasons.store.season_setting(interaction.guild_id)
    await interaction.response.send_message(setting_text(saved, lang), ephemeral=True)


def server_commands(seasons: Seasons) -> Any:
    """The /server group: the server's own settings."""
    group = app_commands.Group(
        name=_("server", "command.server.name"),
        description=_("This server's settings (its managers change them)", "command.server.group"),
        guild_only=True,
    )

    @group.command(
        name=_("seasons", "command.seasons.name"),
        description=_(
            "Rating seasons: none, monthly or quarterly; how a season starts; where champions are told",
            "command.seasons.description",
        ),
    )
    @app_commands.describe(
        cadence=_("none (ratings for ever), monthly or quarterly", "option.seasons.cadence"),
        carry=_(
            "percent of each rating a new season starts from: 0 (anew) to 100",
            "option.seasons.carry",
        ),
        channel=_("where champions are announced (here, if left out)", "option.seasons.channel"),
    )
    @app_commands.choices(cadence=choices("choice.seasons"))
    async def seasons_command(
        interaction: discord.Interaction,
        cadence: str | None = None,
        carry: app_commands.Range[int, 0, 100] | None = None,
        channel: discord.TextChannel | None = None,
    ) -> None:
        try:
            await set_seasons(seasons, interaction, cadence, carry, channel)
        except Refusal as no:
            await refuse(interaction, no)

    return group
