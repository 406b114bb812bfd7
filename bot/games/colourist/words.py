"""Colourist's words in a table's language: the pictures' words, the cards, the word or phrase
of a round (printed in the table's language; the AI reads only concept ids), a round's reveal."""

from __future__ import annotations

import string
from collections.abc import Sequence

from bot.texts.i18n import dynamic_key, listed, place, t, winners
from engine.colourist import words as W
from engine.colourist.adapter import COLOURIST
from engine.colourist.game import EMOJI
from engine.colourist.view import ColouristView
from render.colourist.labels import LABELS_EN, SHARED_KEYS


def labels(lang: str) -> dict[str, str]:
    """The pictures' words in `lang`, placeholders kept for the pictures to fill; a result's
    words are the shared catalogue's, as every game says them."""
    out = {}
    for key, english in LABELS_EN.items():
        if key in SHARED_KEYS:
            continue
        holes = {f: "{" + f + "}" for _, f, _, _ in string.Formatter().parse(english) if f}
        out[key] = t(dynamic_key("colourist.label", key), lang, **holes)
    out["win"] = t("result.win", lang, name="{name}")
    out["shared_win"] = t("result.shared_win", lang, names="{names}")
    out["separator"] = t("list.separator", lang)
    out |= {f"place_{n}": place(n, lang) for n in range(1, 7)}
    assert set(out) == set(LABELS_EN)
    return out


def card_name(card: str, lang: str) -> str:
    return t(dynamic_key("colourist.card", card), lang)


def shown(ids: Sequence[str], lang: str) -> str:
    """The word or phrase of these ids, printed in `lang`."""
    return W.shown(COLOURIST.words, ids, lang)


def card_label(card: str, lang: str) -> str:
    """A card as its button and the reveal name it: its colour's emoji, then its name."""
    return f"{EMOJI[card]} {card_name(card, lang)}"


def reveal_text(v: ColouristView, names: dict[str, str], lang: str) -> str:
    """A round revealed: the colourist's card and words, every seat's card, who matched and
    moved, where everyone stands."""
    last = v.last
    assert last is not None

    def name(seat: str) -> str:
        return names.get(seat, seat)

    lines = [
        t(
            "colourist.step.reveal",
            lang,
            round=last.round_number,
            name=name(last.colourist),
            card=card_label(last.colour, lang),
            text=shown(last.words, lang),
        )
    ]
    lines.append(" · ".join(f"{name(s)} {card_label(last.cards[s], lang)}" for s in v.seats))
    if last.matched:
        lines.append(
            t(
                "colourist.step.matched",
                lang,
                n=len(last.matched),
                names=listed(map(name, last.matched), lang),
                moved=listed(map(name, last.moved), lang),
            )
        )
    else:
        lines.append(t("colourist.step.nobody", lang))
    lines.append(" · ".join(f"{name(s)} {v.positions[s]}/{v.finish}" for s in v.seats))
    return "\n".join(lines)


def results_text(v: ColouristView, names: dict[str, str], lang: str) -> str:
    """The end in the words every game shares: the winner headline, then every seat by place
    with its field (seats on the same field share a place)."""
    said = winners([f"**{names.get(w, w)}**" for w in v.winners], lang)
    order = sorted(v.seats, key=lambda s: -v.positions[s])
    places = (
        f"{place(1 + sum(v.positions[o] > v.positions[s] for o in v.seats), lang)} "
        f"{names.get(s, s)} {v.positions[s]}/{v.finish}"
        for s in order
    )
    return f"🏁 {said}\n" + " · ".join(places)
