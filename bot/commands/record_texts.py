"""The words of a server's records, for every game: a player's stats (games, wins, each game's
own lines, the rating in each of its pools with its rank and last change), the leaderboard
(each pool's settled players ranked, the provisional ones apart below, under what the number
means) and a player's last games (each rated one named by its pool). `bot.commands.records`
answers the commands with them."""

from __future__ import annotations

from collections.abc import Mapping

import discord

from bot.model.layout import MAX_PLAIN
from bot.ratings.rules import POOLS
from bot.ratings.texts import board_rows, history_row, pool_name, stats_line
from bot.storage.store import SqlStore
from bot.tables.faces import TableFace
from bot.texts.i18n import DYNAMIC_KEYS, dynamic_key, t
from bot.texts.markdown import literal, subtext

HISTORY_GAMES = 10  # games /history lists
BOARD_ROWS = 10  # players a game's leaderboard lists
BOARD_ROWS_EACH = 5  # players of each game when the leaderboard shows every game


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
        for standing in await store.standings(guild_id, key, str(who.id)):
            several = len(POOLS.get(key, ("",))) > 1
            pool = pool_name(game_name(key, lang), key, standing.pool, lang) if several else None
            lines.append(stats_line(standing, lang, pool))
    return "\n".join(lines) if len(lines) > 1 else None


async def nothing_yet(store: SqlStore, guild_id: int, who: str, game: str | None, lang: str) -> str:
    """Why a player's records are empty: they have not played (this game) here, or nobody has."""
    if game is None:
        return t("stats.none", lang, name=who)
    if not await store.anyone_played(guild_id, game):
        return t("stats.nobody", lang, game=game_name(game, lang))
    return t("stats.none_game", lang, name=who, game=game_name(game, lang))


async def leaderboard_text(
    store: SqlStore,
    faces: Mapping[str, TableFace],
    guild_id: int,
    game: str | None,
    lang: str,
    mode: str | None = None,
) -> str | None:
    """One game's boards (one pool's, given its `mode`), or every rated pool's best few, under
    what a rating means; None: none."""
    played = await store.rated_pools(guild_id, game)
    if game is not None:
        pools = [pool for _, pool in played if mode is None or pool in (mode, "")]
        if not pools:
            return None
        name = game_name(game, lang)
        if len(pools) == 1:
            header = t("leaderboard.header", lang, game=pool_name(name, game, pools[0], lang))
            board = await store.rating_board(guild_id, game, pools[0])
            return "\n".join([header, rating_meant(lang), *board_rows(board, lang, BOARD_ROWS)])
        lines = [t("leaderboard.header", lang, game=name), rating_meant(lang)]
        wanted = [(game, pool) for pool in pools]
    else:
        lines = [t("leaderboard.all", lang), rating_meant(lang)]
        wanted = [
            (key, pool)
            for key in faces
            for g, pool in played
            if g == key and (mode is None or pool in (mode, ""))
        ]
    for key, pool in wanted:
        title = "**" + pool_name(game_name(key, lang), key, pool, lang) + "**"
        board = await store.rating_board(guild_id, key, pool)
        block = [title, *board_rows(board, lang, BOARD_ROWS_EACH)]
        if len("\n".join(lines + block)) > MAX_PLAIN:  # one message: the later pools wait
            break
        lines += block
    return "\n".join(lines) if wanted else None


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
        name = game_name(played.game, lang)
        if played.change is not None:  # a rated game: named by its pool
            name = pool_name(name, played.game, played.change.pool, lang)
        row = history_row(played, name, guild_id, lang)
        if len(text) + 1 + len(row) > MAX_PLAIN:  # long names and links: the older wait
            break
        text += "\n" + row
    return text
