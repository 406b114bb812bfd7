"""Coloretto's words and pictures in a table's language: cards in words (each with its
symbol: colour is never the only cue), the pictures with their alt texts, a move's caption and
the results."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence

from bot.tables.workers import PICTURES
from bot.texts.i18n import catalogue, dynamic_key, listed, place, resolve, t, winners
from engine.coloretto import events as ev
from engine.coloretto.cards import CARD_NAMES, COLOURS, LAST, Score
from engine.coloretto.view import TableView
from engine.protocol import Outcome
from render.coloretto import alt as render_alt
from render.coloretto import pictures as render
from render.coloretto.labels import LABELS_EN, SHARED_EN
from render.kit import Picture
from render.style import COLOUR_STYLE, PLUS2_STYLE

# A symbol per card in texts, the shape its picture draws (render/style.py): never colour alone.
# A +2 card's name says its number: it needs no symbol before it.
SYMBOL: dict[str, str] = {
    **{colour: COLOUR_STYLE[colour].symbol for colour in COLOURS},
    "cotton": PLUS2_STYLE.symbol,
    "joker": "🃏",
    "golden": "🌟",
}
CARDS = tuple(name for name in CARD_NAMES if name != LAST)
assert set(SYMBOL) == set(CARDS)


def card_name(card: str, lang: str) -> str:
    """A card in words, with its symbol: "◆ blue", "+2 card"."""
    name = t(dynamic_key("coloretto.card", card), lang)
    return name if card == "cotton" else f"{SYMBOL[card]} {name}"


def cards_text(cards: Sequence[str], lang: str) -> str:
    return listed((card_name(c, lang) for c in cards), lang) or t("coloretto.nothing", lang)


def legend(cards: Collection[str], lang: str) -> str:
    """The symbols a text shows, each named once ("◆ blue, ▲ green"), in the cards' order."""
    return listed((card_name(c, lang) for c in CARDS if c in cards), lang)


def picture_labels(lang: str) -> dict[str, str]:
    """The pictures' words in `lang`: the catalogue's raw texts (the picture fills them in),
    its own (render/coloretto/labels.py LABELS_EN) and those it shares with the bot's texts
    (SHARED_EN: the colours' names, every game's words for a result)."""
    mine = catalogue(resolve(lang))
    labels = {word: str(mine[dynamic_key("coloretto.label", word)]) for word in LABELS_EN}
    for word in SHARED_EN:
        family, _, name = word.partition(".")
        key = dynamic_key("coloretto.card", name) if family == "card" else word
        labels[word] = str(mine[key])
    return labels


def alt_words(lang: str) -> Callable[..., str]:
    """The alt texts' `t(key, **values)` in `lang` (render/coloretto/labels.py's keys)."""

    def translate(key: str, **values: object) -> str:
        family, _, word = key.partition(".")
        if family == "card":
            return t(dynamic_key("coloretto.card", word), lang, **values)
        if family == "alt":
            return t(dynamic_key("coloretto.alt", word), lang, **values)
        return _shared(key, lang, **values)

    return translate


def _shared(key: str, lang: str, **values: object) -> str:
    """A word every game says alike (render/coloretto/labels.py SHARED_EN): a win, a shared
    win, a place, the list separator."""
    if key.startswith("result.place."):
        return place(int(key.rsplit(".", 1)[1]), lang)
    if key == "result.win":
        return t("result.win", lang, **values)
    if key == "result.shared_win":
        return t("result.shared_win", lang, **values)
    if key == "list.separator":
        return t("list.separator", lang)
    raise KeyError(key)


def table_picture(
    v: TableView,
    names: Mapping[str, str],
    highlight: ev.Event | None,
    lang: str,
    filename: str,
) -> Picture:
    png = PICTURES.call(render.table_picture, v, names, highlight, picture_labels(lang))
    return Picture(png, render_alt.table_alt(v, names, highlight, alt_words(lang)), filename)


def results_picture(
    v: TableView, outcome: Outcome, names: Mapping[str, str], lang: str, filename: str
) -> Picture:
    png = PICTURES.call(render.results_picture, v, outcome, names, picture_labels(lang))
    return Picture(png, render_alt.results_alt(v, outcome, names, alt_words(lang)), filename)


def caption(events: Sequence[object], names: Mapping[str, str], lang: str) -> str:
    """A move's events in words, one line each (a round that starts says who starts)."""
    lines = []
    for e in events:
        who = names.get(getattr(e, "seat", ""), getattr(e, "seat", ""))
        if isinstance(e, ev.LastRoundRevealed):
            lines.append(t("coloretto.step.last_round", lang, name=who))
        elif isinstance(e, ev.CardDrawn):
            lines.append(t("coloretto.step.drew", lang, name=who, card=card_name(e.card, lang)))
        elif isinstance(e, ev.CardPlaced):
            lines.append(
                t(
                    "coloretto.step.placed",
                    lang,
                    name=who,
                    card=card_name(e.card, lang),
                    row=e.row,
                )
            )
        elif isinstance(e, ev.RowTaken):
            lines.append(
                t(
                    "coloretto.step.took",
                    lang,
                    name=who,
                    row=e.row,
                    cards=cards_text(e.cards, lang),
                )
            )
            if e.extra:
                lines.append(
                    t("coloretto.step.golden", lang, name=who, card=card_name(e.extra, lang))
                )
        elif isinstance(e, ev.RoundEnded) and e.discarded:
            lines.append(t("coloretto.step.discarded", lang, cards=cards_text(e.discarded, lang)))
        elif isinstance(e, ev.RoundStarted) and e.round_number > 1:
            lines.append(
                t(
                    "coloretto.step.round",
                    lang,
                    round=e.round_number,
                    name=names.get(e.first, e.first),
                )
            )
    return "\n".join(lines)


def results_text(v: TableView, outcome: Outcome, names: Mapping[str, str], lang: str) -> str:
    """Final scores: the winner headline, then every seat by place with its breakdown, then
    the symbols' key."""
    lines = [t("coloretto.result.header", lang)]
    lines.append("🏆 " + winners([names.get(w, w) for w in outcome.winners], lang))
    order = sorted(outcome.seats, key=lambda s: -s.score)
    for seat in order:
        rank = 1 + sum(other.score > seat.score for other in order)
        line = score_line(names.get(seat.seat, seat.seat), v.scores[seat.seat], lang)
        lines.append(f"{place(rank, lang)} {line}")
    scores = [v.scores[seat.seat] for seat in outcome.seats]
    shown = {c for s in scores for c, _ in (*s.plus, *s.minus)} | {
        c for s in scores for c in s.jokers
    }
    if shown:
        lines.append(t("coloretto.result.key", lang, cards=legend(shown, lang)))
    lines.append(t("coloretto.result.legend", lang))
    return "\n".join(lines)


def score_line(name: str, score: Score, lang: str) -> str:
    plus = " ".join(f"{SYMBOL[c]}{p:+d}" for c, p in score.plus) or "—"
    minus = " ".join(f"{SYMBOL[c]}{p}" for c, p in score.minus) or "—"
    jokers = " ".join(SYMBOL[c] for c in score.jokers) or "—"
    return t(
        "coloretto.result.seat",
        lang,
        name=name,
        total=score.total,
        plus=plus,
        minus=minus,
        cotton=score.cotton,
        jokers=jokers,
    )
