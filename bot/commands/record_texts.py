"""The words of a server's records, for every game: a player's stats (games, wins, each game's
own lines, the rating in each of its pools with its rank and last change), the leaderboard
(each pool's settled players ranked, the provisional ones apart below, under what the number
means) and a player's last games (each rated one named by its pool), then the tournaments they
played here (their final place, a link to the standings). `bot.commands.records` answers the
commands with them."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass

import discord

from bot.model.layout import MAX_PLAIN
from bot.model.seasons import SeasonSetting
from bot.model.tournament_state import Tournament
from bot.ratings.reads import Board
from bot.ratings.rules import POOLS
from bot.ratings.season_texts import board_season_line, game_name
from bot.ratings.texts import board_rows, history_row, pool_name, stats_line
from bot.storage.store import SqlStore
from bot.tables.faces import TableFace
from bot.texts.i18n import t
from bot.texts.markdown import literal, subtext

HISTORY_GAMES = 10  # games /history lists
HISTORY_TOURNAMENTS = 5  # tournaments /history lists below them
BOARD_ROWS = 10  # players a game's leaderboard lists
BOARD_ROWS_EACH = 5  # players of each game when the leaderboard shows every game


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
    season = (await store.season_setting(guild_id)).running
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
        for standing in await store.standings(guild_id, key, str(who.id), season=season):
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


@dataclass(frozen=True)
class Boards:
    """Where a leaderboard's boards come from: a server's boards now (in its running season,
    where it runs seasons) or an ended season's archive; `line`: the season it shows."""

    pools: Callable[[str | None], Awaitable[list[tuple[str, str]]]]
    board: Callable[[str, str], Awaitable[Board]]
    line: str | None = None


def current_boards(store: SqlStore, guild_id: int, setting: SeasonSetting, lang: str) -> Boards:
    """A server's boards as they stand (its running season's, where it runs seasons)."""
    season = setting.running

    async def pools(game: str | None) -> list[tuple[str, str]]:
        return await store.rated_pools(guild_id, game, season)

    async def board(game: str, pool: str) -> Board:
        return await store.rating_board(guild_id, game, pool, season=season)

    line = None if season is None else board_season_line(season, setting.ends_at, lang)
    return Boards(pools, board, line)


def archived_boards(store: SqlStore, guild_id: int, season: str, lang: str) -> Boards:
    """An ended season's boards, as they stood at its end."""

    async def pools(game: str | None) -> list[tuple[str, str]]:
        return await store.archived_pools(guild_id, season, game)

    async def board(game: str, pool: str) -> Board:
        return await store.archived_board(guild_id, season, game, pool)

    return Boards(pools, board, board_season_line(season, None, lang))


async def leaderboard_text(
    boards: Boards,
    faces: Mapping[str, TableFace],
    game: str | None,
    lang: str,
    mode: str | None = None,
) -> str | None:
    """One game's boards (one pool's, given its `mode`), or every rated pool's best few, under
    what a rating means (and the season shown); None: none."""
    played = await boards.pools(game)
    meant = [rating_meant(lang), *([] if boards.line is None else [boards.line])]
    if game is not None:
        pools = [pool for _, pool in played if mode is None or pool in (mode, "")]
        if not pools:
            return None
        name = game_name(game, lang)
        if len(pools) == 1:
            header = t("leaderboard.header", lang, game=pool_name(name, game, pools[0], lang))
            board = await boards.board(game, pools[0])
            return "\n".join([header, *meant, *board_rows(board, lang, BOARD_ROWS)])
        lines = [t("leaderboard.header", lang, game=name), *meant]
        wanted = [(game, pool) for pool in pools]
    else:
        lines = [t("leaderboard.all", lang), *meant]
        wanted = [
            (key, pool)
            for key in faces
            for g, pool in played
            if g == key and (mode is None or pool in (mode, ""))
        ]
    for key, pool in wanted:
        title = "**" + pool_name(game_name(key, lang), key, pool, lang) + "**"
        board = await boards.board(key, pool)
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
    """A player's last games, the newest first (as many as one message holds beside the
    tournaments), then the tournaments they played here, each with their final place and a
    link to its standings; None: none."""
    games = await store.history(guild_id, who.id, game, HISTORY_GAMES)
    played = await store.tournaments_played(guild_id, who.id, game)
    if not games and not played:
        return None
    lines = [t("history.tournaments", lang)] if played else []
    for held in played[:HISTORY_TOURNAMENTS]:
        lines.append(tournament_row(held, who.id, lang))
    tournaments = "\n".join(lines)
    room = MAX_PLAIN - (len(tournaments) + 1 if tournaments else 0)
    text = t("history.header", lang, name=literal(who.display_name))
    for one in games:
        name = game_name(one.game, lang)
        if one.change is not None:  # a rated game: named by its pool
            name = pool_name(name, one.game, one.change.pool, lang)
        row = history_row(one, name, guild_id, lang)
        if len(text) + 1 + len(row) > room:  # long names and links: the older wait
            break
        text += "\n" + row
    return f"{text}\n{tournaments}" if tournaments else text


def tournament_row(held: Tournament, user_id: int, lang: str) -> str:
    """`🏆 Tournament #3 · Coloretto · place 2 of 8 · [standings](link)`."""
    row = t(
        "history.tournament",
        lang,
        id=held.id,
        game=game_name(held.game, lang),
        place=held.place_of(user_id),
        n=len(held.players),
    )
    if held.message_id is not None:
        url = f"https://discord.com/channels/{held.guild_id}/{held.channel_id}/{held.message_id}"
        row += f" · [{t('history.standings', lang)}]({url})"
    return row
