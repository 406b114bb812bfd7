"""What the picture of a tournament's standings shows (`render.standings`), in the table's
language: its rows (place, name, points, Buchholz, games, the dropped mark, the winners lit)
and its words, the alt text saying the whole standings as the message's text does. Pure; the
picture is drawn by the picture workers from this plain data."""

from __future__ import annotations

from bot.texts.i18n import decimal, dynamic_key, t
from render.standings import Row, Words

from .tournament import places
from .tournament_state import Tournament
from .tournament_text import measures

ALT_MOST = 1024  # characters of a picture's alt text (a Discord attachment's description)


def standings_drawn(tournament: Tournament, lang: str) -> tuple[list[Row], Words]:
    """Every player's row, best first (places as the message's standings give them), and the
    picture's words."""
    ranked = tournament.standings()
    winners = set(tournament.winners()) if tournament.stage == "ended" else set()
    mark = t("tournament.dropped_mark", lang)
    rows, said = [], []
    for place, row in zip(places(ranked), ranked, strict=True):
        name = tournament.names.get(row.user_id) or str(row.user_id)
        dropped = row.user_id in tournament.dropped
        rows.append(
            Row(
                place=place,
                name=name,
                points=decimal(float(row.points), lang),
                buchholz=decimal(float(row.buchholz), lang),
                games=str(row.games),
                dropped=dropped,
                won=row.user_id in winners,
            )
        )
        said.append(f"{place}. {name}{f' {mark}' if dropped else ''}: {measures(row, lang)}")
    game = t(dynamic_key("game", tournament.game), lang)
    mode = t(dynamic_key("choice.tournament_mode", tournament.mode), lang)
    title = t("tournament.picture.title", lang, id=tournament.id, game=game, mode=mode)
    if tournament.stage == "ended":
        status = t("tournament.picture.final", lang)
    else:
        status = t("tournament.picture.round", lang, round=tournament.round_no, n=tournament.rounds)
    words = Words(
        title=title,
        status=status,
        points=t("tournament.picture.points", lang),
        buchholz=t("tournament.picture.buchholz", lang),
        games=t("tournament.picture.games", lang),
        dropped=mark,
        alt=alt_text(title, status, said, lang),
    )
    return rows, words


def alt_text(title: str, status: str, said: list[str], lang: str) -> str:
    """The standings in words within Discord's 1,024 characters: the lower rows that do not
    fit give way to "…"."""
    for count in range(len(said), -1, -1):
        rows = "; ".join(said[:count]) + ("; …" if count < len(said) else "")
        alt = t("tournament.picture.alt", lang, title=title, status=status, rows=rows)
        if len(alt) <= ALT_MOST:
            return alt
    return alt[:ALT_MOST]
