"""Colorpop's words in a table's language: tokens in words (the shape first: colour is never
the only cue), groups as §7 names them, the pictures' words (`picture_labels`, the header's
`scene_status` and title), and the results."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from bot.texts.i18n import (
    DEFAULT_LANGUAGE,
    catalogue,
    dynamic_key,
    listed,
    place,
    resolve,
    t,
    winners,
)  # fmt: skip
from engine.colorpop.events import GameEnded, SideCleared
from engine.colorpop.rules import LETTERS, Cell, Group, cell_name, group_at, parse_cell
from engine.colorpop.view import ColorpopView
from render.colorpop.board import LOOK
from render.colorpop.labels import WORDS
from render.colorpop.scenes import KINDS, Scene, places


def token_name(letter: str, lang: str) -> str:
    """ "● red": the shape first (colour is never the only cue), then the colour's name."""
    return f"{LOOK[letter].symbol} {t(dynamic_key('colorpop.colour', letter), lang)}"


def colours_text(letters: Sequence[str], lang: str) -> str:
    return listed((token_name(c, lang) for c in letters), lang)


def group_label(group: Group, lang: str, at: Cell | None = None) -> str:
    """§7's label: `● red ×4 (1 joker) at C3`, named by its anchor, or by `at`, the cell it
    was picked by (a typed cell is played and recorded as typed, §7)."""
    jokers = t("colorpop.group.jokers", lang, n=group.jokers) if group.jokers else ""
    return t(
        "colorpop.group.label",
        lang,
        token=token_name(group.colour, lang),
        size=group.size,
        jokers=jokers,
        cell=cell_name(group.anchor if at is None else at),
    )


def counts_text(counts: Mapping[str, int]) -> str:
    """Tokens left per colour, shapes as the cue: "● 16 · ▲ 19 · … · ★ 4"."""
    return " · ".join(f"{LOOK[c].symbol} {counts.get(c, 0)}" for c in LETTERS)


def piles_text(view: ColorpopView, names: Mapping[str, str]) -> str:
    return " · ".join(f"{names.get(s, s)} {view.collected.get(s, 0)}" for s in view.seats)


@cache
def picture_labels(lang: str) -> dict[str, str]:
    """The pictures' words in `lang` (render/colorpop/labels.py's keys): the catalogue's raw
    texts, which the picture fills in; the result words are the shared ones of every game."""
    mine, english = catalogue(resolve(lang)), catalogue(DEFAULT_LANGUAGE)

    def raw(key: str) -> str:
        return str(mine.get(key) or english[key])

    labels = {kind: raw(dynamic_key("colorpop.picture", kind)) for kind in KINDS}
    labels |= {c: raw(dynamic_key("colorpop.colour", c)) for c in LETTERS}
    labels |= {w: raw(dynamic_key("colorpop.label", w)) for w in WORDS}
    labels |= {"win": raw("result.win"), "shared_win": raw("result.shared_win")}
    labels |= {"separator": raw("list.separator")}
    labels |= {f"place.{n}": place(n, lang) for n in range(1, 6)}
    return labels


def scene_status(scene: Scene, lang: str) -> str:
    """The header's right side: the group a move picked, as §7 names it (by the cell played)."""
    e = scene.picked
    if e is None or scene.kind == "final":
        return ""
    played = parse_cell(e.pick) or (0, 0)
    group = group_at(e.board, played)
    return group_label(group, lang, played) if group is not None else e.pick


def scene_title(scene: Scene, names: Mapping[str, str], lang: str) -> str:
    """The picture's title, as drawn."""
    name = names.get(scene.mover or "", scene.mover or "")
    return picture_labels(lang)[scene.kind].format(move=scene.move, name=name)


def results_text(
    view: ColorpopView, events: Sequence[object], names: Mapping[str, str], lang: str
) -> str:
    """Who won (the shared words) and how, what decided, and every seat by place with its
    secret colours revealed."""
    ended = next(e for e in events if isinstance(e, GameEnded))
    cleared = next((e for e in events if isinstance(e, SideCleared)), None)
    headline = f"🏆 **{winners([names.get(s, s) for s in ended.winners], lang)}**"
    lines = []
    if view.mode == "solo":
        seat = view.seats[0]
        left = ended.scores[seat][0]
        lines.append(
            t("colorpop.result.solo_won", lang)
            if ended.won
            else t("colorpop.result.solo_lost", lang, left=left)
        )
    elif cleared is not None:
        by = names.get(cleared.by, cleared.by)
        colours = colours_text(cleared.colours, lang)
        lines += [headline, t("colorpop.result.cleared", lang, colours=colours, by=by)]
        lines.append(t(dynamic_key("colorpop.tiebreak", "cleared"), lang))
    else:
        lines += [t("colorpop.result.blocked", lang), headline]
        lines.append(t(dynamic_key("colorpop.tiebreak", ended.tie_break), lang))
    lines.append(t("colorpop.result.secrets", lang))
    for _, seat in places(view):  # best first (the picture says the places)
        left, removed = ended.scores[seat]
        colours = colours_text(ended.secrets[seat], lang)
        name = names.get(seat, seat)
        lines.append(
            t("colorpop.result.seat", lang, name=name, colours=colours, left=left, removed=removed)
        )
    return "\n".join(lines)
