"""Alt texts of Colourist's pictures (at most 1,024 characters, Discord's limit), in the
table's language through the same `labels` mapping as the pictures; lists joined with the
language's own separator (the `separator` label: "、" in Japanese)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.colourist.view import ColouristView, RoundResult

from .labels import label

ALT_LIMIT = 1024


def _cut(text: str) -> str:
    return text if len(text) <= ALT_LIMIT else text[: ALT_LIMIT - 1] + "…"


def sentences(*parts: str) -> str:
    """Sentences one after another: a space after each, none after a Japanese full stop."""
    out = ""
    for part in filter(None, parts):
        out += part if not out or out.endswith("。") else " " + part
    return out


def listed(items: Iterable[str], labels: Mapping[str, str]) -> str:
    """Items one after another, as the table's language lists them."""
    return label(labels, "separator").join(items)


def _pawns(view: ColouristView, names: Mapping[str, str], labels: Mapping[str, str]) -> str:
    pawns = (
        label(labels, "alt_pawn", name=names.get(s, s), field=view.positions[s]) for s in view.seats
    )
    return listed(pawns, labels)


def turn_alt(
    view: ColouristView, text: str | None, names: Mapping[str, str], labels: Mapping[str, str]
) -> str:
    """A turn: the word (or who keeps a phrase), the colourist, every pawn."""
    colourist = names.get(view.colourist, view.colourist)
    card = (
        label(labels, "alt_picking", name=colourist)
        if text is None
        else label(labels, "alt_card", text=text)
    )
    track = label(
        labels,
        "alt_track",
        n=view.round_number,
        finish=view.finish,
        pawns=_pawns(view, names, labels),
    )
    return _cut(sentences(card, label(labels, "alt_colourist", name=colourist), track))


def reveal_alt(
    view: ColouristView,
    result: RoundResult,
    text: str,
    names: Mapping[str, str],
    labels: Mapping[str, str],
) -> str:
    def name(seat: str) -> str:
        return names.get(seat, seat)

    cards = listed(
        (
            label(labels, "alt_seat_card", name=name(s), card=label(labels, result.cards[s]))
            for s in view.seats
        ),
        labels,
    )
    outcome = (
        label(
            labels,
            "alt_matched",
            names=listed(map(name, result.matched), labels),
            moved=listed(map(name, result.moved), labels),
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
    return _cut(sentences(head, _pawns(view, names, labels)))


def results_alt(view: ColouristView, names: Mapping[str, str], labels: Mapping[str, str]) -> str:
    winners = [names.get(s, s) for s in view.winners]
    said = (
        label(labels, "win", name=winners[0])
        if len(winners) == 1
        else label(labels, "shared_win", names=listed(winners, labels))
    )
    pawns = _pawns(view, names, labels)
    return _cut(label(labels, "alt_results", round=view.round_number, result=said, pawns=pawns))
