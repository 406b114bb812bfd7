"""Alt texts of the Coloretto pictures (at most 1024 characters, Discord's limit): what the
picture shows, in the same order and with the same counts (render/coloretto/scene.py).

Every word comes from `t(key, **values)` (render/coloretto/labels.py lists the English keys),
so the bot gives them in the table's language, lists joined with its separator; names are
cleaned of control characters.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.coloretto import events as ev
from engine.coloretto.view import TableView
from engine.protocol import Outcome

from .labels import Translate
from .scene import Row, groups, scene
from .seats import signed

MAX_ALT = 1024


def _plain(name: str, limit: int = 32) -> str:
    text = "".join(ch for ch in str(name) if ch.isprintable())
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _who(names: Mapping[str, str], seat: str) -> str:
    return _plain(names.get(seat, seat))


def _listed(t: Translate, items: Iterable[str]) -> str:
    return t("list.separator").join(items)


def _cards(t: Translate, cards: Iterable[str]) -> str:
    return _listed(t, (t(f"card.{c}") for c in cards)) or t("alt.nothing")


def _fit(parts: list[str]) -> str:
    text = " ".join(p for p in parts if p)
    return text if len(text) <= MAX_ALT else text[: MAX_ALT - 1] + "…"


def table_alt(
    view: TableView, names: Mapping[str, str], highlight: ev.Event | None, t: Translate
) -> str:
    """The table picture in words: the round, the step, each row, each seat's cards."""
    shown = scene(view, highlight)
    parts = [t("alt.table", round=shown.round_number, pile=view.pile_size)]
    if view.last_round:
        parts.append(t("alt.last_round"))
    if view.expert:
        parts.append(t("alt.expert"))
    parts.append(_step(highlight, names, t))
    parts += [_row(row, r, names, t) for r, row in enumerate(shown.rows, 1)]
    parts += [_seat(view, seat, names, t) for seat in view.players]
    parts.append(
        t("alt.game_over") if view.turn is None else t("alt.to_move", name=_who(names, view.turn))
    )
    return _fit(parts)


def _step(highlight: ev.Event | None, names: Mapping[str, str], t: Translate) -> str:
    """The step shown: a card drawn, placed, or a row taken ("" for anything else)."""
    if isinstance(highlight, ev.CardDrawn):
        return t("alt.drew", name=_who(names, highlight.seat), card=t(f"card.{highlight.card}"))
    if isinstance(highlight, ev.CardPlaced):
        card = t(f"card.{highlight.card}")
        return t("alt.placed", name=_who(names, highlight.seat), card=card, row=highlight.row)
    if isinstance(highlight, ev.RowTaken):
        return t(
            "alt.took_extra" if highlight.extra else "alt.took",
            name=_who(names, highlight.seat),
            row=highlight.row,
            cards=_cards(t, highlight.cards),
            extra=t(f"card.{highlight.extra}") if highlight.extra else "",
        )
    return ""


def _row(row: Row, r: int, names: Mapping[str, str], t: Translate) -> str:
    """Row `r` (from 1): who took it, its discarded cards, its cards, or empty."""
    if row.taker is not None:
        return t("alt.row_taken", row=r, name=_who(names, row.taker))
    if row.discarded:
        return t("alt.row_discarded", row=r, cards=_cards(t, row.cards))
    if row.cards:
        return t(
            "alt.row", row=r, count=len(row.cards), limit=row.limit, cards=_cards(t, row.cards)
        )
    return t("alt.row_empty", row=r, limit=row.limit)


def _held(view: TableView, seat: str, t: Translate) -> str:
    """A seat's groups as the picture shows them: each card, its count (jokers included, named)
    and its points."""
    said = []
    for g in groups(view, seat):
        values = {"card": t(f"card.{g.card}"), "count": g.size, "points": signed(g.points)}
        if g.jokers:
            said.append(t("alt.count_jokers", jokers=_cards(t, g.jokers), **values))
        else:
            said.append(t("alt.count", **values))
    return _listed(t, said) or t("alt.nothing")


def _seat(view: TableView, seat: str, names: Mapping[str, str], t: Translate) -> str:
    out = t("alt.seat_out") if seat in view.out and not view.over else ""
    points = view.scores[seat].total
    return t("alt.seat", name=_who(names, seat), cards=_held(view, seat, t), out=out, points=points)


def results_alt(view: TableView, outcome: Outcome, names: Mapping[str, str], t: Translate) -> str:
    """The results picture in words: the winner headline, then every seat by place with what
    each of its groups scored."""
    winners = [_who(names, s.seat) for s in outcome.seats if s.won]
    if len(winners) == 1:
        headline = t("result.win", name=winners[0])
    else:
        headline = t("result.shared_win", names=_listed(t, winners))
    parts = [t("alt.results", winners=headline)]
    order = sorted(outcome.seats, key=lambda s: -s.score)
    for seat in order:
        place = t(f"result.place.{1 + sum(o.score > seat.score for o in order)}")
        parts.append(
            t(
                "alt.result_seat",
                place=place,
                name=_who(names, seat.seat),
                total=seat.score,
                cards=_held(view, seat.seat, t),
            )
        )
    return _fit(parts)
