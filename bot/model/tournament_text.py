"""A tournament's one message, in words: what it is (game, format, table size, timer, the
points rule), then its players while it takes sign-ups, or its standings (points, Buchholz,
games played) once it plays, and its winners at the end; and the round's ping, each player
with their table. Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from bot.texts.i18n import decimal, dynamic_key, listed, t, winners

from .durations import timer_text
from .tournament import Standing, places
from .tournament_state import Tournament


def tournament_text(tournament: Tournament, lang: str) -> str:
    """The whole message as the tournament stands."""
    lines = [*head_lines(tournament, lang), ""]
    if tournament.stage == "signup":
        names = [f"<@{u}>" for u in tournament.players]
        lines.append(t("tournament.players", lang, n=len(names)))
        lines.append(listed(names, lang) if names else t("tournament.no_players", lang))
        lines += ["", t("tournament.signup", lang)]
        return "\n".join(lines)
    ranked = tournament.standings()
    if tournament.stage == "playing":
        lines.append(t("tournament.round", lang, round=tournament.round_no, n=tournament.rounds))
    lines.append(t("challenge.standings", lang))
    lines += standing_lines(ranked, set(tournament.dropped), lang)
    if tournament.stage == "ended":
        lines += ["", *end_lines(tournament, lang)]
    return "\n".join(lines)


def head_lines(tournament: Tournament, lang: str) -> list[str]:
    """What the tournament is, and how a game turns into points."""
    game = t(dynamic_key("game", tournament.game), lang)
    mode = t(dynamic_key("choice.tournament_mode", tournament.mode), lang)
    if tournament.format == "swiss":
        played = t("tournament.swiss", lang, n=tournament.rounds)
    elif tournament.format == "elimination":
        played = t("tournament.elimination", lang)
    else:
        played = t("tournament.round_robin", lang)
    return [
        t("tournament.title", lang, id=tournament.id, game=game, mode=mode),
        played,
        t("tournament.tables", lang, size=tournament.seats, low=tournament.smallest),
        t("tournament.timer", lang, text=timer_text(tournament.timer, lang)),
        t("tournament.points_rule", lang),
    ]


def standing_lines(ranked: Sequence[Standing], dropped: set[int], lang: str) -> list[str]:
    """`1. @Ana — 2.5 points · Buchholz 4 · 3 games`, ties on points and Buchholz sharing a
    place; a dropped player marked."""
    lines: list[str] = []
    for place, row in zip(places(ranked), ranked, strict=True):
        mark = f" {t('tournament.dropped_mark', lang)}" if row.user_id in dropped else ""
        lines.append(f"{place}. <@{row.user_id}>{mark} — {measures(row, lang)}")
    return lines


def measures(row: Standing, lang: str) -> str:
    """`2.5 points · Buchholz 4 · 3 games played`."""
    return " · ".join(
        [
            t("challenge.measure.points", lang, n=shown(row.points)),
            t("tournament.buchholz", lang, score=decimal(float(row.buchholz), lang)),
            t("tournament.games", lang, n=row.games),
        ]
    )


def shown(x: Fraction) -> float | int:
    """A count of points as the catalogue shows it: whole, or to one decimal."""
    return int(x) if x.denominator == 1 else float(x)


def end_lines(tournament: Tournament, lang: str) -> list[str]:
    """The winners, and how it ended."""
    top = [f"<@{u}>" for u in tournament.winners()]
    said = [t("tournament.stopped", lang, round=tournament.round_no)] if tournament.stopped else []
    return [*said, f"🏆 {winners(top, lang)}" if top else t("tournament.no_winner", lang)]


def round_text(
    tournament: Tournament, where: Mapping[int, int], byes: Sequence[int], lang: str
) -> str:
    """The round's ping: each player with their table's thread (`where`: table number → the
    channel it plays in), and who has a bye."""
    seated = tournament.seated[-1]
    lines = [t("tournament.round_opened", lang, round=tournament.round_no, id=tournament.id)]
    for k, users in enumerate(seated.tables):
        people = [f"<@{u}>" for u in users if u]
        if len(people) < len(users):  # said up front: AI seats fill this table
            people.append(t("tournament.ai_seats", lang, n=len(users) - len(people)))
        lines.append(f"<#{where[k]}>: {listed(people, lang)}")
    if byes:
        lines.append(t("tournament.bye", lang, names=listed((f"<@{u}>" for u in byes), lang)))
    return "\n".join(lines)
