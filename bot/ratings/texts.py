"""Ratings in words, for every game: a rated game's changes on its results post, a pool's name,
the leaderboard's rows (the ranked players, then the provisional ones apart), the /stats lines
and the /history rows (in the table's or the reader's language)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Protocol

from bot.model.table import Table
from bot.texts.i18n import DYNAMIC_KEYS, dynamic_key, listed, t

from .reads import Board, Played, Ranked
from .rows import Change
from .rules import AI_PREFIX, signed
from .skill import Rating


class ChangesStore(Protocol):
    async def rating_changes(self, table_id: int, game_no: int) -> list[Change]: ...


def rating_text(rating: Rating, lang: str) -> str:
    """The number shown (1500 + 30 x (mu - 25)), marked "?" while it is provisional."""
    shown = str(rating.shown)
    return t("rating.provisional", lang, rating=shown) if rating.provisional else shown


def player_name(player: str, lang: str) -> str:
    """A rated player as a leaderboard names it: a mention, or the AI level and version."""
    if not player.startswith(AI_PREFIX):
        return f"<@{player}>"
    level, _, version = player[len(AI_PREFIX) :].partition("@")
    if level in DYNAMIC_KEYS["choice.ai_level"]:
        level = t(dynamic_key("choice.ai_level", level), lang)
    return t("rating.ai", lang, level=level, version=version or "1")


def pool_name(game_name: str, game: str, value: str, lang: str) -> str:
    """A pool in the player's words: the game's name, and its mode's where it has several
    ("Pop · trick")."""
    if not value:
        return game_name
    family = f"{game}.mode"
    if value not in DYNAMIC_KEYS.get(family, ()):
        return f"{game_name} · {value}"
    return f"{game_name} · {t(dynamic_key(family, value), lang)}"


async def results_line(store: ChangesStore, table: Table, game_no: int, lang: str) -> str | None:
    """The seats' rating changes for the results post of game `game_no` (None: not rated)."""
    changes = await store.rating_changes(table.id, game_no)
    return changes_line(table, changes, lang) if changes else None


def changes_line(table: Table, changes: Sequence[Change], lang: str) -> str:
    """ "📈 Ratings: Ana 1706 (+206) · Ben 1390 (−110)", in seat order."""
    order = {s.id: i for i, s in enumerate(table.seats)}
    names = table.names()
    shown = [
        t(
            "rating.seat_gone" if c.gone else "rating.seat",
            lang,
            name=names.get(c.seat, c.seat),
            rating=c.after.shown,
            change=signed(c.shown),
        )
        for c in sorted(changes, key=lambda c: order.get(c.seat, len(order)))
    ]
    return t("rating.results", lang, changes=" · ".join(shown))


def board_rows(board: Board, lang: str, limit: int) -> list[str]:
    """The ranked players (at most `limit`), then the provisional ones apart below them."""
    rows = [
        t(
            "leaderboard.row",
            lang,
            rank=rank,
            user=player_name(player, lang),
            rating=rating_text(rating, lang),
            n=rating.games,
        )
        for rank, (player, rating) in enumerate(board.settled[:limit], 1)
    ]
    if board.provisional:
        rows.append(t("leaderboard.provisional", lang))
    rows += [
        t(
            "leaderboard.newcomer",
            lang,
            user=player_name(player, lang),
            rating=rating_text(rating, lang),
            n=rating.games,
        )
        for player, rating in board.provisional[:limit]
    ]
    return rows


def stats_line(standing: Ranked, lang: str, pool: str | None = None) -> str:
    """A player's rating in one pool, its rank (or that it is provisional) and its last
    change; `pool`: the pool's name, where the game has several."""
    last = standing.last
    change = signed(last.shown) if last else "—"
    rating = rating_text(standing.rating, lang)
    if standing.rank is None:
        line = t("stats.rating_provisional", lang, rating=rating, change=change)
    else:
        n = standing.players
        line = t("stats.rating", lang, rating=rating, rank=standing.rank, n=n, change=change)
    return line if pool is None else t("stats.pool", lang, pool=pool, line=line)


def history_row(played: Played, game_name: str, guild_id: int, lang: str) -> str:
    """One game of /history: date, game, seats, result, change, and a link to its results."""
    table = played.table
    seats = listed((s.text_name + (" 🤖" if s.user_id is None else "") for s in table.seats), lang)
    change = played.change
    if change is None:
        result = t("history.won" if played.won else "history.lost", lang)
        moved = t("history.unrated", lang)
    else:
        if change.gone:
            result = t("history.left", lang)
        else:
            won = t("history.won" if played.won else "history.lost", lang)
            result = t("history.place", lang, result=won, place=change.place)
        moved = signed(change.shown)
    finished = datetime.fromisoformat(played.finished_at)
    if finished.tzinfo is None:  # stored in UTC
        finished = finished.replace(tzinfo=UTC)
    at = int(finished.timestamp())
    row = t(
        "history.row",
        lang,
        date=f"<t:{at}:d>",
        game=game_name,
        seats=seats,
        result=result,
        change=moved,
    )
    if played.message_id is not None and played.channel_id is not None:
        url = f"https://discord.com/channels/{guild_id}/{played.channel_id}/{played.message_id}"
        row += f" · [{t('history.link', lang)}]({url})"
    return row
