"""Alt texts of Colourist's pictures (at most 1,024 characters, Discord's limit), in the
table's language through the same `labels` mapping as the pictures."""

from __future__ import annotations

from collections.abc import Mapping

from engine.colourist.view import ColouristView, RoundResult

from .labels import label

ALT_LIMIT = 1024


def _cut(text: str) -> str:
    return text if len(text) <= ALT_LIMIT else text[: ALT_LIMIT - 1] + "…"


def _pawns(view: ColouristView, names: Mapping[str, str], labels: Mapping[str, str]) -> str:
    return (
        "; ".join(
            label(labels, "alt_pawn", name=names.get(s, s), field=view.positions[s])
            for s in view.seats
        )
        + "."
    )


def track_alt(view: ColouristView, names: Mapping[str, str], labels: Mapping[str, str]) -> str:
    text = label(
        labels,
        "alt_track",
        n=view.round_number,
        finish=view.finish,
        pawns=_pawns(view, names, labels),
    )
    if view.phase != "over":
        text += (
            " " + label(labels, "colourist", name=names.get(view.colourist, view.colourist)) + "."
        )
    return _cut(text)


def card_alt(
    view: ColouristView, text: str | None, names: Mapping[str, str], labels: Mapping[str, str]
) -> str:
    if text is None:
        return _cut(label(labels, "alt_picking", name=names.get(view.colourist, view.colourist)))
    return _cut(label(labels, "alt_card", text=text))


def reveal_alt(
    view: ColouristView,
    result: RoundResult,
    text: str,
    names: Mapping[str, str],
    labels: Mapping[str, str],
) -> str:
    def name(seat: str) -> str:
        return names.get(seat, seat)

    cards = ", ".join(
        label(labels, "alt_seat_card", name=name(s), card=label(labels, result.cards[s]))
        for s in view.seats
    )
    outcome = (
        label(
            labels,
            "alt_matched",
            names=", ".join(map(name, result.matched)),
            moved=", ".join(map(name, result.moved)),
        )
        if result.matched
        else label(labels, "alt_nobody")
    )
    head = label(
        labels,
        "alt_reveal",
        colourist=name(result.colourist),
        colour=label(labels, result.colour),
        text=text,
        cards=cards,
        result=outcome,
    )
    return _cut(head + " " + _pawns(view, names, labels))


def results_alt(view: ColouristView, names: Mapping[str, str], labels: Mapping[str, str]) -> str:
    return _cut(
        label(
            labels,
            "alt_results",
            names=", ".join(names.get(s, s) for s in view.winners),
            pawns=_pawns(view, names, labels),
        )
    )
