"""Alt texts of the Coloretto pictures (at most 1024 characters, Discord's limit).

Every word comes from `t(key, **values)` (render/coloretto/labels.py lists the English keys),
so the bot gives them in the table's language; names are cleaned of control characters.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.coloretto import events as ev
from engine.coloretto.view import TableView
from engine.protocol import Outcome

from .labels import Translate

MAX_ALT = 1024


def _plain(name: str, limit: int = 32) -> str:
    text = "".join(ch for ch in str(name) if ch.isprintable())
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _who(names: Mapping[str, str], seat: str) -> str:
    return _plain(names.get(seat, seat))


def _card(t: Translate, card: str) -> str:
    return t(f"card.{card}")


def _cards(t: Translate, cards: tuple[str, ...] | list[str]) -> str:
    return ", ".join(_card(t, c) for c in cards) or t("alt.nothing")


def _fit(parts: list[str]) -> str:
    text = " ".join(p for p in parts if p)
    return text if len(text) <= MAX_ALT else text[: MAX_ALT - 1] + "…"


def table_alt(
    view: TableView, names: Mapping[str, str], highlight: ev.Event | None, t: Translate
) -> str:
    """The table picture in words: the step, each row, each seat's cards and points."""
    parts = [t("alt.table", round=view.round_number, pile=view.pile_size)]
    if view.last_round:
        parts.append(t("alt.last_round"))
    parts.append(_step(highlight, names, t))
    takers = {tk.row: tk.player for tk in view.rounds[-1].takes} if view.rounds else {}
    parts += [_row(view, r, takers, names, t) for r in range(len(view.rows))]
    parts += [_seat(view, seat, names, t) for seat in view.players]
    parts.append(
        t("alt.game_over") if view.turn is None else t("alt.to_move", name=_who(names, view.turn))
    )
    return _fit(parts)


def _step(highlight: ev.Event | None, names: Mapping[str, str], t: Translate) -> str:
    """The step shown: a card drawn, placed, or a row taken ("" for anything else)."""
    if isinstance(highlight, ev.CardDrawn):
        return t("alt.drew", name=_who(names, highlight.seat), card=_card(t, highlight.card))
    if isinstance(highlight, ev.CardPlaced):
        return t(
            "alt.placed",
            name=_who(names, highlight.seat),
            card=_card(t, highlight.card),
            row=highlight.row,
        )
    if isinstance(highlight, ev.RowTaken):
        return t(
            "alt.took_extra" if highlight.extra else "alt.took",
            name=_who(names, highlight.seat),
            row=highlight.row,
            cards=_cards(t, highlight.cards),
            extra=_card(t, highlight.extra) if highlight.extra else "",
        )
    return ""


def _row(
    view: TableView, r: int, takers: Mapping[int, str], names: Mapping[str, str], t: Translate
) -> str:
    """Row `r` (from 0): who took it, its cards, or empty."""
    cards = view.rows[r]
    if view.taken[r]:
        return t("alt.row_taken", row=r + 1, name=_who(names, takers.get(r + 1, "?")))
    if cards:
        return t(
            "alt.row", row=r + 1, count=len(cards), limit=view.limits[r], cards=_cards(t, cards)
        )
    return t("alt.row_empty", row=r + 1, limit=view.limits[r])


def _seat(view: TableView, seat: str, names: Mapping[str, str], t: Translate) -> str:
    """A seat's cards, counted by kind, and its points now."""
    held = view.collections[seat]
    held_text = ", ".join(
        t("alt.count", count=n, card=_card(t, name)) for name, n in held.items()
    ) or t("alt.nothing")
    return t(
        "alt.seat",
        name=_who(names, seat),
        cards=held_text,
        out=t("alt.seat_out") if seat in view.out else "",
        points=view.scores[seat].total,
    )


def results_alt(view: TableView, outcome: Outcome, names: Mapping[str, str], t: Translate) -> str:
    """The results picture in words: winners, then every seat's breakdown, best first."""
    winners = ", ".join(_who(names, w) for w in outcome.winners)
    key = "alt.winner" if len(outcome.winners) == 1 else "alt.winners"
    parts = [t("alt.results", winners=t(key, names=winners))]
    for seat in sorted(outcome.seats, key=lambda s: -s.score):
        score = view.scores[seat.seat]
        plus = ", ".join(f"{_card(t, c)} {v:+d}" for c, v in score.plus) or t("alt.none")
        minus = ", ".join(f"{_card(t, c)} {v}" for c, v in score.minus) or t("alt.none")
        jokers = ", ".join(_card(t, c) for c in score.jokers) or t("alt.none")
        parts.append(
            t(
                "alt.result_seat",
                name=_who(names, seat.seat),
                total=seat.score,
                plus=plus,
                minus=minus,
                cotton=score.cotton,
                jokers=jokers,
            )
        )
    return _fit(parts)
