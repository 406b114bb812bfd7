"""What a review (`bot.tables.reviews`) shows: a seat's decisions the expert judged, the few
that cost the most, and the private message that lists them, each in words (the turn, the move
made, the better one, what was at stake) over the public picture of the table at that decision.
Pure but for drawing: every text in the table's language."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, replace

import discord

from bot.model.accents import ACCENTS
from bot.model.layout import MAX_TEXT, Block, Gallery, Layout, Shown, Text, fitted
from bot.model.table import Seat, Table
from bot.posting.layout_view import TableView, layout_view
from bot.texts.i18n import dynamic_key, t
from engine.protocol import Judgement
from render.kit import Picture

WORST = 3  # decisions a review lists


@dataclass(frozen=True)
class Decision:
    """One decision of a seat, judged: where it was in the game, and what the expert made of
    the move made (`judgement.made`) beside its own (`judgement.best`)."""

    at: int  # the move's place in the game's moves (from 0)
    turn: int  # the turn it was made in (from 1)
    before: object  # the game's state when it was to be made
    judgement: Judgement


def worth(judgement: Judgement) -> float:
    """What a decision gave up, as a player reads it: points to one decimal, or whole
    percent of the win (0: nothing worth saying)."""
    if judgement.unit == "points":
        return round(judgement.cost, 1)
    return round(judgement.cost * 100)


def costliest(decisions: Sequence[Decision], count: int = WORST) -> list[Decision]:
    """The decisions that cost the most, the most first (a tie: the earlier first); none that
    cost nothing worth saying."""
    costly = [d for d in decisions if worth(d.judgement) > 0]
    return sorted(costly, key=lambda d: (-d.judgement.cost, d.at))[:count]


def stake(judgement: Judgement, lang: str) -> str:
    """What was at stake in words: "1.5 points", "1 point", "12 % of the win"."""
    amount = worth(judgement)
    if judgement.unit == "wins":
        return t("review.wins", lang, share=int(amount))
    return t("review.points", lang, n=float(amount))  # shown as the language writes it


@dataclass(frozen=True)
class Line:
    """A listed decision as the message shows it: its line, and its picture (if any)."""

    line: str
    picture: Picture | None


def line_of(
    decision: Decision,
    words: tuple[str, str, str],
    picture: Picture | None,
    k: int,
    lang: str,
) -> Line:
    """Decision number `k` of the list in words — when in the game it was, the move made and
    the expert's (`words`) — and what was at stake; its picture named for its place."""
    when, made, better = words
    line = t(
        "review.decision",
        lang,
        when=when,
        move=made,
        best=better,
        stake=stake(decision.judgement, lang),
    )
    return Line(line, None if picture is None else replace(picture, filename=f"review-{k}.png"))


def review_layout(
    table: Table, game_no: int, seat: Seat, listed: Sequence[Line], judged: int, lang: str
) -> Layout:
    """The review's message: who and which game, then each listed decision over its picture;
    or that the expert agrees with every choice (or that there was none to make)."""
    game = t(dynamic_key("game", table.game), lang)
    head = t("review.header", lang, game=game, id=table.id, number=game_no, name=seat.text_name)
    if not judged:
        lines = [head, t("review.no_choices", lang)]
    elif not listed:
        lines = [head, t("review.agrees", lang)]
    else:
        lines = [head, t("review.intro", lang, n=len(listed))]
    blocks: list[Block] = [Text(fitted("\n".join(lines), MAX_TEXT // 4))]
    for one in listed:
        blocks.append(Text(fitted(one.line, MAX_TEXT // 4)))
        if one.picture is not None:
            blocks.append(Gallery((Shown(one.picture.filename, one.picture.alt),)))
    return Layout(ACCENTS.get(table.game), tuple(blocks))


def review_message(
    table: Table, laid: Layout, pictures: Sequence[Picture]
) -> tuple[TableView, list[discord.File]]:
    """The review's message to send: its view and its pictures as files (new each time: a
    file is read once)."""
    files = [
        discord.File(io.BytesIO(p.png), filename=p.filename, description=p.alt[:1024])
        for p in pictures
    ]
    return layout_view(laid, table.game, table.id, 0), files
