"""Pop's words in a table's language: picture labels, card labels, the alt texts' words, the
results, and the small facts of a table the texts need (hints asked for)."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.model.table import Table
from bot.texts.i18n import DEFAULT_LANGUAGE, catalogue, dynamic_key, listed, resolve, t
from engine.pop.adapter import POP
from engine.pop.cards import colour_name
from engine.pop.events import GameEnded, SetEnded
from engine.pop.game import solo_title
from engine.pop.results import CoopResult, SoloResult
from engine.pop.state import PopState
from render.kit import has_glyph
from render.pop.labels import ENGLISH as PICTURE_ENGLISH
from render.pop.labels import LABELS_EN
from render.style import COLOUR_STYLE


def picture_labels(lang: str) -> dict[str, str]:
    """The pictures' words in `lang` (render/pop/labels.py's keys: `pop.label.<key>`, the
    level and title names, `pop.level.x` and `pop.title.x`, and the shared `result.*`). A word the bundled fonts cannot
    draw is drawn in English rather than as boxes; the alt text and the messages stay in the
    table's language."""
    return dict(_picture_labels(resolve(lang)))  # a copy: the caller may change its own


@functools.cache  # every picture of a turn asks; the glyph checks cost more than drawing a word
def _picture_labels(lang: str) -> dict[str, str]:
    mine, english = catalogue(lang), catalogue(DEFAULT_LANGUAGE)
    labels = {}
    for word in PICTURE_ENGLISH:
        if word in LABELS_EN:
            key = dynamic_key("pop.label", word)
        else:  # the level and title names, and the words every game shares for a result
            key = word if word.startswith("result.") else f"pop.{word}"
        text = str(mine.get(key) or english.get(key) or PICTURE_ENGLISH[word])
        drawable = all(has_glyph(ch) for ch in text if not ch.isspace())
        labels[word] = text if drawable else str(english.get(key) or PICTURE_ENGLISH[word])
    return labels


def cards_text(cards: Iterable[int], lang: str, bold: bool = False) -> str:
    """Cards in words, each colour named with its shape once, in the cards' order: "12 (▲
    yellow)", "22, 27 (▲ yellow), 40 (✚ purple)" (`bold`: the numbers in **bold**). The colour
    stands in brackets, as a label, so no language has to inflect it."""
    groups: dict[str, list[str]] = {}
    for card in cards:
        groups.setdefault(colour_name(card), []).append(f"**{card}**" if bold else str(card))
    return listed(
        (
            t(
                "pop.card",
                lang,
                cards=listed(numbers, lang),
                symbol=COLOUR_STYLE[colour].symbol,
                colour=t(dynamic_key("pop.colour", colour), lang),
            )
            for colour, numbers in groups.items()
        ),
        lang,
    )


def card_label(card: int) -> str:
    """A card button's label: the number first, then its colour's shape."""
    return f"{card} {COLOUR_STYLE[colour_name(card)].symbol}"


@dataclass(frozen=True)
class AltWords:
    """The alt texts' `t(key, **values)` in `lang`: render/pop/alt.py's keys, each `x.y` as Pop's
    own `pop.x.y` (`alt.*`, `colour.*`, `mode.*`, `level.*`, `title.*`; the bare `chief` too).
    A class, not a closure: it travels to the processes that draw (bot/tables/workers.py)."""

    lang: str

    def __call__(self, key: str, **values: object) -> str:
        family, _, value = key.partition(".")
        if family == "list":  # the separator every text of the language shares
            return t("list.separator", self.lang)
        if not value:
            return t("pop.chief", self.lang, **values)
        if family == "alt":
            return t(dynamic_key("pop.alt", value), self.lang, **values)
        return t(dynamic_key(f"pop.{family}", value), self.lang, **values)


def alt_words(lang: str) -> AltWords:
    return AltWords(lang)


def hints_of(table: Table) -> int:
    """Hints asked for in the table's current game (solo)."""
    hints = table.face.get("hints")
    return int(hints.get(str(table.games), 0)) if isinstance(hints, dict) else 0


def results_text(
    after: PopState,
    events: Sequence[object],
    names: dict[str, str],
    lang: str,
    hints: int = 0,
) -> str:
    """A set's scores, or the game's end: its winners (and tie-break), the co-op level, the
    solo result with its title and the hints asked for."""
    lines = []
    spec = POP.view(after, None).spec
    for e in events:
        if isinstance(e, SetEnded):
            scores = listed((f"{names.get(s, s)} {n}" for s, n in e.scores.items()), lang)
            lines.append(t("pop.result.set", lang, set=e.set_number, scores=scores))
        elif isinstance(e, GameEnded):
            if spec.competitive:
                winners = listed((names.get(w, w) for w in e.winners), lang)
                lines.append(t("pop.result.winners", lang, n=len(e.winners), names=winners))
                if e.tiebreak:
                    lines.append(t(dynamic_key("pop.result.tiebreak", e.tiebreak), lang))
            elif isinstance(e.result, CoopResult):
                lines.append(
                    t(
                        "pop.result.coop",
                        lang,
                        level=t(dynamic_key("pop.level", e.result.level), lang),
                    )
                )
            elif isinstance(e.result, SoloResult):
                key = "pop.result.won" if e.result.won else "pop.result.lost"
                lines.append(t(key, lang, n=e.result.turns))
                title = solo_title(after)
                if title:
                    lines.append(
                        t(
                            "pop.result.title",
                            lang,
                            title=t(dynamic_key("pop.title", title), lang),
                        )
                    )
                if hints:
                    lines.append(t("pop.result.hints", lang, n=hints))
    return "\n".join(lines)
