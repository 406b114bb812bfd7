"""A challenge's standings message, in words: what it is, until when, its deal's seal, the
results ranked (ties sharing a place) and, once it has ended, its secret revealed. Pure."""

from __future__ import annotations

from collections.abc import Sequence

from bot.texts.i18n import dynamic_key, listed, t
from bot.texts.markdown import literal, subtext

from .challenge import Challenge, Member, Standing
from .fair import record_command


def kind_name(challenge: Challenge, lang: str) -> str:
    """ "Pop · solo": the game, and the kind of challenge."""
    game = t(dynamic_key("game", challenge.game), lang)
    return f"{game} · {t(dynamic_key('choice.challenge_mode', challenge.kind), lang)}"


def standings_text(
    challenge: Challenge, ranked: Sequence[Standing], playing: int, lang: str, group: bool = False
) -> str:
    """The whole standings message; `playing`: entries not finished yet (while it is open);
    `group`: a challenge played in groups (the seats of each group's table said)."""
    ends = int(challenge.ends)
    over = challenge.stage != "open"
    lines = [
        t("challenge.title", lang, id=challenge.id, kind=kind_name(challenge, lang)),
        t(
            "challenge.ended" if over else "challenge.open",
            lang,
            at=f"<t:{ends}:f>",
            relative=f"<t:{ends}:R>",
            challenge_play=play_command(lang),
        ),
        subtext(t("challenge.seal", lang, seal=f"`{challenge.seal}`")),
        *([t("challenge.group_seats", lang, n=challenge.seats)] if group else []),
        "",
        t("challenge.standings", lang),
    ]
    lines += [standing_line(s, lang) for s in ranked] or [t("challenge.no_results", lang)]
    if playing and not over:
        lines.append(
            t("challenge.groups_playing" if group else "challenge.playing", lang, n=playing)
        )
    if over:
        lines += ["", *reveal_lines(challenge, lang)]
    return "\n".join(lines)


def play_command(lang: str) -> str:
    """`/challenge play` as the player's Discord names it."""
    return f"/{t('command.challenge.name', lang)} {t('command.play.name', lang)}"


def standing_line(standing: Standing, lang: str) -> str:
    """`1. @Ana — won · 9 turns`; an entry the end stopped: `3. @Cleo — unfinished`; a
    group: `1. @Ana, @Ben and Robo Ada (AI) — won · level 5`."""
    who = f"<@{standing.user_id}>"
    if standing.members:
        who = listed((member_name(m, lang) for m in standing.members), lang)
    if not standing.finished:
        said = t("challenge.unfinished", lang)
    else:
        parts = [t("challenge.won" if standing.won else "challenge.lost", lang)]
        parts += [t(dynamic_key("challenge.measure", k), lang, n=n) for k, n in standing.measure]
        if standing.tries > 1:
            parts.append(t("challenge.measure.tries", lang, n=standing.tries))
        said = " · ".join(parts)
    return f"{standing.place}. {who} — {said}"


def member_name(member: Member, lang: str) -> str:
    """A group's member as its standings line names them: a mention, or an AI seat's name."""
    if isinstance(member, int):
        return f"<@{member}>"
    return t("challenge.ai_member", lang, name=literal(member))


def reveal_lines(challenge: Challenge, lang: str) -> list[str]:
    """The secret, now that every entry is over, and how to check each result with it."""
    deal = challenge.deal
    joins = listed((f"`{j}`" for j in deal.joins), lang)
    return [
        t("challenge.secret", lang, secret=f"`{deal.secret}`"),
        subtext(
            t(
                "challenge.verify",
                lang,
                commitment=f"`{deal.commitment}`",
                join_ids=joins,
                start_id=f"`{deal.start}`",
                table_record=record_command(lang),
            )
        ),
    ]
