"""Rating seasons in words: the champions' announcement at a season's end, the line under an
archived or a seasonal board, and how a server's seasons are set (`/server seasons`)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from bot.model.seasons import NONE, SeasonSetting
from bot.texts.i18n import DYNAMIC_KEYS, dynamic_key, t

from .skill import Rating
from .texts import player_name, pool_name, rating_text


def game_name(game: str, lang: str) -> str:
    """A game's name (its key, for a game no longer hosted whose records remain)."""
    return t(dynamic_key("game", game), lang) if game in DYNAMIC_KEYS["game"] else game


def champions_text(
    season: str, champions: Sequence[tuple[str, str, str, Rating]], carry: int, lang: str
) -> str:
    """ "🏆 Season 2026-11 is over. Its champions:", one line a pool, and how the new
    season's ratings start."""
    lines = [t("season.over", lang, season=season, n=len(champions))]
    for game, pool, player, rating in champions:
        lines.append(
            t(
                "season.champion",
                lang,
                pool=pool_name(game_name(game, lang), game, pool, lang),
                user=player_name(player, lang),
                rating=rating_text(rating, lang),
            )
        )
    lines.append(new_season_line(carry, lang))
    return "\n".join(lines)


def new_season_line(carry: int, lang: str) -> str:
    """How a new season's ratings start: anew, or carried by the server's fraction."""
    if carry <= 0:
        return t("season.anew", lang)
    return t("season.carried", lang, carry=carry)


def board_season_line(season: str, ends: float | None, lang: str) -> str:
    """The season a board shows: an archived one, or the one running (and when it ends)."""
    if ends is None:
        return t("season.archived", lang, season=season)
    return t("season.running", lang, season=season, ends=f"<t:{int(ends)}:f>")


def setting_text(setting: SeasonSetting, lang: str) -> str:
    """A server's seasons as set: none, or their cadence, carry, channel and running season."""
    if setting.cadence == NONE:
        return t("season.setting_none", lang)
    channel = f"<#{setting.channel_id}>" if setting.channel_id else t("season.no_channel", lang)
    return t(
        "season.setting",
        lang,
        cadence=t(dynamic_key("choice.seasons", setting.cadence), lang),
        start=new_season_line(setting.carry, lang),
        channel=channel,
        season=setting.season,
        ends=f"<t:{int(setting.ends_at or 0)}:f>",
    )


def ended_on(at: str) -> int:
    """A stored time (ISO 8601, UTC) as a Unix time, for Discord's <t:…> marks."""
    moment = datetime.fromisoformat(at)
    return int((moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp())
