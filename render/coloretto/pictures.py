"""Coloretto's two pictures, one size for a whole game (render/frame.py's rule: never taller
than wide, read at 550 px): the table after a step, and the results.

The frame is 800 x 580: Discord previews a picture in a 550 x 400 box, so at 580 px high the
width decides and a 15 px line still shows 10.3 px (at 720 px high it showed 8.3 px).

The table: the header (the round, who moves); on the left the pile, the step and the rows of
the step's round; on the right every seat's collection (its name, points and "out" left of its
cards); under them a legend of every mark. The results: the winner headline across the width
(a shared win names every winner), under it the board by place (frame.results) and what a
colour scores on the left, each seat's collection on the right, in the same order. Words come only from the `labels` mapping
(render/coloretto/labels.py). Pictures are drawn in RGB, then stored as palette PNGs.
"""

from __future__ import annotations

import io
from collections.abc import Mapping

from PIL import Image

from engine.coloretto import cards as C
from engine.coloretto import events as ev
from engine.coloretto.view import TableView
from engine.protocol import Outcome

from .. import frame as F
from .. import kit
from .. import style as S
from . import cards, seats, table
from .cards import CARD_STYLE
from .labels import label
from .scene import scene

__all__ = ["CARD_STYLE", "HEIGHT", "WIDTH", "results_picture", "table_picture"]

WIDTH = F.WIDTH
HEIGHT = 580  # px: every picture of every game, 2 to 5 seats (Discord's 550 x 400 box)
LEFT_W = 256  # px: the table's left column (pile, step, rows)
BOARD_W = 300  # px: the results board (five names share a win's headline)
RESULTS_NAME_W = 110  # px: the name column of a collection beside the results board
LEGEND_ROWS = 3  # the legend's room, in rows of keys: its longest language needs them
TOP = F.HEADER_H + 8
LEGEND_TOP = HEIGHT - 4 - LEGEND_ROWS * (F.CHIP + 8)
BOTTOM = LEGEND_TOP - 8  # the columns end here
RESULTS_TOP = TOP + F.results_height(0)  # the results' columns start under their headline


def table_picture(
    view: TableView, names: Mapping[str, str], highlight: ev.Event | None, labels: Mapping[str, str]
) -> bytes:
    """The table: the step `highlight` shows (CardDrawn, CardPlaced: the card ringed; RowTaken:
    the row's cards and the golden joker's extra, the taker's panel ringed), the rows of its
    round, every collection, the legend."""
    with kit.FONT_LOCK:  # FreeType faces are shared: the bot draws in a thread pool
        return _png(_table(view, names, highlight, labels))


def _table(
    view: TableView, names: Mapping[str, str], highlight: ev.Event | None, labels: Mapping[str, str]
) -> Image.Image:
    img = F.canvas(HEIGHT, WIDTH)
    shown = scene(view, highlight)
    title = label(labels, "round", n=shown.round_number)
    if view.last_round:
        title += " · " + label(labels, "last_round")
    turn = names.get(view.turn, view.turn) if view.turn else ""
    status = label(labels, "to_move", name=turn) if turn else label(labels, "game_over")
    F.header(img, title, status, names=[turn] if turn else [])
    left = F.PAD + LEFT_W
    table.pile(img, view, (F.PAD, TOP, left, TOP + table.PILE_H), labels)
    step_top = TOP + table.PILE_H + 6
    table.step(
        img, view, highlight, (F.PAD, step_top, left, step_top + table.STEP_H), names, labels
    )
    rows_top = step_top + table.STEP_H + 6
    table.rows(img, shown, highlight, (F.PAD, rows_top, left, BOTTOM), names, labels)
    taker = highlight.seat if isinstance(highlight, ev.RowTaken) else None
    for who, (top, bottom) in zip(
        view.players, seats.panels(TOP, BOTTOM, len(view.players)), strict=True
    ):
        on_turn = who == view.turn
        seats.seat(img, view, who, (left + 10, top, WIDTH - F.PAD, bottom), names, labels,
                   lit=on_turn, ring=who == taker, pointer=on_turn)  # fmt: skip
    F.legend(img, _keys(view, labels, last=True), (F.PAD, LEGEND_TOP, WIDTH - F.PAD, HEIGHT))
    return img


def results_picture(
    view: TableView, outcome: Outcome, names: Mapping[str, str], labels: Mapping[str, str]
) -> bytes:
    """The results by place (the winner headline; shared places for shared scores) and every
    seat's collection in the same order, what each group scored, the legend."""
    with kit.FONT_LOCK:
        return _png(_results(view, outcome, names, labels))


def _results(
    view: TableView, outcome: Outcome, names: Mapping[str, str], labels: Mapping[str, str]
) -> Image.Image:
    img = F.canvas(HEIGHT, WIDTH)
    status = label(labels, "expert") if view.expert else label(labels, "round", n=view.round_number)
    F.header(img, label(labels, "final_scores"), status)
    order = sorted(outcome.seats, key=lambda s: -s.score)
    winners = [names.get(s.seat, s.seat) for s in order if s.won]
    if len(winners) == 1:
        headline = label(labels, "result.win", name=winners[0])
    else:
        together = label(labels, "list.separator").join(winners)
        headline = label(labels, "result.shared_win", names=together)
    standings = [
        F.Standing(
            label(labels, f"result.place.{1 + sum(o.score > s.score for o in order)}"),
            names.get(s.seat, s.seat),
            label(labels, "points", n=s.score),
            s.won,
        )
        for s in order
    ]
    right = F.PAD + BOARD_W
    # the headline across the whole width (a shared win names every winner), the places under
    # it on the left: the board's rows start where a board's headline would have ended
    F.results(img, headline, [], (F.PAD, TOP, WIDTH - F.PAD, BOTTOM), names=winners)
    bottom = F.results(img, "", standings, (F.PAD, TOP, right, BOTTOM), won=False)
    seats.scale(img, view.expert, (F.PAD, bottom + 6, right, bottom + 6 + seats.SCALE_H), labels)
    for s, (top, bottom) in zip(order, seats.panels(RESULTS_TOP, BOTTOM, len(order)), strict=True):
        seats.seat(img, view, s.seat, (right + 10, top, WIDTH - F.PAD, bottom), names, labels,
                   lit=s.won, name_w=RESULTS_NAME_W)  # fmt: skip
    F.legend(img, _keys(view, labels, last=False), (F.PAD, LEGEND_TOP, WIDTH - F.PAD, HEIGHT))
    return img


def _keys(view: TableView, labels: Mapping[str, str], *, last: bool) -> list[tuple[F.Icon, str]]:
    """The legend: each colour in play, the +2 card, the jokers, the last-round card (the
    table's), the count and the points under a collection's card."""
    keys: list[tuple[F.Icon, str]] = [
        (cards.icon(colour), label(labels, f"card.{colour}")) for colour in view.in_play
    ]
    keys += [
        (cards.icon(C.COTTON), label(labels, "key_plus2")),
        (cards.icon(C.JOKER), label(labels, "key_joker")),
        (cards.icon(C.GOLDEN), label(labels, "key_golden")),
    ]
    if last:
        keys.append((cards.icon(cards.LAST), label(labels, "key_last")))
    keys += [
        (F.glyph("×"), label(labels, "key_count")),
        (F.glyph("±", S.GOOD), label(labels, "key_points")),
    ]
    return keys


def _png(img: Image.Image) -> bytes:
    out = io.BytesIO()
    img.quantize(colors=255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        out, "PNG", optimize=False, compress_level=6
    )
    return out.getvalue()
