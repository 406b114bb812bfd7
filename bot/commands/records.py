"""The records of a server, for every game: `/stats [user] [game]` (games, wins, each game's own
lines, the rating with its rank and last change), `/leaderboard [game]` (the conservative
rating, best first) and `/history [user] [game]` (the last ten games, privately). Replies speak
the user's language; a question nothing answers yet (a game nobody played here) gets a clear
private no."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.model.layout import MAX_PLAIN
from bot.ratings.texts import board_rows, history_row, stats_line
from bot.storage.store import SqlStore
from bot.tables.faces import TableFace
from bot.texts.i18n import DYNAMIC_KEYS, dynamic_key, resolve, t
from bot.texts.markdown import literal, subtext
from bot.texts.translator import command_str

_ = command_str
HISTORY_GAMES = 10  # games /history lists
BOARD_ROWS = 10  # players a game's leaderboard lists
BOARD_ROWS_EACH = 5  # players of each game when the leaderboard shows every game


def _lang(interaction: discord.Interaction) -> str:
    return resolve(interaction.locale)


def game_name(game: str, lang: str) -> str:
    """A game's name (its key, for a game no longer hosted whose records remain)."""
    return t(dynamic_key("game", game), lang) if game in DYNAMIC_KEYS["game"] else game


async def stats_text(
    store: SqlStore,
    faces: Mapping[str, TableFace],
    guild_id: int,
    who: discord.abc.User,
    game: str | None,
    lang: str,
) -> str | None:
    """A player's games and wins in this server, each game with its own lines and its rating;
    None when there is nothing to show."""
    lines = [t("stats.header", lang, name=literal(who.display_name))]
    for key, face in faces.items():
        if game is not None and key != game:
            continue
        rows = await store.player_results(guild_id, who.id, key)
        if not rows:
            continue
        if len(faces) > 1:
            lines.append("**" + game_name(key, lang) + "**")
        lines.append(t("stats.games", lang, n=len(rows), wins=sum(w for _, w, _, _ in rows)))
        lines.extend(face.stats_lines(rows, lang))
        standing = await store.standing(guild_id, key, str(who.id))
        if standing is not None:
            lines.append(stats_line(standing, lang))
    return "\n".join(lines) if len(lines) > 1 else None


async def nothing_yet(store: SqlStore, guild_id: int, who: str, game: str | None, lang: str) -> str:
    """Why a player's records are empty: they have not played (this game) here, or nobody has."""
    if game is None:
        return t("stats.none", lang, name=who)
    if not await store.anyone_played(guild_id, game):
        return t("stats.nobody", lang, game=game_name(game, lang))
    return t("stats.none_game", lang, name=who, game=game_name(game, lang))


async def leaderboard_text(
    store: SqlStore, faces: Mapping[str, TableFace], guild_id: int, game: str | None, lang: str
) -> str | None:
    """One game's best ratings, or every rated game's best few, under what a rating means;
    None: none."""
    if game is not None:
        board = await store.rating_board(guild_id, game, BOARD_ROWS)
        if not board:
            return None
        header = t("leaderboard.header", lang, game=game_name(game, lang))
        return "\n".join([header, rating_meant(lang), *board_rows(board, lang)])
    rated = set(await store.rated_games(guild_id))
    shown = [key for key in faces if key in rated]  # the games hosted, in their order
    lines = [t("leaderboard.all", lang), rating_meant(lang)]
    for key in shown:
        lines.append("**" + game_name(key, lang) + "**")
        lines += board_rows(await store.rating_board(guild_id, key, BOARD_ROWS_EACH), lang)
    return "\n".join(lines) if shown else None


def rating_meant(lang: str) -> str:
    """What a rating's number means, in small text under the leaderboard's title."""
    return subtext(t("leaderboard.rating", lang))


async def history_text(
    store: SqlStore, guild_id: int, who: discord.abc.User, game: str | None, lang: str
) -> str | None:
    """A player's last games, the newest first (as many as one message holds); None: none."""
    games = await store.history(guild_id, who.id, game, HISTORY_GAMES)
    if not games:
        return None
    text = t("history.header", lang, name=literal(who.display_name))
    for played in games:
        row = history_row(played, game_name(played.game, lang), guild_id, lang)
        if len(text) + 1 + len(row) > MAX_PLAIN:  # long names and links: the older wait
            break
        text += "\n" + row
    return text


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
    @app_commands.describe(game=_("which game (all, if left out)", "option.leaderboard.game"))
    @app_commands.choices(game=games)
    @app_commands.guild_only()
    async def leaderboard(interaction: discord.Interaction, game: str | None = None) -> None:
        assert interaction.guild_id is not None
        lang = _lang(interaction)
        text = await leaderboard_text(store, faces, interaction.guild_id, game, lang)
        if text is None:  # nothing to rank yet: said privately
            empty = (
                t("leaderboard.empty", lang, game=game_name(game, lang))
                if game
                else t("leaderboard.none", lang)
            )
            await interaction.response.send_message(empty, ephemeral=True)
            return
        await interaction.response.send_message(
            text, allowed_mentions=discord.AllowedMentions.none()
        )

    return leaderboard


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
