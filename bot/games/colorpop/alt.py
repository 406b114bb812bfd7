"""Colorpop's alt texts, in the table's language: what each picture shows, in the same words.

A board: its title and the move in words, the board as letters rail by rail from the bottom,
the tokens left, the piles; the group picked, or after a move the cells it left and the tokens
that slid down or moved left. The results: the winner headline, what decided, the seats by
place with their own tokens left and removed, every secret colour (the game is over), the
tokens left. Public scenes name no colour's owner: only the results scene has the secrets.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bot.texts.i18n import dynamic_key, listed, t
from engine.colorpop.rules import LETTERS, NUM_RAILS, RAIL_NAMES, Cell, cell_name
from render.colorpop import picture
from render.colorpop.scenes import Scene, places

from .words import colours_text, picture_labels, scene_status, scene_title

ALT_MAX = 1024  # characters: a Discord attachment's description


def scene_alt(scene: Scene, names: Mapping[str, str], lang: str) -> str:
    """The alt text of `scene`, as drawn (`names`: the names drawn, seat by seat)."""
    title = scene_title(scene, names, lang)
    status = scene_status(scene, lang)
    if status:
        title = f"{title} ({status})"
    said = (
        _results(scene, names, lang, title)
        if scene.kind == "final"
        else _board(scene, names, lang, title)
    )
    return said[:ALT_MAX]


def _cells(cells: Iterable[Cell], lang: str) -> str:
    return listed((cell_name(c) for c in sorted(cells)), lang)


def _left(scene: Scene, lang: str) -> str:
    on_board = "".join(scene.board)
    return listed(
        (f"{t(dynamic_key('colorpop.colour', c), lang)} {on_board.count(c)}" for c in LETTERS), lang
    )


def _board(scene: Scene, names: Mapping[str, str], lang: str, title: str) -> str:
    v, shown = scene.view, scene.board
    columns = " ".join(f"{RAIL_NAMES[r]}:{shown[r] or '-'}" for r in range(NUM_RAILS))
    legend = listed((f"{c} {t(dynamic_key('colorpop.colour', c), lang)}" for c in LETTERS), lang)
    piles = listed((f"{names.get(s, s)} {v.collected.get(s, 0)}" for s in v.seats), lang)
    parts = [
        t("colorpop.alt.board", lang, title=title, legend=legend, columns=columns,
          left=_left(scene, lang), piles=piles)
    ]  # fmt: skip
    if scene.kind == "picked":
        parts.append(t("colorpop.alt.highlight", lang, cells=_cells(scene.ringed, lang)))
    marks = scene.marks
    if marks.ghosts:
        parts.append(t("colorpop.alt.gone", lang, cells=_cells(marks.ghosts, lang)))
    if marks.fell:
        parts.append(t("colorpop.alt.fell", lang, cells=_cells(marks.fell, lang)))
    if marks.shifted:
        parts.append(t("colorpop.alt.moved", lang, cells=_cells(marks.shifted, lang)))
    return " ".join(parts)


def _results(scene: Scene, names: Mapping[str, str], lang: str, title: str) -> str:
    v = scene.view
    words = picture_labels(lang)
    scores = v.scores or {}
    ranked = listed(
        (
            ("" if v.mode == "solo" else f"{words[f'place.{n}']} ")
            + f"{names.get(s, s)}: "
            + words["score"].format(left=scores[s][0], removed=scores[s][1])
            for n, s in places(v)
        ),
        lang,
    )
    secrets = (v.secrets or {}).items()
    revealed = "; ".join(f"{names.get(s, s)} {colours_text(cs, lang)}" for s, cs in secrets)
    headline = picture.headline(scene, words, {s: names.get(s, s) for s in v.seats})
    return " ".join(
        (
            t(
                "colorpop.alt.results",
                lang,
                title=title,
                result=headline,
                text=picture.rule(scene, words),
                scores=ranked,
            ),
            t("colorpop.alt.secrets", lang, secrets=revealed),
            t("colorpop.alt.left", lang, left=_left(scene, lang)),
        )
    )
