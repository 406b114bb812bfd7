"""The records of a server, for every game: `/stats [user] [game]` (games, wins, each game's own
lines, the rating in each of its pools with its rank and last change), `/leaderboard [game]
[mode]` (each pool's settled players ranked, the provisional ones apart below) and `/history
[user] [game]` (the last ten games, privately, each rated one named by its pool; then the
tournaments played here, with the final place and a link to the standings). Replies speak
the user's language; a question nothing answers yet (a game nobody played here) gets a clear
private no."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.ratings.rules import POOLS
from bot.ratings.season_texts import game_name
from bot.ratings.texts import pool_name
from bot.storage.store import SqlStore
from bot.tables.faces import TableFace
from bot.texts.i18n import DEFAULT_LANGUAGE, DYNAMIC_KEYS, dynamic_key, resolve, t
from bot.texts.markdown import literal
from bot.texts.translator import command_str

from .record_texts import (
    Boards,
    archived_boards,
    current_boards,
    history_text,
    leaderboard_text,
    nothing_yet,
    stats_text,
)

_ = command_str


def _lang(interaction: discord.Interaction) -> str:
    return resolve(interaction.locale)


RecordsText = Callable[[int, discord.abc.User, str], Awaitable[str | None]]


async def _records_of(
    store: SqlStore,
    interaction: discord.Interaction,
    user: discord.Member | None,
    game: str | None,
    text_of: RecordsText,
) -> None:
    """A player's records (theirs, or `user`'s), privately; when there are none, why."""
    assert interaction.guild_id is not None
    who, lang = user or interaction.user, _lang(interaction)
    text = await text_of(interaction.guild_id, who, lang)
    if text is None:
        name = literal(who.display_name)
        text = await nothing_yet(store, interaction.guild_id, name, game, lang)
    await interaction.response.send_message(
        text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
    )


def record_commands(
    store: SqlStore, faces: Mapping[str, TableFace], games: list[Choice[str]]
) -> list[app_commands.Command[Any, ..., None]]:
    """/stats, /leaderboard and /history."""

    @app_commands.command(
        name=_("stats", "command.stats.name"),
        description=_(
            "A player's games, wins and ratings in this server", "command.stats.description"
        ),
    )
    @app_commands.describe(
        user=_("whose stats (you, if left out)", "option.stats.user"),
        game=_("which game (all, if left out)", "option.stats.game"),
    )
    @app_commands.choices(game=games)
    @app_commands.guild_only()
    async def stats(
        interaction: discord.Interaction,
        user: discord.Member | None = None,
        game: str | None = None,
    ) -> None:
        async def of(guild_id: int, who: discord.abc.User, lang: str) -> str | None:
            return await stats_text(store, faces, guild_id, who, game, lang)

        await _records_of(store, interaction, user, game, of)

    return [stats, leaderboard_command(store, faces, games), history_command(store, games)]


def mode_choices() -> list[Choice[str]]:
    """The pools of the games that have several, by their mode's name: one choice a name."""
    found: dict[str, Choice[str]] = {}
    for game, pools in POOLS.items():
        family = f"{game}.mode"
        for value in pools:
            if value and value not in found and value in DYNAMIC_KEYS.get(family, ()):
                key = dynamic_key(family, value)
                found[value] = Choice(name=_(t(key, DEFAULT_LANGUAGE), key), value=value)
    return list(found.values())


def leaderboard_command(
    store: SqlStore, faces: Mapping[str, TableFace], games: list[Choice[str]]
) -> app_commands.Command[Any, ..., None]:
    @app_commands.command(
        name=_("leaderboard", "command.leaderboard.name"),
        description=_(
            "The best-rated players of each game in this server",
            "command.leaderboard.description",
        ),
    )
    @app_commands.describe(
        game=_("which game (all, if left out)", "option.leaderboard.game"),
        mode=_("which way of winning (each, if left out)", "option.leaderboard.mode"),
        season=_("an ended season, e.g. 2026-11 (the one now, if left out)", "option.season"),
    )
    @app_commands.choices(game=games, mode=mode_choices())
    @app_commands.guild_only()
    async def leaderboard(
        interaction: discord.Interaction,
        game: str | None = None,
        mode: str | None = None,
        season: str | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        guild_id, lang = interaction.guild_id, _lang(interaction)
        boards = await boards_of(store, guild_id, season, lang)
        if isinstance(boards, str):  # no such ended season here
            await interaction.response.send_message(boards, ephemeral=True)
            return
        text = await leaderboard_text(boards, faces, game, lang, mode)
        if text is None:  # nothing to rank yet: said privately
            await interaction.response.send_message(
                empty_board(game, mode, boards, lang), ephemeral=True
            )
            return
        await interaction.response.send_message(
            text, allowed_mentions=discord.AllowedMentions.none()
        )

    @leaderboard.autocomplete("season")
    async def seasons_ended(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        """The server's ended seasons, the latest first, those matching what is typed."""
        ended = await store.archived_seasons(interaction.guild_id or 0)
        return [Choice(name=s, value=s) for s in ended if current.strip() in s][:25]

    return leaderboard


async def boards_of(store: SqlStore, guild_id: int, season: str | None, lang: str) -> Boards | str:
    """The boards a leaderboard shows: the server's now (the running season's, where it runs
    seasons), or an ended season's; why not, when the server has no such ended season."""
    setting = await store.season_setting(guild_id)
    if season is None or season == setting.running:
        return current_boards(store, guild_id, setting, lang)
    ended = await store.archived_seasons(guild_id)
    if season in ended:
        return archived_boards(store, guild_id, season, lang)
    if not ended:
        return t("season.none_ended", lang, season=literal(season))
    return t("season.unknown", lang, season=literal(season), seasons=", ".join(ended[:10]))


def empty_board(game: str | None, mode: str | None, boards: Boards, lang: str) -> str:
    """Why a leaderboard is empty: no rated game of that game (or none at all) here yet, or
    in the season shown."""
    if boards.line is not None:
        return boards.line + "\n" + t("season.board_empty", lang)
    if not game:
        return t("leaderboard.none", lang)
    pool = mode if mode in POOLS.get(game, ()) else ""
    return t("leaderboard.empty", lang, game=pool_name(game_name(game, lang), game, pool, lang))


def history_command(
    store: SqlStore, games: list[Choice[str]]
) -> app_commands.Command[Any, ..., None]:
    @app_commands.command(
        name=_("history", "command.history.name"),
        description=_(
            "A player's last games in this server, with rating changes",
            "command.history.description",
        ),
    )
    @app_commands.describe(
        user=_("whose games (yours, if left out)", "option.history.user"),
        game=_("which game (all, if left out)", "option.history.game"),
    )
    @app_commands.choices(game=games)
    @app_commands.guild_only()
    async def history(
        interaction: discord.Interaction,
        user: discord.Member | None = None,
        game: str | None = None,
    ) -> None:
        async def of(guild_id: int, who: discord.abc.User, lang: str) -> str | None:
            return await history_text(store, guild_id, who, game, lang)

        await _records_of(store, interaction, user, game, of)

    return history
